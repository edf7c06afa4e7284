package org.rdmacheck.checker.cdg;

import java.util.List;
import java.util.Optional;
import java.util.function.IntPredicate;
import org.rdmacheck.model.topology.Orientation;

/**
 * The static deadlock check (seed 000 §IV-B). Without an escape lane: the routing is deadlock-free
 * if its channel dependency graph is acyclic (Dally and Seitz, seed 000 ref [45]). With an escape
 * lane, Duato's condition (ref [32]): (1) the escape sub-function is connected, (2) its extended
 * dependency graph, direct dependencies and indirect ones through non-escape lanes, is acyclic,
 * and (3), Dart's rule, no packet moves from the escape lane back to a non-escape lane (which makes
 * indirect dependencies impossible). Condition (2) is decided as "no cycle of the full channel
 * graph passes through an escape channel": such a cycle is exactly a cycle of the extended graph.
 * That is Duato's condition in its wormhole form (indirect dependencies through non-escape lanes
 * count); it is sufficient, not necessary.
 *
 * <p>When the sufficient condition fails (a cycle with concrete routes), the verdict rests on
 * {@link KnotSearch}: for virtual cut-through switching (a whole packet in a lane buffer, the routing
 * decision taken at the head of the buffer, so a blocked packet may take any of its options when one
 * frees) a deadlock needs a set of full channels whose head packets have every option inside it. A
 * cycle of a deterministic routing is such a set; under deflection, lane changes or ECMP it may not be.
 * Non-empty: {@link DeadlockVerdict.Outcome#CYCLE} with the configuration (its reachability from
 * empty buffers is not decided); empty: {@link DeadlockVerdict.Outcome#DEADLOCK_FREE} on
 * {@link #KNOT_CONDITION}; too large to search: {@link DeadlockVerdict.Outcome#INCONCLUSIVE}. The
 * premise matters: where a packet commits to a lane on arrival (egress queueing with the choice at
 * arrival), it has one option at the head, and a proof under the premise says nothing there.
 */
public final class DeadlockChecker {

    private DeadlockChecker() {
    }

    /**
     * @param fabric  the fabric (topology, failed links, orientation)
     * @param routing the routing function
     * @return the verdict
     */
    public static DeadlockVerdict check(Fabric fabric, RoutingFunction routing) {
        return check(fabric, routing, phase -> { });
    }

