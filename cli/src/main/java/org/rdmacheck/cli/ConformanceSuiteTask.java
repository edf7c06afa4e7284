package org.rdmacheck.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.rdmacheck.checker.conformance.Conformance;
import org.rdmacheck.checker.conformance.SpecManifest;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.checker.tlc.TlcOptions;

/**
 * The part of {@code rdmacheck all} that runs TLC: for every spec folder, its first configuration
 * not marked slow, through TLC and the explorer, against the manifest (one row per spec). The full
 * list runs with {@code rdmacheck conform MODEL}.
 */
final class ConformanceSuiteTask implements SuiteTask {

    @Override
    public String name() {
        return "conformance";
    }

    @Override
    public List<Finding> run(ExplorerSettings settings, Path outDir, Path home) {
        return run(settings, outDir, home, line -> { });
    }

    @Override
    public List<Finding> run(ExplorerSettings settings, Path outDir, Path home, Consumer<String> progress) {
        Path specs = home.resolve("specs");
        List<Finding> rows = new ArrayList<>();
        if (!Files.isDirectory(specs)) {
            return rows;
        }
        // the time left to this step of 'all' covers every comparison: each gets what remains when it starts
        long start = System.currentTimeMillis();
        List<SpecManifest> manifests = SpecManifest.all(specs);
        List<Callable<Finding>> jobs = new ArrayList<>();
        java.util.concurrent.atomic.AtomicInteger done = new java.util.concurrent.atomic.AtomicInteger();
        for (SpecManifest m : manifests) {
            Optional<SpecManifest.Configuration> c = m.configurations().stream().filter(x -> !x.slow()).findFirst();
            c.ifPresent(conf -> jobs.add(() -> {
                long t0 = System.currentTimeMillis();
                long left = settings.maxMillis() - (t0 - start);
                if (left <= 0) {
                    return Finding.of(m.folder().getFileName().toString(), conf.name(), conf.constants(), "conformance",
                            Finding.Expectation.HOLDS, Finding.Verdict.INCONCLUSIVE).withInconclusive(
                                    org.rdmacheck.checker.CheckResult.InconclusiveReason.TIME_LIMIT, "not run: the time "
                                    + "limit " + org.rdmacheck.checker.TimeText.of(settings.maxMillis()) + " had passed");
                }
                Conformance conformance = new Conformance(TlcOptions.defaults()
                        .withTimeLimitMillis(Math.min(600_000, left)), settings.withMaxMillis(left));
                Finding f = ConformCommand.row(conformance.check(m, conf)).withWallMillis(System.currentTimeMillis() - t0);
                progress.accept(String.format(Locale.ROOT, "spec %d of %d done, %s %s: %s, %.1f s", done.incrementAndGet(),
                        manifests.size(), m.folder().getFileName(), conf.name(), f.verdict(),
                        (System.currentTimeMillis() - t0) / 1000.0));
                return f;
            }));
        }
        // each TLC child runs one worker and spends most of its time starting and parsing: one child
        // per core halves the step on two cores; rows keep the manifests' order
        int parallel = Math.max(1, Math.min(settings.threads(), Runtime.getRuntime().availableProcessors()));
        ExecutorService pool = Executors.newFixedThreadPool(parallel, r -> {
            Thread t = new Thread(r, "conformance");
            t.setDaemon(true);
            return t;
        });
        try {
            for (Future<Finding> f : pool.invokeAll(jobs)) {
                rows.add(f.get());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("conformance interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
        return rows;
    }
}
