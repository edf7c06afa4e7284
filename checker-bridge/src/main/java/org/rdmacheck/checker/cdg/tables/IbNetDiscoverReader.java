package org.rdmacheck.checker.cdg.tables;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rdmacheck.model.InputException;

/**
 * Reads a topology as {@code ibnetdiscover} prints it (infiniband-diags, {@code ibnetdiscover.c}:
 * {@code out_switch}, {@code out_ca}, {@code out_switch_port}, {@code out_ca_port}). A node record
 * is a few {@code key=value} lines ({@code vendid}, {@code devid}, {@code sysimgguid},
 * {@code switchguid=0xNODE(PORT0)} or {@code caguid}/{@code rtguid}) and a node line:
 *
 * <pre>
 * Switch  36 "S-0002c90300001000"   # "leaf-1" enhanced port 0 lid 9 lmc 0
 * [1]     "H-0002c90300000100"[1](2c90300000101)   # "node-1 HCA-1" lid 1 4xEDR
 * Ca      1 "H-0002c90300000100"    # "node-1 HCA-1"
 * [1](2c90300000101)  "S-0002c90300001000"[1]   # lid 1 lmc 1 "leaf-1" lid 9 4xEDR
 * </pre>
 *
 * then one line per linked port: {@code [p]} (a channel adapter's with its port GUID in
 * parentheses), the remote node and port, and a comment; a channel-adapter port's comment starts
 * {@code lid L lmc M}, its LIDs being {@code L .. L + 2^M - 1}. Every link is listed from both
 * ends and both must agree. Routers ({@code Rt}) are taken as channel adapters. Errors are one
 * line naming the file, the line and the problem; nothing is returned from a malformed file.
 */
public final class IbNetDiscoverReader {

    private static final Pattern SWITCH = Pattern.compile(
            "Switch\\s+(\\d+)\\s+\"S-([0-9a-fA-F]{1,16})\"\\s*#\\s*\"(.*)\"\\s+(?:enhanced|base)\\s+port 0 lid (\\d+) lmc (\\d+)\\s*");
    private static final Pattern CA = Pattern.compile(
            "(Ca|Rt)\\s+(\\d+)\\s+\"([HR])-([0-9a-fA-F]{1,16})\"\\s*#\\s*\"(.*?)\"(?:\\s*\\(scp\\))?\\s*");
    private static final Pattern PORT = Pattern.compile(
            "\\[(\\d+)\\](?:\\[ext \\d+\\])?(?:\\(([0-9a-fA-F]{1,16})\\))?\\s*\"([SHR])-([0-9a-fA-F]{1,16})\"\\[(\\d+)\\]"
                    + "(?:\\[ext \\d+\\])?\\s*(?:\\(([0-9a-fA-F]{1,16})\\))?\\s*#\\s*(.*)");
    private static final Pattern CA_PORT_COMMENT = Pattern.compile("lid (\\d+) lmc (\\d+) .*");
    private static final Pattern SWITCH_GUID = Pattern.compile("switchguid=0x([0-9a-fA-F]{1,16})(?:\\(([0-9a-fA-F]{1,16})\\))?.*");

    private IbNetDiscoverReader() {
    }

    private record NodeRec(boolean isSwitch, long guid, long portGuid, int ports, String desc, int lid, int line) {
    }

    private record PortRec(long node, int port, long portGuid, long remote, int remotePort, int lid, int lmc, int line) {
    }

    /**
     * @param file an {@code ibnetdiscover} output file
     * @return the subnet
     * @throws InputException naming the file, line and problem
     */
    public static Subnet read(Path file) {
        List<String> lines = TextFiles.readLines(file, "topology file");
        return parse(lines, file.toString());
    }

