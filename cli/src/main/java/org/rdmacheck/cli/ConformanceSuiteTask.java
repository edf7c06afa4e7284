package org.rdmacheck.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.rdmacheck.checker.conformance.Conformance;
import org.rdmacheck.checker.conformance.SpecManifest;
import org.rdmacheck.checker.tlc.TlcOptions;
import org.rdmacheck.engine.ExplorerSettings;

/**
 * The part of {@code rdmacheck all} that runs TLC: for every spec folder, its first configuration
 * not marked slow, through TLC and the explorer, against the manifest (one row per spec). Each
 * spec is a part of its own, so that {@code all} runs them beside its other steps. The full list
 * runs with {@code rdmacheck conform MODEL}.
 */
final class ConformanceSuiteTask implements SuiteTask {

    /**
     * JVM options of the TLC children. The suite's configurations are the small ones (each decided
     * in seconds), where compiling TLC's evaluator with C2 costs more CPU than it saves: with C1 only
     * the nine children took 19.9 s of CPU instead of 39.3 s, same verdicts and counts. Long TLC runs
     * ({@code rdmacheck tlc}, {@code conform}, the benchmarks) keep the JVM's default.
     */
    static final List<String> CHILD_JVM_OPTIONS = List.of("-XX:TieredStopAtLevel=1");

    @Override
    public String name() {
        return "conformance";
    }

    @Override
    public List<Finding> run(ExplorerSettings settings, Path outDir, Path home) {
        return run(settings, outDir, home, line -> { });
    }

    /** Runs the parts one after the other; each gets what remains of the time limit when it starts. */
    @Override
    public List<Finding> run(ExplorerSettings settings, Path outDir, Path home, Consumer<String> progress) {
        List<Finding> rows = new ArrayList<>();
        long start = System.currentTimeMillis();
        for (List<Configuration> group : groups(configurations(home))) {
            long left = settings.maxMillis() - (System.currentTimeMillis() - start);
            if (left <= 0) {
                group.forEach(c -> rows.add(c.notRun(settings.maxMillis())));
            } else {
                rows.addAll(check(group, settings.withMaxMillis(left)));
            }
        }
        return rows;
    }

    /**
     * The specs in groups of {@value #GROUP}, in the folders' order, one part each: a group's TLC runs
     * share one child JVM ({@link Conformance#checkAll}), whose start and warmed-up platform classes
     * are most of a small spec's TLC CPU; groups beyond the first run beside each other.
     */
    @Override
    public List<Part> parts(Path home) {
        return groups(configurations(home)).stream().map(g -> new Part(String.join(", ", g.stream()
                .map(c -> c.manifest().folder().getFileName() + " " + c.conf().name()).toList()),
                (settings, outDir, progress) -> check(g, settings))).toList();
    }

    /**
     * Specs per part: the suite's nine make one. A child JVM's start and warm-up cost about 0.6 s of CPU
     * beyond a run in a warm one, and the nine runs together (about 14 s of CPU idle) are still a shorter
     * chain than half of the suite, so one part that starts first ends before the other worker does.
     */
    static final int GROUP = 9;

    private static List<List<Configuration>> groups(List<Configuration> all) {
        List<List<Configuration>> out = new ArrayList<>();
        for (int i = 0; i < all.size(); i += GROUP) {
            out.add(all.subList(i, Math.min(all.size(), i + GROUP)));
        }
        return out;
    }

    /** @return the comparisons of a group, on the settings' time limit (TLC's, at most ten minutes, for the group) */
    private static List<Finding> check(List<Configuration> group, ExplorerSettings settings) {
        long t0 = System.currentTimeMillis();
        Conformance conformance = new Conformance(TlcOptions.defaults().withJavaOptions(CHILD_JVM_OPTIONS)
                .withTimeLimitMillis(Math.min(600_000, settings.maxMillis())), settings);
        List<org.rdmacheck.checker.conformance.ConformanceResult> results = conformance.checkAll(group.stream()
                .map(c -> java.util.Map.entry(c.manifest(), c.conf())).toList());
        long each = (System.currentTimeMillis() - t0) / Math.max(1, group.size());
        // each comparison's row, then a row per property its searches hold only vacuously (ConformCommand.vacuityRows)
        return java.util.stream.IntStream.range(0, results.size()).boxed().flatMap(i -> java.util.stream.Stream.concat(
                java.util.stream.Stream.of(ConformCommand.row(results.get(i)).withWallMillis(each)),
                ConformCommand.vacuityRows(results.get(i)).stream()).map(f -> f.withTla(group.get(i).tla()))).toList();
    }

    /** @return the first configuration not marked slow of every spec folder, in the folders' order */
    private static List<Configuration> configurations(Path home) {
        Path specs = home.resolve("specs");
        List<Configuration> out = new ArrayList<>();
        if (!Files.isDirectory(specs)) {
            return out;
        }
        for (SpecManifest m : SpecManifest.all(specs)) {
            Optional<SpecManifest.Configuration> c = m.configurations().stream().filter(x -> !x.slow()).findFirst();
            c.ifPresent(conf -> out.add(new Configuration(m, conf)));
        }
        return out;
    }

    /** One spec's configuration of the suite. */
    private record Configuration(SpecManifest manifest, SpecManifest.Configuration conf) {

        /** @return the finding of a comparison the time limit left out */
        Finding notRun(long limitMillis) {
            return Finding.of(manifest.folder().getFileName().toString(), conf.name(), conf.constants(), "conformance",
                    Finding.Expectation.HOLDS, Finding.Verdict.INCONCLUSIVE).withInconclusive(
                            org.rdmacheck.checker.CheckResult.InconclusiveReason.TIME_LIMIT, "not run: the time "
                            + "limit " + org.rdmacheck.checker.TimeText.of(limitMillis) + " had passed").withTla(tla());
        }

        /** @return the configuration and its Java side, as the finding's JSON variant names them */
        Finding.Tla tla() {
            return ConformCommand.tla(manifest, conf);
        }
    }
}
