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
            throw new InputException("solver time limit = " + org.rdmacheck.checker.TimeText.of(timeLimitMillis)
                    + ": expected a positive duration");
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
        // a priori, one queue's threshold is at most its share of the whole buffer
        long share = sw.bufferBytes() / ((long) sw.priorities() * sw.ports());
        IntVar tPfc = m.intVar("tPfc", 1, domain(share, "B/(p*n)"), true);
        // seed 004 §4, PFC threshold: p·n·t_PFC ≤ B − p·n·t_flight (no loss once paused)
        m.scalar(new IntVar[] {tPfc}, new int[] {sw.priorities() * sw.ports()}, "<=", fitInt(shared)).post();
        Optimum pfc = maximise(m, tPfc, null);
        if (pfc.status != SolveStatus.SATISFIABLE) {
            return new StaticDerivation(pfc.status, 0, -1, false);
        }
        Model e = new Model("static-ecn");
        IntVar tEcn = e.intVar("tEcn", 0, domain(share, "B/(p*n)"), true);
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
            table[i] = fitInt(ub);
        }
        Model m = new Model("dynamic-derivation");
        IntVar idx = m.intVar("beta", 0, table.length - 1);
        int top = Math.max(0, java.util.Arrays.stream(table).max().orElse(0));
        IntVar bound = m.intVar("bound", -1, top, true);
        IntVar tEcn = m.intVar("tEcn", 0, top, true);
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
        long cap = ThresholdMath.occupancyCap(sw, tFlight, config.mode());
        if (cap <= 0) {
            return new WitnessSearch(SolveStatus.UNSATISFIABLE, Optional.empty(), true, 0);
        }
        Model m = new Model("ecn-before-pfc-witness");
        WitnessVars v = witnessModel(m, sw, tFlight, config, cap);
        Solver s = m.getSolver();
        // fill the other priorities first (a full buffer lowers a dynamic t_PFC), then the least ingress
        if (v.others.length > 0) {
            s.setSearch(Search.inputOrderUBSearch(v.others), Search.inputOrderLBSearch(v.ingress),
                    Search.inputOrderUBSearch(v.fed));
        } else {
            s.setSearch(Search.inputOrderLBSearch(v.ingress), Search.inputOrderUBSearch(v.fed));
        }
        s.limitTime(timeLimitMillis);
        m.setObjective(Model.MINIMIZE, v.ingress);
        long[] best = null;
        while (s.solve()) {
            best = new long[v.fed.length + v.others.length];
            for (int i = 0; i < best.length; i++) {
                best[i] = (i < v.fed.length ? v.fed[i] : v.others[i - v.fed.length]).getValue();
            }
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

    /**
     * Searches the occupancy q of one egress queue, fed by one ingress queue, at which ECN marks
     * ({@code q > t_ECN}) while Dart does not deflect ({@code q <= deflection}) and the ingress is below
     * t_PFC (static {@code q < t_PFC};
     * dynamic {@code d·q < β(B' − q)} with the queue alone in the buffer). Minimises q. Marking and
     * deflection follow one rule, a threshold acts once the queue exceeds it ({@link ThresholdMath#exceeds}:
     * seed 004 §3 and §4, seed 000 §IV-B).
     *
     * @param sw      a switch
     * @param tFlight headroom
     * @param config  a configuration with a deflection threshold
     * @return the search outcome
     */
    public DeflectionSearch findDeflectionWitness(SwitchSpec sw, long tFlight, ThresholdConfig config) {
        checkDomain(sw);
        long t0 = System.currentTimeMillis();
        long hi = Math.min(config.deflection(), ThresholdMath.occupancyCap(sw, tFlight, config.mode()));
        long lo = Math.max(1, config.tEcn() + 1); // the least queue that exceeds t_ECN
        if (config.deflection() <= 0 || hi < lo) {
            return new DeflectionSearch(SolveStatus.UNSATISFIABLE, Optional.empty(), 0);
        }
        Model m = new Model("deflection-before-ecn-witness");
        IntVar q = m.intVar("q", fitInt(lo), domain(hi, "min(deflection, B)"), true);
        if (config.mode() == ThresholdMode.STATIC) {
            m.arithm(q, "<", fitInt(config.tPfc())).post();
        } else {
            Beta beta = config.beta().orElseThrow();
            long a = beta.numerator();
            // seed 004 §4 with s = I = q: not paused iff b·d·q < a·(B' − q), i.e. (b·d + a)·q < a·B'
            m.scalar(new IntVar[] {q}, new int[] {fitInt(Math.multiplyExact(beta.denominator(), sw.betaDivisor()) + a)},
                    "<", fitInt(Math.multiplyExact(a, ThresholdMath.sharedBuffer(sw, tFlight)))).post();
        }
        Solver s = m.getSolver();
        s.setSearch(Search.inputOrderLBSearch(q));
        s.limitTime(timeLimitMillis);
        m.setObjective(Model.MINIMIZE, q);
        long best = -1;
        while (s.solve()) {
            best = q.getValue();
        }
        boolean stopped = s.isStopCriterionMet();
        long millis = System.currentTimeMillis() - t0;
        if (best < 0) {
            return new DeflectionSearch(stopped ? SolveStatus.TIMED_OUT : SolveStatus.UNSATISFIABLE, Optional.empty(),
                    millis);
        }
        return new DeflectionSearch(SolveStatus.SATISFIABLE, Optional.of(new DeflectionWitness(0, 0, best,
                config.tEcn(), config.deflection(), Witnesses.pfcThreshold(sw, tFlight, config, best))), millis);
    }

    /** The witness model's variables: fed egress queues, their sum, and one total per other priority. */
    private record WitnessVars(IntVar[] fed, IntVar ingress, IntVar[] others) {
    }

    private static WitnessVars witnessModel(Model m, SwitchSpec sw, long tFlight, ThresholdConfig config, long cap) {
        long tEcn = Math.min(config.tEcn(), cap);
        boolean dynamic = config.mode() == ThresholdMode.DYNAMIC;
        // no egress queue above t_ECN: ECN has not fired anywhere
        IntVar[] fed = m.intVarArray("q", sw.ports(), 0, domain(tEcn, "t_ECN"), true);
        long perPriority = Math.min((long) sw.ports() * tEcn, cap);
        // a static witness needs only I >= t_PFC, so one with more can be trimmed to exactly t_PFC
        long ingressMax = dynamic ? perPriority : Math.min(perPriority, Math.max(1, config.tPfc()));
        IntVar ingress = m.intVar("I", 1, domain(ingressMax, "min(n*t_ECN, B)"), true);
        // other priorities' queues only matter to a dynamic t_PFC (they raise s)
        IntVar[] others = m.intVarArray("o", dynamic ? sw.priorities() - 1 : 0, 0,
                domain(perPriority, "min(n*t_ECN, B)"), true);
        m.sum(fed, "=", ingress).post();
        IntVar[] all = new IntVar[others.length + 1];
        all[0] = ingress;
        System.arraycopy(others, 0, all, 1, others.length);
        m.sum(all, "<=", fitInt(cap)).post();
        if (!dynamic) {
            m.arithm(ingress, ">=", fitInt(Math.min(config.tPfc(), cap + 1))).post();
            return new WitnessVars(fed, ingress, others);
        }
        Beta beta = config.beta().orElseThrow();
        long a = beta.numerator();
        int[] coeffs = new int[all.length];
        java.util.Arrays.fill(coeffs, fitInt(a));
        coeffs[0] = fitInt(Math.multiplyExact(beta.denominator(), sw.betaDivisor()) + a);
        // seed 004 §4: I >= beta(B' - s)/d with s = I + sum(o), i.e. (b*d + a)*I + a*sum(o) >= a*B'
        m.scalar(all, coeffs, ">=", fitInt(Math.multiplyExact(a, ThresholdMath.sharedBuffer(sw, tFlight)))).post();
        return new WitnessVars(fed, ingress, others);
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
        if (sw.bufferBytes() >= Integer.MAX_VALUE) {
            throw new InputException("buffer = " + sw.bufferBytes() + " B: the solver's 32-bit arithmetic holds at most "
                    + (Integer.MAX_VALUE - 1) + " bytes");
        }
    }

    /** Choco's integer domains are bounded (IntVar.MAX_INT_BOUND); say which quantity is too large. */
    private static int domain(long ub, String what) {
        if (ub > IntVar.MAX_INT_BOUND) {
            throw new InputException(what + " = " + ub + " B exceeds the solver's integer domain bound of "
                    + IntVar.MAX_INT_BOUND + " B");
        }
        return (int) Math.max(0, ub);
    }

    private static int fitInt(long v) {
        if (v > Integer.MAX_VALUE || v < Integer.MIN_VALUE) {
            throw new InputException("value " + v + " of the threshold constraints exceeds the solver's 32-bit"
                    + " arithmetic (use a smaller beta or buffer)");
        }
        return (int) v;
    }
}
