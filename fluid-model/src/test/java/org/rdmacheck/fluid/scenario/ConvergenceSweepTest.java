package org.rdmacheck.fluid.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.fluid.SolverSettings;

/** Seed 004 §5.2 / Fig 11 in the faithful model: the figures the report states. */
class ConvergenceSweepTest {

    @Test
    void strawmanDoesNotConvergeAndDeployedDoes() {
        ConvergenceSweep.Cell straw = ConvergenceSweep.solve(FluidParameters.strawman(), SolverSettings.defaults(), "cut-off");
        ConvergenceSweep.Cell dep = ConvergenceSweep.solve(FluidParameters.deployed(), SolverSettings.defaults(), "RED");
        // strawman: the line-rate flow keeps ~38 Gb/s, the other stays below 1 Gb/s for all 200 ms
        assertFalse(straw.converged());
        assertTrue(straw.finalGapGbps() > 30, "strawman final gap " + straw.finalGapGbps());
        assertTrue(dep.converged());
        assertTrue(dep.finalGapGbps() < 0.01, "deployed final gap " + dep.finalGapGbps());
    }

    @Test
    void theOtherReadingOfTheSlowFlowsTargetKeepsTheNamedVerdicts() {
        // R_T = C for the flow starting at 0: the strawman still does not converge, the deployed set does
        ConvergenceSweep.Cell straw = ConvergenceSweep.solve(FluidParameters.strawman(), SolverSettings.defaults(),
                "cut-off", 40);
        ConvergenceSweep.Cell dep = ConvergenceSweep.solve(FluidParameters.deployed(), SolverSettings.defaults(),
                "RED", 40);
        assertFalse(straw.converged());
        assertTrue(straw.finalGapGbps() > 15, "strawman final gap " + straw.finalGapGbps());
        assertTrue(dep.converged());
        // but it does change the verdict for RED with the slow 1.5 ms timer
        assertTrue(ConvergenceSweep.solve(FluidParameters.deployed().with("T", "1500"), SolverSettings.defaults(),
                "RED", 40).converged());
        assertFalse(ConvergenceSweep.solve(FluidParameters.deployed().with("T", "1500"), SolverSettings.defaults(),
                "RED", 0).converged());
    }

    @Test
    void gridIsInGridOrderAndDeterministic() {
        FluidParameters base = FluidParameters.deployed();
        double[] b = {150, 10_000};
        double[] t = {55, 1500};
        List<ConvergenceSweep.Cell> cells = ConvergenceSweep.grid(base, b, t, SolverSettings.defaults(), "RED");
        assertEquals(4, cells.size());
        assertEquals(150, cells.get(1).byteCounterKB());
        assertEquals(1500, cells.get(1).timerMicros());
        assertEquals(10_000, cells.get(2).byteCounterKB());
        assertEquals(55, cells.get(2).timerMicros());
        ConvergenceSweep.Cell again = ConvergenceSweep.solve(base.with("B", "150").with("T", "1500"),
                SolverSettings.defaults(), "RED");
        assertEquals(again.meanGapGbps(), cells.get(1).meanGapGbps());
        // the deployed corner (B = 10 MB, T = 55 us) converges, the slow timer with a fast byte counter does not
        assertTrue(cells.get(2).converged());
        assertFalse(cells.get(1).converged());
    }

    @Test
    void logSpacedEndpoints() {
        double[] v = ConvergenceSweep.byteCounterGrid(20);
        assertEquals(150, v[0], 1e-9);
        assertEquals(10_000, v[19], 1e-9);
        assertEquals(Math.sqrt(150 * 10_000.0), ConvergenceSweep.logSpaced(3, new double[] {150, 10_000})[1], 1e-9);
    }

    @Test
    void namedPointsReportVerdicts() {
        ScenarioReport r = ConvergenceSweep.run(Map.of(), 0, 0, SolverSettings.defaults(), null);
        assertEquals(List.of("NOT-CONVERGED", "CONVERGED"),
                r.findings().stream().map(ScenarioReport.Finding::verdict).toList());
        assertTrue(r.files().isEmpty());
    }
}
