package org.rdmacheck.checker.cdg;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.topology.Orientation;
import org.rdmacheck.model.topology.Topology;
import org.rdmacheck.model.topology.TopologySpecs;

/**
 * What the user asks the static checker: a topology spec, failed links, a routing function and
 * its lanes and tokens, and the up*&#47;down* orientation. Also the provenance of a stored cycle,
 * so a replay can rebuild exactly the same check.
 *
 * @param topology    topology spec ({@link TopologySpecs})
 * @param routing     routing name ({@link RoutingFunction#NAMES})
 * @param lanes       virtual lanes
 * @param tokens      deflection tokens
 * @param failed      failed links, {@code A-B} each
 * @param orientation up*&#47;down* orientation
 */
public record DeadlockQuery(String topology, String routing, int lanes, int tokens, List<String> failed,
                            Orientation orientation) {

    /** Copies the failed links. */
    public DeadlockQuery {
        failed = List.copyOf(failed);
    }

    /** @return the routing function (validated) */
    public RoutingFunction routingFunction() {
        return RoutingFunction.named(routing, lanes, tokens);
    }

    /**
     * @param topo the topology the spec names (parsed once by the caller)
     * @return the fabric with the failed links
     */
    public Fabric fabric(Topology topo) {
        List<Integer> ids = new ArrayList<>();
        for (String f : failed) {
            ids.add(topo.linkByName(f));
        }
        return new Fabric(topo, ids, orientation);
    }

    /** The parameters of {@link #parameters()} that are counts (JSON writes them as integers). */
    public static final java.util.Set<String> INTEGER_PARAMETERS = java.util.Set.of("lanes", "tokens");

    /** @return the check's parameters as strings, in a fixed order */
    public Map<String, String> parameters() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("topology", topology);
        m.put("routing", routing);
        m.put("lanes", Integer.toString(lanes));
        m.put("tokens", Integer.toString(tokens));
        m.put("fail", String.join(",", failed));
        m.put("orientation", orientation.label());
        return m;
    }

    /**
     * @param p parameters as written by {@link #parameters()}
     * @return the query
     * @throws InputException for a missing or malformed parameter
     */
    public static DeadlockQuery fromParameters(Map<String, String> p) {
        String fail = p.getOrDefault("fail", "");
        return new DeadlockQuery(required(p, "topology"), required(p, "routing"), integer(p, "lanes"),
                integer(p, "tokens"), fail.isEmpty() ? List.of() : List.of(fail.split(",")),
                Orientation.parse(p.getOrDefault("orientation", "tier")));
    }

    private static String required(Map<String, String> p, String k) {
        String v = p.get(k);
        if (v == null) {
            throw new InputException("deadlock parameters: missing '" + k + "'");
        }
        return v;
    }

    private static int integer(Map<String, String> p, String k) {
        try {
            return Integer.parseInt(required(p, k));
        } catch (NumberFormatException e) {
            throw new InputException("deadlock parameter " + k + " = '" + p.get(k) + "': expected an integer");
        }
    }

    /** @return a file-name-safe label, e.g. {@code fattree-k4-deflect-vl1} */
    public String slug() {
        String t = topology.startsWith("file:") ? "file-" + java.nio.file.Path.of(topology.substring(5)).getFileName()
                : topology;
        String s = (t + "-" + routing + "-vl" + lanes + (failed.isEmpty() ? "" : "-fail" + failed.size())
                + (orientation == Orientation.TIER ? "" : "-" + orientation.label()));
        return s.replace("=", "").replaceAll("[^A-Za-z0-9.]+", "-").toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * @param topo    the topology
     * @param channel {@code A->B@VLn}
     * @param lanes   number of lanes
     * @return {arc, lane}
     * @throws InputException if the channel does not exist
     */
    public static int[] channel(Topology topo, String channel, int lanes) {
        int at = channel.lastIndexOf("@VL");
        int arrow = channel.indexOf("->");
        if (at < 0 || arrow < 0 || arrow > at) {
            throw new InputException("channel '" + channel + "': expected A->B@VLn");
        }
        int a = topo.nodeId(channel.substring(0, arrow));
        int b = topo.nodeId(channel.substring(arrow + 2, at));
        int arc = topo.findArc(a, b);
        int lane;
        try {
            lane = Integer.parseInt(channel.substring(at + 3));
        } catch (NumberFormatException e) {
            lane = -1;
        }
        if (arc < 0 || lane < 0 || lane >= lanes) {
            throw new InputException("channel '" + channel + "': no such link or lane in " + topo.name());
        }
        return new int[] {arc, lane};
    }
}
