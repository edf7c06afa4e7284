package org.rdmacheck.checker.thresholds;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.chocosolver.solver.Model;
import org.chocosolver.solver.Solver;
import org.chocosolver.solver.search.strategy.Search;
import org.chocosolver.solver.variables.IntVar;
import org.rdmacheck.model.InputException;

/**
 * Seed 004 §4's threshold constraints as Choco models over integer bytes: deriving the largest safe
 * settings, and searching buffer occupancies for a witness that a configuration fires PFC before
 * ECN. Every solve reports {@link SolveStatus}, so a time limit is never read as "unsatisfiable".
 */
public final class ThresholdSolver {

    private final long timeLimitMillis;

    /**
     * @param timeLimitMillis time limit per solve
     */
    public ThresholdSolver(long timeLimitMillis) {
        if (timeLimitMillis <= 0) {
            throw new InputException("solver time limit = " + timeLimitMillis + " ms: expected a positive duration");
        }
        this.timeLimitMillis = timeLimitMillis;
    }

    /**
     * Static: maximise t_PFC under {@code p·n·(t_PFC + t_flight) ≤ B}, then t_ECN under
     * {@code n·t_ECN < t_PFC}.
     *
     * @param sw      a switch
     * @param tFlight headroom
     * @return the derivation
     */
    public StaticDerivation deriveStatic(SwitchSpec sw, long tFlight) {
        checkDomain(sw);
        long shared = ThresholdMath.sharedBuffer(sw, tFlight);
        if (shared < (long) sw.priorities() * sw.ports()) {
            return new StaticDerivation(SolveStatus.UNSATISFIABLE, 0, -1, false);
        }
        Model m = new Model("static-pfc");
        IntVar tPfc = m.intVar("tPfc", 1, (int) sw.bufferBytes(), true);
        // seed 004 §4, PFC threshold: p·n·t_PFC ≤ B − p·n·t_flight (no loss once paused)
        m.scalar(new IntVar[] {tPfc}, new int[] {sw.priorities() * sw.ports()}, "<=", (int) shared).post();
        Optimum pfc = maximise(m, tPfc, null);
        if (pfc.status != SolveStatus.SATISFIABLE) {
            return new StaticDerivation(pfc.status, 0, -1, false);
        }
        Model e = new Model("static-ecn");
        IntVar tEcn = e.intVar("tEcn", 0, (int) sw.bufferBytes(), true);
        // seed 004 §4, ECN threshold: n·t_ECN < t_PFC (worst case: one ingress feeds all n egress queues)
        e.scalar(new IntVar[] {tEcn}, new int[] {sw.ports()}, "<=", (int) pfc.value - 1).post();
        Optimum ecn = maximise(e, tEcn, null);
        long best = ecn.status == SolveStatus.SATISFIABLE ? ecn.value : -1;
        return new StaticDerivation(ecn.status, pfc.value, best, best >= sw.mtuBytes());
    }

    /**
     * Dynamic: choose β from the chip's set (an element constraint over each β's exact bound) and
     * maximise t_ECN.
     *
     * @param sw      a switch
     * @param tFlight headroom
     * @return the derivation
     */
    public DynamicDerivation deriveDynamic(SwitchSpec sw, long tFlight) {
        checkDomain(sw);
        List<BetaBound> bounds = new ArrayList<>();
        int[] table = new int[sw.betas().size()];
        for (int i = 0; i < table.length; i++) {
            long ub = ThresholdMath.dynamicEcnMax(sw, tFlight, sw.betas().get(i));
            bounds.add(new BetaBound(sw.betas().get(i), ub));
            table[i] = (int) ub;
        }
        Model m = new Model("dynamic-derivation");
        IntVar idx = m.intVar("beta", 0, table.length - 1);
        IntVar bound = m.intVar("bound", -1, (int) sw.bufferBytes(), true);
        IntVar tEcn = m.intVar("tEcn", 0, (int) sw.bufferBytes(), true);
        m.element(bound, table, idx).post();
        m.arithm(tEcn, "<=", bound).post();
        Optimum ecn = maximise(m, tEcn, idx);
        if (ecn.status != SolveStatus.SATISFIABLE) {
            return new DynamicDerivation(ecn.status, Optional.empty(), -1, false, bounds);
        }
        return new DynamicDerivation(ecn.status, Optional.of(sw.betas().get(ecn.extra)), ecn.value,
                ecn.value >= sw.mtuBytes(), bounds);
    }

