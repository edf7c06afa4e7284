package org.rdmacheck.checker.fabric;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.Expansion;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Property;
import org.rdmacheck.properties.fabric.FabricProperties;

/**
 * Decides the fabric's per-flow safety properties ({@code InOrderDelivery},
 * {@code NoLossNoDuplicationFaultFree}, {@code InOrderAfterFailure}, {@code NoDftLeak},
 * {@code NoStaleDftEntry}) and {@code DeadlockFree} for configurations whose full state space is out of
 * reach, by an assume-guarantee argument per flow: each flow is explored against a chaotic environment
 * ({@link FlowProjection}, built from the model's own successor function), and every reachable state of
 * the model projects into each flow's abstract reachable set. A property of one message that holds on
 * every abstract state and step of its flow holds at the configuration. Each property is one the
 * catalogue states, evaluated by its own test on the projected states (which write the other flows as
 * complete): the step properties read only the delivering flow's receiver and the failed element; on
 * a projected state {@code NoDftLeak} says that a complete message keeps no entry and
 * {@code NoStaleDftEntry} that the flow's entries belong to a transmission under way, and their
 * conjunction over the flows is the property of the whole state.
 *
 * <p>An abstract violation may be an artefact of the chaotic environment: it is confirmed by a search
 * of the model itself restricted to the states whose projection lies on the abstract trace (every
 * other flow and the background free), then, with the time left, by the model's unrestricted search
 * for the property; a violation found so is the model's own trace (VIOLATED), else the violation is
 * only possible (POSSIBLE, not decided).
 *
 * <p>{@code DeadlockFree} follows from three checked facts: {@code NoRoutingDeadlock} (decided by
 * {@link BudgetDecision}, which also checks the local lemma: with no output buffer full, a message's
 * next packet at its source ToR has a move), {@link FlowProjection#DRAINED} on every flow (a flow whose
 * packets are all sent and none in flight is complete), and the configuration's bound
 * {@code min(threshold, background) < xoff}. A reachable state with no successor either holds buffered
 * packets none of which moves (a routing deadlock) or has empty buffers; then every message has sent
 * all its packets (else its next one has a move: its source ToR's buffers hold only background, below
 * {@code xoff}), so each is complete: the state is final.
 */
public final class PerFlowDecision {

    /** The properties decided per flow, in report order. */
    public static final List<String> SAFETY = List.of(FabricProperties.IN_ORDER, FabricProperties.EXACTLY_ONCE,
            FabricProperties.IN_ORDER_AFTER_FAILURE, FabricProperties.NO_LEAK, FabricProperties.NO_STALE);

    private PerFlowDecision() {
    }

    /** A property's verdict over the configuration. */
    public enum Verdict {
        /** holds on every flow's abstract state space (exhausted): holds at the configuration */
        VERIFIED,
        /** the model's own trace violates it */
        VIOLATED,
        /** an abstract violation the confirming search did not find in the model: not decided */
        POSSIBLE,
        /** a limit was reached, or the argument does not apply: not decided */
        INCONCLUSIVE
    }

    /**
     * One flow's abstract search.
     *
     * @param flow        the flow, as the configuration writes it
     * @param states      abstract states reached
     * @param situations  routing situations covered (every environment of every local situation decided)
     * @param decisions   routing decisions the model computed for them (a decision read only part of its
     *                    environment and stands for every situation that agrees on that part)
     * @param memoised    distinct local situations
     * @param millis      wall time
     * @param complete    whether the abstract state space was exhausted
     * @param stopReason  why not, if not
     * @param stopped     the limit that stopped it, as the findings' {@code inconclusiveCause} (empty when
     *                    complete, or when the projection's assumption failed)
     * @param failedCheck the check of the projection's assumption that failed, if one did (then nothing is
     *                    decided and {@code stopReason} says where)
     */
    public record FlowRun(String flow, long states, long situations, long decisions, long memoised, long millis,
                          boolean complete, String stopReason, Optional<CheckResult.InconclusiveReason> stopped,
                          Optional<FlowProjection.Check> failedCheck) {

        /** @return whether the projection's assumption failed where a decision was computed (nothing decided) */
        public boolean assumptionFailed() {
            return failedCheck.isPresent();
        }
    }

