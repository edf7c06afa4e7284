package org.rdmacheck.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import org.rdmacheck.checker.conformance.Conformance;
import org.rdmacheck.checker.conformance.SpecManifest;
import org.rdmacheck.checker.explorer.ExplorerSettings;
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
        Conformance conformance = new Conformance(TlcOptions.defaults().withTimeLimitMillis(600_000), settings);
        List<SpecManifest> manifests = SpecManifest.all(specs);
        for (int i = 0; i < manifests.size(); i++) {
            SpecManifest m = manifests.get(i);
            Optional<SpecManifest.Configuration> c = m.configurations().stream().filter(x -> !x.slow()).findFirst();
            if (c.isEmpty()) {
                continue;
            }
            long t0 = System.currentTimeMillis();
            Finding f = ConformCommand.row(conformance.check(m, c.get())).withWallMillis(System.currentTimeMillis() - t0);
            rows.add(f);
            progress.accept(String.format(Locale.ROOT, "spec %d of %d, %s %s: %s, %.1f s", i + 1, manifests.size(),
                    m.folder().getFileName(), c.get().name(), f.verdict(), (System.currentTimeMillis() - t0) / 1000.0));
        }
        return rows;
    }
}
