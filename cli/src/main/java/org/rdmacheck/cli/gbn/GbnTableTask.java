package org.rdmacheck.cli.gbn;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.rdmacheck.checker.explorer.ExplorerSettings;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.cli.Finding;
import org.rdmacheck.cli.Quantity;
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
    public List<Finding> run(ExplorerSettings settings, Path outDir, Path home) throws java.io.IOException {
        List<Finding> rows = new ArrayList<>();
        Map<String, String> base = GbnTableCommand.base(3, 1, 2, 4, "interval");
        for (GbnTableRow r : new GbnTable(base, 3, settings, outDir).compute()) {
            int expected = GbnEntry.leastTimeoutBudget(GbnVariant.of(r.variant()), DuplicatePolicy.of(r.duplicates()));
            // the claim checked: the least loss budget forcing a timeout is the one the catalogue assumes
            Finding f = Finding.of("gbn-table", r.variant() + "/" + r.duplicates(), base, "LeastTimeoutBudget=" + expected,
                    Finding.Expectation.HOLDS, r.leastLosses() == expected ? Finding.Verdict.VERIFIED
                            : Finding.Verdict.VIOLATED)
                    .with(Quantity.of("leastLossBudget", r.leastLosses(), Quantity.Unit.LOSSES),
                            Quantity.of("expectedLeastLossBudget", expected, Quantity.Unit.LOSSES),
                            Quantity.states("distinctStates", r.distinctStates()),
                            Quantity.of("shortestTraceLength", r.shortestLength(), Quantity.Unit.STEPS))
                    .withWallMillis(r.wallMillis()).withDetail(r.labelCounts().toString());
            if (r.shortestFile() != null) {
                Path file = Path.of(r.shortestFile());
                f = f.withCounterexample(Counterexamples.read(file), file);
            }
            rows.add(f);
        }
        return rows;
    }
}
