package org.rdmacheck.fluid.stability;

import java.util.List;
import org.rdmacheck.fluid.FixedPointResult;
import org.rdmacheck.fluid.FlowSpec;
import org.rdmacheck.fluid.FluidDivergenceException;
import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.fluid.FluidProblem;
import org.rdmacheck.fluid.FluidSolver;
import org.rdmacheck.fluid.SolverSettings;
import org.rdmacheck.fluid.StateLayout;
import org.rdmacheck.fluid.Units;

/**
 * The nonlinear check of a linear verdict: the delay-differential model (5)-(9) for N identical flows
 * started at the fixed point (queue q*, R_T*, α*, and a constant history before 0) with every
 * current rate raised by {@link #PERTURBATION} of R_C*, solved for a while; the queue's
 * peak-to-peak amplitude over the last window against the first tells a decaying oscillation from
 * a sustained one (a linearly unstable loop grows until RED's or the queue's limits hold it). A run
 * converges when the last amplitude is below {@link #DECAY_RATIO} of the first: an unstable loop
 * whose limit cycle is already reached in the first window keeps its amplitude to within a few
 * percent (deployed N = 14 at τ* = 90 µs: 269 KB, then 268 KB), while the stable points of the
 * default grid decay to at most half (0.51 at +0.34°).
 *
 * @param firstAmplitudeKB peak-to-peak queue over the first window (NaN if the solution diverged)
 * @param lastAmplitudeKB  peak-to-peak queue over the last window (NaN if the solution diverged)
 * @param behaviour        the classification
 */
public record PerturbedRun(double firstAmplitudeKB, double lastAmplitudeKB, SimulatedBehaviour behaviour) {

    /** Relative rate perturbation at time 0. */
    public static final double PERTURBATION = 0.01;
    /** Default simulated time (µs). */
    public static final double DURATION_MICROS = 100_000;
    /** The last amplitude must be below this share of the first for a run to count as converging. */
    public static final double DECAY_RATIO = 0.9;
    /** Window at each end (µs): 20 ms. */
    public static final double WINDOW_MICROS = 20_000;

    /**
     * The start near the fixed point, here and for {@link SolverVerdict.Start#NEAR}: queue q*, R_T*,
     * α*, a constant history before 0, every R_C raised by {@link #PERTURBATION} (capped at the line
     * rate); past P_max, where RED has no fixed point in its linear region, the queue starts at K_max.
     *
     * @param params         parameters (N flows)
     * @param point          the fixed point
     * @param durationMicros the horizon
     * @return the problem
     */
    static FluidProblem nearStart(FluidParameters params, FixedPointResult point, double durationMicros) {
        double line = params.lineRateGbps();
        double rc = Math.min(point.rateGbps() * (1 + PERTURBATION), line);
        double rt = Math.min(point.rateGbps() + point.targetGapGbps(), line);
        double q = point.inLinearRegion() ? point.queueKB() : params.kmaxKB();
        return new FluidProblem(params, List.of(new FlowSpec(params.flows(), 0, rc, rt, point.alpha())),
                durationMicros, q);
    }

    /** @return last / first amplitude */
    public double ratio() {
        return lastAmplitudeKB / firstAmplitudeKB;
    }

    /**
     * @param params   parameters (N flows, τ*)
     * @param point    the fixed point to start at (inside RED's linear region)
     * @param settings solver settings (the step is capped at τ*)
     * @param durationMicros simulated time (at least two windows)
     * @return the run's classification
     */
    public static PerturbedRun solve(FluidParameters params, FixedPointResult point, SolverSettings settings,
                                     double durationMicros) {
        FluidProblem problem = nearStart(params, point, durationMicros);
        double lastFrom = durationMicros - WINDOW_MICROS;
        double[] range = {Double.MAX_VALUE, -Double.MAX_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE};
        try {
            new FluidSolver(settings).solve(problem, (t, y) -> {
                double q = y[StateLayout.QUEUE];
                if (t <= WINDOW_MICROS) {
                    range[0] = Math.min(range[0], q);
                    range[1] = Math.max(range[1], q);
                }
                if (t >= lastFrom) {
                    range[2] = Math.min(range[2], q);
                    range[3] = Math.max(range[3], q);
                }
            });
        } catch (FluidDivergenceException e) {
            return new PerturbedRun(Double.NaN, Double.NaN, SimulatedBehaviour.DIVERGED);
        }
        double pk = params.packetKB();
        double first = Units.packetsToKb(range[1] - range[0], pk);
        double last = Units.packetsToKb(range[3] - range[2], pk);
        return new PerturbedRun(first, last, last < DECAY_RATIO * first ? SimulatedBehaviour.CONVERGING
                : SimulatedBehaviour.SUSTAINED_OSCILLATION);
    }
}
