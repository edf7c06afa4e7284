package org.rdmacheck.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.checker.cdg.CycleCounterexamples;
import org.rdmacheck.checker.cdg.DeadlockChecker;
import org.rdmacheck.checker.cdg.DeadlockQuery;
import org.rdmacheck.checker.cdg.DeadlockVerdict;
import org.rdmacheck.model.topology.Orientation;
import org.rdmacheck.engine.ExplorerSettings;
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
    public List<Finding> run(ExplorerSettings settings, Path outDir, Path home) throws Exception {
        List<Finding> rows = new ArrayList<>();
        long t0 = System.currentTimeMillis();
        for (Case c : CASES) {
            long elapsed = System.currentTimeMillis() - t0;
            if (elapsed >= settings.maxMillis()) {
                // the time left to this step of 'all' has passed: the remaining cases are listed, not run
                DeadlockQuery q = c.query();
                rows.add(Finding.of(NAME, q.slug(), q.parameters(), CycleCounterexamples.PROPERTY,
                        Finding.Expectation.holds(c.holds()), Finding.Verdict.INCONCLUSIVE)
                        .withInconclusive(org.rdmacheck.checker.CheckResult.InconclusiveReason.TIME_LIMIT,
                                "not run: the time limit " + org.rdmacheck.checker.TimeText.of(settings.maxMillis())
                                        + " had passed"));
                continue;
            }
            rows.add(row(c, outDir));
        }
        return rows;
    }

    static Finding row(Case c, Path outDir) throws Exception {
        DeadlockQuery q = c.query();
        Topology topo = TopologySpecs.parse(q.topology());
        DeadlockVerdict v = DeadlockChecker.check(q.fabric(topo), q.routingFunction());
        Finding f = finding(NAME, q, v, Finding.Expectation.holds(c.holds()));
        if (v.outcome() == DeadlockVerdict.Outcome.CYCLE) {
            org.rdmacheck.checker.Counterexample cex = CycleCounterexamples.of(q, v);
            f = f.withCounterexample(cex, outDir == null ? null : Counterexamples.write(outDir, cex));
        }
        return f;
    }

    /**
     * @param model    the task name
     * @param q        the query
     * @param v        the checker's verdict
     * @param expected what is expected
     * @return the finding, without its counterexample
     */
    static Finding finding(String model, DeadlockQuery q, DeadlockVerdict v, Finding.Expectation expected) {
        Finding.Verdict verdict = switch (v.outcome()) {
            case DEADLOCK_FREE -> Finding.Verdict.DEADLOCK_FREE;
            case CYCLE -> Finding.Verdict.CYCLE;
            case ESCAPE_NOT_CONNECTED -> Finding.Verdict.ESCAPE_NOT_CONNECTED;
            case PARTITIONED -> Finding.Verdict.PARTITIONED;
            case INCONCLUSIVE -> Finding.Verdict.INCONCLUSIVE;
        };
        return Finding.of(model, q.slug(), q.parameters(), CycleCounterexamples.PROPERTY, expected, verdict)
                .with(Quantity.of("channels", v.stats().channels(), Quantity.Unit.CHANNELS),
                        Quantity.of("channelsVisited", v.stats().verticesVisited(), Quantity.Unit.CHANNELS),
                        Quantity.of("dependenciesVisited", v.stats().edgesVisited(), Quantity.Unit.DEPENDENCIES),
                        Quantity.of("extraDependencies", v.stats().extraDependencies(), Quantity.Unit.DEPENDENCIES))
                .withWallMillis(v.stats().wallMillis()).withDetail(DeadlockCommand.condition(v));
    }
}
