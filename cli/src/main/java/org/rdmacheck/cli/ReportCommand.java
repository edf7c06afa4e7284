package org.rdmacheck.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.rdmacheck.cli.report.HtmlReport;
import org.rdmacheck.model.InputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rdmacheck report [DIR]}: runs the suite of {@code all} and writes the HTML report. */
@Command(name = "report", footerHeading = "%nExamples:%n", footer = {"  rdmacheck report", "  rdmacheck report out/gbn-report --model gbn",
            "  rdmacheck report --from out/report/findings.json"},
        description = {"Runs the suite of 'all' and writes a self-contained HTML report to DIR "
        + "(default out/report): summary table filterable by model and verdict, counterexamples as message "
        + "sequence charts with their steps, the threshold derivation and the plots (SVG and PNG). Exit codes as "
        + "for 'all'; --max-time is, as for 'all', a deadline for the whole run. With --from FILE it runs nothing "
        + "and writes the report of the findings in FILE (e.g. an earlier report's findings.json) in seconds.",
            "The findings of each run of the suite (by 'all' or 'report') are saved under out/suite/, keyed by a "
            + "hash of the code, the checkout's files and the options; a report whose key matches the saved one "
            + "draws those findings instead of running the suite again, and says so. A changed source, spec or "
            + "option, a saved run that reached a limit, or --rerun runs the suite."})
final class ReportCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "DIR", description = "report folder (default: out/report "
            + "of the checkout)")
    Path dir;

    @Option(names = "--model", description = "only this model or task (repeatable)")
    List<String> only = new ArrayList<>();

    @Option(names = "--from", paramLabel = "FILE", description = "write the report from the findings in FILE (as "
            + "--json prints them; the findings.json of an earlier report) instead of running the suite")
    Path from;

    @Option(names = "--rerun", description = "run the suite even when an earlier run of the same code, checkout "
            + "and options saved its findings")
    boolean rerun;

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
        List<Finding> rows;
        if (from != null) {
            if (!Files.isRegularFile(from)) {
                throw new InputException("--from '" + from + "': no such file: expected the findings that --json "
                        + "prints (e.g. out/report/findings.json)");
            }
            rows = FindingsJson.read(from, ExplorerOptions.home()).stream()
                    .filter(f -> only.isEmpty() || only.contains(f.model())).toList();
        } else {
            rows = suite(target, err);
        }
        long t0 = System.currentTimeMillis();
        List<Finding> written = rows;
        HtmlReport.write(target, rows, ExplorerOptions.home(), err,
                json != null ? this::json : () -> Output.json(written));
        saved();
        err.printf("report: %d findings written in %.1f s%n", rows.size(), (System.currentTimeMillis() - t0) / 1000.0);
        PrintWriter out = spec.commandLine().getOut();
        out.printf("%s%nreport: %s%n", Output.totals(rows), ExplorerOptions.display(target.resolve("index.html")));
        out.flush();
        return ExitCodes.of(rows);
    }

    /** @return the suite's findings: those saved under the same key, or those of a run (then saved) */
    private List<Finding> suite(Path target, PrintWriter err) {
        org.rdmacheck.engine.ExplorerSettings settings = explorer.settings(err);
        java.util.Optional<Path> folder = traces.folder();
        long t0 = System.currentTimeMillis();
        SavedFindings saved = SavedFindings.of(ExplorerOptions.home(), only, settings, folder, List.of(target));
        // --rerun reads nothing saved: looking the findings up (reading and parsing them, their
        // counterexample files and the plots' data) would only delay the run
        SavedFindings.Lookup found = rerun ? new SavedFindings.Lookup(java.util.Optional.empty(), "--rerun")
                : saved.lookup();
        long keyed = System.currentTimeMillis() - t0;
        if (found.rows().isPresent()) {
            err.printf("report: the suite's findings saved by an earlier run of the same code, checkout and options "
                    + "(%s, key %s, checked in %.1f s); --rerun runs the suite again%n",
                    ExplorerOptions.display(saved.folder().resolve("findings.json")), saved.key().substring(0, 12),
                    keyed / 1000.0);
            err.flush();
            return found.rows().get();
        }
        err.println("report: running the suite (" + found.reason() + ")");
        err.flush();
        List<Finding> rows = Suite.run(only, settings, folder.orElse(null), err);
        // saved while the report is written (neither reads what the other writes): the end of a run is
        // one thread's work otherwise, with the second core idle. The findings' JSON is made once, on
        // that thread, for the saved findings and the report's findings.json alike.
        json = new java.util.concurrent.CompletableFuture<>();
        saving = new java.util.concurrent.FutureTask<>(() -> {
            String text;
            try {
                text = Output.json(rows);
            } catch (RuntimeException | Error e) {
                json.completeExceptionally(e);
                throw e;
            }
            json.complete(text);
            saved.save(rows, text, err);
        }, null);
        Thread t = new Thread(saving, "report-save");
        t.setDaemon(true);
        t.start();
        return rows;
    }

    /** Saving the suite's findings, if this run saves any. */
    private java.util.concurrent.FutureTask<Void> saving;

    /** The findings' JSON, made by the thread that saves them, if this run saves any. */
    private java.util.concurrent.CompletableFuture<String> json;

    /** @return the findings' JSON made for saving them; its failure is this thread's */
    private String json() {
        try {
            return json.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the findings' JSON was made", e);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error x) {
                throw x;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /** Waits until the suite's findings are saved (when this run saves any); an error there is this thread's. */
    private void saved() {
        if (saving == null) {
            return;
        }
        try {
            saving.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the findings were saved", e);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}
