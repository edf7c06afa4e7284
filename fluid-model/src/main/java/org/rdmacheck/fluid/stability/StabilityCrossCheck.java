package org.rdmacheck.fluid.stability;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.stream.IntStream;
import org.rdmacheck.fluid.FixedPointResult;
import org.rdmacheck.fluid.FluidInputException;
import org.rdmacheck.fluid.FluidLimitException;
import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.fluid.SolverSettings;

/**
 * The linear verdicts against the delay-differential model on a grid of (N, τ*): every point with a
 * phase margin is simulated from a perturbed fixed point ({@link PerturbedRun}) and the simulated
 * behaviour is compared with the linearisation's side, decided by the same rule as the solver's
 * verdicts ({@link SolverVerdict.Linear#stable()}, {@link SolverVerdict.Linear#unstable()}): stable
 * where the margin is positive, the root count finds no characteristic root in the right half-plane
 * and the point is off the stability boundary; unstable where either test finds such a root off the
 * boundary; neither ({@link Comparison#UNDECIDED}, not compared) on the boundary, |PM| &lt;
 * {@link SolverVerdict.Linear#BOUNDARY_DEG}, where a root sits on the imaginary axis and the margin's
 * sign is round-off, or where the root count failed. Points outside RED's linear region have no sign
 * to compare and are not simulated. Solves run on all cores.
 *
 * @param points       every simulated point ({@link Comparison#UNDECIDED} ones included), in (N, τ*) order
 * @param skipped      grid points without a margin (outside the linear region, cut-off, undecided)
 * @param durationMicros simulated time of each run
 */
public record StabilityCrossCheck(List<Point> points, List<StabilityPoint> skipped, double durationMicros) {

    /** Copies the lists. */
    public StabilityCrossCheck {
        points = List.copyOf(points);
        skipped = List.copyOf(skipped);
    }

    /** What one point's simulation says against its linearisation. */
    public enum Comparison {
        /** the linearisation is stable and the run converges, or it is unstable and the run does not */
        AGREES,
        /** the linearisation is stable and the run does not converge, or it is unstable and the run converges */
        DISAGREES,
        /**
         * the linearisation is neither stable nor unstable by the solver's rule (on the stability
         * boundary, or its root count failed): the run is reported, not compared
         */
        UNDECIDED
    }

    /**
     * One compared point.
     *
     * @param linear the linear analysis (margins)
     * @param check  the linearisation at the same point by the solver's rule: the margin's verdict, the
     *               root count, the boundary
     * @param run    the simulation
     */
    public record Point(StabilityPoint linear, SolverVerdict.Linear check, PerturbedRun run) {

        /** @return the run against the linearisation's side ({@link Comparison}) */
        public Comparison comparison() {
            if (!check.stable() && !check.unstable()) {
                return Comparison.UNDECIDED;
            }
            return check.stable() == (run.behaviour() == SimulatedBehaviour.CONVERGING) ? Comparison.AGREES
                    : Comparison.DISAGREES;
        }

        /** @return whether the comparison is {@link Comparison#AGREES} */
        public boolean agrees() {
            return comparison() == Comparison.AGREES;
        }
    }

    /**
     * @param base     parameters (N and τ* replaced)
     * @param flows    N values
     * @param delays   τ* values (µs, > 0)
     * @param source   fixed point to linearise around and start from
     * @param settings solver settings
     * @param durationMicros simulated time per run (at least two 20 ms windows)
     * @return the comparison
     */
    public static StabilityCrossCheck run(FluidParameters base, int[] flows, double[] delays, FixedPointSource source,
                                          SolverSettings settings, double durationMicros) {
        return run(base, flows, delays, source, RateTerms.DELAYED, settings, durationMicros);
    }

    /**
     * As {@link #run(FluidParameters, int[], double[], FixedPointSource, SolverSettings, double)} with
     * the linear verdicts taken with the delayed rate treated as given (the simulation is the same).
     *
     * @param base      parameters (N and τ* replaced)
     * @param flows     N values
     * @param delays    τ* values (µs, > 0)
     * @param source    fixed point to linearise around and start from
     * @param rateTerms how the linearisation treats the delayed rate
     * @param settings  solver settings
     * @param durationMicros simulated time per run
     * @return the comparison
     */
    public static StabilityCrossCheck run(FluidParameters base, int[] flows, double[] delays, FixedPointSource source,
                                          RateTerms rateTerms, SolverSettings settings, double durationMicros) {
        return run(base, flows, delays, source, rateTerms, settings, durationMicros, () -> false);
    }

