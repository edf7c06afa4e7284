package org.rdmacheck.checker.cdg.tables;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.topology.NodeRole;
import org.rdmacheck.model.topology.Topology;
import org.rdmacheck.model.topology.TopologyBuilder;

/**
 * A fabric as a subnet manager sees it: the topology, the physical port number of every link end,
 * node and port GUIDs, and the addresses of the end ports. InfiniBand addresses are LIDs: a
 * channel-adapter port owns {@code 2^LMC} consecutive LIDs starting at its base LID, a switch one
 * LID for its management port 0 (IBA vol. 1, 7.11.1). RoCE fabrics are addressed the same way
 * with one synthetic address per host, so one checker serves both.
 *
 * <p>Arrays only: {@code portArc[node][port]} is the arc leaving {@code node} through physical
 * port {@code port} (-1 where nothing is linked), {@code lidNode[lid]} the node owning a LID.
 */
public final class Subnet {

    /** The largest unicast LID (IBA vol. 1, 4.1.3: 0x0001-0xBFFF). */
    public static final int MAX_UNICAST_LID = 0xBFFF;

    /**
     * A channel-adapter port with its addresses.
     *
     * @param node    the node
     * @param port    its physical port number
     * @param baseLid the first LID
     * @param lmc     LID mask control: the port owns {@code 2^lmc} LIDs
     * @param guid    the port GUID
     */
    public record Endpoint(int node, int port, int baseLid, int lmc, long guid) {
        /** @return the number of LIDs the port owns */
        public int lidCount() {
            return 1 << lmc;
        }
    }

    private final Topology topology;
    private final int[] arcPort;
    private final int[][] portArc;
    private final long[] nodeGuid;
    private final long[] switchPortGuid;
    private final String[] desc;
    private final int[] portCount;
    private final int[] switchLid;
    private final List<Endpoint> endpoints;
    private final int maxLid;
    private final int[] lidNode;
    private final int[] lidEndpoint;
    private final java.util.Map<Long, Integer> endpointAt = new java.util.HashMap<>();

    private Subnet(Topology topology, int[] arcPort, long[] nodeGuid, long[] switchPortGuid, String[] desc,
                   int[] portCount, int[] switchLid, List<Endpoint> endpoints) {
        this.portCount = portCount;
        this.topology = topology;
        this.arcPort = arcPort;
        this.nodeGuid = nodeGuid;
        this.switchPortGuid = switchPortGuid;
        this.desc = desc;
        this.switchLid = switchLid;
        this.endpoints = List.copyOf(endpoints);
        int n = topology.nodeCount();
        this.portArc = new int[n][];
        for (int v = 0; v < n; v++) {
            int max = 0;
            for (int p = 0; p < topology.degree(v); p++) {
                max = Math.max(max, arcPort[topology.arcAt(v, p)]);
            }
            portArc[v] = new int[max + 1];
            Arrays.fill(portArc[v], -1);
            for (int p = 0; p < topology.degree(v); p++) {
                int arc = topology.arcAt(v, p);
                portArc[v][arcPort[arc]] = arc;
            }
        }
        int top = 0;
        for (int v = 0; v < n; v++) {
            top = Math.max(top, switchLid[v]);
        }
        for (Endpoint e : endpoints) {
            top = Math.max(top, e.baseLid() + e.lidCount() - 1);
        }
        this.maxLid = top;
        this.lidNode = new int[top + 1];
        this.lidEndpoint = new int[top + 1];
        Arrays.fill(lidNode, -1);
        Arrays.fill(lidEndpoint, -1);
        for (int v = 0; v < n; v++) {
            if (switchLid[v] > 0) {
                claim(switchLid[v], v, -1);
            }
        }
        for (int i = 0; i < endpoints.size(); i++) {
            Endpoint e = endpoints.get(i);
            endpointAt.put(((long) e.node() << 8) | e.port(), i);
            for (int l = 0; l < e.lidCount(); l++) {
                claim(e.baseLid() + l, e.node(), i);
            }
        }
    }

    private void claim(int lid, int node, int endpoint) {
        if (lidNode[lid] >= 0) {
            throw new InputException("LID " + lid + ": assigned to both " + topology.nodeName(lidNode[lid]) + " and "
                    + topology.nodeName(node));
        }
        lidNode[lid] = node;
        lidEndpoint[lid] = endpoint;
    }

    /** @return the topology (hosts are channel adapters) */
    public Topology topology() {
        return topology;
    }

    /** @param arc an arc  @return its physical port number at the node it leaves */
    public int port(int arc) {
        return arcPort[arc];
    }

