package org.rdmacheck.checker.thresholds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;

import org.junit.jupiter.api.Test;

/**
 * For random switches, the derived settings satisfy every inequality and the solver finds no
 * witness against them, and they are tight: one byte more of t_ECN (or t_PFC) breaks them.
 */
class DerivedSettingsTest {

    private final int[] reached = new int[2];
    private final ThresholdSolver solver = new ThresholdSolver(20_000);
    private final ThresholdAnalysis analysis = new ThresholdAnalysis(solver);

    @Test
    void derivedStaticSettingsAreSafeAndTight() {
        qt().withFixedSeed(8L).withExamples(60).forAll(Switches.random()).checkAssert(sw -> {
            long tf = Headroom.of(sw).bytes();
            StaticDerivation d = solver.deriveStatic(sw, tf);
            long shared = ThresholdMath.sharedBuffer(sw, tf);
            if (shared < (long) sw.priorities() * sw.ports()) {
                assertEquals(SolveStatus.UNSATISFIABLE, d.status());
                return;
            }
            assertEquals(shared / ((long) sw.priorities() * sw.ports()), d.tPfcMax());
            if (d.tEcnMax() < 1) {
                assertFalse(d.feasible());
                return;
            }
            ThresholdConfig safe = ThresholdConfig.ofStatic("safe", d.tPfcMax(), d.tEcnMax());
            ConfigCheck ok = analysis.check(sw, safe).check().orElseThrow();
            assertTrue(ok.inequalities().stream().filter(i -> !i.name().equals("EcnAtLeastOneMtu"))
                    .allMatch(Inequality::holds), ok.inequalities().toString());
            assertEquals(d.feasible(), ok.verdict() == ConfigCheck.Verdict.SAFE);
            assertEquals(SolveStatus.UNSATISFIABLE, ok.witnessSearch().status());
            ConfigCheck ecnPlus = analysis.check(sw, ThresholdConfig.ofStatic("x", d.tPfcMax(), d.tEcnMax() + 1))
                    .check().orElseThrow();
            assertWitness(sw, ecnPlus);
            assertTrue(analysis.check(sw, ThresholdConfig.ofStatic("y", d.tPfcMax() + 1, d.tEcnMax())).check()
                    .orElseThrow().fails("NoLossBeforePause"));
            reached[0]++;
        });
        assertTrue(reached[0] >= 20, "static examples with a safe t_ECN: " + reached[0]);
    }

    @Test
    void derivedDynamicSettingsAreSafeAndTight() {
        qt().withFixedSeed(9L).withExamples(60).forAll(Switches.random()).checkAssert(sw -> {
            long tf = Headroom.of(sw).bytes();
            DynamicDerivation d = solver.deriveDynamic(sw, tf);
            for (BetaBound b : d.perBeta()) {
                assertTrue(b.tEcnMax() <= d.tEcnMax());
            }
            if (d.beta().isEmpty() || d.tEcnMax() < 1) {
                assertFalse(d.feasible());
                return;
            }
            ThresholdConfig safe = ThresholdConfig.ofDynamic("safe", d.beta().get(), d.tEcnMax());
            ConfigCheck ok = analysis.check(sw, safe).check().orElseThrow();
            assertTrue(ok.inequalities().stream().filter(i -> !i.name().equals("EcnAtLeastOneMtu"))
                    .allMatch(Inequality::holds), ok.inequalities().toString());
            assertEquals(SolveStatus.UNSATISFIABLE, ok.witnessSearch().status());
            assertTrue(ok.solverAgrees());
            assertWitness(sw, analysis.check(sw, ThresholdConfig.ofDynamic("x", d.beta().get(), d.tEcnMax() + 1))
                    .check().orElseThrow());
            reached[1]++;
        });
        assertTrue(reached[1] >= 20, "dynamic examples with a safe t_ECN: " + reached[1]);
    }

    private static void assertWitness(SwitchSpec sw, ConfigCheck c) {
        assertTrue(c.fails("EcnBeforePfc"), c.inequalities().toString());
        assertEquals(SolveStatus.SATISFIABLE, c.witnessSearch().status());
        assertTrue(c.solverAgrees());
        Witness w = c.witnessSearch().witness().orElseThrow();
        assertTrue(Witnesses.evaluate(sw, Headroom.of(sw).bytes(), c.config(), w).violates());
    }
}
