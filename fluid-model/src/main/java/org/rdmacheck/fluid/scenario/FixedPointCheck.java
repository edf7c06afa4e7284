package org.rdmacheck.fluid.scenario;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.rdmacheck.fluid.FixedPoint;
import org.rdmacheck.fluid.FixedPointResult;
import org.rdmacheck.fluid.FluidParameters;

/**
 * A checked property of the scenarios with N identical greedy flows: once the start-up transient is
 * over, the simulated queue (and each flow's rate, where the scenario records them) equals the fixed
 * point of seed 004 (6)-(9) (§5.1, equation (10)) within a stated tolerance. The fixed point is
 * {@link FixedPoint#of}: equation (9) at equilibrium, written and solved (Brent's method on p) apart
 * from the solver's right-hand side ({@code DcqcnEquations}), so a wrong term in the simulated
 * equations moves the simulated steady state away from it. The CoNEXT 2016 closed form of p* is
 * reported beside it. Applies only where the fixed point lies in RED's linear region (p* ≤ P_max);
 * elsewhere there is nothing to settle to and no finding is made.
 */
public final class FixedPointCheck {

    /** The simulated mean queue may differ from q* by this fraction of q* ... */
    public static final double QUEUE_TOLERANCE = 0.05;
    /** ... or by this many KB, whichever is larger (a fixed point near an empty queue). */
    public static final double QUEUE_FLOOR_KB = 1.0;
    /** A flow's simulated mean rate may differ from R_C* = C/N by this fraction of it. */
    public static final double RATE_TOLERANCE = 0.02;

    private FixedPointCheck() {
    }

    /**
     * @param label       what was run, e.g. {@code two flows, +10 ms}
     * @param params      the parameters, N the number of identical flows
     * @param window      the averaging window, for the summary (e.g. {@code 100-110 ms})
     * @param meanQueueKB the simulated mean queue over the window
     * @param meanRatesGbps each flow's simulated mean rate over the window (may be empty)
     * @return the finding (verdict CONFIRMED or REFUTED, expected to hold), or empty when the fixed
     *         point is outside RED's linear region
     */
    public static Optional<ScenarioReport.Finding> check(String label, FluidParameters params, String window,
                                                         double meanQueueKB, double... meanRatesGbps) {
        return check(label, params, window, true, meanQueueKB, meanRatesGbps);
    }

    /**
     * As {@link #check(String, FluidParameters, String, double, double...)}, for a run that may not
     * have settled: a window of a run that did not converge is no steady state, so comparing it with
     * the fixed point decides nothing (verdict INCONCLUSIVE, the figures still given).
     *
     * @param label       what was run
     * @param params      the parameters, N the number of identical flows
     * @param window      the averaging window, for the summary
     * @param settled     whether the run converged before the window
     * @param meanQueueKB the simulated mean queue over the window
     * @param meanRatesGbps each flow's simulated mean rate over the window (may be empty)
     * @return the finding (CONFIRMED, REFUTED or INCONCLUSIVE, expected to hold), or empty when the
     *         fixed point is outside RED's linear region
     */
    public static Optional<ScenarioReport.Finding> check(String label, FluidParameters params, String window,
                                                         boolean settled, double meanQueueKB,
                                                         double... meanRatesGbps) {
        FixedPointResult fp = FixedPoint.of(params);
        if (!fp.inLinearRegion()) {
            return Optional.empty();
        }
        double queueTol = Math.max(QUEUE_TOLERANCE * fp.queueKB(), QUEUE_FLOOR_KB);
        boolean queueOk = Math.abs(meanQueueKB - fp.queueKB()) <= queueTol;
        double worstRate = 0;
        for (double r : meanRatesGbps) {
            worstRate = Math.max(worstRate, Math.abs(r - fp.rateGbps()) / fp.rateGbps());
        }
        boolean ratesOk = worstRate <= RATE_TOLERANCE;
        Map<String, Double> f = new LinkedHashMap<>();
        f.put("mean_queue_KB", meanQueueKB);
        f.put("fixed_point_queue_KB", fp.queueKB());
        f.put("queue_tolerance_KB", queueTol);
        f.put("fixed_point_rate_Gbps", fp.rateGbps());
        if (meanRatesGbps.length > 0) {
            f.put("worst_rate_deviation_percent", 100 * worstRate);
        }
        f.put("fixed_point_p", fp.markingProbability());
        f.put("closed_form_p", FixedPoint.closedFormProbability(params));
        String rates = meanRatesGbps.length == 0 ? "" : String.format(Locale.ROOT,
                ", rates within %.2f %% of C/N = %.2f Gb/s (tolerance %.0f %%)", 100 * worstRate, fp.rateGbps(),
                100 * RATE_TOLERANCE);
        String summary = String.format(Locale.ROOT, "%s mean queue %.2f KB vs fixed point q* = %.2f KB (tolerance "
                + "%.2f KB)%s; p* = %.4g (CoNEXT'16 closed form %.4g)%s", window, meanQueueKB, fp.queueKB(), queueTol,
                rates, fp.markingProbability(), FixedPoint.closedFormProbability(params),
                !settled ? ": the run did not converge, so the window is no steady state to compare"
                        : queueOk && ratesOk ? "" : ": the simulated steady state is not the fixed point");
        String verdict = !settled ? "INCONCLUSIVE" : queueOk && ratesOk ? "CONFIRMED" : "REFUTED";
        return Optional.of(new ScenarioReport.Finding(label + ": steady state = fixed point", verdict, f, summary,
                ScenarioReport.Expect.HOLDS));
    }
}