    /**
     * @param lines  the file's lines
     * @param source the file's name, for messages
     * @return the subnet
     */
    public static Subnet parse(List<String> lines, String source) {
        Map<Long, NodeRec> nodes = new LinkedHashMap<>();
        List<PortRec> ports = new ArrayList<>();
        NodeRec current = null;
        long pendingPortGuid = -1;
        for (int i = 0; i < lines.size(); i++) {
            String raw = lines.get(i);
            String line = raw.strip();
            String where = source + " line " + (i + 1);
            if (line.isEmpty()) {
                current = null;
                continue;
            }
            if (line.startsWith("#") || line.startsWith("vendid=") || line.startsWith("devid=")
                    || line.startsWith("sysimgguid=") || line.startsWith("caguid=") || line.startsWith("rtguid=")
                    || line.startsWith("Chassis ") || line.startsWith("Hostname:") || line.equals("Non-Chassis Nodes")) {
                continue;
            }
            if (line.startsWith("switchguid=")) {
                Matcher m = SWITCH_GUID.matcher(line);
                if (!m.matches()) {
                    throw new InputException(where + ": expected switchguid=0xGUID(PORTGUID), found '" + TextFiles.excerpt(line) + "'");
                }
                pendingPortGuid = m.group(2) == null ? -1 : Lids.guid(m.group(2), where);
                continue;
            }
            if (line.startsWith("Switch")) {
                Matcher m = SWITCH.matcher(line);
                if (!m.matches()) {
                    throw new InputException(where + ": expected 'Switch N \"S-GUID\" # \"desc\" enhanced|base port 0 lid L lmc M',"
                            + " found '" + TextFiles.excerpt(line) + "'");
                }
                long guid = Lids.guid(m.group(2), where);
                current = new NodeRec(true, guid, pendingPortGuid >= 0 ? pendingPortGuid : guid,
                        count(m.group(1), where, "port count", 1, 254), m.group(3),
                        lid(m.group(4), where, false), i + 1);
                pendingPortGuid = -1;
                addNode(nodes, current, where);
                continue;
            }
            if (line.startsWith("Ca") || line.startsWith("Rt")) {
                Matcher m = CA.matcher(line);
                if (!m.matches()) {
                    throw new InputException(where + ": expected 'Ca N \"H-GUID\" # \"desc\"', found '" + TextFiles.excerpt(line) + "'");
                }
                long guid = Lids.guid(m.group(4), where);
                current = new NodeRec(false, guid, guid, count(m.group(2), where, "port count", 1, 254), m.group(5), 0, i + 1);
                addNode(nodes, current, where);
                continue;
            }
            if (line.startsWith("[")) {
                ports.add(port(line, where, current));
                continue;
            }
            throw new InputException(where + ": expected a node record line (Switch, Ca, [port] ...), found '" + TextFiles.excerpt(line) + "'");
        }
        if (nodes.isEmpty()) {
            throw new InputException(source + ": no Switch or Ca records: expected ibnetdiscover output");
        }
        return build(nodes, ports, source);
    }

    private static void addNode(Map<Long, NodeRec> nodes, NodeRec n, String where) {
        NodeRec old = nodes.put(n.guid(), n);
        if (old != null) {
            throw new InputException(where + ": node GUID 0x" + Long.toHexString(n.guid()) + " already has a record at line "
                    + old.line());
        }
    }

    private static PortRec port(String line, String where, NodeRec current) {
        if (current == null) {
            throw new InputException(where + ": port line outside a Switch or Ca record");
        }
        Matcher m = PORT.matcher(line);
        if (!m.matches()) {
            throw new InputException(where + ": expected '[p] \"S-GUID\"[q] # ...', found '" + TextFiles.excerpt(line) + "'");
        }
        int p = count(m.group(1), where, "port", 1, current.ports());
        int lid = 0;
        int lmc = 0;
        long portGuid = current.guid();
        if (!current.isSwitch()) {
            if (m.group(2) == null) {
                throw new InputException(where + ": a channel adapter's port line needs its port GUID: '[p](GUID)'");
            }
            portGuid = Lids.guid(m.group(2), where);
            Matcher c = CA_PORT_COMMENT.matcher(m.group(7));
            if (!c.matches()) {
                throw new InputException(where + ": expected the comment '# lid L lmc M \"desc\" ...' of a channel adapter port,"
                        + " found '# " + TextFiles.excerpt(m.group(7)) + "'");
            }
            lid = lid(c.group(1), where, true);
            lmc = count(c.group(2), where, "lmc", 0, 7);
            if (lid % (1 << lmc) != 0) {
                throw new InputException(where + ": base lid " + lid + " with lmc " + lmc + ": expected a multiple of "
                        + (1 << lmc) + " (IBA 7.11.1)");
            }
        }
        return new PortRec(current.guid(), p, portGuid, Lids.guid(m.group(4), where), count(m.group(5), where, "remote port",
                1, 254), lid, lmc, Integer.parseInt(where.substring(where.lastIndexOf(' ') + 1)));
    }

