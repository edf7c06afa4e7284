package org.rdmacheck.checker.cdg;

import org.rdmacheck.model.topology.Topology;

/**
 * The down-to-up turns that rerouting around failed links creates on lanes with
 * {@link LanePolicy.Rerouting#BOUNCE} that do not deflect (on deflecting lanes every turn is a
 * dependency already). For each destination switch whose intact tables use a failed link, the
 * reachable (arc, phase) states of packets toward it are enumerated exactly, and every down-to-up
 * turn among them becomes an explicit dependency.
 */
public final class BounceDependencies {

    private BounceDependencies() {
    }

    /**
     * @param fabric  the fabric
     * @param routing the routing function
     * @return the extra dependencies (empty when nothing bounces)
     */
    public static ExtraDependencies compute(Fabric fabric, RoutingFunction routing) {
        ExtraDependencies extras = new ExtraDependencies();
        IntBuffer lanes = new IntBuffer();
        for (int l = 0; l < routing.laneCount(); l++) {
            if (routing.policy(l).rerouting() == LanePolicy.Rerouting.BOUNCE && !routing.deflects(l)) {
                lanes.add(l);
            }
        }
        if (lanes.size() == 0 || fabric.failedLinks().isEmpty()) {
            return extras;
        }
        for (int target : Destinations.targets(fabric.topology())) {
            Cancellation.check();
            DestinationTables tables = new DestinationTables(fabric, target);
            if (usesFailedLink(fabric, tables)) {
                addTurns(fabric, tables, routing.laneCount(), lanes, extras);
            }
        }
        return extras;
    }

    private static boolean usesFailedLink(Fabric fabric, DestinationTables tables) {
        for (int l : fabric.failedLinks()) {
            if (tables.intactTablesUse(2 * l) || tables.intactTablesUse(2 * l + 1)) {
                return true;
            }
        }
        return false;
    }

    private static void addTurns(Fabric fabric, DestinationTables tables, int laneCount, IntBuffer lanes,
                                 ExtraDependencies extras) {
        Topology topo = fabric.topology();
        boolean[] seen = new boolean[topo.arcCount() * 3];
        int[] queue = new int[topo.arcCount() * 3];
        int head = 0;
        int tail = 0;
        for (int h = 0; h < topo.nodeCount(); h++) {
            if (!topo.isHost(h) || h == tables.target()) {
                continue;
            }
            for (int p = 0; p < topo.degree(h); p++) {
                int arc = topo.arcAt(h, p);
                int s = arc * 3 + DestinationTables.UP;
                if (!fabric.isFailed(arc) && !seen[s]) {
                    seen[s] = true;
                    queue[tail++] = s;
                }
            }
        }
        IntBuffer next = new IntBuffer();
        while (head < tail) {
            int s = queue[head++];
            int arc = s / 3;
            next.clear();
            int phase = tables.nextHops(LanePolicy.Rerouting.BOUNCE, topo.arcTo(arc), s % 3, next);
            for (int i = 0; i < next.size(); i++) {
                int a2 = next.get(i);
                int p2 = phase >= 0 ? phase : fabric.isUp(a2) ? DestinationTables.UP : DestinationTables.DOWN;
                if (!fabric.isUp(arc) && fabric.isUp(a2) && fabric.isSwitchArc(arc) && fabric.isSwitchArc(a2)) {
                    for (int k = 0; k < lanes.size(); k++) {
                        extras.add(arc * laneCount + lanes.get(k), a2 * laneCount + lanes.get(k));
                    }
                }
                int s2 = a2 * 3 + p2;
                if (!seen[s2]) {
                    seen[s2] = true;
                    queue[tail++] = s2;
                }
            }
        }
    }
}
