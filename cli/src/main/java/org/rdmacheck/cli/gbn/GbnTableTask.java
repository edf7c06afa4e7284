package org.rdmacheck.cli.gbn;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.rdmacheck.checker.explorer.ExplorerSettings;
import org.rdmacheck.cli.SummaryRow;
import org.rdmacheck.cli.SuiteTask;
import org.rdmacheck.model.gbn.DuplicatePolicy;
import org.rdmacheck.model.gbn.GbnVariant;
import org.rdmacheck.properties.gbn.GbnEntry;

/**
 * {@code rdmacheck all}: the Go-Back-N timeout table at the default shape; a row is as expected when
 * the least loss budget equals the one the catalogue's expectations assume.
 */
public final class GbnTableTask implements SuiteTask {

    @Override
    public String name() {
        return "gbn-table";
    }

    @Override
    public List<SummaryRow> run(ExplorerSettings settings, Path outDir, Path home) {
        List<SummaryRow> rows = new ArrayList<>();
        Map<String, String> base = GbnTableCommand.base(3, 1, 2, 4, "interval");
        for (GbnTableRow r : new GbnTable(base, 3, settings, outDir).compute()) {
            int expected = GbnEntry.leastTimeoutBudget(GbnVariant.of(r.variant()), DuplicatePolicy.of(r.duplicates()));
            rows.add(new SummaryRow("gbn-table", r.variant() + "/" + r.duplicates(), base, "LeastTimeoutBudget",
                    "L=" + expected, "L=" + r.leastLosses(), r.distinctStates(), -1, -1, r.wallMillis(), 0,
                    r.shortestFile(), r.labelCounts().toString(),
                    r.leastLosses() == expected ? SummaryRow.Outcome.AS_EXPECTED : SummaryRow.Outcome.UNEXPECTED));
        }
        return rows;
    }
}
