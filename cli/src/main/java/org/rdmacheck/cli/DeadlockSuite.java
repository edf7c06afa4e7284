package org.rdmacheck.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.checker.cdg.CycleCounterexamples;
import org.rdmacheck.checker.cdg.DeadlockChecker;
import org.rdmacheck.checker.cdg.DeadlockQuery;
import org.rdmacheck.checker.cdg.DeadlockVerdict;
import org.rdmacheck.checker.cdg.Orientation;
import org.rdmacheck.checker.explorer.ExplorerSettings;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.model.topology.Topology;
import org.rdmacheck.model.topology.TopologySpecs;

/**
 * The static deadlock verdicts of {@code rdmacheck all} (task {@value #NAME}): Dart's escape lane
 * (seed 000 §IV-B) against its broken variants on the topologies of the issue, including the seed
 * §VI-A Clos (1024 hosts, 4:1) and the failure bounce.
 */
final class DeadlockSuite implements SuiteTask {

    static final String NAME = "deadlock";

    /**
     * One static check and whether it must hold.
     *
     * @param query the check
     * @param holds whether deadlock freedom must be proven
     */
    record Case(DeadlockQuery query, boolean holds) {
    }

    private static final List<String> BOUNCE = List.of("a0.0-e0.0", "a0.1-e0.1");

    static final List<Case> CASES = List.of(
            c("fattree:k=4", "updown", 1, List.of(), Orientation.TIER, true),
            c("fattree:k=4", "deflect", 1, List.of(), Orientation.TIER, false),
            c("fattree:k=4", "escape", 2, List.of(), Orientation.TIER, true),
            c("fattree:k=4", "escape-return", 2, List.of(), Orientation.TIER, false),
            c("fattree:k=4", "escape-deflect", 2, List.of(), Orientation.TIER, false),
            c("fattree:k=4", "bounce", 1, BOUNCE, Orientation.TIER, false),
            c("fattree:k=4", "escape", 2, BOUNCE, Orientation.ROOT, true),
            c("fattree:k=4", "escape-bounce", 2, BOUNCE, Orientation.TIER, false),
            c("ring:n=4", "deflect", 1, List.of(), Orientation.TIER, false),
            c("ring:n=4", "escape", 2, List.of(), Orientation.TIER, true),
            c("leafspine:tors=2,spines=2,hosts=1", "deflect", 1, List.of(), Orientation.TIER, false),
            c("leafspine:tors=2,spines=2,hosts=1", "escape", 2, List.of("leaf0-spine0"), Orientation.ROOT, true),
            c("clos:hosts=1024,oversub=4", "escape", 2, List.of(), Orientation.TIER, true),
            c("fattree:k=16", "escape", 3, List.of(), Orientation.TIER, true));

    private static Case c(String topo, String routing, int lanes, List<String> fail, Orientation o, boolean holds) {
        return new Case(new DeadlockQuery(topo, routing, lanes, 4, fail, o), holds);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<SummaryRow> run(ExplorerSettings settings, Path outDir, Path home) throws Exception {
        List<SummaryRow> rows = new ArrayList<>();
        for (Case c : CASES) {
            rows.add(row(c, outDir));
        }
        return rows;
    }

    static SummaryRow row(Case c, Path outDir) throws Exception {
        DeadlockQuery q = c.query();
        Topology topo = TopologySpecs.parse(q.topology());
        DeadlockVerdict v = DeadlockChecker.check(q.fabric(topo), q.routingFunction());
        String file = null;
        if (v.outcome() == DeadlockVerdict.Outcome.CYCLE && outDir != null) {
            file = ExplorerOptions.display(Counterexamples.write(outDir, CycleCounterexamples.of(q, v)));
        }
        boolean free = v.outcome() == DeadlockVerdict.Outcome.DEADLOCK_FREE;
        SummaryRow.Outcome outcome = v.outcome() == DeadlockVerdict.Outcome.INCONCLUSIVE ? SummaryRow.Outcome.INCONCLUSIVE
                : free == c.holds() ? SummaryRow.Outcome.AS_EXPECTED : SummaryRow.Outcome.UNEXPECTED;
        return new SummaryRow(NAME, q.slug(), q.parameters(), CycleCounterexamples.PROPERTY, c.holds() ? "holds" : "fails",
                v.outcome().name(), v.stats().channels(), v.stats().edgesVisited(), -1, v.stats().wallMillis(), 0, file,
                v.condition(), outcome);
    }
}