    /**
     * A property's verdict.
     *
     * @param property     the property
     * @param verdict      the verdict
     * @param flow         the flow of the violation (VIOLATED or POSSIBLE), else empty
     * @param trace        the model's trace (VIOLATED) or the abstract one (POSSIBLE)
     * @param note         one line: how it was decided
     */
    public record PropertyVerdict(String property, Verdict verdict, Optional<String> flow,
                                  Optional<Counterexample> trace, String note) {
    }

    /**
     * What the decision found.
     *
     * @param flows    each flow's abstract search
     * @param verdicts the properties' verdicts, in report order ({@code DeadlockFree} last, if asked)
     * @param budget   the {@code NoRoutingDeadlock} decision {@code DeadlockFree} used, if run
     */
    public record Outcome(List<FlowRun> flows, List<PropertyVerdict> verdicts, Optional<BudgetDecision.Outcome> budget) {
    }

    /**
     * @param spec          a check of the fabric entry
     * @param settings      the abstract searches' settings (limits apply to each flow)
     * @param confirmMillis time each confirming search of the model may take (0: none)
     * @param budget        whether to decide {@code DeadlockFree}, running {@link BudgetDecision} for
     *                      {@code NoRoutingDeadlock} with {@code budgetSettings}
     * @param budgetSettings the budgeted search's settings
     * @param progress      receives one line per stage, and one progress line per progress interval of the
     *                      settings (the abstract searches, the confirming searches, the budget's local lemma)
     * @return the outcome
     * @throws IllegalArgumentException when the projection does not cover the configuration (the reason)
     */
    public static Outcome decide(CheckSpec<LayoutState> spec, ExplorerSettings settings, long confirmMillis,
                                 boolean budget, ExplorerSettings budgetSettings, Consumer<String> progress) {
        return decide(spec, settings, confirmMillis, budget, budgetSettings, progress, false);
    }

    /** As above; {@code classesOnly} for tests only (see {@link FlowProjection.Enumeration#CLASSES}). */
    static Outcome decide(CheckSpec<LayoutState> spec, ExplorerSettings settings, long confirmMillis,
                          boolean budget, ExplorerSettings budgetSettings, Consumer<String> progress,
                          boolean classesOnly) {
        return decide(spec, settings, confirmMillis, budget, budgetSettings, progress,
                classesOnly ? FlowProjection.Enumeration.CLASSES : FlowProjection.Enumeration.TREE);
    }

