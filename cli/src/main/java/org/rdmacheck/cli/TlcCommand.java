package org.rdmacheck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.tlc.DistributedTlc;
import org.rdmacheck.checker.tlc.SpecFolder;
import org.rdmacheck.checker.conformance.SpecManifest;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;
import org.rdmacheck.checker.tlc.TlcChecker;
import org.rdmacheck.checker.tlc.TlcMode;
import org.rdmacheck.checker.tlc.TlcOptions;
import org.rdmacheck.checker.tlc.TlcReport;
import org.rdmacheck.checker.tlc.TlcRequest;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rdmacheck tlc SPEC_DIR}: model-checks a TLA+ spec with TLC. */
@Command(name = "tlc", footerHeading = "%nExamples:%n", footer = {"  rdmacheck tlc specs/gbn --workers 2", "  rdmacheck tlc specs/philosophers --invariant NeighboursNeverBothEat --json",
        "  rdmacheck tlc specs/fifo --param Reorder=TRUE --expect InOrderDelivery=violated",
        "  rdmacheck tlc path/to/spec-folder --all-configs --json",
        "  rdmacheck tlc specs/fifo --param Reorder=TRUE --continue --itf out/fifo.itf.json",
        "  rdmacheck tlc specs/fifo --simulate --traces 100 --depth 20 --seed 7 --coverage"},
        description = "Model-checks a TLA+ spec with TLC (in a child JVM) and reports verdicts, "
        + "state counts and the error trace.")
