package org.rdmacheck.fluid.scenario;

import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.fluid.FluidProblem;
import org.rdmacheck.fluid.FluidSolver;
import org.rdmacheck.fluid.SolverSettings;
import org.rdmacheck.fluid.StateLayout;
import org.rdmacheck.fluid.Trajectory;
import org.rdmacheck.fluid.Units;

/**
 * N:1 incast: N identical flows start at line rate together (equations (5)-(9), one group of N).
 * Measures the queue's mean, spread and extremes and buffer starvation — time with an empty queue
 * while the N flows together send below C (each below its fair share C/N), and the capacity lost
 * that way — in a steady window after the start-up transient, and the starved time during the
 * start-up itself.
 *
 * @param flows          N
 * @param meanQueueKB    mean queue in the window
 * @param stdQueueKB     standard deviation of the queue in the window
 * @param minQueueKB     minimum queue in the window
 * @param maxQueueKB     maximum queue in the window
 * @param starvedMillis  time in the window with an empty queue and an underused link
 * @param lostFraction   capacity lost to starvation in the window, as a fraction of C
 * @param startupStarvedMillis starved time before the window (the synchronized start)
 * @param trajectory     sampled trajectory (every 100 µs)
 */
public record IncastRun(int flows, double meanQueueKB, double stdQueueKB, double minQueueKB, double maxQueueKB,
                        double starvedMillis, double lostFraction, double startupStarvedMillis,
                        Trajectory trajectory) {

    /** Simulated time of an incast run. */
    public static final double DURATION_MICROS = 200_000;
    /** Start of the steady window (µs): the second half of the run. */
    public static final double WINDOW_START_MICROS = 100_000;
    /** Lost capacity above this fraction of C counts as buffer starvation. */
    public static final double STARVATION_LOSS = 1e-3;

    /** @return whether the lost capacity exceeds {@link #STARVATION_LOSS} */
    public boolean starves() {
        return lostFraction > STARVATION_LOSS;
    }

    /**
     * @param params         parameters, N flows
     * @param settings       solver settings
     * @return the measured run over {@link #DURATION_MICROS}
     */
    public static IncastRun solve(FluidParameters params, SolverSettings settings) {
        double durationMicros = DURATION_MICROS;
        FluidProblem problem = FluidProblem.identical(params, durationMicros);
        StateLayout l = problem.layout();
        double c = params.capacityPerMicro();
        int n = params.flows();
        double[] acc = new double[8]; // prevT, sum q dt, sum q^2 dt, min, max, starved dt, lost, start-up starved dt
        acc[0] = Double.NaN;
        acc[3] = Double.POSITIVE_INFINITY;
        Trajectory.Recorder rec = new Trajectory.Recorder(l, params.packetKB(), 100);
        new FluidSolver(settings).solve(problem, rec, (t, y) -> {
            double prev = acc[0];
            acc[0] = t;
            if (Double.isNaN(prev)) {
                return;
            }
            double q = Math.max(y[StateLayout.QUEUE], 0);
            boolean starved = q <= 1e-9 && n * y[l.currentRate(0)] < c;
            if (t <= WINDOW_START_MICROS) {
                acc[7] += starved ? t - prev : 0;
                return;
            }
            double dt = t - Math.max(prev, WINDOW_START_MICROS);
            acc[1] += q * dt;
            acc[2] += q * q * dt;
            acc[3] = Math.min(acc[3], q);
            acc[4] = Math.max(acc[4], q);
            double inflow = n * y[l.currentRate(0)];
            if (starved) {
                acc[5] += dt;
                acc[6] += (c - inflow) * dt;
            }
        });
        double span = durationMicros - WINDOW_START_MICROS;
        double mean = acc[1] / span;
        double std = Math.sqrt(Math.max(acc[2] / span - mean * mean, 0));
        double pk = params.packetKB();
        return new IncastRun(n, Units.packetsToKb(mean, pk), Units.packetsToKb(std, pk), Units.packetsToKb(acc[3], pk),
                Units.packetsToKb(acc[4], pk), acc[5] / 1000, acc[6] / (c * span), acc[7] / 1000, rec.trajectory());
    }
}