    /**
     * As {@link #run(FluidParameters, int[], double[], FixedPointSource, RateTerms, SolverSettings, double)},
     * until {@code stop} turns true (asked before each simulation; a simulation under way stops when
     * the settings' monitor throws {@link org.rdmacheck.fluid.FluidLimitException}): the points not
     * simulated to the end are left out of both {@link #points()} and {@link #skipped()}, so fewer
     * than {@code flows x delays} of them mean the cross-check was stopped.
     *
     * @param base      parameters (N and τ* replaced)
     * @param flows     N values
     * @param delays    τ* values (µs, > 0)
     * @param source    fixed point to linearise around and start from
     * @param rateTerms how the linearisation treats the delayed rate
     * @param settings  solver settings
     * @param durationMicros simulated time per run
     * @param stop      whether to stop (a time limit); asked from several threads
     * @return the comparison of the points finished
     */
    public static StabilityCrossCheck run(FluidParameters base, int[] flows, double[] delays, FixedPointSource source,
                                          RateTerms rateTerms, SolverSettings settings, double durationMicros,
                                          BooleanSupplier stop) {
        if (!(durationMicros >= 2 * PerturbedRun.WINDOW_MICROS && durationMicros <= SolverVerdict.MAX_HORIZON_MICROS)) {
            throw new FluidInputException("duration = " + durationMicros + " us: expected at least "
                    + 2 * PerturbedRun.WINDOW_MICROS + " us (two 20 ms windows), up to "
                    + (long) SolverVerdict.MAX_HORIZON_MICROS + " us (10 s)");
        }
        List<StabilityPoint> linear = new ArrayList<>();
        List<FluidParameters> params = new ArrayList<>();
        for (int n : flows) {
            FluidParameters pn = base.with("N", Integer.toString(n));
            for (double d : delays) {
                if (!(d > 0)) {
                    throw new FluidInputException("tauStar = " + d + " us: expected a delay > 0 for the cross-check");
                }
                params.add(pn.with("tauStar", Double.toString(d)));
            }
            linear.addAll(StabilityAnalysis.of(pn, delays, source, rateTerms));
        }
        Point[] out = new Point[linear.size()];
        boolean[] simulated = new boolean[linear.size()];
        IntStream.range(0, out.length).parallel().filter(i -> linear.get(i).verdict().hasMargins()
                        || linear.get(i).verdict() == StabilityVerdict.NO_CROSSOVER)
                .forEach(i -> {
                    simulated[i] = true;
                    if (stop.getAsBoolean()) {
                        return;
                    }
                    FixedPointResult fp = source.of(params.get(i));
                    try {
                        SolverVerdict.Linear check = SolverVerdict.Linear.of(params.get(i), linear.get(i), source, rateTerms);
                        out[i] = new Point(linear.get(i), check, PerturbedRun.solve(params.get(i), fp, settings, durationMicros));
                    } catch (FluidLimitException e) {
                        // cut short: left out of both lists
                    }
                });
        List<Point> points = new ArrayList<>();
        List<StabilityPoint> skipped = new ArrayList<>();
        for (int i = 0; i < out.length; i++) {
            if (out[i] != null) {
                points.add(out[i]);
            } else if (!simulated[i]) {
                skipped.add(linear.get(i));
            }
        }
        return new StabilityCrossCheck(points, skipped, durationMicros);
    }

    /**
     * @return the share of the decided points (those not {@link Comparison#UNDECIDED}) where the simulation
     *         agrees with the linearisation (NaN if none)
     */
    public double agreementRate() {
        long decided = points.stream().filter(p -> p.comparison() != Comparison.UNDECIDED).count();
        return decided == 0 ? Double.NaN : points.stream().filter(Point::agrees).count() / (double) decided;
    }

    /** @return the points that disagree, smallest |phase margin| first */
    public List<Point> disagreements() {
        return points.stream().filter(p -> p.comparison() == Comparison.DISAGREES)
                .sorted(Comparator.comparingDouble(p -> Math.abs(p.linear().phaseMarginDeg()))).toList();
    }

    /** @return the points not compared: the linearisation neither stable nor unstable there, in (N, τ*) order */
    public List<Point> undecided() {
        return points.stream().filter(p -> p.comparison() == Comparison.UNDECIDED).toList();
    }
}
