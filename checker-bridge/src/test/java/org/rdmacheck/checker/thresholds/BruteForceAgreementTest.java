package org.rdmacheck.checker.thresholds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/**
 * On tiny switches, enumerating every egress-queue occupancy (all n·p queues, each 0..t_ECN)
 * agrees with Choco's verdict and with the closed-form inequality: the reference against the solver.
 */
class BruteForceAgreementTest {

    private static final List<Beta> BETAS = List.of(new Beta(1, 2), new Beta(1, 1), new Beta(2, 1), new Beta(3, 1));

    private record Case(SwitchSpec sw, ThresholdConfig config) {
    }

    private static Gen<Case> cases() {
        Gen<SwitchSpec> sw = integers().between(1, 3).zip(integers().between(1, 2), integers().between(1, 4),
                integers().between(1, 40), (n, p, tf, extra) -> Switches.of(n * p * tf + extra, n, p, 1, tf, BETAS,
                        1 + extra % 4));
        return sw.zip(integers().between(0, 1), integers().between(1, 14), integers().between(1, 4),
                (s, dynamic, t, ecn) -> new Case(s, dynamic == 1
                        ? ThresholdConfig.ofDynamic("c", BETAS.get(t % BETAS.size()), ecn)
                        : ThresholdConfig.ofStatic("c", t, ecn)));
    }

    @Test
    void enumerationAgreesWithChoco() {
        ThresholdSolver solver = new ThresholdSolver(10_000);
        int[] verdicts = new int[4];
        qt().withFixedSeed(4L).withExamples(400).forAll(cases()).checkAssert(c -> {
            long tf = c.sw().tFlightGiven();
            boolean exists = existsWitness(c.sw(), tf, c.config());
            WitnessSearch ws = solver.findWitness(c.sw(), tf, c.config());
            assertEquals(exists ? SolveStatus.SATISFIABLE : SolveStatus.UNSATISFIABLE, ws.status(), c.toString());
            boolean closedForm = ThresholdAnalysis.inequalities(c.sw(), tf, c.config()).stream()
                    .filter(i -> i.name().equals("EcnBeforePfc")).allMatch(Inequality::holds);
            assertEquals(!exists, closedForm, c.toString());
            ws.witness().ifPresent(w -> assertTrue(Witnesses.evaluate(c.sw(), tf, c.config(), w).violates()));
            verdicts[(exists ? 1 : 0) + (c.config().mode() == ThresholdMode.DYNAMIC ? 2 : 0)]++;
        });
        // both verdicts occur in both modes, so agreement is not vacuous
        for (int v : verdicts) {
            assertTrue(v >= 20, java.util.Arrays.toString(verdicts));
        }
    }

    /**
     * Dart's ordering (seed 000 §IV-B): enumerating every occupancy of one queue fed by one ingress
     * finds one that ECN-marks, is not deflected and is below t_PFC exactly when Choco does, and the
     * least such occupancy is Choco's witness.
     */
    @Test
    void deflectionEnumerationAgreesWithChoco() {
        ThresholdSolver solver = new ThresholdSolver(10_000);
        int[] verdicts = new int[2];
        qt().withFixedSeed(5L).withExamples(400).forAll(cases(), integers().between(1, 16)).checkAssert((c, d) -> {
            ThresholdConfig config = c.config().withDeflection(d);
            long tf = c.sw().tFlightGiven();
            long least = leastMarkingUndeflected(c.sw(), tf, config);
            DeflectionSearch ds = solver.findDeflectionWitness(c.sw(), tf, config);
            assertEquals(least >= 1 ? SolveStatus.SATISFIABLE : SolveStatus.UNSATISFIABLE, ds.status(), c + " d=" + d);
            ds.witness().ifPresent(w -> {
                assertEquals(least, w.queueBytes());
                assertTrue(DeflectionWitnesses.evaluate(c.sw(), tf, config, w).violates());
            });
            verdicts[least >= 1 ? 1 : 0]++;
        });
        assertTrue(verdicts[0] >= 20 && verdicts[1] >= 20, java.util.Arrays.toString(verdicts));
    }

    private static long leastMarkingUndeflected(SwitchSpec sw, long tf, ThresholdConfig config) {
        for (long q = 1; q <= ThresholdMath.occupancyCap(sw, tf, config.mode()); q++) {
            if (q > config.tEcn() && q <= config.deflection() && DeflectionWitnesses.belowPfc(sw, tf, config, q)) {
                return q;
            }
        }
        return -1;
    }

    /** Every occupancy of the n·p egress queues, none above t_ECN; ingress (0, priority 0) feeds priority 0. */
    private static boolean existsWitness(SwitchSpec sw, long tf, ThresholdConfig c) {
        int queues = sw.ports() * sw.priorities();
        long[] q = new long[queues];
        long cap = ThresholdMath.occupancyCap(sw, tf, c.mode());
        while (true) {
            long ingress = 0;
            long s = 0;
            for (int i = 0; i < queues; i++) {
                s += q[i];
                if (i % sw.priorities() == 0) {
                    ingress += q[i];
                }
            }
            if (s <= cap && ingress >= 1 && (c.mode() == ThresholdMode.STATIC ? ingress >= c.tPfc()
                    : ThresholdMath.dynamicPfcReached(sw, tf, c.beta().orElseThrow(), ingress, s))) {
                return true;
            }
            int i = 0;
            while (i < queues && q[i] == c.tEcn()) {
                q[i++] = 0;
            }
            if (i == queues) {
                return false;
            }
            q[i]++;
        }
    }
}
