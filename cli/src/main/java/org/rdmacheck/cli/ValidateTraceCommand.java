package org.rdmacheck.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.rdmacheck.checker.conformance.TraceValidation;
import org.rdmacheck.checker.conformance.TraceValidator;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.checker.trace.ItfTraces;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.model.Params;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rdmacheck validate-trace TRACE --spec DIR}: is a Java trace a behaviour of the TLA+ spec? */
@Command(name = "validate-trace", footerHeading = "%nExamples:%n", footer = {"  rdmacheck validate-trace counterexamples/partition/no-data-id-ReassembledEqualsOriginal.json --spec specs/partition"},
        description = "Has TLC decide whether a trace (rdmacheck-trace/1 JSON, e.g. a "
        + "Java counterexample, or an ITF trace from rdmacheck, TLC, Apalache or Quint) is a behaviour of a TLA+ spec; "
        + "reports the first step that is not (exit 1).")
final class ValidateTraceCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TRACE", description = "trace file: rdmacheck-trace/1 JSON or ITF JSON")
    Path traceFile;

    @Option(names = "--spec", required = true, paramLabel = "SPEC_DIR", description = "spec folder")
    Path specDir;

    @Option(names = "--config", paramLabel = "CFG", description = "configuration file (default: the folder's)")
    String config;

    @Option(names = "--param", paramLabel = "CONST=VALUE", description = "TLA+ constant override (repeatable)")
    List<String> params = new ArrayList<>();

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Option(names = "--max-time", paramLabel = "TIME", description = "time limit for TLC, e.g. 90s, 10m; reached: "
            + "inconclusive, exit 3 (default: 1h; alias --tlc-time)")
    String maxTime;

    @Option(names = "--violates", paramLabel = "NAME", description = "also have TLC check the spec's definition NAME "
            + "along the accepted trace (an invariant if the manifest checks it as one, else an action property): exit 0 "
            + "only if it is violated there, and at which step is reported; rdmacheck-trace/1 traces only")
    String violates;

    @Mixin
    TlcCliOptions tlc = new TlcCliOptions();

    @Override
    public Integer call() throws Exception {
        com.fasterxml.jackson.databind.JsonNode tree = ItfTraces.readJson(traceFile);
        TraceValidator validator = new TraceValidator(tlc.options(spec.commandLine().getErr(), maxTime));
        PrintWriter out = spec.commandLine().getOut();
        if (violates != null && ItfTraces.isItf(tree)) {
            throw new org.rdmacheck.model.InputException("--violates " + violates + ": expected an rdmacheck-trace/1 "
                    + "trace; " + traceFile + " is ITF");
        }
        if (violates != null) {
            TraceValidator.requireDefinition(specDir, violates);
        }
        TraceValidation v;
        int violatedAt = -1;
        try {
            v = ItfTraces.isItf(tree)
                    ? validator.validate(ItfTraces.parse(tree, traceFile.toString()), traceFile.toString(), specDir,
                            config, Params.parse(params).asMap())
                    : validator.validate(Counterexamples.fromJson(tree, traceFile.toString()), specDir, config,
                            Params.parse(params).asMap());
            if (v.accepted() && violates != null) {
                violatedAt = validator.violationStep(Counterexamples.fromJson(tree, traceFile.toString()), specDir,
                        config, Params.parse(params).asMap(), violates);
            }
        } catch (TraceValidator.Undecided e) {
            com.fasterxml.jackson.databind.JsonNode states = tree.get(ItfTraces.isItf(tree) ? "states" : "steps");
            return undecided(out, e.getMessage(), states == null ? 0 : states.size());
        }
        if (json) {
            ObjectNode o = TraceJson.MAPPER.createObjectNode();
            o.put("trace", traceFile.toString());
            o.put("spec", specDir.toString());
            o.put("verdict", v.accepted() ? "ACCEPTED" : "REJECTED");
            o.put("accepted", v.accepted());
            o.put("steps", v.steps());
            if (v.accepted()) {
                o.putNull("firstMismatch");
            } else {
                o.put("firstMismatch", v.firstMismatch());
            }
            o.set("action", v.action() == null ? null : TraceJson.toJson(v.action()));
            o.set("lastMatchedState", v.lastMatched());
            o.set("unmatchedState", v.unmatched());
            o.put("message", v.message());
            if (violates != null) {
                ObjectNode w = o.putObject("violates");
                w.put("property", violates);
                if (v.accepted()) {
                    w.put("violated", violatedAt >= 0);
                } else {
                    w.putNull("violated");
                }
                if (violatedAt >= 0) {
                    w.put("step", violatedAt);
                } else {
                    w.putNull("step");
                }
            }
            out.println(TraceJson.MAPPER.writeValueAsString(o));
        } else {
            out.printf("%s against %s: %s%n", traceFile, specDir, v.message());
            if (!v.accepted()) {
                if (v.lastMatched() != null) {
                    out.printf("  step %d (matched):  %s%n", v.firstMismatch() - 1, v.lastMatched());
                }
                out.printf("  step %d (no match): %s -> %s%n", v.firstMismatch(), v.firstMismatch() == v.steps()
                        ? "loop back" : v.action() == null ? "initial" : v.action(), v.unmatched());
            } else if (violates != null) {
                out.printf(violatedAt >= 0 ? "  TLC: %s violated at step %d of the trace%n"
                        : "  TLC: %s holds along the whole trace%n", violates, violatedAt);
            }
        }
        out.flush();
        return v.accepted() && (violates == null || violatedAt >= 0) ? ExitCodes.OK : ExitCodes.VIOLATED;
    }

    /** TLC stopped before deciding: INCONCLUSIVE, exit 3, never "accepted" nor "no match". */
    private int undecided(PrintWriter out, String reason, int steps) throws Exception {
        if (json) {
            ObjectNode o = TraceJson.MAPPER.createObjectNode();
            o.put("trace", traceFile.toString());
            o.put("spec", specDir.toString());
            o.put("verdict", "INCONCLUSIVE");
            o.putNull("accepted");
            o.put("steps", steps);
            o.putNull("firstMismatch");
            o.putNull("action");
            o.putNull("lastMatchedState");
            o.putNull("unmatchedState");
            o.put("message", reason);
            out.println(TraceJson.MAPPER.writeValueAsString(o));
        } else {
            out.printf("%s against %s: INCONCLUSIVE: %s%n", traceFile, specDir, reason);
        }
        out.flush();
        return ExitCodes.INCONCLUSIVE;
    }
}
