package org.rdmacheck.fluid.stability;

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
        FixedPointResult fp = source.of(params);
        int n = params.flows();
        double tau = params.feedbackDelayMicros();
        double p = fp.markingProbability();
        if (fp.cutOff()) {
            return new StabilityPoint(n, tau, p, fp.queueKB(), StabilityVerdict.CUT_OFF_MARKING, Margins.NONE);
        }
        if (!fp.inLinearRegion()) {
            return new StabilityPoint(n, tau, p, Double.NaN, StabilityVerdict.OUTSIDE_LINEAR_REGION, Margins.NONE);
        }
        Linearisation lin = Linearisation.at(params, fp);
        Margins m = MarginFinder.of(lin.loop());
        StabilityVerdict v;
        if (lin.openLoopAbscissa() >= 0) {
            v = StabilityVerdict.OPEN_LOOP_UNSTABLE;
        } else if (!m.hasCrossover()) {
            v = m.peakMagnitude() < 1 ? StabilityVerdict.NO_CROSSOVER : StabilityVerdict.UNDETERMINED;
        } else {
            v = m.phaseMarginDeg() > 0 ? StabilityVerdict.STABLE : StabilityVerdict.UNSTABLE;
        }
        return new StabilityPoint(n, tau, p, fp.queueKB(), v, m);
    }
}