    /** As above, with the environments enumerated as given (tests compare the enumerations). */
    static Outcome decide(CheckSpec<LayoutState> spec, ExplorerSettings settings, long confirmMillis,
                          boolean budget, ExplorerSettings budgetSettings, Consumer<String> progress,
                          FlowProjection.Enumeration enumeration) {
        NetworkModel m = (NetworkModel) spec.model();
        String why = FlowProjection.notCovered(m);
        if (why != null) {
            throw new IllegalArgumentException(why);
        }
        List<String> names = new ArrayList<>(SAFETY);
        names.add(FlowProjection.DRAINED);
        List<FlowRun> runs = new ArrayList<>();
        Map<String, List<Finding>> findings = new LinkedHashMap<>();
        names.forEach(n -> findings.put(n, new ArrayList<>()));
        int flows = m.config().flows().size();
        FlowProjection[] projections = new FlowProjection[flows];
        Object[] searched = new Object[flows]; // each flow's report, or what its search threw
        for (int f = 0; f < flows; f++) {
            projections[f] = new FlowProjection(m, f, enumeration);
        }
        // the flows' abstract searches side by side when there are threads for more than one: each on its
        // share of the threads, so that no core waits for a level of one flow's search while another
        // flow's is still to do (the two short flows at paper scale are the same size)
        int side = Math.min(settings.threads(), flows);
        ExplorerSettings each = side > 1 ? settings.withThreads(Math.max(1, settings.threads() / side)) : settings;
        if (side > 1) {
            java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(side, r -> {
                Thread t = new Thread(r, "per-flow");
                t.setDaemon(true);
                return t;
            });
            try {
                List<java.util.concurrent.Future<?>> done = new ArrayList<>();
                for (int f = 0; f < flows; f++) {
                    int ff = f;
                    done.add(pool.submit(() -> {
                        searched[ff] = search(spec, projections[ff], each, progress);
                    }));
                }
                for (java.util.concurrent.Future<?> d : done) {
                    d.get();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            } catch (java.util.concurrent.ExecutionException e) {
                if (e.getCause() instanceof Error err) {
                    throw err;
                }
                throw new IllegalStateException(e.getCause());
            } finally {
                pool.shutdownNow();
            }
        } else {
            for (int f = 0; f < flows; f++) {
                searched[f] = search(spec, projections[f], each, progress);
            }
        }
        for (int f = 0; f < flows; f++) {
            FlowProjection p = projections[f];
            ExplorationReport r;
            if (p.timedOut()) {
                // stopped inside an abstract state's expansion, which the explorer's own limit does not reach
                String limit = "time limit (" + settings.maxMillis() / 1000 + " s) reached while an abstract state's "
                        + "successors were computed";
                long states = searched[f] instanceof ExplorationReport rr ? rr.stats().distinctStates() : 0;
                long millis = searched[f] instanceof ExplorationReport rr ? rr.stats().wallMillis() : 0;
                runs.add(new FlowRun(p.flowName(), states, p.situations.sum(), p.decisions.sum(), p.memoised(), millis,
                        false, limit, Optional.of(CheckResult.InconclusiveReason.TIME_LIMIT), Optional.empty()));
                for (String n : names) {
                    findings.get(n).add(new Finding.Open(p.flowName(), "not decided: " + limit));
                }
                continue;
            }
            if (searched[f] instanceof RuntimeException e) {
                FlowProjection.AssumptionFailed a = assumption(e);
                if (a == null) {
                    throw e;
                }
                runs.add(new FlowRun(p.flowName(), 0, p.situations.sum(), p.decisions.sum(), p.memoised(), 0, false,
                        a.getMessage(), Optional.empty(), Optional.of(a.check())));
                for (String n : names) {
                    findings.get(n).add(new Finding.Open(p.flowName(), "not decided: " + a.getMessage()));
                }
                continue;
            }
            r = (ExplorationReport) searched[f];
            if (p.failure().isPresent()) {
                // the explorer caught it as a model failure: the run stopped there, nothing is decided
                FlowProjection.AssumptionFailed a = p.failure().get();
                runs.add(new FlowRun(p.flowName(), r.stats().distinctStates(), p.situations.sum(), p.decisions.sum(),
                        p.memoised(), r.stats().wallMillis(), false, a.getMessage(), Optional.empty(),
                        Optional.of(a.check())));
                for (String n : names) {
                    findings.get(n).add(new Finding.Open(p.flowName(), "not decided: " + a.getMessage()));
                }
                continue;
            }
            Optional<CheckResult.InconclusiveReason> cause = r.complete() ? Optional.empty() : Optional.of(
                    r.results().stream().filter(c -> c instanceof CheckResult.Inconclusive)
                            .map(c -> ((CheckResult.Inconclusive) c).cause()).findFirst()
                            .orElse(CheckResult.InconclusiveReason.STOPPED_EARLY));
            runs.add(new FlowRun(p.flowName(), r.stats().distinctStates(), p.situations.sum(), p.decisions.sum(),
                    p.memoised(), r.stats().wallMillis(), r.complete(), r.stopReason(), cause, Optional.empty()));
            for (String n : names) {
                CheckResult cr = r.result(n);
                if (cr instanceof CheckResult.Failed fl) {
                    findings.get(n).add(new Finding.Open(p.flowName(), "not decided: " + fl.error()));
                } else if (cr instanceof CheckResult.Violated v) {
                    progress.accept("flow " + p.flowName() + ": " + n + " violated in the abstraction ("
                            + (v.counterexample().steps().size() - 1) + " steps); confirming in the model");
                    ExplorerSettings cs = reporting(settings, progress, rp -> String.format(Locale.ROOT,
                            "progress: flow %s, confirming %s in the model: %,d states, depth %d, %.1f s elapsed",
                            p.flowName(), n, rp.distinctStates(), rp.depth(), rp.elapsedMillis() / 1000.0));
                    Optional<Counterexample> real = confirmMillis <= 0 ? Optional.empty()
                            : confirm(spec, p, n, v.counterexample(), cs.withMaxMillis(confirmMillis));
                    findings.get(n).add(real.isPresent() ? new Finding.Real(p.flowName(), real.get())
                            : new Finding.Abstract(p.flowName(), v.counterexample()));
                } else if (r.complete() && cr instanceof CheckResult.Verified) {
                    findings.get(n).add(new Finding.Holds(p.flowName()));
                } else {
                    findings.get(n).add(new Finding.Open(p.flowName(), "the abstract search stopped: " + r.stopReason()));
                }
            }
        }
        List<PropertyVerdict> verdicts = new ArrayList<>();
        for (String n : SAFETY) {
            verdicts.add(combine(n, findings.get(n)));
        }
        PropertyVerdict drained = combine(FlowProjection.DRAINED, findings.get(FlowProjection.DRAINED));
        verdicts.add(drained);
        Optional<BudgetDecision.Outcome> budgetOutcome = Optional.empty();
        String deadlockFree = DeadlockFreedom.standard().name();
        if (budget) {
            String bound = backgroundBound(m);
            BudgetDecision.Outcome b = null;
            if (bound == null && drained.verdict() == Verdict.VERIFIED) {
                progress.accept("NoRoutingDeadlock: the packet budget");
                long started = System.nanoTime();
                b = BudgetDecision.decide(spec, budgetSettings, k -> progress.accept(String.format(Locale.ROOT,
                        "progress: local lemma, %,d routing situations checked, %.1f s elapsed", k,
                        (System.nanoTime() - started) / 1e9)));
                budgetOutcome = Optional.of(b);
            }
            verdicts.add(deadlockFree(deadlockFree, bound, drained, b));
        }
        return new Outcome(runs, verdicts, budgetOutcome);
    }

    /** One flow's abstract search: its report, or the exception it ended with (returned, not thrown). */
    private static Object search(CheckSpec<LayoutState> spec, FlowProjection p, ExplorerSettings settings,
                                 Consumer<String> progress) {
        List<Property<LayoutState>> ps = new ArrayList<>();
        for (String n : SAFETY) {
            ps.add(spec.property(n));
        }
        ps.add(drained(p));
        CheckSpec<LayoutState> abs = new CheckSpec<>(spec.modelName(), spec.variant(), spec.parameters(), p, ps,
                Set.of());
        progress.accept("flow " + p.flowName() + ": abstract search");
        if (settings.maxMillis() < Long.MAX_VALUE / 2_000_000L) {
            p.deadline(System.nanoTime() + settings.maxMillis() * 1_000_000L);
        }
        try {
            return new Explorer(reporting(settings, progress, rp -> String.format(Locale.ROOT,
                    "progress: flow %s, abstract search: %,d abstract states, queue %,d, depth %d, %,d routing "
                            + "situations covered by %,d decisions (%,d local), %.1f s elapsed", p.flowName(),
                    rp.distinctStates(), rp.queue(), rp.depth(), p.situations.sum(), p.decisions.sum(),
                    p.memoised(), rp.elapsedMillis() / 1000.0))
                    .withStopAtFirstViolation(false)).check(abs);
        } catch (RuntimeException e) {
            return e;
        }
    }

    /** The settings with their progress reports written as one line each by {@code line}, to {@code progress}. */
    private static ExplorerSettings reporting(ExplorerSettings settings, Consumer<String> progress,
                                              java.util.function.Function<ExplorerSettings.ProgressReport, String> line) {
        return settings.progressMillis() <= 0 ? settings
                : settings.withProgress(settings.progressMillis(), r -> progress.accept(line.apply(r)));
    }

    private static PropertyVerdict deadlockFree(String name, String bound, PropertyVerdict drained,
                                                BudgetDecision.Outcome b) {
        if (bound != null) {
            return new PropertyVerdict(name, Verdict.INCONCLUSIVE, Optional.empty(), Optional.empty(),
                    "not decided: " + bound);
        }
        if (drained.verdict() != Verdict.VERIFIED) {
            return new PropertyVerdict(name, Verdict.INCONCLUSIVE, drained.flow(), Optional.empty(),
                    "not decided: " + FlowProjection.DRAINED + " is " + drained.verdict());
        }
        if (b instanceof BudgetDecision.Verified v) {
            return new PropertyVerdict(name, Verdict.VERIFIED, Optional.empty(), Optional.empty(), String.format(
                    java.util.Locale.ROOT, "NoRoutingDeadlock VERIFIED by the packet budget (%,d states), the source "
                            + "clause of the local lemma on %,d situations, %s on every flow", v.states(),
                    v.lemma().situations(), FlowProjection.DRAINED));
        }
        if (b instanceof BudgetDecision.Deadlock d) {
            return new PropertyVerdict(name, Verdict.INCONCLUSIVE, Optional.empty(), Optional.of(d.counterexample()),
                    "not decided: a routing deadlock is reachable (NoRoutingDeadlock VIOLATED, "
                            + (d.counterexample().steps().size() - 1) + " steps); check decides whether a stall follows");
        }
        String reason = b instanceof BudgetDecision.Inconclusive i ? "the packet budget stopped: " + i.reason()
                : "the packet budget does not apply: " + ((BudgetDecision.NotApplicable) b).reason();
        return new PropertyVerdict(name, Verdict.INCONCLUSIVE, Optional.empty(), Optional.empty(), "not decided: " + reason);
    }

    /** @return null when a buffer's background alone stays below xoff, else why not */
    static String backgroundBound(NetworkModel m) {
        var c = m.config();
        int bg = Math.min(c.threshold(), c.background());
        return bg < c.xoff() ? null : "min(threshold, background) = " + bg + " reaches xoff = " + c.xoff()
                + ": a buffer of background alone may pause its upstream";
    }

    private static FlowProjection.AssumptionFailed assumption(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof FlowProjection.AssumptionFailed a) {
                return a;
            }
        }
        return null;
    }

    /** What one flow's abstract search said of one property. */
    private sealed interface Finding {
        String flow();

        record Holds(String flow) implements Finding {
        }

        record Real(String flow, Counterexample trace) implements Finding {
        }

        record Abstract(String flow, Counterexample trace) implements Finding {
        }

        record Open(String flow, String reason) implements Finding {
        }
    }

    private static PropertyVerdict combine(String n, List<Finding> fs) {
        for (Finding f : fs) {
            if (f instanceof Finding.Real r) {
                return new PropertyVerdict(n, Verdict.VIOLATED, Optional.of(r.flow()), Optional.of(r.trace()),
                        "the model's trace, found by a search of the model toward the abstract violation of flow "
                                + r.flow());
            }
        }
        for (Finding f : fs) {
            if (f instanceof Finding.Abstract a) {
                return new PropertyVerdict(n, Verdict.POSSIBLE, Optional.of(a.flow()), Optional.of(a.trace()),
                        "violated in the abstraction of flow " + a.flow() + "; not found in the model");
            }
        }
        for (Finding f : fs) {
            if (f instanceof Finding.Open o) {
                return new PropertyVerdict(n, Verdict.INCONCLUSIVE, Optional.of(o.flow()), Optional.empty(),
                        "flow " + o.flow() + ": " + o.reason());
            }
        }
        return new PropertyVerdict(n, Verdict.VERIFIED, Optional.empty(), Optional.empty(),
                "holds on every flow's abstract state space");
    }

    private static Property<LayoutState> drained(FlowProjection p) {
        PackedModel.StateTest t = p::drained;
        return new Invariant<LayoutState>(FlowProjection.DRAINED, s -> s.test(t)).withPacked(t);
    }

    // ---- confirming an abstract violation in the model ----

    /**
     * Searches the model itself for a violation of the property, restricted to the states whose
     * projection onto the flow is a state of the abstract trace (or of a trace with the same actions).
     */
    static Optional<Counterexample> confirm(CheckSpec<LayoutState> spec, FlowProjection p, String property,
                                            Counterexample abstractTrace, ExplorerSettings settings) {
        NetworkModel m = p.model();
        Set<Projected> on = onTrace(p, abstractTrace);
        Property<LayoutState> prop = property.equals(FlowProjection.DRAINED) ? drained(p) : spec.property(property);
        Guided guided = new Guided(m, p, on);
        CheckSpec<LayoutState> search = new CheckSpec<>(spec.modelName(), spec.variant(), spec.parameters(), guided,
                List.of(prop), Set.of());
        long half = Math.max(1, settings.maxMillis() / 2);
        long start = System.currentTimeMillis();
        ExplorationReport r = new Explorer(settings.withStopAtFirstViolation(true).withMaxMillis(half)).check(search);
        if (r.result(property) instanceof CheckResult.Violated v) {
            return Optional.of(v.counterexample());
        }
        // the abstract trace may need an environment no other flow gives: the model's own search, unrestricted,
        // with the time left
        long left = settings.maxMillis() - (System.currentTimeMillis() - start);
        if (left <= 0) {
            return Optional.empty();
        }
        CheckSpec<LayoutState> plain = new CheckSpec<>(spec.modelName(), spec.variant(), spec.parameters(), m,
                List.of(prop), Set.of());
        r = new Explorer(settings.withStopAtFirstViolation(true).withMaxMillis(left)).check(plain);
        return r.result(property) instanceof CheckResult.Violated v ? Optional.of(v.counterexample())
                : Optional.empty();
    }

    /** A projected state's values, as a set element. */
    private record Projected(int[] values) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Projected q && Arrays.equals(values, q.values);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(values);
        }
    }

    /** The abstract states of every trace with the counterexample's actions, from the initial state. */
    private static Set<Projected> onTrace(FlowProjection p, Counterexample ce) {
        NetworkModel m = p.model();
        Set<Projected> on = new HashSet<>();
        List<int[]> level = new ArrayList<>();
        for (LayoutState s0 : p.initialStates()) {
            int[] v = new int[s0.length()];
            s0.copyTo(v, 0);
            level.add(v);
        }
        level.forEach(v -> on.add(new Projected(v)));
        PackedModel.Expander x = p.expander();
        List<TraceStep> steps = ce.steps();
        for (int i = 1; i < steps.size(); i++) {
            long code = m.code(steps.get(i).action());
            List<int[]> next = new ArrayList<>();
            Set<Projected> seen = new HashSet<>();
            for (int[] s : level) {
                x.successors(s, 0, (cd, nx, len) -> {
                    if (cd == code) {
                        int[] v = Arrays.copyOf(nx, len);
                        if (seen.add(new Projected(v))) {
                            next.add(v);
                        }
                    }
                });
            }
            level = next;
            on.addAll(seen);
        }
        return on;
    }

    /** The model with only the successors whose projection onto the flow lies on the abstract trace. */
    private static final class Guided extends NetworkModelView {
        private final FlowProjection p;
        private final Set<Projected> on;
        private final ThreadLocal<Expansion> xs;

        Guided(NetworkModel m, FlowProjection p, Set<Projected> on) {
            super(m);
            this.p = p;
            this.on = on;
            this.xs = ThreadLocal.withInitial(() -> Expansion.onPackedValues(m.layout()));
        }








        @Override
        public PackedModel.Expander expander() {
            PackedModel.Expander inner = m.expander();
            return (s, offset, sink) -> inner.successors(s, offset, (code, next, length) -> {
                if (on.contains(new Projected(p.projection(xs.get(), next, 0)))) {
                    sink.accept(code, next, length);
                }
            });
        }
    }
}
