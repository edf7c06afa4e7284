package org.rdmacheck.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.fluid.SolverSettings;
import org.rdmacheck.fluid.stability.FixedPointSource;
import org.rdmacheck.fluid.stability.PerturbedRun;
import org.rdmacheck.fluid.stability.StabilityCrossCheck;
import org.rdmacheck.fluid.stability.StabilityFiles;
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
    private static final String MODEL = "fluid-stability";

    private StabilitySuite() {
    }

    /**
     * @param dir where the sweep and the cross-check leave their CSV files (and the sweep its PNG),
     *            for the report's stability plot
     * @return the findings
     */
    static List<Finding> run(java.nio.file.Path dir) {
        FluidParameters deployed = FluidParameters.deployed();
        List<Finding> rows = new ArrayList<>();
        long t0 = System.currentTimeMillis();
        List<StabilitySweep.Row> sweep = StabilitySweep.overFlows(deployed, FLOWS, DELAYS, FixedPointSource.EXACT);
        long sweepMillis = System.currentTimeMillis() - t0;
        StabilityFiles.sweep(sweep, dir);
        for (double tau : DELAYS) {
            List<StabilityPoint> pts = sweep.stream().map(StabilitySweep.Row::point).filter(p -> p.delayMicros() == tau).toList();
            rows.add(sweepFinding(String.format(Locale.ROOT, "tau*=%.0fus", tau), pts).withWallMillis(sweepMillis));
        }
        t0 = System.currentTimeMillis();
        StabilityCrossCheck c = StabilityCrossCheck.run(deployed, new int[] {2, 8}, new double[] {50, 100},
                FixedPointSource.EXACT, SolverSettings.defaults(), PerturbedRun.DURATION_MICROS);
        StabilityFiles.crossCheck(c, dir);
        long agree = c.points().stream().filter(StabilityCrossCheck.Point::agrees).count();
        long decided = c.points().size() - c.undecided().size();
        boolean farOff = c.disagreements().stream()
                .anyMatch(p -> Math.abs(p.linear().phaseMarginDeg()) > StabilityCrossCheckCommand.NEAR_ZERO_DEG);
        rows.add(Finding.of(MODEL, "N=2,8 tau*=50,100us", deployed.asMap(), "margin sign vs delay-differential solver",
                        Finding.Expectation.HOLDS, farOff ? Finding.Verdict.REFUTED : Finding.Verdict.CONFIRMED)
                .with(Quantity.of("compared", c.points().size(), Quantity.Unit.COUNT),
                        Quantity.of("agreeing", agree, Quantity.Unit.COUNT))
                .withWallMillis(System.currentTimeMillis() - t0)
                .withDetail(String.format(Locale.ROOT, "%d of %d points agree (converging vs sustained oscillation)%s%s",
                        agree, decided, c.undecided().isEmpty() ? "" : "; " + c.undecided().size()
                                + " undecided (on the stability boundary or no root count) not compared",
                        agree == decided ? "" : "; disagreements within "
                                + StabilityCrossCheckCommand.NEAR_ZERO_DEG + " deg of 0 are expected")));
        return rows;
    }

    private static Finding sweepFinding(String variant, List<StabilityPoint> pts) {
        boolean unstable = pts.stream().anyMatch(p -> p.verdict() == StabilityVerdict.UNSTABLE);
        boolean undecided = pts.stream().anyMatch(p -> !p.verdict().hasMargins()
                && p.verdict() != StabilityVerdict.OUTSIDE_LINEAR_REGION && p.verdict() != StabilityVerdict.NO_CROSSOVER);
        Finding f = Finding.of(MODEL, variant, FluidParameters.deployed().asMap(), "phase margin over N=2..20",
                Finding.Expectation.NONE, unstable ? Finding.Verdict.UNSTABLE
                        : undecided ? Finding.Verdict.MEASURED : Finding.Verdict.STABLE);
        StringBuilder sb = new StringBuilder();
        var worst = pts.stream().filter(p -> p.verdict().hasMargins())
                .min((a, b) -> Double.compare(a.phaseMarginDeg(), b.phaseMarginDeg()));
        if (worst.isPresent()) {
            StabilityPoint p = worst.get();
            f = f.with(Quantity.of("smallestPhaseMargin_deg", p.phaseMarginDeg(), Quantity.Unit.DEGREES),
                    Quantity.of("atFlows", p.flows(), Quantity.Unit.COUNT),
                    Quantity.of("crossover_Hz", p.crossoverHz(), Quantity.Unit.HERTZ));
            sb.append(String.format(Locale.ROOT, "smallest phase margin %.2f deg at N=%d (%.0f Hz)", p.phaseMarginDeg(),
                    p.flows(), p.crossoverHz()));
        }
        var outside = pts.stream().filter(p -> p.verdict() == StabilityVerdict.OUTSIDE_LINEAR_REGION).findFirst();
        if (outside.isPresent()) {
            f = f.with(Quantity.of("outsideLinearRegionFromFlows", outside.get().flows(), Quantity.Unit.COUNT));
            sb.append(String.format(Locale.ROOT, "; p* > Pmax from N=%d: outside RED's linear region, no margin",
                    outside.get().flows()));
        }
        return f.withDetail(sb.toString());
    }
}