final class TlcCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SPEC", description = "spec folder (MCSpec.tla/.cfg, or the only X.cfg "
            + "with an X.tla) or a .tla file")
    Path specPath;

    @Option(names = "--config", paramLabel = "CFG", description = "configuration file (default: see SPEC)")
    String config;

    @Option(names = "--all-configs", description = "check every X.cfg of the spec folder that has an X.tla and "
            + "print one table (JSON: one finding per configuration and property); --expect applies to each")
    boolean allConfigs;

    @Option(names = "--param", paramLabel = "CONST=VALUE", description = "constant override, in .cfg syntax or as "
            + "a constant TLA+ expression (repeatable)")
    List<String> params = new ArrayList<>();

    @Option(names = "--invariant", paramLabel = "NAME", description = "check these invariants instead of the "
            + "configuration's (repeatable)")
    List<String> invariants;

    @Option(names = "--property", paramLabel = "NAME", description = "check these temporal properties instead of "
            + "the configuration's (repeatable)")
    List<String> properties;

    @Option(names = "--expect", paramLabel = "WHAT", description = "declared outcome: 'violated' (the model is meant "
            + "to fail: exit 0 if some property is violated), 'holds' (the default), or NAME=violated|holds for one "
            + "property (repeatable)")
    List<String> expects = new ArrayList<>();

    @Option(names = "--no-deadlock", description = "do not report deadlocks")
    boolean noDeadlock;

    @Option(names = "--count-only", description = "check nothing, count the states: one row '(state space)' "
            + "MEASURED with the distinct states, transitions and depth (INCONCLUSIVE if TLC did not finish); not "
            + "with --invariant, --property, --expect")
    boolean countOnly;

    @Option(names = "--distributed", description = "run TLCServer and --workers TLCWorker processes on 127.0.0.1")
    boolean distributed;

    @Option(names = "--out", description = "folder to store the counterexample in (default: not stored)")
    Path out;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Option(names = "--continue", description = "keep checking after a violated invariant and report every violated "
            + "property, each with its shortest trace (TLC's -continue)")
    boolean continueAfterViolation;

    @Option(names = "--simulate", description = "random simulation instead of exhaustive checking (TLC's -simulate): "
            + "--traces behaviours of at most --depth states drawn with --seed; a violation is reported with its "
            + "trace, no violation is inconclusive (exit 3: simulation proves nothing)")
    boolean simulate;

    @Option(names = "--traces", paramLabel = "N", description = "with --simulate: behaviours to draw (default: 1000)")
    Long traces;

    @Option(names = "--depth", paramLabel = "N", description = "with --simulate: states per behaviour (default: 100)")
    Integer depth;

    @Option(names = "--seed", paramLabel = "N", description = "with --simulate: random seed (default: a fresh one, "
            + "reported); the same seed and one worker draw the same behaviours")
    Long seed;

    @Option(names = "--coverage", description = "per action: transitions taken and distinct states found (TLC's "
            + "-coverage), printed after the results (JSON: 'coverage' of each finding)")
    boolean coverage;

    @Option(names = "--itf", paramLabel = "FILE", description = "also write the error trace in the Informal Trace "
            + "Format (Apalache/Quint JSON); several traces: FILE-PROPERTY.itf.json each")
    Path itf;

    @Option(names = "--max-time", paramLabel = "TIME", description = "time limit for TLC, e.g. 90s, 10m; reached: "
            + "inconclusive, exit 3 (default: 1h; alias --tlc-time)")
    String maxTime;

    @Mixin
    TlcCliOptions tlc = new TlcCliOptions();

    /** The line that reports a seed drawn for --simulate, until it is printed. */
    private volatile String freshSeedLine;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        java.util.concurrent.atomic.AtomicReference<String> last = new java.util.concurrent.atomic.AtomicReference<>();
        // progress only once TLC has accepted the spec: a parse error, a configuration error or a false
        // assumption is refused with one line and nothing before it
        java.util.concurrent.atomic.AtomicBoolean accepted = new java.util.concurrent.atomic.AtomicBoolean();
        TlcOptions options = tlc.options(err, maxTime).withMode(mode(err)).withProgress(line -> {
            last.set(line);
            err.println(line);
            err.flush();
        }).withInputAccepted(() -> {
            accepted.set(true);
            String seedLine = freshSeedLine;
            freshSeedLine = null;
            if (seedLine != null) {
                synchronized (err) {
                    err.println(seedLine);
                    err.flush();
                }
            }
        });
        TlcExpectations expect = TlcExpectations.parse(expects);
        Path outDir = out == null ? null : OutputFolders.writable("--out", out);
        if (itf != null) {
            TraceFiles.writableFile("--itf", itf);
        }
        if (allConfigs && config != null) {
            throw new InputException("--all-configs and --config " + config + ": give one of them");
        }
        if (countOnly && (invariants != null || properties != null || !expects.isEmpty() || simulate)) {
            throw new InputException("--count-only: not with " + (invariants != null ? "--invariant" : properties
                    != null ? "--property" : simulate ? "--simulate" : "--expect") + " (a count checks nothing)");
        }
        for (String p : params) {
            // before Params.parse, whose trimming would drop a trailing control character silently
            p.chars().filter(Character::isISOControl).findFirst().ifPresent(c -> {
                throw new InputException("--param " + p.split("=", 2)[0].replaceAll("\\p{Cntrl}", "") + ": the value "
                        + "contains the control character " + String.format("U+%04X", c) + ": expected a TLA+ value");
            });
        }
        List<SpecFolder> folders = allConfigs ? SpecFolder.all(specPath) : List.of(SpecFolder.resolve(specPath, config));
        List<TlcRequest> requests = new ArrayList<>();
        for (SpecFolder folder : folders) {
            requests.add(TlcRequest.of(folder.specFile(), folder.configFile())
                    .withConstants(Params.parse(params).asMap())
                    .withInvariants(countOnly ? List.of() : invariants)
                    .withProperties(countOnly ? List.of() : properties)
                    .withCheckDeadlock(noDeadlock || countOnly ? Boolean.FALSE : null));
        }
        List<TlcReport> reports = new ArrayList<>();
        for (TlcRequest req : requests) {
            // TLC itself reports once a minute: a line every few seconds in between (its own --max-time limit applies)
            RunClock clock = new RunClock("tlc " + req.specFile().getFileName()
                    + (allConfigs ? " (" + req.configFile().getFileName() + ")" : ""), Long.MAX_VALUE, "none", err)
                    .holdUntil(accepted::get);
            last.set(null);
            accepted.set(false);
            try {
                reports.add(Watched.run(clock, () -> "TLC running" + (last.get() == null ? " (it reports states "
                        + "once a minute)" : "; last report " + last.get()), () -> distributed
                        ? new DistributedTlc(options).check(req) : new TlcChecker(options).check(req)));
            } catch (Watched.LimitReached unlimited) {
                throw new IllegalStateException(unlimited);
            }
        }
        List<CheckResult> everything = new ArrayList<>();
        reports.forEach(r -> everything.addAll(r.results()));
        expect.requireChecked(everything);
        List<Finding> rows = new ArrayList<>();
        List<TlcReport> rowReports = new ArrayList<>();
        int code = ExitCodes.OK;
        for (int i = 0; i < reports.size(); i++) {
            TlcReport report = reports.get(i);
            // the parameters are the spec's constants: JSON types them as TLA+ values
            List<Finding> some = rows(requests.get(i), report, outDir, json ? report.warnings() : List.of(), expect)
                    .stream().map(f -> f.withTla(Finding.Tla.CONSTANTS)).toList();
            some.forEach(f -> rowReports.add(report));
            rows.addAll(some);
            code = worse(code, expect.exitCode(some));
        }
        PrintWriter pw = spec.commandLine().getOut();
        writeItf(requests, reports, err);
        if (json) {
            pw.println(TlcJson.render(rows, rowReports, coverage));
            pw.flush();
        } else {
            Output.print(pw, rows, false);
        }
        if (!json) {
            for (int i = 0; i < reports.size(); i++) {
                String prefix = allConfigs ? requests.get(i).variant() + ": " : "";
                reports.get(i).warnings().forEach(w -> pw.println(prefix + "warning: " + w));
            }
            for (int i = 0; i < reports.size(); i++) {
                List<Counterexample> cexs = reports.get(i).counterexamples();
                if (!cexs.isEmpty() && allConfigs) {
                    pw.println("configuration " + requests.get(i).configFile().getFileName() + ":");
                }
                cexs.forEach(c -> pw.print(TraceText.format(c)));
            }
            for (int i = 0; i < reports.size() && coverage; i++) {
                pw.print(TlcJson.coverageText(allConfigs ? requests.get(i).variant() + ": " : "",
                        reports.get(i).coverage()));
            }
            pw.flush();
        }
        return code;
    }

    /** @return how TLC explores, from --continue, --simulate (--traces, --depth, --seed) and --coverage */
    private TlcMode mode(PrintWriter err) {
        if (!simulate) {
            for (Object[] o : new Object[][] {{"--traces", traces}, {"--depth", depth}, {"--seed", seed}}) {
                if (o[1] != null) {
                    throw new InputException(o[0] + " " + o[1] + ": only with --simulate");
                }
            }
        }
        if (distributed && (simulate || continueAfterViolation || coverage)) {
            throw new InputException("--distributed: not with " + (simulate ? "--simulate" : continueAfterViolation
                    ? "--continue" : "--coverage") + " (distributed TLC checks exhaustively and stops at a violation)");
        }
        Optional<TlcMode.Simulation> sim = Optional.empty();
        if (simulate) {
            long n = traces == null ? 1000 : traces;
            int d = depth == null ? 100 : depth;
            if (n < 1) {
                throw new InputException("--traces " + n + ": expected at least 1 behaviour");
            }
            if (d < 1) {
                throw new InputException("--depth " + d + ": expected at least 1 state per behaviour");
            }
            long s = seed != null ? seed : java.util.concurrent.ThreadLocalRandom.current().nextLong(Long.MAX_VALUE);
            if (seed == null) {
                // printed once TLC has accepted the spec, so that a refusal stays the only output
                freshSeedLine = "tlc: simulation seed " + s + " (give --seed " + s + " to draw the same behaviours)";
            }
            sim = Optional.of(new TlcMode.Simulation(n, d, s));
        }
        return new TlcMode(continueAfterViolation, sim, coverage);
    }

    /** Writes each violated property's ITF trace under --itf. */
    private void writeItf(List<TlcRequest> requests, List<TlcReport> reports, PrintWriter err) {
        if (itf == null) {
            return;
        }
        Map<String, ObjectNode> all = new LinkedHashMap<>();
        for (int i = 0; i < reports.size(); i++) {
            for (Map.Entry<String, ObjectNode> e : reports.get(i).itfTraces().entrySet()) {
                all.put((allConfigs ? requests.get(i).variant() + "-" : "") + e.getKey(), e.getValue());
            }
        }
        if (all.isEmpty()) {
            err.println("tlc: --itf " + itf + ": no error trace to write");
            err.flush();
            return;
        }
        for (Map.Entry<String, ObjectNode> e : all.entrySet()) {
            Path file = all.size() == 1 ? itf : TraceFiles.withSuffix(itf, e.getKey());
            TraceFiles.write(file, e.getValue());
            err.println("tlc: ITF trace of " + e.getKey() + " written to " + file);
        }
        err.flush();
    }

    /** @return the exit code that matters more: a violation, then an inconclusive run, then success */
    private static int worse(int a, int b) {
        if (a == ExitCodes.VIOLATED || b == ExitCodes.VIOLATED) {
            return ExitCodes.VIOLATED;
        }
        return a == ExitCodes.INCONCLUSIVE || b == ExitCodes.INCONCLUSIVE ? ExitCodes.INCONCLUSIVE : ExitCodes.OK;
    }

    /**
     * @param req    the request
     * @param report TLC's report
     * @param outDir where to store a counterexample, or null
     * @param warnings warnings to end each finding's detail with (JSON has no other place for them)
     * @return one finding per property (one for the state space if no property was checked)
     */
    static List<Finding> rows(TlcRequest req, TlcReport report, Path outDir, List<String> warnings) {
        return rows(req, report, outDir, warnings, TlcExpectations.parse(List.of()));
    }

    /**
     * @param req      the request
     * @param report   TLC's report
     * @param outDir   where to store a counterexample, or null
     * @param warnings warnings to end each finding's detail with
     * @param expect   declared outcomes
     * @return one finding per property (one for the state space if no property was checked)
     */
    static List<Finding> rows(TlcRequest req, TlcReport report, Path outDir, List<String> warnings,
                              TlcExpectations expect) {
        List<Finding> rows = new ArrayList<>();
        if (report.results().isEmpty()) {
            return List.of(stateSpace(req, report, countOnly(req)));
        }
        List<CheckResult> results = report.results();
        boolean violated = expect.globalViolation(results);
        Optional<SpecManifest> manifest = manifestOf(req);
        for (CheckResult r : results) {
            Path file = r instanceof CheckResult.Violated v ? store(outDir, v.counterexample()) : null;
            Finding f = CheckFindings.of(req.model(), req.variant(), req.constants(),
                    expect.of(r.property(), violated, r), r, file);
            if (manifest.isPresent() && manifest.get().isRefinement(r.property())) {
                f = f.withDetail("refinement of " + manifest.get().refinement().get().service()
                        + (f.detail().isEmpty() ? "" : "; " + f.detail()));
            }
            if (!warnings.isEmpty()) {
                f = f.withDetail((f.detail().isEmpty() ? "" : f.detail() + "; ") + "warning: "
                        + String.join("; warning: ", warnings));
            }
            rows.add(f);
        }
        return rows;
    }

    /** @return the manifest of the request's spec folder, if it has a readable one */
    private static Optional<SpecManifest> manifestOf(TlcRequest req) {
        Path folder = req.specFile().toAbsolutePath().getParent();
        if (folder == null || !java.nio.file.Files.isRegularFile(folder.resolve(SpecManifest.FILE))) {
            return Optional.empty();
        }
        try {
            return Optional.of(SpecManifest.read(folder));
        } catch (InputException e) {
            return Optional.empty(); // a malformed manifest is the conformance check's to report, not TLC's
        }
    }

    /** @return whether the request checks nothing: no invariant, no property, no deadlock check */
    private static boolean countOnly(TlcRequest req) {
        return List.of().equals(req.invariants()) && List.of().equals(req.properties())
                && Boolean.FALSE.equals(req.checkDeadlock());
    }

    /**
     * The one row of a run that checked no property. Asked for ({@code --count-only}), it is the count,
     * MEASURED; a configuration that checks nothing by itself gets INCONCLUSIVE (VACUOUS): a success
     * there would claim something no check was made for.
     */
    private static Finding stateSpace(TlcRequest req, TlcReport report, boolean asked) {
        String p = "(state space)";
        org.rdmacheck.checker.tlc.TlcOutcome o = report.outcome();
        if (o != org.rdmacheck.checker.tlc.TlcOutcome.SUCCESS) {
            CheckResult r = o == org.rdmacheck.checker.tlc.TlcOutcome.ERROR
                    ? new CheckResult.Failed(p, report.detail(), report.stats())
                    : new CheckResult.Inconclusive(p, o == org.rdmacheck.checker.tlc.TlcOutcome.TIMEOUT
                    ? CheckResult.InconclusiveReason.TIME_LIMIT : CheckResult.InconclusiveReason.STOPPED_EARLY,
                    report.detail(), report.stats());
            return CheckFindings.of(req.model(), req.variant(), req.constants(), Finding.Expectation.HOLDS, r, null);
        }
        if (asked) {
            return Finding.of(req.model(), req.variant(), req.constants(), p, Finding.Expectation.NONE,
                    Finding.Verdict.MEASURED).with(CheckFindings.stats(report.stats()))
                    .withWallMillis(report.stats().wallMillis()).withDetail("counted; nothing checked");
        }
        return CheckFindings.of(req.model(), req.variant(), req.constants(), Finding.Expectation.HOLDS,
                new CheckResult.Inconclusive(p, CheckResult.InconclusiveReason.VACUOUS, "the configuration checks "
                + "nothing (no INVARIANT, no PROPERTY, CHECK_DEADLOCK FALSE): " + report.stats().distinctStates()
                + " states were counted, no property was checked (give --count-only to count states)",
                report.stats()), null);
    }

    private static Path store(Path outDir, Counterexample cex) {
        if (outDir == null) {
            return null;
        }
        try {
            return Counterexamples.write(outDir, cex);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the counterexample under " + outDir, e);
        }
    }
}
