package org.rdmacheck.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.fabric.BudgetDecision;
import org.rdmacheck.checker.fabric.FlowProjection;
import org.rdmacheck.checker.fabric.PerFlowDecision;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.catalog.ModelEntry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rdmacheck per-flow fabric}: decides the fabric's per-flow safety properties and
 * {@code DeadlockFree} by projection onto each flow against a chaotic environment
 * ({@link PerFlowDecision}), where the full state space is out of reach.
 */
@Command(name = "per-flow", footerHeading = "%nExamples:%n", footer = {
        "  rdmacheck per-flow fabric --param failures=1 --param background=1",
        "  rdmacheck per-flow fabric --variant lane-silent --no-budget --json",
        "  rdmacheck per-flow fabric --param topology=leafspine:tors=3,spines=2,hosts=1 --param flows=0-2,1-2,2-0L "
                + "--param background=2 --param failures=1 --param dft=8 --param tokens=4 --param threshold=2 "
                + "--param ecn=3 --param xoff=4 --max-states 200000000"},
        description = "Decides the fabric's safety properties (InOrderDelivery, NoLossNoDuplicationFaultFree, "
                + "InOrderAfterFailure, NoDftLeak, NoStaleDftEntry) one flow at a time: each flow is explored against "
                + "every environment its routing decisions can read (every occupancy up to xoff of the "
                + "switch's output buffers, a DFT with room or full, the failure), with the model's own successor function; every "
                + "reachable state of the model projects into each flow's abstract state space. An abstract violation "
                + "is searched for in the model along its trace: found, it is VIOLATED with the model's trace; not "
                + "found, POSSIBLE (not decided). DeadlockFree follows from NoRoutingDeadlock (the packet budget, as "
                + "rdmacheck budget) and FlowDrained on every flow. Exit 0: every property decided as the variant "
                + "expects; 1: one decided otherwise; 3: one not decided.")
