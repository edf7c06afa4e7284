package org.rdmacheck.checker.thresholds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A time limit is reported as TIMED_OUT (or a non-minimal witness), never as "unsatisfiable". */
class SolverLimitTest {

    @Test
    void timeLimitIsNotUnsatisfiability() {
        // 4096 ports, a witness needs about 4000 egress queues filled to t_ECN
        SwitchSpec sw = Switches.of(20_000_000, 4096, 1, 1500, 100, List.of(new Beta(1, 1)), 8);
        ThresholdConfig c = ThresholdConfig.ofStatic("big", 16_000_000, 4_000);
        WitnessSearch quick = new ThresholdSolver(1).findWitness(sw, 100, c);
        assertNotEquals(SolveStatus.UNSATISFIABLE, quick.status());
        if (quick.status() == SolveStatus.SATISFIABLE) {
            assertTrue(Witnesses.evaluate(sw, 100, c, quick.witness().orElseThrow()).violates());
        }
        WitnessSearch full = new ThresholdSolver(60_000).findWitness(sw, 100, c);
        assertEquals(SolveStatus.SATISFIABLE, full.status());
        assertTrue(full.minimal());
        assertEquals(16_000_000, full.witness().orElseThrow().ingressBytes());
    }
}
