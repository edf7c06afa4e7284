package org.rdmacheck.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
        Path specs = home.resolve("specs");
        List<Finding> rows = new ArrayList<>();
        if (!Files.isDirectory(specs)) {
            return rows;
        }
        Conformance conformance = new Conformance(TlcOptions.defaults().withTimeLimitMillis(600_000), settings);
        for (SpecManifest m : SpecManifest.all(specs)) {
            m.configurations().stream().filter(c -> !c.slow()).findFirst()
                    .ifPresent(c -> rows.add(ConformCommand.row(conformance.check(m, c))));
        }
        return rows;
    }
}
