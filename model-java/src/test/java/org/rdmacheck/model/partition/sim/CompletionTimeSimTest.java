package org.rdmacheck.model.partition.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The completion-time model on cases with known answers. */
class CompletionTimeSimTest {

    private static final long MIB = 1 << 20;

    private static SimSettings settings(long data, int chunk, int[] qpPath, int paths, double pathGbps, double nicGbps,
                                        double rtt, double overhead, int bg, boolean dynamic) {
        return new SimSettings(data, chunk, qpPath, paths, pathGbps, nicGbps, rtt, overhead, bg, 1L << 40, 1e-3,
                dynamic, 7);
    }

    @Test
    void oneQpIsStopAndWaitWithAClosedFormCompletionTime() {
        // N chunks, each: transmit c / R, then one round trip and the host overhead
        SimSettings s = settings(MIB, 16 << 10, new int[] {0}, 1, 40, 40, 8, 0.5, 0, true);
        double perChunk = (16 << 10) / CompletionTimeSim.bytesPerMicro(40) + 8 + 0.5;
        assertEquals(64 * perChunk, CompletionTimeSim.run(s).completionMicros(), 1e-6);
    }

    @Test
    void moreQpsHelpUntilTheDistinctPathsRunOut() {
        // fast NIC, 4 paths of 10 Gbps, QP i on path i mod 4: the time falls as 1/min(Q, 4)
        double oneRate = 4 * MIB / CompletionTimeSim.bytesPerMicro(10);
        for (int q : new int[] {1, 2, 4, 8}) {
            int[] paths = new int[q];
            for (int i = 0; i < q; i++) {
                paths[i] = i % 4;
            }
            double t = CompletionTimeSim.run(settings(4 * MIB, 4 << 10, paths, 4, 10, 1000, 0, 0, 0, true))
                    .completionMicros();
            assertEquals(oneRate / Math.min(q, 4), t, oneRate * 0.01, q + " QPs");
        }
    }

    @Test
    void theNicCapsTheGainWhenPathsAreFasterThanIt() {
        double t = CompletionTimeSim.run(settings(4 * MIB, 4 << 10, new int[] {0, 1, 2, 3}, 4, 40, 40, 0, 0, 0, true))
                .completionMicros();
        assertEquals(4 * MIB / CompletionTimeSim.bytesPerMicro(40), t, 1e-6);
    }

    @Test
    void dynamicAllocationGivesTheCongestedPathFewerChunks() {
        // one endless background flow shares one of the two paths from time 0 (seed 003 Figs. 2-3)
        int[] qpPath = {0, 1};
        CompletionTimeSim.Result dyn = CompletionTimeSim.run(settings(4 * MIB, 4 << 10, qpPath, 2, 10, 1000, 0, 0, 1, true));
        CompletionTimeSim.Result stat = CompletionTimeSim.run(settings(4 * MIB, 4 << 10, qpPath, 2, 10, 1000, 0, 0, 1, false));
        double full = 4 * MIB / CompletionTimeSim.bytesPerMicro(10);
        assertEquals(full, stat.completionMicros(), full * 0.01, "static: half the data at half the rate");
        assertEquals(full / 1.5, dyn.completionMicros(), full * 0.01, "dynamic: the free path carries twice as much");
        assertArrayEquals(new long[] {512, 512}, stat.chunksPerQp());
        assertTrue(Math.abs(dyn.chunksPerQp()[0] - dyn.chunksPerQp()[1]) >= 300, "about 683 against 341");
    }

    @Test
    void maxMinSharingFixesTheTightestResourceFirst() {
        // resource 0 (cap 10) carries flows 0 and 1; resource 1 (cap 3) carries flow 1 only
        double[] r = MaxMinShare.rates(new double[] {10, 3}, List.of(new int[] {0}, new int[] {0, 1}));
        assertArrayEquals(new double[] {7, 3}, r, 1e-12);
    }

    @Test
    void smallerChunksFinishNoLaterUnderBackgroundLoadWithoutPerChunkCosts() {
        int[] qpPath = {0, 1};
        double small = CompletionTimeSim.run(new SimSettings(10 * MIB, 4 << 10, qpPath, 2, 40, 1000, 0, 0, 40,
                4 * MIB, 5000, true, 11)).completionMicros();
        double large = CompletionTimeSim.run(new SimSettings(10 * MIB, 512 << 10, qpPath, 2, 40, 1000, 0, 0, 40,
                4 * MIB, 5000, true, 11)).completionMicros();
        assertTrue(small <= large, small + " vs " + large);
    }
}
