package org.rdmacheck.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.checker.fabric.LaneRuleFamily;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.model.fabric.LaneRule;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code rdmacheck lane-rules}: decides the lane-rule family of the fabric model (seed 000 §IV-B). */
@Command(name = "lane-rules", footerHeading = "%nExamples:%n", footer = {"  rdmacheck lane-rules --max-time 20m",
        "  rdmacheck lane-rules --json"},
        description = "Checks every rule of the lane-rule family (which VL1 packet may move to the escape lane VL0, "
                + "from what a switch knows) for in-order delivery, no loss or duplication, no routing deadlock and "
                + "non-degeneracy, on a ladder of fabric scopes; one counterexample decides every rule that agrees "
                + "with it on the cells it consults.")
public final class LaneRulesCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--threads", description = "explorer threads (default: all cores)")
    Integer threads;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Mixin
    TimeLimit limit = new TimeLimit();

    @Override
    public Integer call() throws JsonProcessingException {
        int t = threads == null ? Runtime.getRuntime().availableProcessors() : ExplorerOptions.threads(threads);
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter w = spec.commandLine().getOut();
        RunClock clock = limit.start("lane-rules", err);
        long deadline = System.currentTimeMillis() + clock.maxMillis();
        LaneRuleFamily family = new LaneRuleFamily(LaneRuleFamily.ladder(), ExplorerSettings.defaults().withThreads(t)
                .withMaxMillis(clock.maxMillis()).withProgress(0, r -> { }));
        List<LaneRuleFamily.Row> rows = new ArrayList<>();
        LaneRuleFamily.Result result = family.run(deadline, row -> {
            rows.add(row);
            if (!json) {
                err.println("lane-rules: " + line(row));
                err.flush();
            }
        });
        if (json) {
            ObjectNode o = TraceJson.MAPPER.createObjectNode();
            o.put("family", result.family());
            o.put("decided", result.decided());
            o.put("complete", result.complete());
            ArrayNode v = o.putArray("verified");
            result.verified().forEach(v::add);
            ArrayNode rs = o.putArray("rows");
            for (LaneRuleFamily.Row r : result.rows()) {
                ObjectNode n = rs.addObject();
                n.put("rule", r.rule());
                n.put("cube", r.cube());
                n.put("rules", r.rules());
                n.put("verdict", r.verdict().name());
                n.put("property", r.property());
                n.put("scope", r.scope());
                JsonValues.figure(n, "steps", r.steps(), Quantity.Unit.STEPS);
                JsonValues.figure(n, "states", r.states(), Quantity.Unit.STATES);
                JsonValues.figure(n, "wallMillis", r.millis(), Quantity.Unit.MILLISECONDS);
            }
            w.println(TraceJson.MAPPER.writeValueAsString(o));
        } else {
            w.println("rows " + String.join(",", LaneRule.ROW_NAMES) + "; columns: " + String.join(" | ",
                    LaneRule.COLUMN_NAMES) + "; S stay on VL1, E escape to VL0, W wait, - any");
            w.println(String.format(Locale.ROOT, "%-28s %-28s %12s %-9s %-28s %-12s %5s %10s", "rule checked", "cube decided",
                    "rules", "verdict", "property", "scope", "steps", "states"));
            for (LaneRuleFamily.Row r : result.rows()) {
                w.println(line(r));
            }
            w.println(String.format(Locale.ROOT, "%,d of %,d rules decided%s; rules verified at every scope: %s",
                    result.decided(), result.family(), result.complete() ? " (the whole family)" : " (time limit)",
                    result.verified().isEmpty() ? "none" : String.join(", ", result.verified())));
        }
        w.flush();
        return result.complete() ? ExitCodes.OK : ExitCodes.INCONCLUSIVE;
    }

    private static String line(LaneRuleFamily.Row r) {
        return String.format(Locale.ROOT, "%-28s %-28s %,12d %-9s %-28s %-12s %5d %,10d", r.rule(), r.cube(), r.rules(),
                r.verdict(), r.property().isEmpty() ? "-" : r.property(), r.scope(), r.steps(), r.states());
    }
}
