package org.rdmacheck.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.stream.IntStream;
import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.fluid.SolverSettings;
import org.rdmacheck.fluid.stability.FixedPointSource;
import org.rdmacheck.fluid.stability.PerturbedRun;
import org.rdmacheck.fluid.stability.StabilityCrossCheck;
import org.rdmacheck.fluid.stability.StabilityPoint;
import org.rdmacheck.fluid.stability.StabilitySweep;
import org.rdmacheck.fluid.stability.StabilityVerdict;

/**
 * The quick stability analysis for {@code rdmacheck all}: the deployed parameters' phase margin over
 * N = 2..20 at τ* = 1, 50, 100 µs (one row per delay) and a 2 × 2 cross-check against the
 * delay-differential solver.
 */
final class StabilitySuite {

    private static final int[] FLOWS = IntStream.rangeClosed(1, 10).map(i -> 2 * i).toArray();
    private static final double[] DELAYS = {1, 50, 100};

    private StabilitySuite() {
    }

    /** @return the summary rows */
    static List<SummaryRow> run() {
        FluidParameters deployed = FluidParameters.deployed();
        List<SummaryRow> rows = new ArrayList<>();
        long t0 = System.currentTimeMillis();
        List<StabilitySweep.Row> sweep = StabilitySweep.overFlows(deployed, FLOWS, DELAYS, FixedPointSource.EXACT);
        long sweepMillis = System.currentTimeMillis() - t0;
        for (double tau : DELAYS) {
            List<StabilityPoint> pts = sweep.stream().map(StabilitySweep.Row::point).filter(p -> p.delayMicros() == tau).toList();
            rows.add(row(String.format(Locale.ROOT, "tau*=%.0fus", tau), "phase margin over N=2..20",
                    sweepVerdict(pts), sweepDetail(pts), sweepMillis, SummaryRow.Outcome.AS_EXPECTED));
        }
        t0 = System.currentTimeMillis();
        StabilityCrossCheck c = StabilityCrossCheck.run(deployed, new int[] {2, 8}, new double[] {50, 100},
                FixedPointSource.EXACT, SolverSettings.defaults(), PerturbedRun.DURATION_MICROS);
        long agree = c.points().stream().filter(StabilityCrossCheck.Point::agrees).count();
        boolean farOff = c.disagreements().stream()
                .anyMatch(p -> Math.abs(p.linear().phaseMarginDeg()) > StabilityCrossCheckCommand.NEAR_ZERO_DEG);
        rows.add(row("N=2,8 tau*=50,100us", "margin sign vs delay-differential solver",
                agree == c.points().size() ? "AGREES" : "DISAGREES", String.format(Locale.ROOT,
                        "%d of %d points agree (converging vs sustained oscillation)", agree, c.points().size()),
                System.currentTimeMillis() - t0, farOff ? SummaryRow.Outcome.UNEXPECTED : SummaryRow.Outcome.AS_EXPECTED));
        return rows;
    }

    private static String sweepVerdict(List<StabilityPoint> pts) {
        boolean unstable = pts.stream().anyMatch(p -> p.verdict() == StabilityVerdict.UNSTABLE);
        boolean undecided = pts.stream().anyMatch(p -> !p.verdict().hasMargins()
                && p.verdict() != StabilityVerdict.OUTSIDE_LINEAR_REGION && p.verdict() != StabilityVerdict.NO_CROSSOVER);
        return unstable ? "UNSTABLE" : undecided ? "UNDECIDED" : "STABLE";
    }

    private static String sweepDetail(List<StabilityPoint> pts) {
        StringBuilder sb = new StringBuilder();
        pts.stream().filter(p -> p.verdict().hasMargins())
                .min((a, b) -> Double.compare(a.phaseMarginDeg(), b.phaseMarginDeg()))
                .ifPresent(p -> sb.append(String.format(Locale.ROOT, "smallest phase margin %.2f deg at N=%d (%.0f Hz)",
                        p.phaseMarginDeg(), p.flows(), p.crossoverHz())));
        pts.stream().filter(p -> p.verdict() == StabilityVerdict.OUTSIDE_LINEAR_REGION).findFirst()
                .ifPresent(p -> sb.append(String.format(Locale.ROOT, "; p* > Pmax from N=%d: outside RED's linear "
                        + "region, no margin", p.flows())));
        return sb.toString();
    }

    private static SummaryRow row(String variant, String property, String verdict, String detail, long millis,
                                  SummaryRow.Outcome outcome) {
        return new SummaryRow("fluid-stability", variant, new TreeMap<>(FluidParameters.deployed().asMap()), property, "-",
                verdict, -1, -1, -1, millis, 0, null, detail, outcome);
    }
}
