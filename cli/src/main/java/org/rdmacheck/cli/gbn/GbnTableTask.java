package org.rdmacheck.cli.gbn;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.checker.gbn.LeastLossTable;
import org.rdmacheck.cli.Finding;
import org.rdmacheck.cli.Quantity;
import org.rdmacheck.cli.SuiteTask;
import org.rdmacheck.model.gbn.DuplicatePolicy;
import org.rdmacheck.model.gbn.GbnVariant;
import org.rdmacheck.properties.gbn.FirstTimeoutSearch;
import org.rdmacheck.properties.gbn.GbnEntry;

/**
 * {@code rdmacheck all}: the Go-Back-N timeout table at the default shape; a row is as expected when
 * the least loss budget equals the one the catalogue's expectations assume. A row cut short by the
 * state, time or heap limit, and every row after it, is INCONCLUSIVE.
 */
public final class GbnTableTask implements SuiteTask {

    @Override
    public String name() {
        return "gbn-table";
    }

    @Override
    public List<Finding> run(ExplorerSettings settings, Path outDir, Path home) throws java.io.IOException {
        List<Finding> rows = new ArrayList<>();
        Map<String, String> base = GbnShape.params(3, 1, 2, 4, "interval");
        LeastLossTable table = new LeastLossTable(base, 3, settings);
        long start = System.nanoTime();
        String stopped = null;
        org.rdmacheck.checker.CheckResult.InconclusiveReason cause = null;
        for (DuplicatePolicy d : LeastLossTable.POLICIES) {
            for (GbnVariant v : LeastLossTable.VARIANTS) {
                int expected = GbnEntry.leastTimeoutBudget(v, d);
                if (stopped == null) {
                    try {
                        rows.add(row(table.row(v, d, start), base, outDir));
                        continue;
                    } catch (FirstTimeoutSearch.LimitReachedException e) {
                        stopped = e.getMessage() + " in row " + v.word() + "/" + d.word();
                        cause = GbnTableCommand.cause(e);
                    }
                }
                rows.add(Finding.of("gbn-table", v.word() + "/" + d.word(), base, "LeastTimeoutBudget=" + expected,
                        Finding.Expectation.HOLDS, Finding.Verdict.INCONCLUSIVE).withInconclusive(cause, stopped));
            }
        }
        return rows;
    }

    private static Finding row(LeastLossTable.Row r, Map<String, String> base, Path outDir) throws java.io.IOException {
        GbnTraces.Files files = GbnTraces.write(r, Optional.ofNullable(outDir));
        int expected = GbnEntry.leastTimeoutBudget(r.variant(), r.duplicates());
        // the claim checked: the least loss budget forcing a timeout is the one the catalogue assumes
        boolean asAssumed = r.leastLosses().isPresent() && r.leastLosses().getAsInt() == expected;
        Finding f = Finding.of("gbn-table", r.variant().word() + "/" + r.duplicates().word(), base,
                "LeastTimeoutBudget=" + expected, Finding.Expectation.HOLDS,
                asAssumed ? Finding.Verdict.VERIFIED : Finding.Verdict.VIOLATED)
                .withWallMillis(r.wallMillis());
        Quantity assumed = Quantity.of("expectedLeastLossBudget", expected, Quantity.Unit.LOSSES);
        if (r.found().isPresent()) {
            LeastLossTable.Found x = r.found().get();
            f = f.with(Quantity.of("leastLossBudget", x.losses(), Quantity.Unit.LOSSES), assumed,
                    Quantity.states("distinctStates", x.distinctStates()),
                    Quantity.of("shortestTraceLength", x.shortest().length(), Quantity.Unit.STEPS))
                    .withDetail(x.labelCounts().toString())
                    .withCounterexample(x.shortest(), files.shortest().orElse(null));
        } else {
            f = f.with(assumed).withDetail("no timeout up to 3 losses");
        }
        return f;
    }
}
