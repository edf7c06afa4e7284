package org.rdmacheck.fluid.stability;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.rdmacheck.fluid.FixedPointResult;
import org.rdmacheck.fluid.FlowSpec;
import org.rdmacheck.fluid.FluidInputException;
import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.fluid.FluidProblem;
import org.rdmacheck.fluid.packet.PacketResult;
import org.rdmacheck.fluid.packet.PacketSimulation;

/**
 * The packet-level check of a stable and an unstable operating point: N paced senders start at the
 * fixed point's rates in the packet-level DCQCN simulation, with τ* added to every CNP's way back
 * (on top of the simulation's own links, queueing and CNP pacing, so the packet loop is somewhat
 * slower than the fluid point's), and the queue's oscillation over the last 50 ms (standard
 * deviation of 100 µs samples) is compared: the point the linear analysis calls unstable should
 * oscillate more. The packet model's queue oscillates at every point (random marks, CNPs paced at
 * τ = 50 µs), so only a clearly unstable point stands out (defaults: N = 8 at τ* = 1 µs, +9.7°,
 * against τ* = 200 µs, -22°). Marking draws are seeded, so a run is reproducible.
 *
 * @param stable   the stable point's run
 * @param unstable the unstable point's run
 * @param seed     marking seed
 */
public record StabilityPacketCheck(Run stable, Run unstable, long seed) {

    /** Simulated time (µs). */
    public static final double DURATION_MICROS = 150_000;
    private static final double SAMPLE_MICROS = 100;
    private static final double WINDOW_MICROS = 50_000;

    /**
     * One packet-level run.
     *
     * @param linear      the linear analysis of the point
     * @param meanQueueKB mean queue over the last 50 ms
     * @param queueStdKB  standard deviation of the queue over the last 50 ms
     * @param packets     packets sent
     */
    public record Run(StabilityPoint linear, double meanQueueKB, double queueStdKB, long packets) {
    }

    /** @return whether the unstable point's queue oscillates more than the stable point's */
    public boolean agrees() {
        return unstable.queueStdKB() > stable.queueStdKB();
    }

    /**
     * @param stablePoint   parameters (N, τ*) of a point the analysis calls stable
     * @param unstablePoint parameters of a point it calls unstable
     * @param seed          marking seed
     * @return both runs
     */
    public static StabilityPacketCheck run(FluidParameters stablePoint, FluidParameters unstablePoint, long seed) {
        return new StabilityPacketCheck(simulate(stablePoint, seed, () -> false), simulate(unstablePoint, seed,
                () -> false), seed);
    }

    /**
     * The linear analysis of a point, refused unless the point lies inside RED's linear region (the
     * only points the packet runs are judged at). Cheap: callers check every point with it before
     * simulating any, so that bad input is refused before any work or output.
     *
     * @param p parameters (N, τ*) of the point
     * @return the point's linear analysis
     * @throws FluidInputException when the point has no phase margin (outside RED's linear region)
     */
    public static StabilityPoint linearRegion(FluidParameters p) {
        StabilityPoint lin = StabilityAnalysis.of(p, FixedPointSource.EXACT);
        if (!lin.verdict().hasMargins()) {
            throw new FluidInputException("packet-check at N = " + p.flows() + ", tauStar = " + p.feedbackDelayMicros()
                    + " us: " + lin.verdict() + "; expected a point inside RED's linear region");
        }
        return lin;
    }

    /**
     * One packet-level run at a point, and its queue over the last window.
     *
     * @param p    parameters (N, τ*) of the point
     * @param seed marking seed
     * @param stop whether to stop (a time limit), asked every few thousand events
     * @return the run
     * @throws org.rdmacheck.fluid.FluidLimitException when {@code stop} turned true first
     */
    public static Run simulate(FluidParameters p, long seed, BooleanSupplier stop) {
        StabilityPoint lin = linearRegion(p);
        FixedPointResult fp = FixedPointSource.EXACT.of(p);
        List<FlowSpec> flows = new ArrayList<>();
        double rt = Math.min(fp.rateGbps() + fp.targetGapGbps(), p.lineRateGbps());
        for (int i = 0; i < p.flows(); i++) {
            flows.add(new FlowSpec(1, 0, fp.rateGbps(), rt, fp.alpha()));
        }
        PacketResult r = new PacketSimulation(new FluidProblem(p, flows, DURATION_MICROS), seed, SAMPLE_MICROS,
                p.feedbackDelayMicros()).run(stop);
        double[] q = r.queueKB();
        int from = (int) ((DURATION_MICROS - WINDOW_MICROS) / SAMPLE_MICROS);
        int to = Math.min(q.length, (int) (DURATION_MICROS / SAMPLE_MICROS));
        double sum = 0;
        double sq = 0;
        for (int i = from; i < to; i++) {
            sum += q[i];
            sq += q[i] * q[i];
        }
        int n = to - from;
        double mean = sum / n;
        return new Run(lin, mean, Math.sqrt(Math.max(0, sq / n - mean * mean)), r.packets());
    }
}
