package org.rdmacheck.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.rdmacheck.checker.explorer.ExplorerSettings;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.catalog.ModelEntry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code rdmacheck all}: every model's default checks and every suite task, one summary table. */
@Command(name = "all", description = "Runs every model's default checks, the threshold derivation and the default "
        + "fluid scenarios, and prints one summary table.")
final class AllCommand implements Callable<Integer> {

    /** Suite tasks beyond the catalogue, in order. Later issues add theirs here. */
    static final List<SuiteTask> TASKS = List.of(
            new org.rdmacheck.cli.gbn.GbnTableTask(),
            new ThresholdsSuite(),
            new org.rdmacheck.cli.partition.PartitionSimTask(),
            new DeadlockSuite(),
            new FluidSuiteTask(),
            new ConformanceSuiteTask());

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Option(names = "--model", description = "only this model or task (repeatable)")
    List<String> only = new ArrayList<>();

    @Mixin
    ExplorerOptions explorer = new ExplorerOptions();

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        ExplorerSettings settings = explorer.settings(err);
        Path outDir = explorer.outDir();
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
        for (SuiteTask t : TASKS) {
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
        Output.print(spec.commandLine().getOut(), rows, json);
        int code = ExitCodes.of(rows);
        if (!json) {
            long unexpected = rows.stream().filter(r -> r.outcome() == Finding.Outcome.UNEXPECTED).count();
            long inconclusive = rows.stream().filter(r -> r.outcome() == Finding.Outcome.INCONCLUSIVE).count();
            spec.commandLine().getOut().printf("%d results: %d as expected, %d unexpected, %d inconclusive%n",
                    rows.size(), rows.size() - unexpected - inconclusive, unexpected, inconclusive);
            spec.commandLine().getOut().flush();
        }
        return code;
    }
}