    /**
     * @param node a node
     * @param port a physical port number
     * @return the arc leaving through it, or -1 if nothing is linked there
     */
    public int arc(int node, int port) {
        return port >= 0 && port < portArc[node].length ? portArc[node][port] : -1;
    }

    /** @param node a node  @return its highest linked port number */
    public int maxPort(int node) {
        return portArc[node].length - 1;
    }

    /** @param node a node  @return its number of physical ports (as the node declares it) */
    public int portCount(int node) {
        return portCount[node];
    }

    /** @param node a node  @return its node GUID */
    public long nodeGuid(int node) {
        return nodeGuid[node];
    }

    /** @param node a switch  @return the GUID of its port 0 */
    public long switchPortGuid(int node) {
        return switchPortGuid[node];
    }

    /** @param node a node  @return its description (NodeDescription) */
    public String desc(int node) {
        return desc[node];
    }

    /** @param node a node  @return whether it is a switch */
    public boolean isSwitch(int node) {
        return !topology.isHost(node);
    }

    /** @param node a switch  @return its LID (port 0), 0 if none */
    public int switchLid(int node) {
        return switchLid[node];
    }

    /** @return the channel-adapter ports, in node order */
    public List<Endpoint> endpoints() {
        return endpoints;
    }

    /**
     * @param node a node
     * @param port one of its ports
     * @return index of the channel-adapter port there in {@link #endpoints()}, or -1
     */
    public int endpointAt(int node, int port) {
        return endpointAt.getOrDefault(((long) node << 8) | port, -1);
    }

    /** @return the largest LID assigned */
    public int maxLid() {
        return maxLid;
    }

    /** @param lid a LID  @return the node owning it, or -1 */
    public int lidNode(int lid) {
        return lid >= 0 && lid <= maxLid ? lidNode[lid] : -1;
    }

    /** @param lid a LID  @return index of the endpoint owning it in {@link #endpoints()}, or -1 (a switch or nothing) */
    public int lidEndpoint(int lid) {
        return lid >= 0 && lid <= maxLid ? lidEndpoint[lid] : -1;
    }

    /**
     * @param node a node
     * @param port a port, or -1
     * @return {@code name[port]}, the way channels and routes are printed
     */
    public String portName(int node, int port) {
        return topology.nodeName(node) + (port >= 0 ? "[" + port + "]" : "");
    }

    /**
     * @param arc an arc
     * @return {@code A[p]->B[q]}
     */
    public String arcName(int arc) {
        int back = Topology.reverse(arc);
        return portName(topology.arcFrom(arc), arcPort[arc]) + "->" + portName(topology.arcTo(arc), arcPort[back]);
    }

    /**
     * Builds a subnet from a generated topology: port numbers are the topology's port positions
     * plus one, GUIDs are derived from the node numbers, and LIDs are assigned as a subnet manager
     * would: every channel adapter port gets {@code 2^lmc} LIDs starting at a multiple of
     * {@code 2^lmc} (IBA vol. 1, 7.11.1), then every switch one LID.
     *
     * @param topo a topology (hosts: single-port channel adapters or multi-port ones)
     * @param lmc  LID mask control, in [0, 7]
     * @return the subnet
     */
    public static Subnet assign(Topology topo, int lmc) {
        if (lmc < 0 || lmc > 7) {
            throw new InputException("lmc = " + lmc + ": expected an integer in [0, 7]");
        }
        int n = topo.nodeCount();
        int[] arcPort = new int[topo.arcCount()];
        for (int arc = 0; arc < topo.arcCount(); arc++) {
            arcPort[arc] = topo.arcPort(arc) + 1;
        }
        long[] guid = new long[n];
        long[] swGuid = new long[n];
        String[] desc = new String[n];
        int[] swLid = new int[n];
        int[] portCount = new int[n];
        List<Endpoint> eps = new ArrayList<>();
        int next = 1 << lmc;
        for (int v = 0; v < n; v++) {
            guid[v] = GENERATED_GUID_BASE + ((long) v << 8);
            swGuid[v] = guid[v];
            desc[v] = topo.nodeName(v);
            portCount[v] = topo.degree(v);
            if (topo.isHost(v)) {
                for (int p = 0; p < topo.degree(v); p++) {
                    eps.add(new Endpoint(v, p + 1, next, lmc, guid[v] + p + 1));
                    next += 1 << lmc;
                }
            }
        }
        for (int v = 0; v < n; v++) {
            if (!topo.isHost(v)) {
                swLid[v] = next++;
            }
        }
        if (next - 1 > MAX_UNICAST_LID) {
            throw new InputException(topo.name() + " with lmc " + lmc + " needs " + (next - 1)
                    + " LIDs: more than the " + MAX_UNICAST_LID + " unicast LIDs");
        }
        return new Subnet(topo, arcPort, guid, swGuid, desc, portCount, swLid, eps);
    }

