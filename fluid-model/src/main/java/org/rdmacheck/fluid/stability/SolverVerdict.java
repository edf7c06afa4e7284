package org.rdmacheck.fluid.stability;

import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.fluid.FixedPoint;
import org.rdmacheck.fluid.FlowSpec;
import org.rdmacheck.fluid.FluidDivergenceException;
import org.rdmacheck.fluid.FluidInputException;
import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.fluid.FluidProblem;
import org.rdmacheck.fluid.FluidSolver;
import org.rdmacheck.fluid.SolveMonitor;
import org.rdmacheck.fluid.SolverSettings;
import org.rdmacheck.fluid.StateLayout;
import org.rdmacheck.fluid.Units;

/**
 * What the delay-differential model (seed 004 (5)-(9), N identical flows, fixed-step RK4 with the
 * method of steps, {@link FluidSolver}) does at one (N, τ*) from one start, decided by a stated rule:
 * <ul>
 *   <li>solve to the horizon H; look at the queue over the last window W and the window before it
 *       (peak to peak, A the last, A' the one before);</li>
 *   <li>growth is decided before amplitude: the envelope grows when A &gt; {@link #GROWTH} A' and A is
 *       above the numerical floor {@link #NOISE_KB}; a growing envelope is never
 *       {@link Behaviour#CONVERGES}, however small;</li>
 *   <li>below the amplitude threshold: {@link Behaviour#STILL_GROWING} when growing (the horizon is too
 *       short to say where it ends: undecided), {@link Behaviour#CONVERGES} otherwise;</li>
 *   <li>at or above the threshold: {@link Behaviour#SUSTAINED_OSCILLATION} when A is not below
 *       {@link #DECAY} A' (a limit cycle, or still growing), with its amplitude and its period (mean
 *       time between upward crossings of the window's mean); {@link Behaviour#STILL_DECAYING} when it
 *       is shrinking (the horizon is too short to say: undecided);</li>
 *   <li>the windows are checked against the exact linearisation at the same (N, τ*) ({@link Linear}):
 *       where it has a characteristic root in the right half-plane (phase margin ≤ 0, or a positive
 *       count of the roots of its characteristic quasi-polynomial, {@link RootCount}) the fixed point is unstable, so no solution off its stable
 *       manifold converges to it, and windows that read {@link Behaviour#CONVERGES} are a growing mode
 *       still hidden under a decaying transient at the horizon: {@link Behaviour#STILL_GROWING}
 *       (undecided, "run longer"). CONVERGES stands only where the linearisation confirms it (stable by its
 *       verdict, a root count of 0, off the boundary |PM| &lt; {@link Linear#BOUNDARY_DEG}) or does not
 *       apply (below); where it is undetermined (the margin scan or the count refused or failed) or on
 *       the boundary, windows that read CONVERGES are {@link Behaviour#UNDECIDED}. Where the linearisation is stable, an envelope above the
 *       threshold that still shrinks window to window (below 1/{@link #GROWTH} of the one before,
 *       though not below {@link #DECAY}) is its slowest mode decaying: {@link Behaviour#STILL_DECAYING},
 *       not {@link Behaviour#SUSTAINED_OSCILLATION}; a settled limit cycle (a far start's, around a
 *       stable fixed point) keeps its amplitude and stands. Where the linearisation gives no verdict
 *       (p* &gt; P_max) the windows alone decide;</li>
 *   <li>{@link Behaviour#DIVERGED} when the numerical solution left every reachable state;</li>
 *   <li>the step starts at the given one and is halved until two successive steps give the same
 *       behaviour (and, for an oscillation, amplitudes within 5 %), or {@link #MAX_HALVINGS} halvings
 *       are spent ({@link #stepSettled()} false).</li>
 * </ul>
 * The share of the last window with an empty queue is reported: there (6) is clamped at q = 0, which
 * the linearisation (q* > 0) does not cover.
 *
 * @param flows          N
 * @param delayMicros    τ*
 * @param start          the initial condition
 * @param behaviour      the verdict at the accepted step: the windows' reading checked against the linearisation
 * @param windowBehaviour what the last two windows alone say at the accepted step (before the linearisation's check)
 * @param linear         the exact linearisation at (N, τ*)
 * @param amplitudeKB    peak-to-peak queue over the last window (KB)
 * @param previousAmplitudeKB the same over the window before (KB)
 * @param periodMicros   the oscillation's period (µs), NaN when it converges or there are fewer than two upward crossings
 * @param meanQueueKB    mean queue over the last window (KB)
 * @param emptyShare     share of the last window's samples with an empty queue
 * @param stepMicros     the accepted step (µs)
 * @param stepSettled    whether the behaviour held between that step and the one before it
 * @param steps          every step tried, largest first, with its behaviour
 */