public final class PerFlowCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    ModelSelection selection = new ModelSelection();

    @Mixin
    ExplorerOptions explorer = new ExplorerOptions();

    @Option(names = "--knockout", paramLabel = "MECHANISM", description = "remove a mechanism the model declares "
            + "(repeatable; see rdmacheck knockouts)")
    List<String> knockouts = new ArrayList<>();

    @Option(names = "--confirm-time", paramLabel = "DURATION", description = "time the search of the model for an "
            + "abstract violation may take, per violation, e.g. 30s, 5m; 0 for none (default: ${DEFAULT-VALUE})",
            defaultValue = "60s")
    String confirmTime;

    @Option(names = "--no-budget", description = "leave DeadlockFree out (it needs NoRoutingDeadlock, decided by the "
            + "packet budget's search)")
    boolean noBudget;

    @Option(names = "--json", description = "print the decision as JSON (schema docs/json-schema/per-flow.schema.json)")
    boolean json;

    @Override
    public Integer call() throws com.fasterxml.jackson.core.JsonProcessingException {
        ModelEntry entry = selection.entry();
        if (!entry.name().equals("fabric")) {
            throw new InputException("model " + entry.name() + ": expected fabric (the per-flow projection covers the "
                    + "fabric model only)");
        }
        long confirm = confirmTime.equals("0") ? 0 : Durations.parseMillis("--confirm-time", confirmTime);
        PrintWriter err = spec.commandLine().getErr();
        ExplorerSettings settings = explorer.settings(err); // the options refused before the model is built
        String v = selection.variant(entry);
        Params given = selection.params("ask for a knock-out with --knockout NAME");
        if (!knockouts.isEmpty()) {
            java.util.Map<String, String> m = new java.util.LinkedHashMap<>(given.asMap());
            m.put(ModelEntry.KNOCKOUT_PARAM, String.join("+", new java.util.TreeSet<>(knockouts)));
            given = Params.of(m);
            entry.knockouts(given);
        }
        @SuppressWarnings("unchecked")
        CheckSpec<LayoutState> built = (CheckSpec<LayoutState>) (CheckSpec<?>) entry.build(v, given);
        String why = FlowProjection.notCovered((org.rdmacheck.model.fabric.NetworkModel) built.model());
        if (why != null) {
            throw new InputException(why);
        }
        explorer.warnIfNoSymmetricSet(err, entry.name(), built.model().symmetry().isPresent());
        PrintWriter out = spec.commandLine().getOut();
        PerFlowDecision.Outcome o = PerFlowDecision.decide(built, settings, confirm, !noBudget, settings, line -> {
            err.println(line);
            err.flush();
        });
        List<Row> rows = new ArrayList<>();
        boolean otherwise = false;
        boolean open = false;
        // the per-flow argument records no antecedent: a property the configuration's constants make vacuous
        // (FabricEntry.vacuities, as check declares it) is INCONCLUSIVE (VACUOUS) here too, never VERIFIED, and
        // as expected
        java.util.Set<String> vacuous = entry.expectedVacuous(built);
        List<org.rdmacheck.properties.catalog.ExpectationNote> notes = entry.expectations(built);
        for (PerFlowDecision.PropertyVerdict found : o.verdicts()) {
            boolean declaredVacuous = vacuous.contains(found.property())
                    && found.verdict() == PerFlowDecision.Verdict.VERIFIED;
            if (declaredVacuous) {
                String name = found.property();
                String reason = notes.stream().filter(n -> n.expectation()
                                == org.rdmacheck.properties.catalog.ExpectationNote.Expectation.VACUOUS)
                        .map(n -> n.only(java.util.Set.of(name))).flatMap(java.util.Optional::stream).findFirst()
                        .map(org.rdmacheck.properties.catalog.ExpectationNote::text)
                        .orElse(name + " holds only vacuously here");
                found = new PerFlowDecision.PropertyVerdict(name, PerFlowDecision.Verdict.INCONCLUSIVE,
                        found.flow(), found.trace(), "VACUOUS: " + reason);
            }
            PerFlowDecision.PropertyVerdict pv = found;
            boolean lemma = pv.property().equals(FlowProjection.DRAINED);
            boolean mustFail = !lemma && built.properties().stream().anyMatch(p -> p.name().equals(pv.property()))
                    && built.mustFail(pv.property());
            boolean decided = pv.verdict() == PerFlowDecision.Verdict.VERIFIED
                    || pv.verdict() == PerFlowDecision.Verdict.VIOLATED;
            boolean asExpected = (pv.verdict() == PerFlowDecision.Verdict.VIOLATED) == mustFail;
            if (!lemma) { // a lemma of the DeadlockFree argument, not a catalogue property: no expectation, no exit code
                otherwise |= decided && !asExpected;
                open |= !decided && !declaredVacuous;
            }
            rows.add(new Row(pv, lemma, mustFail, decided && !asExpected));
        }
        int exit = otherwise ? ExitCodes.VIOLATED : open ? ExitCodes.INCONCLUSIVE : ExitCodes.OK;
        if (json) {
            out.println(TraceJson.MAPPER.writeValueAsString(json(o, rows, v, built.parameters(), exit)));
        } else {
            text(out, o, rows, v);
        }
        out.flush();
        return exit;
    }

    /** One property's line: its verdict, whether it is the lemma, what the variant expects, and whether it went otherwise. */
    private record Row(PerFlowDecision.PropertyVerdict verdict, boolean lemma, boolean mustFail, boolean unexpected) {
    }

    private static void text(PrintWriter out, PerFlowDecision.Outcome o, List<Row> rows, String v) {
        for (PerFlowDecision.FlowRun r : o.flows()) {
            out.println(String.format(Locale.ROOT, "flow %s: %,d abstract states, %,d routing situations covered by "
                            + "%,d decisions (%,d local), %.1f s%s", r.flow(), r.states(), r.situations(), r.decisions(),
                    r.memoised(), r.millis() / 1000.0, r.complete() ? "" : ", stopped: "
                            + r.failedCheck().map(k -> k.name() + ": ").orElse("") + r.stopReason()));
        }
        for (Row row : rows) {
            PerFlowDecision.PropertyVerdict pv = row.verdict();
            String trace = pv.trace().map(c -> ", " + (c.steps().size() - 1) + " steps").orElse("");
            if (row.lemma()) {
                out.println("fabric " + v + " " + pv.property() + " (lemma) " + pv.verdict().name());
            } else {
                out.println("fabric " + v + " " + pv.property() + " " + (row.mustFail() ? "fails" : "holds") + " "
                        + pv.verdict().name() + (row.unexpected() ? " !" : ""));
            }
            out.println("  " + pv.note() + pv.flow().map(f -> " (flow " + f + trace + ")").orElse(trace));
        }
        o.budget().filter(b -> !(b instanceof BudgetDecision.Verified)).ifPresent(b -> out.println("  " + budgetLine(b)));
    }

    /**
     * The decision as JSON ({@code docs/json-schema/per-flow.schema.json}): each flow's abstract search,
     * each property's verdict (an enum) with the model's trace (VIOLATED) or the abstract one
     * (POSSIBLE), and the packet budget's part of {@code DeadlockFree}; every figure as
     * {@code {value, unit}}.
     */
    private static ObjectNode json(PerFlowDecision.Outcome o, List<Row> rows, String variant,
                                   java.util.Map<String, String> parameters, int exit) {
        ObjectNode j = TraceJson.MAPPER.createObjectNode();
        j.put("model", "fabric");
        j.put("variant", variant);
        JsonValues.parameters(j, "parameters", "fabric", parameters);
        j.put("outcome", exit == ExitCodes.OK ? "AS_EXPECTED" : exit == ExitCodes.VIOLATED ? "UNEXPECTED"
                : "INCONCLUSIVE");
        ArrayNode flows = j.putArray("flows");
        for (PerFlowDecision.FlowRun r : o.flows()) {
            ObjectNode f = flows.addObject();
            f.put("flow", r.flow());
            f.put("complete", r.complete());
            f.put("stopped", r.complete() ? null : r.assumptionFailed() ? "ASSUMPTION_FAILED"
                    : r.stopped().orElseThrow().name());
            f.put("stopReason", r.complete() ? null : r.stopReason());
            f.put("failedCheck", r.failedCheck().map(Enum::name).orElse(null));
            JsonValues.figure(f, "abstractStates", r.states(), Quantity.Unit.STATES);
            JsonValues.figure(f, "situations", r.situations(), Quantity.Unit.COUNT);
            JsonValues.figure(f, "decisions", r.decisions(), Quantity.Unit.COUNT);
            JsonValues.figure(f, "localSituations", r.memoised(), Quantity.Unit.COUNT);
            JsonValues.figure(f, "wallMillis", r.millis(), Quantity.Unit.MILLISECONDS);
        }
        ArrayNode props = j.putArray("properties");
        for (Row row : rows) {
            PerFlowDecision.PropertyVerdict pv = row.verdict();
            ObjectNode p = props.addObject();
            p.put("property", pv.property());
            p.put("lemma", row.lemma());
            p.put("expected", Finding.Expectation.holds(row.lemma() || !row.mustFail()).name());
            p.put("verdict", pv.verdict().name());
            p.put("unexpected", row.unexpected());
            p.put("flow", pv.flow().orElse(null));
            p.put("note", pv.note());
            if (pv.trace().isPresent()) {
                ObjectNode c = p.putObject("counterexample");
                c.put("of", pv.verdict() == PerFlowDecision.Verdict.POSSIBLE ? "ABSTRACTION" : "MODEL");
                Counterexample cex = pv.trace().get();
                c.put("kind", cex.kind().name());
                c.put("property", cex.property());
                JsonValues.figure(c, "steps", cex.length(), Quantity.Unit.STEPS);
                c.set("trace", org.rdmacheck.checker.trace.Counterexamples.toJson(cex).get("steps"));
            } else {
                p.putNull("counterexample");
            }
        }
        if (o.budget().isPresent()) {
            BudgetDecision.Outcome b = o.budget().get();
            ObjectNode bj = j.putObject("budget");
            bj.put("property", "NoRoutingDeadlock");
            bj.put("verdict", BudgetCommand.verdict(b).name());
            bj.put("line", budgetLine(b));
            if (b instanceof BudgetDecision.Verified r) {
                JsonValues.figure(bj, "distinctStates", r.states(), Quantity.Unit.STATES);
                JsonValues.figure(bj, "lemmaSituations", r.lemma().situations(), Quantity.Unit.COUNT);
            } else if (b instanceof BudgetDecision.Deadlock d) {
                JsonValues.figure(bj, "distinctStates", d.states(), Quantity.Unit.STATES);
                JsonValues.figure(bj, "lemmaSituations", d.lemma().situations(), Quantity.Unit.COUNT);
            } else if (b instanceof BudgetDecision.Inconclusive i) {
                JsonValues.figure(bj, "distinctStates", i.states(), Quantity.Unit.STATES);
                JsonValues.figure(bj, "lemmaSituations", i.lemma().situations(), Quantity.Unit.COUNT);
            } else {
                bj.putNull("distinctStates");
                BudgetDecision.NotApplicable n = (BudgetDecision.NotApplicable) b;
                if (n.lemma().isPresent()) {
                    JsonValues.figure(bj, "lemmaSituations", n.lemma().get().situations(), Quantity.Unit.COUNT);
                } else {
                    bj.putNull("lemmaSituations");
                }
            }
        } else {
            j.putNull("budget");
        }
        return j;
    }

    private static String budgetLine(BudgetDecision.Outcome b) {
        if (b instanceof BudgetDecision.Verified r) {
            return String.format(Locale.ROOT, "NoRoutingDeadlock by the packet budget: VERIFIED, %,d states reached, "
                    + "%.1f s; local lemma on %,d situations", r.states(), r.millis() / 1000.0, r.lemma().situations());
        }
        if (b instanceof BudgetDecision.Deadlock d) {
            return "NoRoutingDeadlock by the packet budget: VIOLATED in " + (d.counterexample().steps().size() - 1)
                    + " steps";
        }
        if (b instanceof BudgetDecision.Inconclusive i) {
            return "NoRoutingDeadlock by the packet budget: INCONCLUSIVE (" + i.reason() + ")";
        }
        return "NoRoutingDeadlock by the packet budget: not applicable (" + ((BudgetDecision.NotApplicable) b).reason()
                + ")";
    }
}
