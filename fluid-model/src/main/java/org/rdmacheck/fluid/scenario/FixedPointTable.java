package org.rdmacheck.fluid.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.rdmacheck.fluid.FixedPoint;
import org.rdmacheck.fluid.FixedPointResult;
import org.rdmacheck.fluid.FluidParameters;

/**
 * The fixed point (seed 004 (10) and §5.1) for several N: p*, α*, R_T* - R_C*, q*, and a plain
 * NO-FIXED-POINT verdict when p* exceeds P_max (RED's linear region holds no equilibrium, so the
 * queue must cross K_max where marking jumps to 1).
 */
public final class FixedPointTable {

    /** Flow counts tabulated by default. */
    private static final int[] DEFAULT_FLOWS = {1, 2, 4, 8, 16, 32, 64};

    /** @return the flow counts tabulated by default (a copy) */
    public static int[] defaultFlows() {
        return DEFAULT_FLOWS.clone();
    }

    private FixedPointTable() {
    }

    /**
     * @param base  parameters (N varied)
     * @param flows the N values
     * @return the report
     */
    public static ScenarioReport run(FluidParameters base, int[] flows) {
        long t0 = System.currentTimeMillis();
        List<ScenarioReport.Finding> findings = new ArrayList<>();
        for (int n : flows) {
            FixedPointResult r = FixedPoint.of(base.with("N", Integer.toString(n)));
            Map<String, Double> f = new LinkedHashMap<>();
            f.put("RcStar_Gbps", r.rateGbps());
            f.put("pStar", r.markingProbability());
            f.put("alphaStar", r.alpha());
            f.put("RtStar_minus_RcStar_Gbps", r.targetGapGbps());
            f.put("qStar_KB", r.queueKB());
            String verdict = r.inLinearRegion() ? "OK" : "NO-FIXED-POINT";
            String q = r.inLinearRegion() ? String.format(Locale.ROOT, "q* = %.1f KB%s", r.queueKB(),
                    r.cutOff() ? " (on the cut-off step)" : "")
                    : String.format(Locale.ROOT, "p* > Pmax = %.4g: no fixed point in RED's linear region", base.pmax());
            findings.add(new ScenarioReport.Finding("N=" + n, verdict, f, String.format(Locale.ROOT,
                    "Rc* = %.3f Gb/s, p* = %.4g, alpha* = %.4f, Rt*-Rc* = %.3f Gb/s, %s", r.rateGbps(),
                    r.markingProbability(), r.alpha(), r.targetGapGbps(), q)));
        }
        return new ScenarioReport("fixed-point", findings, List.of(), System.currentTimeMillis() - t0);
    }
}
