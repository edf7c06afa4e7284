package org.rdmacheck.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.rdmacheck.checker.explorer.ExplorerSettings;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.catalog.ModelEntry;

/** The whole suite of {@code rdmacheck all} and {@code rdmacheck report}: catalogue checks, then the suite tasks. */
final class Suite {

    private Suite() {
    }

    /**
     * @param only     model or task names to run (empty: all)
     * @param settings explorer settings
     * @param outDir   counterexample folder, or null
     * @param err      progress lines
     * @return every finding, in order
     */
    static List<Finding> run(List<String> only, ExplorerSettings settings, Path outDir, PrintWriter err) {
        List<Finding> rows = new ArrayList<>();
        for (ModelEntry e : Catalog.entries()) {
            if (!only.isEmpty() && !only.contains(e.name())) {
                continue;
            }
            for (ModelEntry.Run run : e.allRuns()) {
                err.printf("all: %s %s %s%n", e.name(), run.variant(), run.params().asMap().isEmpty() ? ""
                        : run.params().asMap());
                err.flush();
                rows.addAll(ModelChecks.run(e.build(run.variant(), run.params()), settings, outDir));
            }
        }
        for (SuiteTask t : AllCommand.TASKS) {
            if (!only.isEmpty() && !only.contains(t.name())) {
                continue;
            }
            err.printf("all: %s%n", t.name());
            err.flush();
            long t0 = System.currentTimeMillis();
            try {
                rows.addAll(t.run(settings, outDir, ExplorerOptions.home()));
            } catch (Exception ex) {
                rows.add(Finding.of(t.name(), "-", Map.of(), "-", Finding.Expectation.NONE, Finding.Verdict.FAILED)
                        .withWallMillis(System.currentTimeMillis() - t0).withDetail(String.valueOf(ex.getMessage())));
            }
        }
        return rows;
    }
}