    /**
     * Searches occupancies q_e ≤ t_ECN of the n egress queues fed by one ingress queue (and the
     * other priorities' queues, which fill the shared buffer) at which that ingress reaches t_PFC.
     * Minimises the ingress occupancy, so the witness is the earliest such state.
     *
     * @param sw      a switch
     * @param tFlight headroom
     * @param config  the configuration
     * @return the search outcome
     */
    public WitnessSearch findWitness(SwitchSpec sw, long tFlight, ThresholdConfig config) {
        checkDomain(sw);
        long t0 = System.currentTimeMillis();
        long shared = ThresholdMath.sharedBuffer(sw, tFlight);
        long cap = ThresholdMath.occupancyCap(sw, tFlight, config.mode());
        long tEcn = Math.min(config.tEcn(), cap);
        if (cap <= 0) {
            return new WitnessSearch(SolveStatus.UNSATISFIABLE, Optional.empty(), true, 0);
        }
        Model m = new Model("ecn-before-pfc-witness");
        IntVar[] fed = m.intVarArray("q", sw.ports(), 0, (int) tEcn, true);
        IntVar ingress = m.intVar("I", 1, (int) Math.min((long) sw.ports() * tEcn, cap), true);
        // other priorities' queues only matter to a dynamic t_PFC (they raise s); keep them empty otherwise
        long othersMax = config.mode() == ThresholdMode.STATIC ? 0
                : Math.min((long) (sw.priorities() - 1) * sw.ports() * tEcn, cap);
        IntVar others = m.intVar("o", 0, (int) othersMax, true);
        m.sum(fed, "=", ingress).post();
        m.arithm(ingress, "+", others, "<=", (int) cap).post();
        if (config.mode() == ThresholdMode.STATIC) {
            m.arithm(ingress, ">=", (int) Math.min(config.tPfc(), cap + 1)).post();
        } else {
            Beta beta = config.beta().orElseThrow();
            long bd = Math.multiplyExact(beta.denominator(), sw.betaDivisor());
            long a = beta.numerator();
            // seed 004 §4: I ≥ β(B' − s)/d with s = I + o, i.e. (b·d + a)·I + a·o ≥ a·B'
            m.scalar(new IntVar[] {ingress, others}, new int[] {fitInt(bd + a), fitInt(a)}, ">=",
                    fitInt(Math.multiplyExact(a, shared))).post();
        }
        Solver s = m.getSolver();
        s.setSearch(Search.inputOrderUBSearch(others), Search.inputOrderLBSearch(ingress), Search.inputOrderUBSearch(fed));
        s.limitTime(timeLimitMillis);
        m.setObjective(Model.MINIMIZE, ingress);
        long[] best = null;
        while (s.solve()) {
            best = new long[sw.ports() + 1];
            for (int i = 0; i < sw.ports(); i++) {
                best[i] = fed[i].getValue();
            }
            best[sw.ports()] = others.getValue();
        }
        boolean stopped = s.isStopCriterionMet();
        long millis = System.currentTimeMillis() - t0;
        if (best == null) {
            return new WitnessSearch(stopped ? SolveStatus.TIMED_OUT : SolveStatus.UNSATISFIABLE, Optional.empty(),
                    false, millis);
        }
        return new WitnessSearch(SolveStatus.SATISFIABLE, Optional.of(Witnesses.build(sw, tFlight, config, best)),
                !stopped, millis);
    }

    private record Optimum(SolveStatus status, long value, int extra) {
    }

    private Optimum maximise(Model m, IntVar objective, IntVar beta) {
        Solver s = m.getSolver();
        s.limitTime(timeLimitMillis);
        m.setObjective(Model.MAXIMIZE, objective);
        long best = Long.MIN_VALUE;
        int extra = -1;
        while (s.solve()) {
            best = objective.getValue();
            extra = beta == null ? -1 : beta.getValue();
        }
        if (best == Long.MIN_VALUE) {
            return new Optimum(s.isStopCriterionMet() ? SolveStatus.TIMED_OUT : SolveStatus.UNSATISFIABLE, 0, -1);
        }
        if (s.isStopCriterionMet()) {
            // a bound was found but not proven optimal: not a derivation
            return new Optimum(SolveStatus.TIMED_OUT, best, extra);
        }
        return new Optimum(SolveStatus.SATISFIABLE, best, extra);
    }

    private static void checkDomain(SwitchSpec sw) {
        if (sw.bufferBytes() > IntVar.MAX_INT_BOUND) {
            throw new InputException("buffer = " + sw.bufferBytes() + " B: the solver's integer domains hold at most "
                    + IntVar.MAX_INT_BOUND + " bytes");
        }
    }

    private static int fitInt(long v) {
        if (v > Integer.MAX_VALUE || v < Integer.MIN_VALUE) {
            throw new InputException("coefficient " + v + " of the dynamic PFC constraint exceeds the solver's 32-bit"
                    + " arithmetic (use a smaller beta denominator or buffer)");
        }
        return (int) v;
    }
}
