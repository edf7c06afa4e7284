package org.rdmacheck.fluid.stability;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.rdmacheck.fluid.FixedPointResult;
import org.rdmacheck.fluid.FluidParameters;

/** The linear stability analysis of one operating point: fixed point, linearisation, margins. Stateless. */
public final class StabilityAnalysis {

    private StabilityAnalysis() {
    }

    /**
     * @param params parameters (N flows, τ*)
     * @param source which fixed point to linearise around
     * @return the analysis; points outside RED's linear region or with cut-off marking carry no margins
     */
    public static StabilityPoint of(FluidParameters params, FixedPointSource source) {
        return of(params, source, RateTerms.DELAYED);
    }

    /**
     * @param params    parameters (N flows, τ*)
     * @param source    which fixed point to linearise around
     * @param rateTerms how the delayed rate in the exponents is treated
     * @return the analysis
     */
    public static StabilityPoint of(FluidParameters params, FixedPointSource source, RateTerms rateTerms) {
        return of(params, new double[] {params.feedbackDelayMicros()}, source, rateTerms).get(0);
    }

    /**
     * The same operating point (the fixed point does not depend on τ*) under several delays: one
     * fixed point and one linearisation, margins per delay.
     *
     * @param params parameters (N flows; their τ* is replaced)
     * @param delaysMicros τ* values
     * @param source which fixed point to linearise around
     * @return one point per delay, in order
     */
    public static List<StabilityPoint> of(FluidParameters params, double[] delaysMicros, FixedPointSource source) {
        return of(params, delaysMicros, source, RateTerms.DELAYED);
    }

    /**
     * @param params       parameters (N flows; their τ* is replaced)
     * @param delaysMicros τ* values
     * @param source       which fixed point to linearise around
     * @param rateTerms    how the delayed rate in the exponents is treated
     * @return one point per delay, in order
     */
    public static List<StabilityPoint> of(FluidParameters params, double[] delaysMicros, FixedPointSource source,
                                          RateTerms rateTerms) {
        checkDelays(delaysMicros);
        FixedPointResult fp = source.of(params);
        int n = params.flows();
        double p = fp.markingProbability();
        List<StabilityPoint> out = new ArrayList<>();
        if (fp.cutOff() || !fp.inLinearRegion()) {
            StabilityVerdict v = fp.cutOff() ? StabilityVerdict.CUT_OFF_MARKING : StabilityVerdict.OUTSIDE_LINEAR_REGION;
            for (double tau : delaysMicros) {
                out.add(new StabilityPoint(n, tau, p, fp.queueKB(), v, Margins.NONE));
            }
            return out;
        }
        return points(Linearisation.at(params, fp, rateTerms), delaysMicros, n, p, fp.queueKB(), false, false);
    }

    /**
     * The analysis under a set of the published analysis' simplifications ({@link Simplification});
     * the empty set is the exact analysis ({@link #of(FluidParameters, double[], FixedPointSource)}
     * with {@link FixedPointSource#EXACT}).
     *
     * @param params          parameters (N flows; their τ* is replaced)
     * @param delaysMicros    τ* values
     * @param simplifications the switches
     * @return one point per delay, in order; past P_max the points carry margins only with
     *         {@link Simplification#UNCAPPED_RED}, and are marked {@link StabilityPoint#pastPmax()}
     */
    public static List<StabilityPoint> of(FluidParameters params, double[] delaysMicros,
                                          Set<Simplification> simplifications) {
        if (simplifications.isEmpty()) {
            return of(params, delaysMicros, FixedPointSource.EXACT, RateTerms.DELAYED);
        }
        checkDelays(delaysMicros);
        FixedPointResult fp = SimplifiedLinearisation.operatingPoint(params, simplifications);
        int n = params.flows();
        double p = fp.markingProbability();
        boolean past = !fp.inLinearRegion();
        if (fp.cutOff() || (past && !simplifications.contains(Simplification.UNCAPPED_RED))) {
            StabilityVerdict v = fp.cutOff() ? StabilityVerdict.CUT_OFF_MARKING : StabilityVerdict.OUTSIDE_LINEAR_REGION;
            List<StabilityPoint> out = new ArrayList<>();
            for (double tau : delaysMicros) {
                out.add(new StabilityPoint(n, tau, p, fp.queueKB(), v, Margins.NONE));
            }
            return out;
        }
        return points(SimplifiedLinearisation.at(params, fp, simplifications), delaysMicros, n, p, fp.queueKB(), past,
                true);
    }

