package org.rdmacheck.checker.fabric;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.fabric.FabricNet;
import org.rdmacheck.model.fabric.NetworkLayout;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.Fifo;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Property;
import org.rdmacheck.properties.fabric.FabricProperties;

/**
 * A sound decision of {@code NoRoutingDeadlock} for configurations whose full state space is out of
 * reach: an exhaustive breadth-first search of the network model (its own successors, unchanged)
 * that leaves unexpanded every state whose {@link PacketBudget#budget packet budget} is below what a
 * routing deadlock needs. Three things make it sound, each checked by code:
 * <ol>
 * <li>the local lemma ({@link LocalRouting}, a bounded enumeration with the model's successor
 *     function): a switch with no full output buffer moves every packet routed there, onto live arcs,
 *     writing only DFT entries that name live arcs; so a routing deadlock holds {@code 2 * xoff}
 *     packets in switch buffers ({@link PacketBudget});
 * <li>{@code RoutesLive}, an invariant checked on every state the search reaches: no packet sits on
 *     a dead arc and every VL0 packet on its escape route, and no DFT entry that a packet still to come
 *     could match names a dead arc, or on VL0 another arc than its message's escape route (such an
 *     entry belongs to a complete message with nothing left in flight). It is what lets the lemma's
 *     situations cover the reachable ones; it holds initially, a failure drops every packet in flight
 *     and (cleanup {@code flush}) every incomplete message's entries, and the lemma's clause (live)
 *     keeps it from step to step;
 * <li>{@code BudgetNonIncreasing}, checked on every transition the search takes.
 * </ol>
 * A deadlock found is the model's own trace, replayable as any {@code NoRoutingDeadlock}
 * counterexample. {@code NoRoutingDeadlock} verified here means: no reachable state of the full model
 * is a routing deadlock.
 */
public final class BudgetDecision {

    /** The invariant on DFT entries and packets the lemma's situations need. */
    public static final String ENTRIES_LIVE = "RoutesLive";
    /** The step property that no transition raises the packet budget. */
    public static final String NON_INCREASING = "BudgetNonIncreasing";

    private BudgetDecision() {
    }

    /** What the decision found. */
    public sealed interface Outcome {
    }

    /**
     * No reachable state is a routing deadlock.
     *
     * @param lemma    the local lemma's enumeration
     * @param states   distinct states the budgeted search reached
     * @param expanded states it expanded (the others have a budget below {@code needed})
     * @param needed   packets a routing deadlock needs in switch buffers
     * @param budget   the initial state's budget
     * @param millis   wall time of the search
     */
    public record Verified(LocalRouting.Result lemma, long states, long expanded, int needed, int budget, long millis)
            implements Outcome {
    }

    /**
     * A reachable routing deadlock, with its trace in the model.
     *
     * @param counterexample the {@code NoRoutingDeadlock} counterexample
     * @param kind           why its stuck heads cannot move ({@link NetworkModel#blocking})
     * @param lemma          the local lemma's enumeration
     * @param states         distinct states reached
     * @param needed         packets a routing deadlock needs in switch buffers
     * @param budget         the initial state's budget
     */
    public record Deadlock(Counterexample counterexample, Set<NetworkModel.Block> kind, LocalRouting.Result lemma,
                           long states, int needed, int budget) implements Outcome {
    }

    /** Which condition of the argument failed, so that nothing was decided. */
    public enum Refusal {
        /** the configuration is outside what the counting covers (another preset, hysteresis, a PFC knock-out, ...) */
        NOT_COVERED,
        /** the local lemma fails on some routing situation: a packet may be refused with room, so a deadlock may need fewer packets */
        LEMMA_FAILS,
        /** {@link #ENTRIES_LIVE} fails on a reached state: the lemma's situations may not cover the reachable ones */
        ROUTES_LIVE_FAILS,
        /** {@link #NON_INCREASING} fails on a transition: a state below the budget may still reach a deadlock */
        BUDGET_RAISED
    }

