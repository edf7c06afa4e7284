package org.rdmacheck.checker.cdg.tables;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.rdmacheck.checker.cdg.IntBuffer;
import org.rdmacheck.model.topology.Topology;

/**
 * One route, hop by hop, as the forwarding tables and lanes give it: the channels a packet from a
 * source port to a destination LID takes. With ECMP the route is found by breadth-first search
 * (the first route in port order through the channels asked for).
 */
public final class RouteTrace {

    private static final int MAX_HOPS = 4096;

    private RouteTrace() {
    }

    /**
     * @param f      the routing state
     * @param source index of the source port
     * @param lid    destination LID
     * @param sl     the path's SL
     * @param via    channels the route must take, in order (may be empty)
     * @return the channels from the source's first hop to the destination's last, if such a
     *         route exists (a route that takes the channels asked for but then does not deliver,
     *         by a loop or a black hole, ends at the last of them)
     */
    public static Optional<int[]> route(RoutedFabric f, int source, int lid, int sl, int... via) {
        Subnet subnet = f.subnet();
        Subnet.Endpoint src = subnet.endpoints().get(source);
        int arc0 = subnet.arc(src.node(), src.port());
        if (arc0 < 0) {
            return Optional.empty();
        }
        int c0 = RoutedFabric.channel(arc0, f.lanes().sourceLane(source, sl));
        IntBuffer path = new IntBuffer();
        path.add(c0);
        int at = c0;
        for (int target : via) {
            Optional<List<Integer>> leg = search(f, at, lid, sl, target);
            if (leg.isEmpty()) {
                return Optional.empty();
            }
            leg.get().forEach(path::add);
            at = target;
        }
        Optional<List<Integer>> last = search(f, at, lid, sl, -1);
        if (last.isEmpty() && via.length == 0) {
            return Optional.empty();
        }
        last.ifPresent(l -> l.forEach(path::add));
        return Optional.of(path.toArray());
    }

    /** Channels after {@code start} up to and including {@code target} (-1: up to delivery at the LID's owner). */
    private static Optional<List<Integer>> search(RoutedFabric f, int start, int lid, int sl, int target) {
        if (start == target) {
            return Optional.of(List.of());
        }
        Topology topo = f.subnet().topology();
        int owner = f.subnet().lidNode(lid);
        Map<Integer, Integer> parent = new HashMap<>();
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        parent.put(start, start);
        queue.add(start);
        IntBuffer next = new IntBuffer();
        while (!queue.isEmpty() && parent.size() < MAX_HOPS * 16) {
            int c = queue.poll();
            int arc = RoutedFabric.arcOf(c);
            int u = topo.arcTo(arc);
            if (target < 0 && u == owner) {
                return Optional.of(unwind(parent, start, c));
            }
            if (!f.subnet().isSwitch(u)) {
                continue;
            }
            next.clear();
            if (f.forwarding().route(u, lid, next) != Forwarding.FORWARD) {
                continue;
            }
            int inPort = f.subnet().port(Topology.reverse(arc));
            for (int i = 0; i < next.size(); i++) {
                int out = next.get(i);
                int lane = f.lanes().lane(u, inPort, f.subnet().port(out), sl);
                int c2 = RoutedFabric.channel(out, lane);
                if (lane == LaneMap.VL15 || parent.containsKey(c2)) {
                    continue;
                }
                parent.put(c2, c);
                if (c2 == target) {
                    return Optional.of(unwind(parent, start, c2));
                }
                queue.add(c2);
            }
        }
        return Optional.empty();
    }

    private static List<Integer> unwind(Map<Integer, Integer> parent, int start, int end) {
        List<Integer> out = new ArrayList<>();
        for (int c = end; c != start; c = parent.get(c)) {
            out.add(c);
        }
        java.util.Collections.reverse(out);
        return out;
    }

    /**
     * The route as far as it goes, for routes that do not deliver: the first ECMP member at every
     * hop, stopping at a repeated channel (a loop), a missing entry or a dead port.
     *
     * @param f      the routing state
     * @param source index of the source port
     * @param lid    destination LID
     * @param sl     the path's SL
     * @return the channels taken
     */
    public static int[] prefix(RoutedFabric f, int source, int lid, int sl) {
        Subnet subnet = f.subnet();
        Subnet.Endpoint src = subnet.endpoints().get(source);
        int arc = subnet.arc(src.node(), src.port());
        IntBuffer path = new IntBuffer();
        if (arc < 0) {
            return path.toArray();
        }
        int c = RoutedFabric.channel(arc, f.lanes().sourceLane(source, sl));
        IntBuffer next = new IntBuffer();
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        while (path.size() < MAX_HOPS) {
            path.add(c);
            if (!seen.add(c)) {
                break;
            }
            int a = RoutedFabric.arcOf(c);
            int u = subnet.topology().arcTo(a);
            next.clear();
            if (!subnet.isSwitch(u) || f.forwarding().route(u, lid, next) != Forwarding.FORWARD) {
                break;
            }
            int out = next.get(0);
            c = RoutedFabric.channel(out, f.lanes().lane(u, subnet.port(Topology.reverse(a)), subnet.port(out), sl));
        }
        return path.toArray();
    }
}