    /**
     * Refuses what {@link #of(FluidParameters, double[], Set)} would refuse as too long (the
     * phase-crossover scan, {@link MarginFinder#requireScannable}; the root count where the open loop is
     * unstable, {@link RootCount#requireCountable}) without the scans themselves: a few milliseconds a
     * loop. {@link StabilityAttribution} checks its 2^8 subsets so first, so a τ* too long for one of
     * them is one line before any subset is analysed, not after minutes of the others.
     *
     * @param params          parameters (N flows; their τ* is replaced)
     * @param delaysMicros    τ* values
     * @param simplifications the switches
     * @throws org.rdmacheck.fluid.FluidInputException where {@link #of(FluidParameters, double[], Set)} would
     */
    public static void requireAnalysable(FluidParameters params, double[] delaysMicros,
                                         Set<Simplification> simplifications) {
        checkDelays(delaysMicros);
        boolean exact = simplifications.isEmpty();
        FixedPointResult fp = exact ? FixedPointSource.EXACT.of(params)
                : SimplifiedLinearisation.operatingPoint(params, simplifications);
        boolean margins = exact ? !fp.cutOff() && fp.inLinearRegion()
                : !fp.cutOff() && (fp.inLinearRegion() || simplifications.contains(Simplification.UNCAPPED_RED));
        if (!margins) {
            return;
        }
        Linearisation lin = exact ? Linearisation.at(params, fp, RateTerms.DELAYED)
                : SimplifiedLinearisation.at(params, fp, simplifications);
        LoopTransfer loop = lin.loop();
        // as points(): the root count where the open loop is unstable and |L| crosses 1 (not for the exact analysis)
        boolean counts = !exact && !(lin.openLoopAbscissa() < 0) && MarginFinder.hasGainCrossover(loop);
        for (double tau : delaysMicros) {
            MarginFinder.requireScannable(loop.withDelay(tau));
            if (counts) {
                RootCount.requireCountable(lin, tau);
            }
        }
    }

    /** Every delay in [0, {@link FluidParameters#MAX_DELAY_MICROS}], checked before any work starts. */
    private static void checkDelays(double[] delaysMicros) {
        for (double tau : delaysMicros) {
            FluidParameters.checkDelay("tauStar", tau);
        }
    }

    /**
     * @param rootCount when the open loop is unstable, decide by counting the characteristic roots in
     *                  the right half-plane ({@link RootCount}) instead of saying OPEN_LOOP_UNSTABLE
     */
    private static List<StabilityPoint> points(Linearisation lin, double[] delaysMicros, int n, double p, double queueKB,
                                               boolean pastPmax, boolean rootCount) {
        List<StabilityPoint> out = new ArrayList<>();
        boolean openLoopStable = lin.openLoopAbscissa() < 0;
        LoopTransfer loop = lin.loop();
        for (double tau : delaysMicros) {
            Margins m = MarginFinder.of(loop.withDelay(tau));
            StabilityVerdict v;
            boolean counted = false;
            if (!openLoopStable && rootCount && m.hasCrossover()) {
                int z = RootCount.rightHalfPlane(lin, tau);
                v = z == 0 ? StabilityVerdict.STABLE : z > 0 ? StabilityVerdict.UNSTABLE : StabilityVerdict.UNDETERMINED;
                counted = true;
            } else if (!openLoopStable) {
                v = StabilityVerdict.OPEN_LOOP_UNSTABLE;
            } else if (!m.hasCrossover()) {
                v = m.peakMagnitude() < 1 ? StabilityVerdict.NO_CROSSOVER : StabilityVerdict.UNDETERMINED;
            } else {
                v = m.phaseMarginDeg() > 0 ? StabilityVerdict.STABLE : StabilityVerdict.UNSTABLE;
            }
            out.add(new StabilityPoint(n, tau, p, queueKB, v, m, pastPmax, counted));
        }
        return out;
    }
}