    private static int count(String text, String where, String what, int lo, int hi) {
        int v;
        try {
            v = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            v = Integer.MIN_VALUE;
        }
        if (v < lo || v > hi) {
            throw new InputException(where + ": " + what + " '" + text + "': expected an integer in [" + lo + ", " + hi + "]");
        }
        return v;
    }

    private static int lid(String text, String where, boolean required) {
        int v = Lids.parse(text, where);
        if (v > Subnet.MAX_UNICAST_LID || required && v == 0) {
            throw new InputException(where + ": lid " + text + ": expected a unicast LID in [1, 0xbfff]");
        }
        return v;
    }

    private static Subnet build(Map<Long, NodeRec> nodes, List<PortRec> ports, String source) {
        Set<String> descs = new HashSet<>();
        Set<String> dupDescs = new HashSet<>();
        for (NodeRec n : nodes.values()) {
            if (!descs.add(n.desc())) {
                dupDescs.add(n.desc());
            }
        }
        Subnet.Builder b = new Subnet.Builder("ibnetdiscover:" + Path.of(source).getFileName());
        Map<Long, Integer> ids = new HashMap<>();
        for (NodeRec n : nodes.values()) {
            String gname = (n.isSwitch() ? "S-" : "H-") + String.format("%016x", n.guid());
            String name = n.desc().isBlank() || dupDescs.contains(n.desc()) || n.desc().contains("->") ? gname : n.desc();
            ids.put(n.guid(), b.addNode(name, n.isSwitch(), n.guid(), n.portGuid(), n.desc(), n.lid(), n.ports()));
        }
        Map<PortKey, PortRec> byEnd = new HashMap<>();
        for (PortRec p : ports) {
            String where = source + " line " + p.line();
            if (!nodes.containsKey(p.remote())) {
                throw new InputException(where + ": remote node 0x" + Long.toHexString(p.remote()) + " has no record in the file");
            }
            if (byEnd.put(key(p.node(), p.port()), p) != null) {
                throw new InputException(where + ": port " + p.port() + " listed twice in its record");
            }
        }
        for (PortRec p : ports) {
            String where = source + " line " + p.line();
            PortRec back = byEnd.get(key(p.remote(), p.remotePort()));
            if (back == null || back.remote() != p.node() || back.remotePort() != p.port()) {
                throw new InputException(where + ": link to 0x" + Long.toHexString(p.remote()) + " port " + p.remotePort()
                        + " is not listed back from that port" + (back == null ? "" : " (it lists line " + back.line() + ")"));
            }
            if (p.node() < p.remote() || p.node() == p.remote() && p.port() < p.remotePort()) {
                b.addLink(ids.get(p.node()), p.port(), ids.get(p.remote()), p.remotePort());
            }
            if (!nodes.get(p.node()).isSwitch()) {
                b.addEndpoint(new Subnet.Endpoint(ids.get(p.node()), p.port(), p.lid(), p.lmc(), p.portGuid()));
            }
        }
        try {
            return b.build();
        } catch (InputException e) {
            throw new InputException(source + ": " + e.getMessage(), e);
        }
    }

    private static PortKey key(long guid, int port) {
        return new PortKey(guid, port);
    }

    private record PortKey(long guid, int port) {
    }
}
