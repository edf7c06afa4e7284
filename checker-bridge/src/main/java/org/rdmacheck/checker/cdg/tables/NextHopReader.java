package org.rdmacheck.checker.cdg.tables;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.topology.Topology;

/**
 * Reads per-switch next-hop tables of a RoCE fabric (ECMP members per destination host):
 *
 * <pre>
 * { "nextHops": { "e0.0": { "h0.0.0": ["h0.0.0"], "h1.0.0": ["a0.0", "a0.1"] }, ... } }
 * </pre>
 *
 * Keys are switch names of the topology, then destination host names, then the neighbours the
 * switch forwards to (its ECMP group). A switch or destination left out has no entry (a black hole
 * if a route needs it). Errors are one line naming the file and the entry.
 */
public final class NextHopReader {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    private NextHopReader() {
    }

    /**
     * @param file   the JSON file
     * @param subnet the subnet (RoCE: one address per host)
     * @return the tables
     */
    public static NextHopTables read(Path file, Subnet subnet) {
        JsonNode root;
        try {
            root = MAPPER.readTree(Files.readString(file));
        } catch (IOException e) {
            throw new InputException("next-hop file '" + file + "': not readable JSON (" + e.getMessage().lines().findFirst()
                    .orElse("") + ")");
        }
        Topology t = subnet.topology();
        if (root == null || !root.isObject() || !root.path("nextHops").isObject() || root.size() != 1) {
            throw new InputException(file + ": expected {\"nextHops\": {SWITCH: {HOST: [NEIGHBOUR, ...]}}}");
        }
        NextHopTables tables = new NextHopTables(subnet);
        for (Iterator<Map.Entry<String, JsonNode>> it = root.get("nextHops").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> sw = it.next();
            String where = file + ": nextHops." + sw.getKey();
            if (!t.hasNode(sw.getKey()) || !subnet.isSwitch(t.nodeId(sw.getKey()))) {
                throw new InputException(where + ": not a switch of " + t.name());
            }
            int s = t.nodeId(sw.getKey());
            if (!sw.getValue().isObject()) {
                throw new InputException(where + ": expected {HOST: [NEIGHBOUR, ...]}");
            }
            for (Iterator<Map.Entry<String, JsonNode>> d = sw.getValue().fields(); d.hasNext(); ) {
                Map.Entry<String, JsonNode> e = d.next();
                String w = where + "." + e.getKey();
                if (!t.hasNode(e.getKey()) || subnet.isSwitch(t.nodeId(e.getKey()))) {
                    throw new InputException(w + ": not a host of " + t.name());
                }
                int lid = lidOf(subnet, t.nodeId(e.getKey()));
                if (!e.getValue().isArray() || e.getValue().isEmpty()) {
                    throw new InputException(w + ": expected a non-empty list of neighbours");
                }
                int[] arcs = new int[e.getValue().size()];
                for (int i = 0; i < arcs.length; i++) {
                    String nb = e.getValue().get(i).asText();
                    int arc = t.hasNode(nb) ? t.findArc(s, t.nodeId(nb)) : -1;
                    if (arc < 0) {
                        throw new InputException(w + ": '" + nb + "' is not a neighbour of " + sw.getKey());
                    }
                    for (int j = 0; j < i; j++) {
                        if (arcs[j] == arc) {
                            // an ECMP group lists each member once: a repeat would weigh one port twice
                            throw new InputException(w + ": '" + nb + "' is listed twice");
                        }
                    }
                    arcs[i] = arc;
                }
                tables.set(s, lid, arcs);
            }
        }
        return tables;
    }

    private static int lidOf(Subnet s, int host) {
        for (Subnet.Endpoint e : s.endpoints()) {
            if (e.node() == host) {
                return e.baseLid();
            }
        }
        throw new IllegalStateException("host without address");
    }

    /**
     * @param tables next-hop tables
     * @param out    receives them in the format read
     * @throws IOException if writing fails
     */
    public static void write(NextHopTables tables, java.io.Writer out) throws IOException {
        Subnet s = tables.subnet();
        Topology t = s.topology();
        var root = MAPPER.createObjectNode();
        var hops = root.putObject("nextHops");
        for (int v = 0; v < t.nodeCount(); v++) {
            if (!s.isSwitch(v)) {
                continue;
            }
            var sw = hops.putObject(t.nodeName(v));
            for (Subnet.Endpoint e : s.endpoints()) {
                int[] m = tables.members(v, e.baseLid());
                if (m.length > 0) {
                    var arr = sw.putArray(t.nodeName(e.node()));
                    for (int arc : m) {
                        arr.add(t.nodeName(t.arcTo(arc)));
                    }
                }
            }
        }
        out.write(MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root));
        out.write("\n");
    }
}