    /**
     * The argument does not apply: the configuration is outside what it covers, the local lemma
     * fails (a packet can be refused for a lost route, so a deadlock may need fewer packets), or a
     * checked assumption fails on a reached state or transition. Nothing is decided.
     *
     * @param refusal which condition failed
     * @param reason  one line saying which, and where
     * @param lemma   the local lemma's enumeration, if it ran
     * @param witness for a failed assumption, its counterexample in the model (the state, or the
     *                transition's path), else empty
     */
    public record NotApplicable(Refusal refusal, String reason, Optional<LocalRouting.Result> lemma,
                                Optional<Counterexample> witness) implements Outcome {
    }

    /**
     * The budgeted search stopped at a limit.
     *
     * @param cause    the limit, as the findings' {@code inconclusiveCause}
     * @param reason   the limit, one line
     * @param lemma    the local lemma's enumeration
     * @param states   distinct states reached
     * @param expanded states expanded
     * @param needed   packets a routing deadlock needs
     * @param budget   the initial state's budget
     * @param millis   wall time until the limit: of the search, or of the local lemma if it stopped there
     */
    public record Inconclusive(CheckResult.InconclusiveReason cause, String reason, LocalRouting.Result lemma, long states, long expanded, int needed,
                               int budget, long millis) implements Outcome {
    }

    /**
     * Decides {@code NoRoutingDeadlock} for a check of the fabric entry. The settings' time limit
     * bounds the whole decision, the lemma and the searches together; a search stops at the first
     * violation (a deadlock's trace is what is wanted, and a failed side condition decides nothing).
     *
     * @param spec     a check whose model is a {@link NetworkModel}
     * @param settings the search's settings (threads, limits)
     * @return the outcome
     */
    public static Outcome decide(CheckSpec<LayoutState> spec, ExplorerSettings settings) {
        return decide(spec, settings, n -> { });
    }

    /**
     * @param spec          a check whose model is a {@link NetworkModel}
     * @param settings      the search's settings (threads, limits, progress interval)
     * @param lemmaProgress told the routing situations checked so far, every progress interval of the settings
     * @return the outcome
     */
    public static Outcome decide(CheckSpec<LayoutState> spec, ExplorerSettings settings,
                                 java.util.function.LongConsumer lemmaProgress) {
        long start = System.nanoTime();
        long deadline = start + settings.maxMillis() * 1_000_000L;
        NetworkModel m = (NetworkModel) spec.model();
        String why = PacketBudget.notCovered(m.config(), m.fields());
        if (why != null) {
            return new NotApplicable(Refusal.NOT_COVERED, why, Optional.empty(), Optional.empty());
        }
        PacketBudget standard = new PacketBudget(m);
        PacketBudget budget = standard.failureFirstApplies() ? new PacketBudget(m, true) : standard;
        long lemmaStarted = System.nanoTime();
        LocalRouting.Result lemma;
        try {
            lemma = LocalRouting.check(m, deadline, settings.threads(), settings.progressMillis(), lemmaProgress);
        } catch (org.rdmacheck.model.BoundExceeded e) {
            // a routing decision that overflows a buffer: a model outside its bounds, nothing decided (as a
            // search that meets it)
            return new Inconclusive(CheckResult.InconclusiveReason.MODEL_BOUND, "the model's bound was exceeded "
                    + "in the local lemma: " + e.getMessage() + " (a configuration outside the model's bounds, such "
                    + "as a knock-out outside its coverage scope); nothing was decided",
                    new LocalRouting.Result(0, List.of(), 0, false, 0), 0, 0, budget.needed(), budget.initialBudget(),
                    (System.nanoTime() - lemmaStarted) / 1_000_000L);
        }
        if (lemma.failed() > 0) {
            return new NotApplicable(Refusal.LEMMA_FAILS, "the local lemma fails in " + lemma.failed() + " of "
                    + lemma.situations() + " situations, e.g. " + lemma.failures().get(0), Optional.of(lemma),
                    Optional.empty());
        }
        if (!lemma.complete()) {
            return new Inconclusive(CheckResult.InconclusiveReason.TIME_LIMIT, "time limit ("
                    + settings.maxMillis() / 1000 + " s) reached in the local lemma",
                    lemma, 0, 0, budget.needed(), budget.initialBudget(), (System.nanoTime() - lemmaStarted) / 1_000_000L);
        }
        boolean quotient = !budget.failureFirst() && m.config().failures() > 0;
        Outcome first = search(spec, budget, lemma, remaining(settings, deadline), quotient);
        if (first instanceof Deadlock && quotient) {
            // the receivers forgotten after the failure: the trace's deliveries may read differently in the
            // model; the search without the quotient gives the model's own shortest trace (a search without
            // the quotient is the same search: it is not run twice)
            if (System.nanoTime() >= deadline) {
                return first;
            }
            Outcome own = search(spec, budget, lemma, remaining(settings, deadline), false);
            return own instanceof Deadlock ? own : first;
        }
        return first;
    }