    /**
     * As {@link #check(Fabric, RoutingFunction)}, telling {@code phases} which step runs. The
     * search loops stop with a {@link java.util.concurrent.CancellationException} when the
     * calling thread is interrupted (a time limit).
     *
     * @param fabric  the fabric (topology, failed links, orientation)
     * @param routing the routing function
     * @param phases  receives the name of each step as it starts
     * @return the verdict
     */
    public static DeadlockVerdict check(Fabric fabric, RoutingFunction routing,
                                        java.util.function.Consumer<String> phases) {
        long t0 = System.nanoTime();
        boolean tree = routing.lanes().stream().anyMatch(l -> l.rerouting() == LanePolicy.Rerouting.TREE);
        if (tree && fabric.orientation() != Orientation.ROOT) {
            throw new org.rdmacheck.model.InputException("routing '" + routing.name()
                    + "' follows the spanning tree from the root: expected --orientation root");
        }
        phases.accept("failure-bounce dependencies");
        ExtraDependencies extras = BounceDependencies.compute(fabric, routing);
        phases.accept("channel graph");
        ChannelGraph g = new ChannelGraph(fabric, routing, extras);
        phases.accept("cycle search over " + g.channelCount() + " channels");
        IntPredicate offending = routing.hasEscape()
                ? c -> g.laneOf(c) == routing.escapeLane() : c -> true;
        SccSearch.Result scc = SccSearch.run(g, offending);
        long live = 0;
        for (int c = 0; c < g.channelCount(); c++) {
            live += g.isLive(c) ? 1 : 0;
        }
        String exactNote = "";
        int knotCycle = 0;
        long knotStates = 0;
        if (scc.cyclic()) {
            phases.accept("routes for a cycle of the " + scc.cyclicComponent().length + "-vertex component");
            Optional<List<Dependency>> cycle = new CycleFinder(g).find(scc.cyclicComponent(), offending);
            if (cycle.isEmpty()) {
                phases.accept("exact per-destination dependency graph");
                Optional<ExactDependencies> exact = ExactDependencies.build(fabric, routing);
                if (exact.isEmpty()) {
                    return new DeadlockVerdict(DeadlockVerdict.Outcome.INCONCLUSIVE, failedCondition(routing), List.of(),
                            "the turn-rule graph has a cycle of " + scc.cyclicComponent().length
                                    + " vertices, no cycle of it has concrete routes, and the fabric is too large"
                                    + " for the exact per-destination graph", stats(live, scc, extras, t0));
                }
                SccSearch.Result exactScc = SccSearch.run(exact.get(), offending);
                if (exactScc.cyclic()) {
                    cycle = new CycleFinder(exact.get()).find(exactScc.cyclicComponent(), offending);
                    if (cycle.isEmpty()) {
                        return new DeadlockVerdict(DeadlockVerdict.Outcome.INCONCLUSIVE, failedCondition(routing),
                                List.of(), "the exact dependency graph is cyclic but no cycle was confirmed",
                                stats(live, exactScc, extras, t0));
                    }
                }
                scc = exactScc;
                exactNote = " (exact per-destination graph, " + exact.get().edgeCount() + " dependencies)";
            }
            if (cycle.isPresent()) {
                // a cycle: the sufficient condition fails. Whether a deadlock configuration exists is the knot fixpoint
                phases.accept("deadlock configuration (knot fixpoint)");
                Optional<KnotSearch.Result> knot = KnotSearch.search(fabric, routing);
                if (knot.isEmpty()) {
                    return new DeadlockVerdict(DeadlockVerdict.Outcome.INCONCLUSIVE, failedCondition(routing),
                            cycle.get(), "a cycle of " + cycle.get().size() + " channel dependencies" + through(routing)
                            + ": the sufficient condition fails, and the fabric is too large for the search of a"
                            + " deadlock configuration (knot fixpoint), so a deadlock is neither confirmed nor excluded",
                            stats(live, scc, extras, t0));
                }
                if (knot.get().deadlockConfiguration()) {
                    return cycleVerdict(routing, cycle.get(), knot.get(), stats(live, scc, extras, t0));
                }
                knotCycle = cycle.get().size();
                knotStates = knot.get().packetStates();
                exactNote = "";
            }
        }
        DeadlockVerdict.Stats stats = stats(live, scc, extras, t0);
        phases.accept("host connectivity");
        // the theorems assume a connected routing function: with islands no route joins them, and an
        // acyclic graph proves only the traffic that has a route (an escape lane cannot help either)
        Partition islands = Partition.of(fabric);
        if (islands != null) {
            return new DeadlockVerdict(DeadlockVerdict.Outcome.PARTITIONED, "connectivity: every host reaches every host",
                    List.of(), islands.describe() + "; the routes that exist have no dependency cycle ("
                    + (routing.hasEscape() ? "Duato (2)" : "Dally-Seitz") + " over " + live + " channels" + exactNote
                    + "), but traffic between the islands cannot be delivered", stats, islands);
        }
        if (knotCycle > 0) {
            return new DeadlockVerdict(DeadlockVerdict.Outcome.DEADLOCK_FREE, KNOT_CONDITION, List.of(),
                    heldDetail(routing, live) + "; the sufficient condition " + failedCondition(routing)
                            + (routing.hasEscape() ? " (wormhole form)" : "") + " fails (a cycle of " + knotCycle
                            + " channel dependencies" + through(routing)
                            + "), but no set of full channels blocks every head packet (" + knotStates
                            + " packet states searched, destination x channel x tokens x phase)"
                            + (routing.hasEscape() ? PREMISE : ""), stats);
        }
        phases.accept("escape lane connectivity");
        EscapeConnectivity.Result conn = routing.hasEscape()
                ? EscapeConnectivity.check(fabric, routing.policy(routing.escapeLane()).rerouting()) : null;
        if (conn != null && !conn.connected()) {
            return new DeadlockVerdict(DeadlockVerdict.Outcome.ESCAPE_NOT_CONNECTED,
                    "Duato (1): escape sub-function connected", List.of(),
                    "on VL" + routing.escapeLane() + " switch " + fabric.topology().nodeName(conn.from())
                            + " has no escape route to " + fabric.topology().nodeName(conn.to())
                            // the fabric is connected here: a root orientation's up*/down* reaches every host
                            + (fabric.orientation() == Orientation.TIER ? " (try --orientation root)" : ""), stats);
        }
        return new DeadlockVerdict(DeadlockVerdict.Outcome.DEADLOCK_FREE, heldCondition(routing), List.of(),
                heldDetail(routing, live) + exactNote + (routing.hasEscape() ? PREMISE : ""), stats);
    }

