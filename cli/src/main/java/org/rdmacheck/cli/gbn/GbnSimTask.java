package org.rdmacheck.cli.gbn;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.TimeText;
import org.rdmacheck.cli.Finding;
import org.rdmacheck.cli.RunClock;
import org.rdmacheck.cli.Quantity;
import org.rdmacheck.cli.SuiteTask;
import org.rdmacheck.model.gbn.SimCell;
import org.rdmacheck.model.gbn.SimGrid;

/**
 * {@code rdmacheck all}: a small Go-Back-N simulation (seed 002 Table I parameters, one ACK timeout
 * of Fig. 6, three loss rates, fixed seed) and the paper's claim that Improved Go-Back-N keeps its
 * throughput where Go-Back-N falls into ACK timeouts (seed 002, IV). Writes {@code out/gbn-sim/}
 * for the report's plot; {@code rdmacheck gbn-sim} runs the full grid.
 */
public final class GbnSimTask implements SuiteTask {

    /** The grid: every variant, RTO 10 ms, loss 1e-4..1e-2, 3 replications of 10 messages, seed 1. */
    static final List<String> SETTINGS = List.of("lossRates=1e-4,1e-3,1e-2", "rto=10ms", "replications=3",
            "messages=10", "seed=1");

    /** The loss rate of the claim. */
    private static final double CLAIM_LOSS = 1e-2;

    @Override
    public String name() {
        return "gbn-sim";
    }

    @Override
    public List<Finding> run(ExplorerSettings settings, Path outDir, Path home) throws java.io.IOException {
        long t0 = System.currentTimeMillis();
        SimGrid grid = SimSettings.grid(SETTINGS);
        RunClock clock = new RunClock("gbn-sim", settings.maxMillis(), TimeText.of(settings.maxMillis()), null);
        List<SimCell> cells = GbnSimCommand.run(grid, clock);
        long ms = System.currentTimeMillis() - t0;
        Map<String, String> params = new LinkedHashMap<>();
        SETTINGS.forEach(s -> params.put(s.substring(0, s.indexOf('=')), s.substring(s.indexOf('=') + 1)));
        if (cells.size() < grid.points()) {
            // a grid cut short writes no plot and claims nothing
            return List.of(Finding.of("gbn-sim", "improved-vs-gbn", params, "ImprovedBeatsGbnAt1e-2",
                    Finding.Expectation.HOLDS, Finding.Verdict.INCONCLUSIVE).with(
                            Quantity.of("pointsDone", cells.size(), Quantity.Unit.COUNT),
                            Quantity.of("points", grid.points(), Quantity.Unit.COUNT))
                    .withWallMillis(ms).withInconclusive(CheckResult.InconclusiveReason.TIME_LIMIT,
                            clock.limitReason() + ", " + cells.size() + " of " + grid.points() + " points done"));
        }
        SimOutput.write(home.resolve("out").resolve("gbn-sim"), cells);
        List<Finding> rows = new ArrayList<>();
        for (SimCell c : cells) {
            if (c.lossRate() != CLAIM_LOSS) {
                continue;
            }
            rows.add(Finding.of("gbn-sim", c.variant(), params, "ThroughputAtLoss1e-2", Finding.Expectation.NONE,
                    Finding.Verdict.MEASURED)
                    .with(Quantity.of("relativeThroughput", c.relativeThroughput(), Quantity.Unit.RATIO),
                            Quantity.of("ciHalfWidth", c.ciHalfWidth(), Quantity.Unit.RATIO),
                            Quantity.of("timeoutsPerMessage", c.timeoutsPerMessage(), Quantity.Unit.RATIO))
                    .withWallMillis(ms).withDetail(String.format(Locale.ROOT, "relative throughput %.3f ± %.3f, "
                            + "%.2f ACK timeouts per message %s", c.relativeThroughput(), c.ciHalfWidth(),
                            c.timeoutsPerMessage(), new java.util.TreeMap<>(c.causes()))));
        }
        SimCell gbn = cell(cells, "gbn");
        SimCell improved = cell(cells, "improved");
        // the claim: Improved's 95% interval lies above Go-Back-N's, with fewer ACK timeouts
        boolean holds = improved.relativeThroughput() - improved.ciHalfWidth()
                > gbn.relativeThroughput() + gbn.ciHalfWidth()
                && improved.timeoutsPerMessage() < gbn.timeoutsPerMessage();
        rows.add(Finding.of("gbn-sim", "improved-vs-gbn", params, "ImprovedBeatsGbnAt1e-2",
                Finding.Expectation.HOLDS, holds ? Finding.Verdict.CONFIRMED : Finding.Verdict.REFUTED)
                .with(Quantity.of("improvedRelativeThroughput", improved.relativeThroughput(), Quantity.Unit.RATIO),
                        Quantity.of("gbnRelativeThroughput", gbn.relativeThroughput(), Quantity.Unit.RATIO))
                .withWallMillis(ms).withDetail(String.format(Locale.ROOT, "loss 1e-2, RTO 10 ms: Improved %.3f ± %.3f "
                        + "(%.2f timeouts/message), Go-Back-N %.3f ± %.3f (%.2f)", improved.relativeThroughput(),
                        improved.ciHalfWidth(), improved.timeoutsPerMessage(), gbn.relativeThroughput(),
                        gbn.ciHalfWidth(), gbn.timeoutsPerMessage())));
        return rows;
    }

    private static SimCell cell(List<SimCell> cells, String variant) {
        return cells.stream().filter(c -> c.variant().equals(variant) && c.lossRate() == CLAIM_LOSS).findFirst()
                .orElseThrow(() -> new IllegalStateException("no " + variant + " cell at loss " + CLAIM_LOSS));
    }
}
