package org.rdmacheck.checker.cdg;

import java.util.List;
import org.rdmacheck.model.topology.Topology;

/**
 * The exact per-packet routing semantics shared by {@link DependencyWitness} and
 * {@link ExactDependencies}: a packet state is (arc it occupies, lane, deflection tokens left,
 * route phase), encoded in a long; {@link #moves} lists its legal next hops.
 */
final class PacketMoves {

    static final String[] MOVES = {"inject", "route", "reroute", "deflect", "to-escape", "from-escape"};
    static final int INJECT = 0;
    static final int ROUTE = 1;
    static final int REROUTE = 2;
    static final int DEFLECT = 3;
    static final int TO_ESCAPE = 4;
    static final int FROM_ESCAPE = 5;

    private final Fabric fabric;
    private final Topology topo;
    private final RoutingFunction routing;
    private final int lanes;
    private final int tokens;

    PacketMoves(Fabric fabric, RoutingFunction routing) {
        this.fabric = fabric;
        this.topo = fabric.topology();
        this.routing = routing;
        this.lanes = routing.laneCount();
        this.tokens = routing.tokens();
    }

    /** Injection states of packets from every host but the target, on every injection lane. */
    void injections(DestinationTables tables, java.util.function.LongConsumer sink) {
        injections(tables, h -> true, sink);
    }

    /** Injection states of packets from the chosen hosts (never the target), on every injection lane. */
    void injections(DestinationTables tables, java.util.function.IntPredicate sources,
                    java.util.function.LongConsumer sink) {
        for (int h = 0; h < topo.nodeCount(); h++) {
            if (!topo.isHost(h) || h == tables.target() || !sources.test(h)) {
                continue;
            }
            for (int p = 0; p < topo.degree(h); p++) {
                int arc = topo.arcAt(h, p);
                for (int l = 0; l < lanes; l++) {
                    if (!fabric.isFailed(arc) && routing.injects(l)) {
                        sink.accept(state(arc, l, tokens, DestinationTables.UP));
                    }
                }
            }
        }
    }

    /** @return how many packet states there are: arcs x lanes x (tokens + 1) x 3 route phases */
    long stateCount() {
        return (long) topo.arcCount() * lanes * (tokens + 1) * 3;
    }

    /** Sees one reachable packet state and its legal next hops. */
    interface Visit {
        /**
         * @param s     a packet state
         * @param moves its {state, move} pairs ({@link #moves})
         * @return whether the search follows them
         */
        boolean visit(long s, List<long[]> moves);
    }

    /**
     * Visits, breadth first and each once, every state of a packet toward {@code tables}' target reachable
     * from injection ({@link #injections}), with its moves; a state's moves are followed only where
     * {@code visit} says so. The state space must fit an array ({@link #stateCount}; the callers' budgets).
     *
     * @param tables the target's tables
     * @param visit  sees each state
     * @return how many states were visited
     */
    int reachable(DestinationTables tables, Visit visit) {
        int states = (int) stateCount();
        boolean[] seen = new boolean[states];
        long[] queue = new long[states];
        int[] tail = {0};
        injections(tables, s -> {
            if (!seen[(int) s]) {
                seen[(int) s] = true;
                queue[tail[0]++] = s;
            }
        });
        List<long[]> moves = new java.util.ArrayList<>();
        for (int head = 0; head < tail[0]; head++) {
            long s = queue[head];
            moves.clear();
            moves(s, tables, moves);
            if (!visit.visit(s, moves)) {
                continue;
            }
            for (long[] m : moves) {
                if (!seen[(int) m[0]]) {
                    seen[(int) m[0]] = true;
                    queue[tail[0]++] = m[0];
                }
            }
        }
        return tail[0];
    }

    /** Appends {state, move} pairs for every legal next hop of a packet in state {@code s}. */
    void moves(long s, DestinationTables tables, List<long[]> out) {
        int arc = arcOf(s);
        int lane = laneOf(s);
        int tok = tokensOf(s);
        int phase = phaseOf(s);
        int n = topo.arcTo(arc);
        if (n == tables.target() || topo.isHost(n)) {
            return;
        }
        IntBuffer routed = new IntBuffer();
        if (lane == routing.escapeLane() && routing.fromEscape()) {
            for (int l2 = 0; l2 < lanes; l2++) {
                if (routing.mayChange(lane, l2)) {
                    addRoutes(tables, l2, n, DestinationTables.UP, tok, FROM_ESCAPE, new IntBuffer(), out);
                }
            }
            return;
        }
        addRoutes(tables, lane, n, phase, tok, ROUTE, routed, out);
        if (routing.deflects(lane) && tok > 0) {
            for (int p = 0; p < topo.degree(n); p++) {
                int a2 = topo.arcAt(n, p);
                if (!fabric.isFailed(a2) && !topo.isHost(topo.arcTo(a2)) && !routed.contains(a2)) {
                    out.add(new long[] {state(a2, lane, tok - 1, DestinationTables.UP), DEFLECT});
                }
            }
        }
        for (int l2 = 0; l2 < lanes; l2++) {
            if (routing.mayChange(lane, l2)) {
                addRoutes(tables, l2, n, DestinationTables.UP, tok, l2 == routing.escapeLane() ? TO_ESCAPE : FROM_ESCAPE,
                        new IntBuffer(), out);
            }
        }
    }

    private void addRoutes(DestinationTables tables, int lane, int n, int phase, int tok, int move, IntBuffer arcs,
                           List<long[]> out) {
        int before = arcs.size();
        int next = tables.nextHops(routing.policy(lane).rerouting(), n, phase, arcs);
        for (int i = before; i < arcs.size(); i++) {
            int a2 = arcs.get(i);
            int p2 = next >= 0 ? next : fabric.isUp(a2) ? DestinationTables.UP : DestinationTables.DOWN;
            int m = move == ROUTE && next == DestinationTables.DETOUR && phase != DestinationTables.DETOUR ? REROUTE : move;
            out.add(new long[] {state(a2, lane, tok, p2), m});
        }
    }

    long state(int arc, int lane, int tok, int phase) {
        return (((long) arc * lanes + lane) * (tokens + 1) + tok) * 3 + phase;
    }

    int phaseOf(long s) {
        return (int) (s % 3);
    }

    int tokensOf(long s) {
        return (int) ((s / 3) % (tokens + 1));
    }

    int laneOf(long s) {
        return (int) ((s / 3 / (tokens + 1)) % lanes);
    }

    int arcOf(long s) {
        return (int) (s / 3 / (tokens + 1) / lanes);
    }
}
