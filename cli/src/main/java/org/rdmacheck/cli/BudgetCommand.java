package org.rdmacheck.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.rdmacheck.checker.fabric.BudgetDecision;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.fabric.FabricProperties;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/**
 * {@code rdmacheck budget fabric}: decides {@code NoRoutingDeadlock} by the packet budget
 * ({@link BudgetDecision}), where the full state space is out of reach.
 */
@Command(name = "budget", footerHeading = "%nExamples:%n", footer = {
        "  rdmacheck budget fabric --variant repaired-incast",
        "  rdmacheck budget fabric --param topology=leafspine:tors=3,spines=2,hosts=1 --param flows=0-2,1-2,2-0L "
                + "--param background=2 --param failures=1 --param dft=8 --param tokens=4 --param threshold=2 "
                + "--param ecn=3 --param xoff=4"},
        description = "Decides NoRoutingDeadlock of a fabric configuration soundly without its full state space: a "
                + "routing deadlock holds two full switch buffers (2 x xoff packets), which a local lemma checked on "
                + "every routing situation with the model's own successors guarantees; a breadth-first search then "
                + "leaves unexpanded every state that can no longer put that many packets into switch buffers. "
                + "Exit 0: decided as the variant expects (VERIFIED, or VIOLATED with the trace where a stored "
                + "deadlock is contained); 1: decided otherwise; 3: not decided (limit reached, or the argument "
                + "does not apply, saying why).")
public final class BudgetCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    ModelSelection selection = new ModelSelection();

    @Mixin
    ExplorerOptions explorer = new ExplorerOptions();

    @Override
    public Integer call() {
        ModelEntry entry = selection.entry();
        if (!entry.name().equals("fabric")) {
            throw new InputException("model " + entry.name() + ": expected fabric (the packet budget covers the "
                    + "fabric model only)");
        }
        String v = selection.variant(entry);
        @SuppressWarnings("unchecked")
        CheckSpec<LayoutState> built = (CheckSpec<LayoutState>) (CheckSpec<?>) entry.build(v,
                selection.params("the packet budget decides the design as configured; knock-outs are check's"));
        PrintWriter out = spec.commandLine().getOut();
        BudgetDecision.Outcome o = BudgetDecision.decide(built, explorer.settings(spec.commandLine().getErr()));
        boolean mustFail = built.mustFail(FabricProperties.NO_ROUTING_DEADLOCK);
        String head = "fabric " + v + " " + FabricProperties.NO_ROUTING_DEADLOCK + " "
                + (mustFail ? "fails" : "holds") + " ";
        int exit;
        if (o instanceof BudgetDecision.Verified r) {
            out.println(head + "VERIFIED" + (mustFail ? " !" : ""));
            out.println(String.format(Locale.ROOT, "  local lemma: holds on %,d routing situations", r.lemma().situations()));
            out.println(budgetLine(r.budget(), r.needed()));
            out.println(String.format(Locale.ROOT, "  search: %,d states reached, %,d expanded (the others below the "
                    + "budget), %.1f s", r.states(), r.expanded(), r.millis() / 1000.0));
            exit = mustFail ? ExitCodes.VIOLATED : ExitCodes.OK;
        } else if (o instanceof BudgetDecision.Deadlock d) {
            out.println(head + "VIOLATED" + (mustFail ? "" : " !"));
            out.println(String.format(Locale.ROOT, "  local lemma: holds on %,d routing situations",
                    d.lemma().situations()));
            out.println(budgetLine(d.budget(), d.needed()));
            out.println(String.format(Locale.ROOT, "  routing deadlock in %d steps (%,d states reached), kind %s",
                    d.counterexample().steps().size() - 1, d.states(), kinds(d.kind())));
            exit = mustFail ? ExitCodes.OK : ExitCodes.VIOLATED;
        } else if (o instanceof BudgetDecision.Inconclusive i) {
            out.println(head + "INCONCLUSIVE");
            out.println(String.format(Locale.ROOT, i.lemma().complete() ? "  local lemma: holds on %,d routing situations"
                    : "  local lemma: stopped after %,d routing situations, none failing", i.lemma().situations()));
            out.println(budgetLine(i.budget(), i.needed()));
            out.println(i.lemma().complete() ? String.format(Locale.ROOT, "  search stopped (%s): %,d states reached, "
                    + "%,d expanded", i.reason(), i.states(), i.expanded()) : "  search not run: " + i.reason());
            exit = ExitCodes.INCONCLUSIVE;
        } else {
            BudgetDecision.NotApplicable n = (BudgetDecision.NotApplicable) o;
            out.println(head + "INCONCLUSIVE");
            out.println("  not decided: " + n.reason());
            exit = ExitCodes.INCONCLUSIVE;
        }
        out.flush();
        return exit;
    }

    private static String budgetLine(int budget, int needed) {
        return String.format(Locale.ROOT, "  budget: %d packets (messages and background), a routing deadlock needs %d "
                + "in switch buffers (2 x xoff)", budget, needed);
    }

    private static String kinds(java.util.Set<NetworkModel.Block> kind) {
        return kind.stream().map(NetworkModel.Block::label).sorted().collect(java.util.stream.Collectors.joining(", ",
                "{", "}"));
    }
}
