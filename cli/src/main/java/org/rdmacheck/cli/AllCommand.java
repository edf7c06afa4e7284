package org.rdmacheck.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.rdmacheck.engine.ExplorerSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code rdmacheck all}: every model's default checks and every suite task, one summary table. */
@Command(name = "all", footerHeading = "%nExamples:%n", footer = {"  rdmacheck all", "  rdmacheck all --model gbn --model thresholds --json"},
        description = {"Runs every model's default checks, the threshold derivation and the default "
        + "fluid scenarios, and prints a summary per model and every result to look at (unexpected, inconclusive "
        + "or violated); --verbose prints every result, --report DIR all of them with their details.",
            "--max-time is a deadline for the whole run, not per step: each step gets the time that remains when "
            + "it starts; a step due after the deadline is not run and is listed INCONCLUSIVE (cause TIME_LIMIT). "
            + "Exit 0 all as expected, 1 an unexpected result, 3 inconclusive (a limit reached, steps not run).",
            "Independent steps run side by side, as many as --threads (at most one per core), the explorer "
            + "threads shared among them; the results and their order are those of one step at a time.",
            "The findings are saved under out/suite/ with a key of the code, the checkout's files and the options, "
            + "for 'report' to draw without running the suite again while nothing changed."})
final class AllCommand implements Callable<Integer> {

    /** Suite tasks beyond the catalogue, in order. Later issues add theirs here. */
    static final List<SuiteTask> TASKS = List.of(
            new org.rdmacheck.cli.gbn.GbnTableTask(),
            new org.rdmacheck.cli.gbn.GbnSimTask(),
            new ThresholdsSuite(),
            new org.rdmacheck.cli.partition.PartitionSimTask(),
            new DeadlockSuite(),
            new KnockoutsSuite(),
            new FluidSuiteTask(),
            new ConformanceSuiteTask());

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Option(names = "--verbose", description = "print every result's row, not only the per-model summary and the "
            + "rows to look at (unexpected, inconclusive or violated)")
    boolean verbose;

    @Option(names = "--model", description = "only this model or task (repeatable)")
    List<String> only = new ArrayList<>();

    @Option(names = "--report", paramLabel = "DIR", description = "also write the HTML report (index.html, "
            + "charts, plots) to DIR")
    Path report;

    @Mixin
    ExplorerOptions explorer = new ExplorerOptions();

    @Mixin
    TraceOutput traces = new TraceOutput();

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        Suite.requireKnownNames(only);
        ExplorerSettings settings = explorer.settings(err);
        java.util.Optional<Path> folder = traces.folder();
        if (report != null) {
            OutputFolders.writable("--report", report);
        }
        // keyed before the run: what the run writes into the checkout is not what it read
        SavedFindings saved = SavedFindings.of(ExplorerOptions.home(), only, settings, folder,
                report == null ? List.of() : List.of(report));
        List<Finding> rows = Suite.run(only, settings, folder.orElse(null), err);
        // made once for the saved findings and the report's findings.json
        String findingsJson = Output.json(rows);
        saved.save(rows, findingsJson, err);
        if (json || verbose) {
            Output.print(spec.commandLine().getOut(), rows, json);
        } else {
            spec.commandLine().getOut().print(Output.summary(rows, Output.terminalWidth()));
            spec.commandLine().getOut().flush();
        }
        if (report != null) {
            org.rdmacheck.cli.report.HtmlReport.write(report, rows, ExplorerOptions.home(), err, () -> findingsJson);
            err.println("report: " + report.resolve("index.html"));
            err.flush();
        }
        int code = ExitCodes.of(rows);
        if (!json) {
            spec.commandLine().getOut().println(Output.totals(rows));
            spec.commandLine().getOut().flush();
        }
        return code;
    }
}