    /** GUIDs of generated nodes: Mellanox's OUI 0x0002c9 and the node number. */
    static final long GENERATED_GUID_BASE = 0x0002c90300000000L;

    /**
     * Collects a subnet as a reader finds it.
     */
    public static final class Builder {
        private final TopologyBuilder topo;
        private final List<Long> guids = new ArrayList<>();
        private final List<Long> swGuids = new ArrayList<>();
        private final List<String> descs = new ArrayList<>();
        private final List<Integer> swLids = new ArrayList<>();
        private final List<Integer> portCounts = new ArrayList<>();
        private final List<Endpoint> endpoints = new ArrayList<>();
        private final List<int[]> linkPorts = new ArrayList<>();

        /** @param name the topology's name */
        public Builder(String name) {
            this.topo = new TopologyBuilder(name).allowParallelLinks();
        }

        /**
         * @param name     unique node name
         * @param isSwitch switch or channel adapter
         * @param guid     node GUID
         * @param portGuid GUID of a switch's port 0 (the node GUID for a channel adapter)
         * @param desc     node description
         * @param lid      a switch's LID, 0 for a channel adapter
         * @param ports    its number of physical ports
         * @return the node id
         */
        public int addNode(String name, boolean isSwitch, long guid, long portGuid, String desc, int lid, int ports) {
            portCounts.add(ports);
            int id = topo.addNode(name, isSwitch ? NodeRole.SWITCH : NodeRole.HOST);
            guids.add(guid);
            swGuids.add(portGuid);
            descs.add(desc);
            swLids.add(lid);
            return id;
        }

        /**
         * @param a     one end
         * @param portA its port
         * @param b     the other end
         * @param portB its port
         */
        public void addLink(int a, int portA, int b, int portB) {
            topo.addLink(a, b);
            linkPorts.add(new int[] {portA, portB});
        }

        /** @param e a channel-adapter port with its LIDs */
        public void addEndpoint(Endpoint e) {
            endpoints.add(e);
        }

        /** @return the subnet */
        public Subnet build() {
            Topology t = withTiers(topo.build());
            int[] arcPort = new int[t.arcCount()];
            for (int l = 0; l < linkPorts.size(); l++) {
                arcPort[2 * l] = linkPorts.get(l)[0];
                arcPort[2 * l + 1] = linkPorts.get(l)[1];
            }
            int n = t.nodeCount();
            long[] g = new long[n];
            long[] sg = new long[n];
            int[] lids = new int[n];
            int[] pc = new int[n];
            for (int v = 0; v < n; v++) {
                pc[v] = portCounts.get(v);
                g[v] = guids.get(v);
                sg[v] = swGuids.get(v);
                lids[v] = swLids.get(v);
            }
            return new Subnet(t, arcPort, g, sg, descs.toArray(new String[0]), pc, lids, endpoints);
        }
    }

    /**
     * A discovered topology has no tiers; up*&#47;down* wants them. A switch's tier is one more than
     * its hop distance to the nearest channel adapter (leaves 1, their neighbours 2, ...), which
     * gives a fat-tree its levels.
     */
    private static Topology withTiers(Topology t) {
        int n = t.nodeCount();
        int[] dist = new int[n];
        Arrays.fill(dist, -1);
        int[] queue = new int[n];
        int tail = 0;
        for (int v = 0; v < n; v++) {
            if (t.isHost(v)) {
                dist[v] = 0;
                queue[tail++] = v;
            }
        }
        for (int head = 0; head < tail; head++) {
            int c = queue[head];
            for (int p = 0; p < t.degree(c); p++) {
                int w = t.neighbor(c, p);
                if (dist[w] < 0) {
                    dist[w] = dist[c] + 1;
                    queue[tail++] = w;
                }
            }
        }
        TopologyBuilder b = new TopologyBuilder(t.name()).allowParallelLinks();
        for (int v = 0; v < n; v++) {
            b.addNode(t.nodeName(v), t.role(v), t.isHost(v) ? 0 : Math.max(1, dist[v]));
        }
        for (int l = 0; l < t.linkCount(); l++) {
            b.addLink(t.linkA(l), t.linkB(l));
        }
        return b.build();
    }
}
