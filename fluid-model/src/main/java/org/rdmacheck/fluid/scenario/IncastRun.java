package org.rdmacheck.fluid.scenario;

import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.fluid.FluidProblem;
import org.rdmacheck.fluid.FluidSolver;
import org.rdmacheck.fluid.SolverSettings;
import org.rdmacheck.fluid.StateLayout;
import org.rdmacheck.fluid.Trajectory;
import org.rdmacheck.fluid.Units;

/**
 * N:1 incast: N identical flows start at line rate together (equations (5)-(9), one group of N),
 * 200 ms. Queue statistics over the transient 10-100 ms (§5.2 omits the first 10 ms) and the
 * steady 100-200 ms, and buffer starvation — time with an empty queue while the N flows together
 * send below C (each below its fair share C/N), and the capacity lost that way — in the steady
 * window, plus the starved time during the start-up (0-100 ms).
 *
 * @param flows                N
 * @param transientQueue       queue over 10-100 ms
 * @param steadyQueue          queue over 100-200 ms
 * @param starvedMillis        time in 100-200 ms with an empty queue and an underused link
 * @param lostFraction         capacity lost to starvation in 100-200 ms, as a fraction of C
 * @param startupStarvedMillis starved time in 0-100 ms (the synchronized start)
 * @param trajectory           sampled trajectory (every 100 µs)
 */
public record IncastRun(int flows, QueueStats transientQueue, QueueStats steadyQueue, double starvedMillis,
                        double lostFraction, double startupStarvedMillis, Trajectory trajectory) {

    /** Simulated time of an incast run. */
    public static final double DURATION_MICROS = 200_000;
    /** Start of the steady window (µs): the second half of the run. */
    public static final double WINDOW_START_MICROS = 100_000;
    /** Start of the transient window (µs). */
    public static final double TRANSIENT_START_MICROS = 10_000;
    /** Lost capacity above this fraction of C counts as buffer starvation. */
    public static final double STARVATION_LOSS = 1e-3;

    /** @return whether the lost capacity in the steady window exceeds {@link #STARVATION_LOSS} */
    public boolean starves() {
        return lostFraction > STARVATION_LOSS;
    }

    /**
     * @param params   parameters, N flows
     * @param settings solver settings
     * @return the measured run over {@link #DURATION_MICROS}
     */
    public static IncastRun solve(FluidParameters params, SolverSettings settings) {
        FluidProblem problem = FluidProblem.identical(params, DURATION_MICROS);
        StateLayout l = problem.layout();
        double c = params.capacityPerMicro();
        int n = params.flows();
        QueueStats.Window early = new QueueStats.Window(TRANSIENT_START_MICROS, WINDOW_START_MICROS);
        QueueStats.Window steady = new QueueStats.Window(WINDOW_START_MICROS, DURATION_MICROS);
        double[] acc = {Double.NaN, 0, 0, 0}; // previous time, starved (steady), lost (steady), starved (start-up)
        Trajectory.Recorder rec = new Trajectory.Recorder(l, params.packetKB(), 100);
        new FluidSolver(settings).solve(problem, rec, (t, y) -> {
            double prev = acc[0];
            acc[0] = t;
            if (Double.isNaN(prev)) {
                return;
            }
            double q = Math.max(y[StateLayout.QUEUE], 0);
            early.add(prev, t, q);
            steady.add(prev, t, q);
            double inflow = n * y[l.currentRate(0)];
            if (q > 1e-9 || inflow >= c) {
                return;
            }
            if (t <= WINDOW_START_MICROS) {
                acc[3] += t - prev;
            } else {
                double dt = t - Math.max(prev, WINDOW_START_MICROS);
                acc[1] += dt;
                acc[2] += (c - inflow) * dt;
            }
        });
        double kb = Units.packetsToKb(1, params.packetKB());
        return new IncastRun(n, early.stats(kb), steady.stats(kb), acc[1] / 1000,
                acc[2] / (c * (DURATION_MICROS - WINDOW_START_MICROS)), acc[3] / 1000, rec.trajectory());
    }
}
