package org.rdmacheck.checker.thresholds;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The entry point: derives safe thresholds for a switch and checks configurations (seed 004 §4). */
public final class ThresholdAnalysis {

    private static final String SEED4 = "seed 004 §4";

    private final ThresholdSolver solver;

    /**
     * @param solver the Choco front end
     */
    public ThresholdAnalysis(ThresholdSolver solver) {
        this.solver = solver;
    }

    /**
     * @param sw a switch
     * @return its headroom and safe settings
     */
    public ThresholdReport derive(SwitchSpec sw) {
        return report(sw, Optional.empty());
    }

    /**
     * @param sw     a switch
     * @param config a configuration
     * @return its headroom, safe settings, and the configuration's check
     */
    public ThresholdReport check(SwitchSpec sw, ThresholdConfig config) {
        if (config.beta().isPresent()) {
            sw.requireAllowed(config.beta().get());
        }
        return report(sw, Optional.of(config));
    }

    private ThresholdReport report(SwitchSpec sw, Optional<ThresholdConfig> config) {
        Headroom h = Headroom.of(sw);
        long tf = h.bytes();
        return new ThresholdReport(sw, h, ThresholdMath.reservedHeadroom(sw, tf), ThresholdMath.sharedBuffer(sw, tf),
                solver.deriveStatic(sw, tf), solver.deriveDynamic(sw, tf), config.map(c -> checkConfig(sw, tf, c)));
    }

    private ConfigCheck checkConfig(SwitchSpec sw, long tf, ThresholdConfig c) {
        List<Inequality> ineq = inequalities(sw, tf, c);
        WitnessSearch ws = solver.findWitness(sw, tf, c);
        Optional<DeflectionSearch> ds = c.deflection() > 0 ? Optional.of(solver.findDeflectionWitness(sw, tf, c))
                : Optional.empty();
        boolean ecnFirst = holds(ineq, "EcnBeforePfc");
        boolean agrees = ws.status() == SolveStatus.TIMED_OUT || ecnFirst == (ws.status() == SolveStatus.UNSATISFIABLE);
        // where ECN fires before PFC, a queue just above t_ECN is below t_PFC: a queue that marks without
        // deflecting (one that exceeds t_ECN, not the deflection threshold) exists iff deflection > t_ECN.
        // At deflection = t_ECN both act above the same occupancy: no witness, yet seed 000 §IV-B's rule
        // ("lower than the ECN threshold") fails, so the configuration is UNSAFE without a witness.
        // With no shared buffer (EcnBeforePfc holds vacuously) no queue can exceed t_ECN: no witness.
        if (ds.isPresent() && ecnFirst && ds.get().status() != SolveStatus.TIMED_OUT) {
            boolean occupiable = ineq.stream().noneMatch(i -> i.name().equals("EcnBeforePfc")
                    && i.outcome() == Inequality.Outcome.HOLDS_VACUOUSLY);
            agrees &= (occupiable && c.deflection() > c.tEcn()) == (ds.get().status() == SolveStatus.SATISFIABLE);
        }
        boolean found = ws.status() == SolveStatus.SATISFIABLE
                || ds.map(d -> d.status() == SolveStatus.SATISFIABLE).orElse(false);
        boolean timedOut = ws.status() == SolveStatus.TIMED_OUT
                || ds.map(d -> d.status() == SolveStatus.TIMED_OUT).orElse(false);
        ConfigCheck.Verdict v;
        if (ineq.stream().anyMatch(i -> !i.holds()) || found) {
            v = ConfigCheck.Verdict.UNSAFE;
        } else if (timedOut) {
            v = ConfigCheck.Verdict.INCONCLUSIVE;
        } else {
            v = ConfigCheck.Verdict.SAFE;
        }
        return new ConfigCheck(c, ineq, ws, ds, v, agrees);
    }

    private static boolean holds(List<Inequality> ineq, String name) {
        return ineq.stream().filter(i -> i.name().equals(name)).allMatch(Inequality::holds);
    }

    /**
     * Every constraint of the model evaluated on a configuration, in exact integers.
     *
     * @param sw a switch
     * @param tf its headroom
     * @param c  a configuration
     * @return the inequalities
     */
    public static List<Inequality> inequalities(SwitchSpec sw, long tf, ThresholdConfig c) {
        List<Inequality> out = new ArrayList<>();
        long n = sw.ports();
        long pn = (long) sw.priorities() * n;
        long nEcn = n * c.tEcn();
        if (c.mode() == ThresholdMode.STATIC) {
            long lhs = pn * (c.tPfc() + tf);
            out.add(Inequality.ofBytes("NoLossBeforePause", "p*n*(t_PFC + t_flight) <= B", lhs, sw.bufferBytes(),
                    lhs <= sw.bufferBytes(), SEED4 + ", PFC threshold"));
            out.add(Inequality.ofBytes("EcnBeforePfc", "n*t_ECN < t_PFC", nEcn, c.tPfc(),
                    ThresholdMath.staticEcnBeforePfc(sw, c.tEcn(), c.tPfc()), SEED4 + ", ECN threshold"));
        } else {
            long reserved = ThresholdMath.reservedHeadroom(sw, tf);
            out.add(Inequality.ofBytes("HeadroomFits", "p*n*t_flight < B", reserved, sw.bufferBytes(),
                    reserved < sw.bufferBytes(), SEED4 + ", headroom buffer"));
            Beta beta = c.beta().orElseThrow();
            long worstS = Math.min(pn * c.tEcn(), Math.max(0, ThresholdMath.sharedBuffer(sw, tf)));
            long worstIngress = Math.min(nEcn, worstS);
            // an empty ingress queue never pauses; with no shared buffer at all the worst case is vacuous
            boolean vacuous = worstIngress < 1;
            boolean fires = !vacuous && ThresholdMath.dynamicPfcReached(sw, tf, beta, worstIngress, worstS);
            Inequality.Outcome outcome = vacuous ? Inequality.Outcome.HOLDS_VACUOUSLY : Inequality.Outcome.of(!fires);
            out.add(new Inequality("EcnBeforePfc", "n*t_ECN < beta*(B - p*n*t_flight - s)/" + sw.betaDivisor()
                    + " at s = p*n*t_ECN", vacuous ? "vacuous: no shared buffer" : "", ExactBytes.of(nEcn),
                    ThresholdMath.dynamicPfc(sw, tf, beta, worstS), outcome, SEED4 + ", dynamic t_PFC"));
        }
        out.add(Inequality.ofBytes("EcnAtLeastOneMtu", "t_ECN >= MTU", c.tEcn(), sw.mtuBytes(),
                c.tEcn() >= sw.mtuBytes(), SEED4 + " (less than one MTU is infeasible)"));
        if (c.kMax() > 0) {
            out.add(Inequality.ofBytes("KMinAtMostKMax", "K_min = t_ECN <= K_max", c.tEcn(), c.kMax(),
                    c.tEcn() <= c.kMax(), "seed 004 §3.1, Fig. 5 and eq. (5)"));
        }
        if (c.deflection() > 0) {
            out.add(Inequality.ofBytes("DeflectionBelowEcn", "deflection threshold < t_ECN", c.deflection(), c.tEcn(),
                    c.deflection() < c.tEcn(), "seed 000 §IV-B"));
        }
        return out;
    }
}