    /** The settings for a search that must end by the deadline and stops at its first violation. */
    private static ExplorerSettings remaining(ExplorerSettings settings, long deadline) {
        long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000L);
        return settings.withMaxMillis(Math.min(settings.maxMillis(), left)).withStopAtFirstViolation(true);
    }

    /**
     * The budgeted search alone, for a lemma already checked.
     *
     * @param spec     the check
     * @param budget   its budget
     * @param lemma    the local lemma's result (holds)
     * @param settings the search's settings
     * @param quotient whether states after the failure forget their receivers ({@code expected} set to 0):
     *                 nothing the search checks or prunes by reads them after the failure, and a routing
     *                 decision never does, so the reached states are the model's up to the receivers
     * @return the outcome
     */
    public static Outcome search(CheckSpec<LayoutState> spec, PacketBudget budget, LocalRouting.Result lemma,
                                 ExplorerSettings settings, boolean quotient) {
        NetworkModel m = budget.model();
        @SuppressWarnings("unchecked")
        Invariant<LayoutState> deadlock = (Invariant<LayoutState>) spec.property(FabricProperties.NO_ROUTING_DEADLOCK);
        Budgeted model = new Budgeted(m, budget, quotient);
        PackedModel.StateTest live = new RoutesCheck(m);
        PackedModel.StepTest nonIncreasing = (from, o, code, to) -> budget.budget(to, 0) <= budget.budget(from, o);
        List<Property<LayoutState>> ps = List.of(deadlock,
                new Invariant<LayoutState>(ENTRIES_LIVE, s -> s.test(live)).withPacked(live),
                new ActionProperty<LayoutState>(NON_INCREASING, (from, a, to) -> from.test(nonIncreasing, m.code(a), to))
                        .withPacked(nonIncreasing));
        CheckSpec<LayoutState> search = new CheckSpec<>(spec.modelName(), spec.variant(), spec.parameters(), model,
                ps, Set.of());
        ExplorationReport r = new Explorer(settings).check(search);
        long states = r.stats().distinctStates();
        long expanded = model.expanded.sum();
        int needed = budget.needed();
        int initial = budget.initialBudget();
        for (String assumption : List.of(ENTRIES_LIVE, NON_INCREASING)) {
            if (r.result(assumption) instanceof CheckResult.Violated v) {
                boolean state = assumption.equals(ENTRIES_LIVE);
                return new NotApplicable(state ? Refusal.ROUTES_LIVE_FAILS : Refusal.BUDGET_RAISED, assumption
                        + " fails on a " + (state ? "state" : "transition") + " reached in "
                        + (v.counterexample().steps().size() - 1) + " steps", Optional.of(lemma),
                        Optional.of(v.counterexample()));
            }
        }
        CheckResult c = r.result(FabricProperties.NO_ROUTING_DEADLOCK);
        if (c instanceof CheckResult.Violated v) {
            Set<NetworkModel.Block> kind = org.rdmacheck.checker.trace.TraceReplayer.lastState(spec, v.counterexample())
                    .map(m::blocking).orElse(java.util.Collections.emptySortedSet());
            return new Deadlock(v.counterexample(), kind, lemma, states, needed, initial);
        }
        if (r.complete() && c instanceof CheckResult.Verified) {
            return new Verified(lemma, states, expanded, needed, initial, r.stats().wallMillis());
        }
        CheckResult.InconclusiveReason cause = c instanceof CheckResult.Inconclusive i ? i.cause()
                : CheckResult.InconclusiveReason.STOPPED_EARLY;
        return new Inconclusive(cause, r.stopReason(), lemma, states, expanded, needed, initial, r.stats().wallMillis());
    }

    /**
     * The network model with the same states, actions and successors, except that a state whose
     * budget is below what a routing deadlock needs is not expanded.
     */
    static final class Budgeted extends NetworkModelView {
        private static final int FAIL = 4;
        private final PacketBudget budget;
        private final int needed;
        final LongAdder expanded = new LongAdder();

        private final boolean quotient;
        private final boolean failureFirst;
        private final int[] initial;
        private final NetworkLayout g;

        Budgeted(NetworkModel m, PacketBudget budget, boolean quotient) {
            super(m);
            this.budget = budget;
            this.needed = budget.needed();
            this.quotient = quotient && m.config().failures() > 0;
            this.failureFirst = budget.failureFirst();
            this.g = m.fields();
            LayoutState s0 = m.initialStates().get(0);
            this.initial = new int[s0.length()];
            s0.copyTo(initial, 0);
        }

        /** Whether a Fail step from this state is left out: in the failure-first search, from every state but the initial one. */
        private boolean dropsFailures(int[] s, int offset) {
            return failureFirst && !java.util.Arrays.equals(s, offset, offset + initial.length, initial, 0,
                    initial.length);
        }








        @Override
        public PackedModel.Expander expander() {
            PackedModel.Expander inner = m.expander();
            if (failureFirst) {
                return (s, offset, sink) -> {
                    if (budget.budget(s, offset) >= needed) {
                        expanded.increment();
                        boolean drop = dropsFailures(s, offset);
                        inner.successors(s, offset, (code, next, length) -> {
                            if (!drop || NetworkModel.kind(code) != FAIL) {
                                sink.accept(code, next, length);
                            }
                        });
                    }
                };
            }
            if (!quotient) {
                return (s, offset, sink) -> {
                    if (budget.budget(s, offset) >= needed) {
                        expanded.increment();
                        inner.successors(s, offset, sink);
                    }
                };
            }
            return (s, offset, sink) -> {
                if (budget.budget(s, offset) >= needed) {
                    expanded.increment();
                    inner.successors(s, offset, (code, next, length) -> {
                        if (g.failed.get(next, 0) != FabricNet.NONE) {
                            for (org.rdmacheck.model.layout.Field e : g.expected) {
                                e.set(next, 0, 0); // after the failure nothing checked reads the receivers
                            }
                        }
                        sink.accept(code, next, length);
                    });
                }
            };
        }

        @Override
        public void successors(LayoutState s, Consumer<org.rdmacheck.model.Transition<LayoutState>> sink) {
            int[] v = new int[s.length()];
            s.copyTo(v, 0);
            if (budget.budget(v, 0) >= needed) {
                boolean drop = dropsFailures(v, 0);
                m.successors(s, t -> {
                    if (drop && t.action().name().equals("Fail")) {
                        return;
                    }
                    if (!quotient || t.next().get(g.failed) == FabricNet.NONE) {
                        sink.accept(t);
                        return;
                    }
                    int[] next = new int[t.next().length()];
                    t.next().copyTo(next, 0);
                    for (org.rdmacheck.model.layout.Field e : g.expected) {
                        e.set(next, 0, 0);
                    }
                    sink.accept(new org.rdmacheck.model.Transition<>(t.action(), new LayoutState(g.layout, next, 0,
                            next.length)));
                });
            }
        }
    }
}
