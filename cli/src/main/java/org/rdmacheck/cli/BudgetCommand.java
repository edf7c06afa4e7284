package org.rdmacheck.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.fabric.BudgetDecision;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.fabric.FabricProperties;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rdmacheck budget fabric}: decides {@code NoRoutingDeadlock} by the packet budget
 * ({@link BudgetDecision}), where the full state space is out of reach.
 */
@Command(name = "budget", footerHeading = "%nExamples:%n", footer = {
        "  rdmacheck budget fabric --variant repaired-incast",
        "  rdmacheck budget fabric --param failures=1 --param background=1 --json",
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

    @Option(names = "--json", description = "print the decision as JSON (schema docs/json-schema/budget.schema.json)")
    boolean json;

    @Override
    public Integer call() throws com.fasterxml.jackson.core.JsonProcessingException {
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
        PrintWriter err = spec.commandLine().getErr();
        org.rdmacheck.engine.ExplorerSettings settings = explorer.settings(err);
        explorer.warnIfNoSymmetricSet(err, entry.name(), built.model().symmetry().isPresent());
        long started = System.nanoTime();
        BudgetDecision.Outcome o = BudgetDecision.decide(built, settings, n -> {
            err.printf("progress: local lemma, %,d routing situations checked, %.1f s elapsed%n", n,
                    (System.nanoTime() - started) / 1e9);
            err.flush();
        });
        boolean mustFail = built.mustFail(FabricProperties.NO_ROUTING_DEADLOCK);
        java.util.Optional<String> other = otherKind(entry, built, o, mustFail);
        if (json) {
            out.println(TraceJson.MAPPER.writeValueAsString(json(o, v, built.parameters(), mustFail, other)));
        } else {
            text(out, o, v, mustFail, other);
        }
        out.flush();
        return exit(o, mustFail, other);
    }

    /**
     * The rule {@code check} applies to an expected deadlock ({@link ModelEntry#otherKind}): a
     * configuration that contains a stored deadlock is expected to deadlock in one of that finding's
     * kinds, so a deadlock of another kind is not covered by the expectation.
     *
     * @return for an expected deadlock, the entry's line when its end state is of another kind than
     *         the stored findings' the expectation comes from (or when the end state cannot be read,
     *         so the kind cannot be classified)
     */
    static java.util.Optional<String> otherKind(ModelEntry entry, CheckSpec<LayoutState> built,
                                                BudgetDecision.Outcome o, boolean mustFail) {
        if (!(o instanceof BudgetDecision.Deadlock d) || !mustFail) {
            return java.util.Optional.empty();
        }
        java.util.Optional<LayoutState> end = org.rdmacheck.checker.trace.TraceReplayer.lastState(built,
                d.counterexample());
        if (end.isEmpty()) {
            return java.util.Optional.of(FabricProperties.NO_ROUTING_DEADLOCK + ": the deadlock's trace does not "
                    + "replay, so its kind cannot be compared with the stored deadlocks' the expectation comes from");
        }
        return entry.otherKind(built, FabricProperties.NO_ROUTING_DEADLOCK, end.get());
    }

    /**
     * @param o        the decision
     * @param mustFail whether the variant declares {@code NoRoutingDeadlock} violated
     * @return 0 when decided as the variant expects, 1 when decided otherwise, 3 when not decided
     */
    static int exit(BudgetDecision.Outcome o, boolean mustFail) {
        return exit(o, mustFail, java.util.Optional.empty());
    }

    /**
     * @param other for an expected deadlock, why it is not the kind expected (empty when it is)
     * @return as {@link #exit(BudgetDecision.Outcome, boolean)}, a deadlock of another kind than
     *         expected being decided otherwise (1), as {@code check} reports it
     */
    static int exit(BudgetDecision.Outcome o, boolean mustFail, java.util.Optional<String> other) {
        if (o instanceof BudgetDecision.Verified) {
            return mustFail ? ExitCodes.VIOLATED : ExitCodes.OK;
        }
        if (o instanceof BudgetDecision.Deadlock) {
            return mustFail && other.isEmpty() ? ExitCodes.OK : ExitCodes.VIOLATED;
        }
        return ExitCodes.INCONCLUSIVE;
    }

    /** @param o the decision  @return its verdict: VERIFIED, VIOLATED or INCONCLUSIVE (not decided, for any reason) */
    static Finding.Verdict verdict(BudgetDecision.Outcome o) {
        return o instanceof BudgetDecision.Verified ? Finding.Verdict.VERIFIED
                : o instanceof BudgetDecision.Deadlock ? Finding.Verdict.VIOLATED : Finding.Verdict.INCONCLUSIVE;
    }

    /**
     * Writes the decision for people: a head line (variant, expectation, verdict) and the lemma, budget
     * and search lines, or the one line saying what was not decided and why.
     *
     * @param out      where
     * @param o        the decision
     * @param variant  the variant
     * @param mustFail whether the variant declares {@code NoRoutingDeadlock} violated
     */
    private static String lemmaLine(org.rdmacheck.checker.fabric.LocalRouting.Result lemma) {
        return String.format(Locale.ROOT, "  local lemma: holds on %,d routing situations (%,d routing decisions computed)",
                lemma.situations(), lemma.decisions());
    }

    static void text(PrintWriter out, BudgetDecision.Outcome o, String variant, boolean mustFail) {
        text(out, o, variant, mustFail, java.util.Optional.empty());
    }

    /** As {@link #text(PrintWriter, BudgetDecision.Outcome, String, boolean)}; {@code other} as for {@link #exit}. */
    static void text(PrintWriter out, BudgetDecision.Outcome o, String variant, boolean mustFail,
                     java.util.Optional<String> other) {
        String head = "fabric " + variant + " " + FabricProperties.NO_ROUTING_DEADLOCK + " "
                + (mustFail ? "fails" : "holds") + " ";
        if (o instanceof BudgetDecision.Verified r) {
            out.println(head + "VERIFIED" + (mustFail ? " !" : ""));
            out.println(lemmaLine(r.lemma()));
            out.println(budgetLine(r.budget(), r.needed()));
            out.println(String.format(Locale.ROOT, "  search: %,d states reached, %,d expanded (the others below the "
                    + "budget), %.1f s", r.states(), r.expanded(), r.millis() / 1000.0));
        } else if (o instanceof BudgetDecision.Deadlock d) {
            out.println(head + "VIOLATED" + (mustFail && other.isEmpty() ? "" : " !"));
            out.println(lemmaLine(d.lemma()));
            out.println(budgetLine(d.budget(), d.needed()));
            out.println(String.format(Locale.ROOT, "  routing deadlock in %d steps (%,d states reached), kind %s",
                    d.counterexample().steps().size() - 1, d.states(), kinds(d.kind())));
            other.ifPresent(line -> out.println("  " + line));
        } else if (o instanceof BudgetDecision.Inconclusive i) {
            out.println(head + "INCONCLUSIVE");
            out.println(i.lemma().complete() ? lemmaLine(i.lemma())
                    : i.cause() == org.rdmacheck.checker.CheckResult.InconclusiveReason.MODEL_BOUND
                    ? "  local lemma: stopped, a routing decision exceeded the model's bound"
                    : String.format(Locale.ROOT, "  local lemma: stopped after %,d routing situations, none failing",
                    i.lemma().situations()));
            out.println(budgetLine(i.budget(), i.needed()));
            out.println(i.lemma().complete() ? String.format(Locale.ROOT, "  search stopped (%s): %,d states reached, "
                    + "%,d expanded", i.reason(), i.states(), i.expanded()) : "  search not run: " + i.reason());
        } else {
            BudgetDecision.NotApplicable n = (BudgetDecision.NotApplicable) o;
            out.println(head + "INCONCLUSIVE");
            out.println("  not decided: " + n.reason());
        }
    }

    /**
     * The decision as JSON ({@code docs/json-schema/budget.schema.json}): verdict, outcome and refusal
     * as enums, every figure as {@code {value, unit}}, a deadlock's or a failed assumption's trace whole.
     *
     * @param o          the decision
     * @param variant    the variant
     * @param parameters the resolved parameters
     * @param mustFail   whether the variant declares {@code NoRoutingDeadlock} violated
     * @return the JSON object
     */
    static ObjectNode json(BudgetDecision.Outcome o, String variant, java.util.Map<String, String> parameters,
                           boolean mustFail) {
        return json(o, variant, parameters, mustFail, java.util.Optional.empty());
    }

    /**
     * As {@link #json(BudgetDecision.Outcome, String, java.util.Map, boolean)}; {@code other} as for
     * {@link #exit}: the outcome is then UNEXPECTED and {@code reason} says why.
     */
    static ObjectNode json(BudgetDecision.Outcome o, String variant, java.util.Map<String, String> parameters,
                           boolean mustFail, java.util.Optional<String> other) {
        ObjectNode j = TraceJson.MAPPER.createObjectNode();
        j.put("model", "fabric");
        j.put("variant", variant);
        JsonValues.parameters(j, "parameters", "fabric", parameters);
        j.put("property", FabricProperties.NO_ROUTING_DEADLOCK);
        j.put("expected", Finding.Expectation.holds(!mustFail).name());
        Finding.Verdict verdict = verdict(o);
        j.put("verdict", verdict.name());
        int code = exit(o, mustFail, other);
        j.put("outcome", code == ExitCodes.OK ? "AS_EXPECTED" : code == ExitCodes.VIOLATED ? "UNEXPECTED"
                : "INCONCLUSIVE");
        j.put("refusal", o instanceof BudgetDecision.NotApplicable n ? n.refusal().name() : null);
        j.put("stopped", o instanceof BudgetDecision.Inconclusive i ? i.cause().name() : null);
        j.put("reason", o instanceof BudgetDecision.NotApplicable n ? n.reason()
                : o instanceof BudgetDecision.Inconclusive i ? i.reason() : other.orElse(null));
        java.util.Optional<org.rdmacheck.checker.fabric.LocalRouting.Result> lemma = lemma(o);
        if (lemma.isPresent()) {
            ObjectNode l = j.putObject("lemma");
            l.put("holds", lemma.get().holds());
            l.put("complete", lemma.get().complete());
            quantity(l, "situations", lemma.get().situations(), Quantity.Unit.COUNT);
            quantity(l, "failed", lemma.get().failed(), Quantity.Unit.COUNT);
            quantity(l, "decisions", lemma.get().decisions(), Quantity.Unit.COUNT);
        } else {
            j.putNull("lemma");
        }
        long[] figures = figures(o);
        if (figures != null) {
            quantity(j, "budget", figures[0], Quantity.Unit.PACKETS);
            quantity(j, "needed", figures[1], Quantity.Unit.PACKETS);
            quantity(j, "distinctStates", figures[2], Quantity.Unit.STATES);
        } else {
            j.putNull("budget");
            j.putNull("needed");
            j.putNull("distinctStates");
        }
        if (o instanceof BudgetDecision.Verified r) {
            quantity(j, "expandedStates", r.expanded(), Quantity.Unit.STATES);
            quantity(j, "searchMillis", r.millis(), Quantity.Unit.MILLISECONDS);
        } else if (o instanceof BudgetDecision.Inconclusive i) {
            quantity(j, "expandedStates", i.expanded(), Quantity.Unit.STATES);
            quantity(j, "searchMillis", i.millis(), Quantity.Unit.MILLISECONDS);
        } else {
            j.putNull("expandedStates");
            j.putNull("searchMillis");
        }
        if (o instanceof BudgetDecision.Deadlock d) {
            ObjectNode dl = j.putObject("deadlock");
            ArrayNode ks = dl.putArray("kinds");
            d.kind().stream().map(NetworkModel.Block::name).sorted().forEach(ks::add); // enums, as every kind
            counterexample(dl, d.counterexample());
        } else {
            j.putNull("deadlock");
        }
        if (o instanceof BudgetDecision.NotApplicable n && n.witness().isPresent()) {
            counterexample(j.putObject("witness"), n.witness().get());
        } else {
            j.putNull("witness");
        }
        return j;
    }

    private static java.util.Optional<org.rdmacheck.checker.fabric.LocalRouting.Result> lemma(BudgetDecision.Outcome o) {
        if (o instanceof BudgetDecision.Verified r) {
            return java.util.Optional.of(r.lemma());
        }
        if (o instanceof BudgetDecision.Deadlock d) {
            return java.util.Optional.of(d.lemma());
        }
        if (o instanceof BudgetDecision.Inconclusive i) {
            return java.util.Optional.of(i.lemma());
        }
        return ((BudgetDecision.NotApplicable) o).lemma();
    }

    /** @return budget, needed and states reached, or null when the search did not run */
    private static long[] figures(BudgetDecision.Outcome o) {
        if (o instanceof BudgetDecision.Verified r) {
            return new long[] {r.budget(), r.needed(), r.states()};
        }
        if (o instanceof BudgetDecision.Deadlock d) {
            return new long[] {d.budget(), d.needed(), d.states()};
        }
        if (o instanceof BudgetDecision.Inconclusive i) {
            return new long[] {i.budget(), i.needed(), i.states()};
        }
        return null;
    }

    private static void quantity(ObjectNode o, String name, long value, Quantity.Unit unit) {
        JsonValues.figure(o, name, value, unit);
    }

    private static void counterexample(ObjectNode c, Counterexample cex) {
        c.put("kind", cex.kind().name());
        c.put("property", cex.property());
        quantity(c, "steps", cex.length(), Quantity.Unit.STEPS);
        c.set("trace", org.rdmacheck.checker.trace.Counterexamples.toJson(cex).get("steps"));
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
