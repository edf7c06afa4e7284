package org.rdmacheck.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.checker.trace.ReplayResult;
import org.rdmacheck.checker.trace.TraceJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rdmacheck replay FILE}: re-executes a stored counterexample. */
@Command(name = "replay", footerHeading = "%nExamples:%n", footer = {"  rdmacheck replay counterexamples/gbn/gb0-NoTimeout.json --json"},
        description = "Re-executes a stored counterexample and reports whether every step is "
        + "legal and the property still violated (exit 0 if so, 1 if a step is illegal or the property no longer "
        + "violated, 3 if the replay could not decide).")
final class ReplayCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "counterexample JSON file")
    Path file;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Override
    public Integer call() throws Exception {
        Counterexample cex = Counterexamples.read(file);
        ReplayResult r = Replays.replay(cex);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            ObjectNode o = TraceJson.MAPPER.createObjectNode();
            o.put("file", file.toString());
            o.put("model", cex.provenance().model());
            o.put("variant", cex.provenance().variant());
            o.put("property", cex.property());
            o.put("kind", cex.kind().name()); // the enum, as every output's kinds (the trace file keeps its word)
            JsonValues.figure(o, "steps", cex.length(), Quantity.Unit.STEPS);
            o.put("outcome", r.outcome().name());
            o.put("legal", r.legal());
            if (r instanceof ReplayResult.IllegalStep illegal) {
                o.put("firstIllegalStep", illegal.step());
            } else {
                o.putNull("firstIllegalStep"); // a position that does not exist is null, as validate-trace's firstMismatch
            }
            o.put("stillViolated", r.stillViolated());
            // a lasso reproduces under its property's fairness only: name it, typed as check's findings do
            Output.fairness(o, Replays.fairness(cex));
            o.put("message", r.message());
            out.println(TraceJson.MAPPER.writeValueAsString(o));
        } else {
            out.printf("%s: %s %s %s (%s, %s): %s%n", file, cex.provenance().model(), cex.provenance().variant(),
                    cex.property(), cex.kind(), org.rdmacheck.checker.Counts.of(cex.length(), "step"), r.message());
        }
        out.flush();
        return exitCode(r);
    }

    /**
     * @param r a replay outcome
     * @return 0 if it reproduces, 3 if undecided, 1 otherwise
     */
    static int exitCode(ReplayResult r) {
        if (r instanceof ReplayResult.Reproduces) {
            return ExitCodes.OK;
        }
        return r instanceof ReplayResult.Undecided ? ExitCodes.INCONCLUSIVE : ExitCodes.VIOLATED;
    }
}