public record SolverVerdict(int flows, double delayMicros, Start start, Behaviour behaviour,
                            Behaviour windowBehaviour, Linear linear, double amplitudeKB,
                            double previousAmplitudeKB, double periodMicros, double meanQueueKB, double emptyShare,
                            double stepMicros, boolean stepSettled, List<Trial> steps) {

    /** A window's amplitude must be below this share of the window before for the oscillation to count as decaying. */
    public static final double DECAY = 0.9;
    /**
     * A window's amplitude above this multiple of the window before is a growing envelope (1 % per
     * window: above the sampling jitter of a settled limit cycle's peak to peak).
     */
    public static final double GROWTH = 1.01;
    /**
     * Amplitudes below this (KB, a millionth of a 1 KB packet) are the solver's numerical floor: there
     * the window ratio is round-off, not growth.
     */
    public static final double NOISE_KB = 1e-6;
    /** At most this many halvings of the starting step. */
    public static final int MAX_HALVINGS = 4;
    /** Longest horizon taken (µs): 10 s, 33 times the default (a 300 ms solve at N = 8 is about 0.4 s of CPU). */
    public static final double MAX_HORIZON_MICROS = 10_000_000;
    /** Largest amplitude threshold taken (KB): the largest K_max taken, 1 GB; a peak to peak above it is no queue. */
    public static final double MAX_THRESHOLD_KB = 1_000_000;
    /** Relative perturbation of the rates for {@link Start#NEAR} ({@link PerturbedRun#nearStart}, shared with the cross-check). */
    public static final double PERTURBATION = PerturbedRun.PERTURBATION;

    /** Copies the list. */
    public SolverVerdict {
        steps = List.copyOf(steps);
    }

    /** @return whether the verdict decides the point (CONVERGES or SUSTAINED_OSCILLATION), not "the horizon is too short" */
    public boolean decided() {
        return behaviour == Behaviour.CONVERGES || behaviour == Behaviour.SUSTAINED_OSCILLATION;
    }

    /** How the solution behaves at the horizon. */
    public enum Behaviour {
        /** the last window's peak-to-peak queue is below the threshold */
        CONVERGES,
        /** at or above the threshold and not decaying: a limit cycle (or still growing) */
        SUSTAINED_OSCILLATION,
        /** above the threshold but shrinking window to window: the horizon is too short to decide */
        STILL_DECAYING,
        /**
         * below the threshold but growing window to window, or below it and shrinking where the exact
         * linearisation is unstable (a growing mode under a decaying transient): the horizon is too
         * short to decide, and it is not convergence
         */
        STILL_GROWING,
        /** the numerical solution left every state the model can reach */
        DIVERGED,
        /**
         * below the threshold and not growing, but the exact linearisation does not confirm that the fixed
         * point attracts: its margin scan or its root count was refused or failed, or the point is on the
         * stability boundary (|phase margin| &lt; {@link Linear#BOUNDARY_DEG}): undecided, never CONVERGES
         */
        UNDECIDED
    }

    /** The initial condition. */
    public enum Start {
        /**
         * at the fixed point (queue q*, R_T*, α*, constant history) with every R_C raised by 1 %; past
         * P_max, where RED has no fixed point in its linear region, the queue starts at K_max
         */
        NEAR,
        /** far from it, as DCQCN starts: empty queue, every flow at line rate (R_C = R_T = C), α = 1 */
        FAR
    }

    /**
     * The exact linearisation at one (N, τ*) (seed 004 (5)-(9) around the fixed point of N identical
     * flows; {@link StabilityAnalysis}).
     *
     * @param verdict        what {@link StabilityAnalysis} says: STABLE or UNSTABLE by the phase margin
     *                       (by the root count when the open loop is unstable); OUTSIDE_LINEAR_REGION
     *                       (p* &gt; P_max), CUT_OFF_MARKING or UNDETERMINED where it does not decide
     * @param phaseMarginDeg the smallest phase margin (degrees), NaN where there is none
     * @param rootCount      the verdict comes from the root count
     * @param rightHalfPlaneRoots the characteristic roots of det(sI - J0 - J1 e^{-sτ*}) in the right
     *                       half-plane ({@link RootCount}, argument principle), counted at every
     *                       linearisable point as a second test beside the margin; -1 where not counted
     *                       (no linearisation, the count refused as too long, or not an integer)
     */
    public record Linear(StabilityVerdict verdict, double phaseMarginDeg, boolean rootCount, int rightHalfPlaneRoots) {

        /**
         * A phase margin this close to 0 (degrees) is on the stability boundary: L(jω) = -1 there, a
         * characteristic root on the imaginary axis, where neither test resolves the side. At N = 8,
         * τ*_c = 62.164558556499614 us, margins of +1e-9°, 0.0° and -6.9e-9° (τ* a few 1e-9 us apart)
         * gave root counts 0, 0 and 2: at 0.0° the margin said unstable and the count 0. 1e-6° is
         * three decades above those margins and well below any the docs quote (0.01°).
         */
        public static final double BOUNDARY_DEG = 1e-6;

        /**
         * @return whether the point is on the stability boundary: |phase margin| &lt; {@link #BOUNDARY_DEG}
         */
        public boolean onBoundary() {
            return Math.abs(phaseMarginDeg) < BOUNDARY_DEG;
        }

        /**
         * @return whether the linearisation has a root in the right half-plane by either test (the
         *         margin's sign or the root count), off the stability boundary: the fixed point is unstable
         */
        public boolean unstable() {
            return !onBoundary() && (verdict == StabilityVerdict.UNSTABLE || rightHalfPlaneRoots > 0);
        }

        /**
         * @return whether the linearisation is stable by its verdict, its root count succeeded and found
         *         no root in the right half-plane, and the point is off the stability boundary (a failed
         *         count, -1, is no evidence of stability)
         */
        public boolean stable() {
            return verdict.stable() && rightHalfPlaneRoots == 0 && !onBoundary();
        }

        /**
         * @return whether the linearisation does not apply, so the windows alone decide: the fixed point
         *         is past P_max (OUTSIDE_LINEAR_REGION) or RED's marking is cut off there (CUT_OFF_MARKING)
         */
        public boolean notApplicable() {
            return verdict == StabilityVerdict.OUTSIDE_LINEAR_REGION || verdict == StabilityVerdict.CUT_OFF_MARKING;
        }

        /**
         * @param params parameters (N, τ*)
         * @return the exact linearisation's verdict; UNDETERMINED when its margin scan is refused as
         *         too long (a τ* far past these parameters' critical delay)
         */
        public static Linear of(FluidParameters params) {
            return of(params, FixedPointSource.EXACT, RateTerms.DELAYED);
        }

        /**
         * The linearisation around a chosen fixed point with a chosen treatment of the delayed rate
         * ({@link StabilityCrossCheck} compares the solver with these too); {@link #of(FluidParameters)}
         * is the exact one.
         *
         * @param params    parameters (N, τ*)
         * @param source    the fixed point linearised around
         * @param rateTerms how the delayed rate in the exponents is treated
         * @return its verdict; UNDETERMINED when its margin scan is refused as too long
         */
        public static Linear of(FluidParameters params, FixedPointSource source, RateTerms rateTerms) {
            StabilityPoint pt;
            try {
                pt = StabilityAnalysis.of(params, source, rateTerms);
            } catch (FluidInputException e) {
                return new Linear(StabilityVerdict.UNDETERMINED, Double.NaN, false, -1);
            }
            return of(params, pt, source, rateTerms);
        }

        /**
         * The margin's verdict already taken ({@link StabilityAnalysis} at the same (N, τ*), source and
         * rate terms), with the root count added.
         *
         * @param params    parameters (N, τ*)
         * @param pt        the linear analysis at params' τ*
         * @param source    the fixed point it linearised around
         * @param rateTerms how it treated the delayed rate
         * @return the verdict: the root count decides where the open loop is unstable; -1 roots where
         *         the count is refused or does not come out an integer
         */
        public static Linear of(FluidParameters params, StabilityPoint pt, FixedPointSource source, RateTerms rateTerms) {
            if (pt.verdict() == StabilityVerdict.OUTSIDE_LINEAR_REGION || pt.verdict() == StabilityVerdict.CUT_OFF_MARKING) {
                return new Linear(pt.verdict(), Double.NaN, false, -1);
            }
            int z;
            try {
                z = RootCount.rightHalfPlane(Linearisation.at(params, source.of(params), rateTerms),
                        params.feedbackDelayMicros());
            } catch (FluidInputException e) {
                z = -1;
            }
            if (pt.verdict() == StabilityVerdict.OPEN_LOOP_UNSTABLE) {
                StabilityVerdict v = z == 0 ? StabilityVerdict.STABLE : z > 0 ? StabilityVerdict.UNSTABLE
                        : StabilityVerdict.UNDETERMINED;
                return new Linear(v, pt.margins().phaseMarginDeg(), true, z);
            }
            return new Linear(pt.verdict(), pt.phaseMarginDeg(), false, z);
        }
    }

    /**
     * One step tried.
     *
     * @param stepMicros  the step
     * @param behaviour   what it gave
     * @param amplitudeKB the last window's amplitude
     */
    public record Trial(double stepMicros, Behaviour behaviour, double amplitudeKB) {
    }

    /**
     * The rule's settings.
     *
     * @param horizonMicros H (µs), at least two windows
     * @param windowMicros  W (µs)
     * @param thresholdKB   the amplitude threshold (KB)
     * @param firstStepMicros the first step (µs)
     */
    public record Rule(double horizonMicros, double windowMicros, double thresholdKB, double firstStepMicros) {
        /** Validates. */
        public Rule {
            if (!(windowMicros > 0) || !(horizonMicros >= 2 * windowMicros) || !(horizonMicros <= MAX_HORIZON_MICROS)) {
                throw new FluidInputException("horizon = " + horizonMicros + " us, window = " + windowMicros
                        + " us: expected a window > 0 and a horizon of at least two windows, up to "
                        + (long) MAX_HORIZON_MICROS + " us (10 s)");
            }
            if (!(thresholdKB > 0 && thresholdKB <= MAX_THRESHOLD_KB)) {
                throw new FluidInputException("amplitude threshold = " + thresholdKB + " KB: expected a value > 0 KB, up to "
                        + (long) MAX_THRESHOLD_KB + " KB (1 GB, the largest K_max taken)");
            }
            new SolverSettings(firstStepMicros);   // validates the step
        }

        /** @return H = 300 ms, W = 20 ms, threshold 1 KB (one packet), first step 5 µs */
        public static Rule defaults() {
            return new Rule(300_000, 20_000, 1.0, SolverSettings.DEFAULT_STEP_MICROS);
        }
    }

    /**
     * @param params parameters (N, τ*)
     * @param start  the initial condition
     * @param rule   horizon, window, threshold, first step
     * @return the verdict
     */
    public static SolverVerdict of(FluidParameters params, Start start, Rule rule) {
        return of(params, start, rule, SolveMonitor.NONE);
    }

    /**
     * @param params  parameters (N, τ*)
     * @param start   the initial condition
     * @param rule    horizon, window, threshold, first step
     * @param monitor watches every solve (a time limit throws {@link org.rdmacheck.fluid.FluidLimitException})
     * @return the verdict
     */
    public static SolverVerdict of(FluidParameters params, Start start, Rule rule, SolveMonitor monitor) {
        return of(params, start, rule, monitor, Linear.of(params));
    }

    /**
     * @param params  parameters (N, τ*)
     * @param start   the initial condition
     * @param rule    horizon, window, threshold, first step
     * @param monitor watches every solve
     * @param linear  the exact linearisation at (N, τ*) ({@link Linear#of}, computed once for both starts)
     * @return the verdict
     */
    public static SolverVerdict of(FluidParameters params, Start start, Rule rule, SolveMonitor monitor,
                                   Linear linear) {
        List<Trial> trials = new ArrayList<>();
        // the solver caps its step at τ* (method of steps): the trials report the step it used
        double step = params.feedbackDelayMicros() > 0 ? Math.min(rule.firstStepMicros(), params.feedbackDelayMicros())
                : rule.firstStepMicros();
        Window last = solve(params, start, rule, step, monitor);
        trials.add(new Trial(step, last.behaviour(rule, linear), last.amplitudeKB));
        boolean settled = false;
        for (int i = 0; i < MAX_HALVINGS; i++) {
            double half = step / 2;
            if (half < SolverSettings.MIN_STEP_MICROS) {
                break;
            }
            Window w = solve(params, start, rule, half, monitor);
            Behaviour b = w.behaviour(rule, linear);
            trials.add(new Trial(half, b, w.amplitudeKB));
            boolean same = b == last.behaviour(rule, linear) && (b != Behaviour.SUSTAINED_OSCILLATION
                    || Math.abs(w.amplitudeKB - last.amplitudeKB) <= 0.05 * Math.max(w.amplitudeKB, last.amplitudeKB));
            step = half;
            last = w;
            if (same) {
                settled = true;
                break;
            }
        }
        Behaviour verdict = last.behaviour(rule, linear);
        return new SolverVerdict(params.flows(), params.feedbackDelayMicros(), start, verdict,
                last.diverged ? Behaviour.DIVERGED : judge(last.amplitudeKB, last.previousAmplitudeKB, rule.thresholdKB()),
                linear, last.amplitudeKB, last.previousAmplitudeKB, verdict == Behaviour.CONVERGES ? Double.NaN : last.periodMicros, last.meanKB, last.emptyShare, step,
                settled, trials);
    }

    /** The queue over the last two windows of one solve. */
    private record Window(boolean diverged, double amplitudeKB, double previousAmplitudeKB, double periodMicros,
                          double meanKB, double emptyShare) {
        Behaviour behaviour(Rule rule, Linear linear) {
            return diverged ? Behaviour.DIVERGED
                    : decide(judge(amplitudeKB, previousAmplitudeKB, rule.thresholdKB()), amplitudeKB,
                            previousAmplitudeKB, linear);
        }
    }

    /**
     * The rule on one solve's last two windows (the class comment): growth first, then amplitude.
     *
     * @param amplitudeKB         peak to peak over the last window
     * @param previousAmplitudeKB peak to peak over the window before
     * @param thresholdKB         the amplitude threshold
     * @return the behaviour
     */
    static Behaviour judge(double amplitudeKB, double previousAmplitudeKB, double thresholdKB) {
        // growth first: a growing envelope is not convergence however small it still is
        boolean growing = amplitudeKB >= NOISE_KB && amplitudeKB > GROWTH * previousAmplitudeKB;
        if (amplitudeKB < thresholdKB) {
            return growing ? Behaviour.STILL_GROWING : Behaviour.CONVERGES;
        }
        return amplitudeKB >= DECAY * previousAmplitudeKB ? Behaviour.SUSTAINED_OSCILLATION : Behaviour.STILL_DECAYING;
    }

    /**
     * The windows' reading checked against the linearisation (the class comment), both ways:
     * <ul>
     *   <li>a fixed point with a characteristic root in the right half-plane attracts no generic
     *       solution, so CONVERGES there is a growing mode not yet visible at the horizon:
     *       {@link Behaviour#STILL_GROWING};</li>
     *   <li>where it neither has such a root nor is confirmed stable ({@link Linear#stable}: the margin
     *       scan or the count refused or failed, or the point on the boundary) and does apply, CONVERGES
     *       is not confirmed: {@link Behaviour#UNDECIDED};</li>
     *   <li>where the linearisation is stable (no root in the right half-plane by either test), an
     *       envelope above the threshold that still shrinks by more than the 1 % jitter allowance
     *       ({@link #GROWTH}) is the slowest stable mode decaying, not a limit cycle, however close
     *       to 1 the ratio ({@link #DECAY} lets ×0.90 per window read as sustained):
     *       {@link Behaviour#STILL_DECAYING}. A settled limit cycle keeps its amplitude within the
     *       jitter, so one around a stable fixed point (a far start's) still reads sustained.</li>
     * </ul>
     *
     * @param windows what the last two windows say ({@link #judge})
     * @param amplitudeKB         peak to peak over the last window
     * @param previousAmplitudeKB peak to peak over the window before
     * @param linear  the exact linearisation at the same (N, τ*)
     * @return the verdict
     */
    static Behaviour decide(Behaviour windows, double amplitudeKB, double previousAmplitudeKB, Linear linear) {
        if (windows == Behaviour.CONVERGES && linear.unstable()) {
            return Behaviour.STILL_GROWING;
        }
        if (windows == Behaviour.CONVERGES && !linear.stable() && !linear.notApplicable()) {
            return Behaviour.UNDECIDED;
        }
        if (windows == Behaviour.SUSTAINED_OSCILLATION && linear.stable()
                && GROWTH * amplitudeKB < previousAmplitudeKB) {
            return Behaviour.STILL_DECAYING;
        }
        return windows;
    }

    private static Window solve(FluidParameters params, Start start, Rule rule, double step, SolveMonitor monitor) {
        double line = params.lineRateGbps();
        FluidProblem problem;
        if (start == Start.NEAR) {
            problem = PerturbedRun.nearStart(params, FixedPoint.of(params), rule.horizonMicros());
        } else {
            problem = new FluidProblem(params, List.of(new FlowSpec(params.flows(), 0, line, line, 1)),
                    rule.horizonMicros(), 0);
        }
        double h = rule.horizonMicros();
        double w = rule.windowMicros();
        double lastFrom = h - w;
        double prevFrom = h - 2 * w;
        List<double[]> samples = new ArrayList<>();
        double[] prev = {Double.MAX_VALUE, -Double.MAX_VALUE};
        try {
            new FluidSolver(new SolverSettings(Math.min(step, params.feedbackDelayMicros() > 0
                    ? params.feedbackDelayMicros() : step)).withMonitor(monitor)).solve(problem, (t, y) -> {
                        double q = y[StateLayout.QUEUE];
                        if (t >= prevFrom && t < lastFrom) {
                            prev[0] = Math.min(prev[0], q);
                            prev[1] = Math.max(prev[1], q);
                        } else if (t >= lastFrom) {
                            samples.add(new double[] {t, q});
                        }
                    });
        } catch (FluidDivergenceException e) {
            return new Window(true, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        double pk = params.packetKB();
        double min = Double.MAX_VALUE;
        double max = -Double.MAX_VALUE;
        double sum = 0;
        int empty = 0;
        for (double[] s : samples) {
            min = Math.min(min, s[1]);
            max = Math.max(max, s[1]);
            sum += s[1];
            if (s[1] <= 1e-6) {
                empty++;
            }
        }
        double mean = sum / samples.size();
        // upward crossings of the mean
        List<Double> ups = new ArrayList<>();
        for (int i = 1; i < samples.size(); i++) {
            double a = samples.get(i - 1)[1] - mean;
            double b = samples.get(i)[1] - mean;
            if (a < 0 && b >= 0) {
                double ta = samples.get(i - 1)[0];
                double tb = samples.get(i)[0];
                ups.add(ta + (tb - ta) * (-a) / (b - a));
            }
        }
        double period = ups.size() >= 2 ? (ups.get(ups.size() - 1) - ups.get(0)) / (ups.size() - 1) : Double.NaN;
        return new Window(false, Units.packetsToKb(max - min, pk), Units.packetsToKb(prev[1] - prev[0], pk), period,
                Units.packetsToKb(mean, pk), empty / (double) samples.size());
    }

    /**
     * The exact linearisation's critical delay: the smallest τ* at which its phase margin reaches 0.
     * |L(jω)| does not depend on τ*, so the gain crossovers ω_i stay where they are and the margin at
     * each falls as PM_i(τ*) = PM_i(0) - ω_i τ*: τ*_c = min over the crossovers of PM_i(0)/ω_i.
     *
     * @param params parameters (N)
     * @return τ*_c (µs), NaN when the point is not linearisable (p* > P_max) or not stable at τ* = 0
     */
    public static double criticalDelayMicros(FluidParameters params) {
        StabilityPoint at0 = StabilityAnalysis.of(params, new double[] {0}, Simplification.EXACT).get(0);
        if (at0.verdict() != StabilityVerdict.STABLE) {
            return Double.NaN;
        }
        double best = Double.POSITIVE_INFINITY;
        for (Margins.Crossover c : at0.margins().crossovers()) {
            best = Math.min(best, Math.toRadians(c.phaseMarginDeg()) / c.radPerMicro());
        }
        return best;
    }
}