    /**
     * The condition of a proof by the knot fixpoint: under virtual cut-through (a whole packet in a lane
     * buffer, the routing decision taken at the buffer's head) no configuration of full channels
     * blocks every head packet.
     */
    public static final String KNOT_CONDITION = "cut-through: no deadlock configuration (knot fixpoint empty: every"
            + " packet that can wait has an option outside any set of full channels)";

    /**
     * The premise of a proof with an escape lane (Duato's, or the knot search's): a blocked packet may
     * take the escape lane where it waits. Under egress queueing with the lane chosen on arrival it
     * may not (check fabric --variant lane-silent --param queueing=egress deadlocks where this proves).
     */
    static final String PREMISE = "; premise: a blocked packet may move to the escape lane where it waits (ingress"
            + " queueing, or the lane chosen at the buffer's head), not under egress queueing with the lane chosen"
            + " on arrival";

    private static DeadlockVerdict cycleVerdict(RoutingFunction routing, List<Dependency> cycle, KnotSearch.Result knot,
                                                DeadlockVerdict.Stats st) {
        return new DeadlockVerdict(DeadlockVerdict.Outcome.CYCLE, failedCondition(routing), cycle,
                "a cycle of " + cycle.size() + " channel dependencies" + through(routing)
                        + (routing.hasEscape() ? " (Duato's wormhole form: the extended graph)" : "")
                        + "; a deadlock configuration (cut-through): " + knot.knot().size()
                        + " full channels whose head packets have every option inside them (knot fixpoint "
                        + knot.fixpointSize() + " channels)", st, null, knot.knot());
    }

    private static String through(RoutingFunction routing) {
        return routing.hasEscape() ? " through the escape lane VL" + routing.escapeLane() : "";
    }

    private static DeadlockVerdict.Stats stats(long live, SccSearch.Result scc, ExtraDependencies extras, long t0) {
        return new DeadlockVerdict.Stats(live, scc.verticesVisited(), scc.edgesVisited(), extras.count(),
                (System.nanoTime() - t0) / 1_000_000);
    }

    private static String failedCondition(RoutingFunction r) {
        return r.hasEscape() ? "Duato (2): extended dependency graph of the escape lane acyclic"
                : "Dally-Seitz: channel dependency graph acyclic";
    }

    private static String heldCondition(RoutingFunction r) {
        if (!r.hasEscape()) {
            return "Dally-Seitz: channel dependency graph acyclic";
        }
        return r.fromEscape()
                ? "Duato (1)+(2): escape lane connected, extended dependency graph acyclic (escape->non-escape allowed)"
                : "Duato (1)+(2)+(3): escape lane connected, extended dependency graph acyclic, no escape->non-escape";
    }

    private static String heldDetail(RoutingFunction r, long live) {
        return live + " channels" + (r.deflectsAnywhere() ? ", deflection on " + deflectingLanes(r) : "");
    }

    private static String deflectingLanes(RoutingFunction r) {
        StringBuilder sb = new StringBuilder();
        for (int l = 0; l < r.laneCount(); l++) {
            if (r.deflects(l)) {
                sb.append(sb.length() == 0 ? "VL" : ",VL").append(l);
            }
        }
        return sb.toString();
    }
}
