package org.rdmacheck.fluid.stability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.rdmacheck.fluid.FluidParameters;

/**
 * The packet-level simulation at a stable and an unstable point of the linear analysis. The packet
 * model's queue oscillates at every point (random marks, CNPs paced at τ = 50 µs: its own loop is
 * slower than τ* = 1 µs), so only a clearly unstable point (-22°) stands out from the noise, by about 20 %.
 */
class StabilityPacketCheckTest {

    @Test
    void unstablePointOscillatesMoreInThePacketSimulation() {
        FluidParameters p = FluidParameters.deployed().with("N", "8");
        StabilityPacketCheck c = StabilityPacketCheck.run(p.with("tauStar", "1"), p.with("tauStar", "200"), 1);
        assertEquals(StabilityVerdict.STABLE, c.stable().linear().verdict());
        assertEquals(StabilityVerdict.UNSTABLE, c.unstable().linear().verdict());
        assertTrue(c.agrees(), c.toString());
        assertTrue(c.unstable().queueStdKB() > 1.1 * c.stable().queueStdKB(), c.toString());
        assertTrue(c.stable().packets() > 500_000);
    }
}
