package org.rdmacheck.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.rdmacheck.checker.fabric.BudgetDecision;
import org.rdmacheck.checker.fabric.FlowProjection;
import org.rdmacheck.checker.fabric.PerFlowDecision;
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
        "  rdmacheck per-flow fabric --variant lane-silent",
        "  rdmacheck per-flow fabric --param topology=leafspine:tors=3,spines=2,hosts=1 --param flows=0-2,1-2,2-0L "
                + "--param background=2 --param failures=1 --param dft=8 --param tokens=4 --param threshold=2 "
                + "--param ecn=3 --param xoff=4 --max-states 200000000"},
        description = "Decides the fabric's safety properties (InOrderDelivery, NoLossNoDuplicationFaultFree, "
                + "InOrderAfterFailure, NoDftLeak, NoStaleDftEntry) one flow at a time: each flow is explored against "
                + "every environment its routing decisions can read (occupancy classes of the switch's output "
                + "buffers, a DFT with room or full, the failure), with the model's own successor function; every "
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

    @Override
    public Integer call() {
        ModelEntry entry = selection.entry();
        if (!entry.name().equals("fabric")) {
            throw new InputException("model " + entry.name() + ": expected fabric (the per-flow projection covers the "
                    + "fabric model only)");
        }
        long confirm = confirmTime.equals("0") ? 0 : Durations.parseMillis("--confirm-time", confirmTime);
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
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ExplorerSettings settings = explorer.settings(err);
        PerFlowDecision.Outcome o = PerFlowDecision.decide(built, settings, confirm, !noBudget, settings, line -> {
            err.println(line);
            err.flush();
        });
        for (PerFlowDecision.FlowRun r : o.flows()) {
            out.println(String.format(Locale.ROOT, "flow %s: %,d abstract states, %,d routing situations (%,d local), "
                            + "%.1f s%s", r.flow(), r.states(), r.situations(), r.memoised(), r.millis() / 1000.0,
                    r.complete() ? "" : ", stopped: " + r.stopReason()));
        }
        boolean otherwise = false;
        boolean open = false;
        for (PerFlowDecision.PropertyVerdict pv : o.verdicts()) {
            String trace = pv.trace().map(c -> ", " + (c.steps().size() - 1) + " steps").orElse("");
            if (pv.property().equals(FlowProjection.DRAINED)) {
                // a lemma of the DeadlockFree argument, not a catalogue property: no expectation, no exit code
                out.println("fabric " + v + " " + pv.property() + " (lemma) " + pv.verdict().name());
                out.println("  " + pv.note() + pv.flow().map(f -> " (flow " + f + trace + ")").orElse(trace));
                continue;
            }
            boolean mustFail = built.properties().stream().anyMatch(p -> p.name().equals(pv.property()))
                    && built.mustFail(pv.property());
            boolean decided = pv.verdict() == PerFlowDecision.Verdict.VERIFIED
                    || pv.verdict() == PerFlowDecision.Verdict.VIOLATED;
            boolean asExpected = (pv.verdict() == PerFlowDecision.Verdict.VIOLATED) == mustFail;
            otherwise |= decided && !asExpected;
            open |= !decided;
            out.println("fabric " + v + " " + pv.property() + " " + (mustFail ? "fails" : "holds") + " "
                    + pv.verdict().name() + (decided && !asExpected ? " !" : ""));
            out.println("  " + pv.note() + pv.flow().map(f -> " (flow " + f + trace + ")").orElse(trace));
        }
        int exit = otherwise ? ExitCodes.VIOLATED : open ? ExitCodes.INCONCLUSIVE : ExitCodes.OK;
        o.budget().filter(b -> !(b instanceof BudgetDecision.Verified)).ifPresent(b -> out.println("  " + budgetLine(b)));
        out.flush();
        return exit;
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
