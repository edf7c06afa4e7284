package org.rdmacheck.cli.gbn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.cli.Finding;
import org.rdmacheck.cli.report.Plots;

/** The Go-Back-N simulation step of {@code all}: one figure per variant, the seed 002 claim, the plot's CSV. */
class GbnSimTaskTest {

    @Test
    void improvedKeepsItsThroughputAtOnePercentLossAndThePlotIsDrawn(@TempDir Path home) throws Exception {
        List<Finding> rows = new GbnSimTask().run(ExplorerSettings.defaults(), null, home);
        assertEquals(6, rows.size());
        assertTrue(rows.subList(0, 5).stream().allMatch(f -> f.verdict() == Finding.Verdict.MEASURED
                && f.quantity("relativeThroughput").orElseThrow().value() > 0));
        Finding claim = rows.get(5);
        assertEquals(Finding.Verdict.CONFIRMED, claim.verdict(), claim.detail());
        assertTrue(claim.quantity("improvedRelativeThroughput").orElseThrow().value()
                > claim.quantity("gbnRelativeThroughput").orElseThrow().value());
        assertTrue(Files.isRegularFile(home.resolve("out/gbn-sim/throughput.csv")));
        List<Plots.Figure> figures = Plots.fromSuiteOutputs(home, home.resolve("plots"));
        assertEquals(List.of("gbn-sim"), figures.stream().map(Plots.Figure::name).toList());
        // one line per variant in each of the two panels
        assertEquals(2 * 5, figures.get(0).svg().split("class=\"series\"", -1).length - 1);
    }
}
