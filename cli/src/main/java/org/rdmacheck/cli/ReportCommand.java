package org.rdmacheck.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.rdmacheck.cli.report.HtmlReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rdmacheck report [DIR]}: runs the suite of {@code all} and writes the HTML report. */
@Command(name = "report", footerHeading = "%nExamples:%n", footer = {"  rdmacheck report", "  rdmacheck report out/gbn-report --model gbn"},
        description = "Runs the suite of 'all' and writes a self-contained HTML report to DIR "
        + "(default out/report): summary table filterable by model and verdict, counterexamples as message "
        + "sequence charts with their steps, the threshold derivation and the plots (SVG and PNG). Exit codes as "
        + "for 'all'; --max-time is, as for 'all', a deadline for the whole run.")
final class ReportCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "DIR", description = "report folder (default: out/report "
            + "of the checkout)")
    Path dir;

    @Option(names = "--model", description = "only this model or task (repeatable)")
    List<String> only = new ArrayList<>();

    @Mixin
    ExplorerOptions explorer = new ExplorerOptions();

    @Mixin
    TraceOutput traces = new TraceOutput();

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        Suite.requireKnownNames(only);
        Path target = OutputFolders.writable(dir != null ? "DIR" : "the default report folder",
                dir != null ? dir : ExplorerOptions.home().resolve("out").resolve("report"));
        List<Finding> rows = Suite.run(only, explorer.settings(err), traces.folder().orElse(null), err);
        HtmlReport.write(target, rows, ExplorerOptions.home(), err);
        PrintWriter out = spec.commandLine().getOut();
        long unexpected = rows.stream().filter(r -> r.outcome() == Finding.Outcome.UNEXPECTED).count();
        long inconclusive = rows.stream().filter(r -> r.outcome() == Finding.Outcome.INCONCLUSIVE).count();
        out.printf("%d results: %d as expected, %d unexpected, %d inconclusive%nreport: %s%n", rows.size(),
                rows.size() - unexpected - inconclusive, unexpected, inconclusive,
                ExplorerOptions.display(target.resolve("index.html")));
        out.flush();
        return ExitCodes.of(rows);
    }
}
