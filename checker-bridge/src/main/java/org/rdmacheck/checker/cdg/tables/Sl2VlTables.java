package org.rdmacheck.checker.cdg.tables;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rdmacheck.model.InputException;

/**
 * SL-to-VL mapping tables as OpenSM's {@code opensm-sl2vl.dump} prints them (opensm
 * {@code osm_dump.c}, {@code dump_sl2vl_tbl}): per port, a block
 *
 * <pre>
 * Switch 0x0002c90300001000, base LID 9, "leaf-1"
 * #in out : 0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15
 * #--------------------------------------------------------
 * 0   1   : 0  1  2  3  4  5  6  7  0  1  2  3  4  5  6  7
 * ...
 * #--------------------------------------------------------
 * </pre>
 *
 * a switch with a row per (in port, out port) for every linked out port, a channel adapter
 * ({@code Channel Adapter 0x<port guid>, ...}) with the one row {@code 0 0}. A hop's virtual lane
 * is {@code SL2VL[in][out][SL]} of the switch it leaves (IBA vol. 1, 7.6.6), the first hop's is
 * the source port's. Switches and ports with no block map SL to VL unchanged. Rows for in port 0
 * (packets the switch originates) are read and not used: data packets enter on a linked port.
 */
public final class Sl2VlTables implements LaneMap {

    private static final Pattern HEADER = Pattern.compile(
            "(Switch|Channel Adapter|Router) 0x([0-9a-fA-F]{1,16}), base LID (\\d+), \"(.*)\"\\s*");
    private static final Pattern ROW = Pattern.compile("(\\d+)\\s+(\\d+)\\s*:((?:\\s+\\d+){16})\\s*");

    private final Subnet subnet;
    private final byte[][] switchTables;
    private final byte[][] endpointTables;

    private Sl2VlTables(Subnet subnet, byte[][] switchTables, byte[][] endpointTables) {
        this.subnet = subnet;
        this.switchTables = switchTables;
        this.endpointTables = endpointTables;
    }

    /**
     * @param file   an {@code opensm-sl2vl.dump}
     * @param subnet the subnet it belongs to
     * @return the tables
     * @throws InputException naming the file, line and problem
     */
    public static Sl2VlTables read(Path file, Subnet subnet) {
        List<String> lines = TextFiles.readLines(file, "SL2VL file");
        return parse(lines, file.toString(), subnet);
    }

    /**
     * @param lines  the dump's lines
     * @param source its name, for messages
     * @param subnet the subnet
     * @return the tables
     */
    public static Sl2VlTables parse(List<String> lines, String source, Subnet subnet) {
        int n = subnet.topology().nodeCount();
        Map<Long, Integer> switchByPortGuid = new HashMap<>();
        for (int v = 0; v < n; v++) {
            if (subnet.isSwitch(v)) {
                switchByPortGuid.put(subnet.switchPortGuid(v), v);
                switchByPortGuid.putIfAbsent(subnet.nodeGuid(v), v);
            }
        }
        Map<Long, Integer> endpointByGuid = new HashMap<>();
        for (int i = 0; i < subnet.endpoints().size(); i++) {
            endpointByGuid.put(subnet.endpoints().get(i).guid(), i);
        }
        byte[][] sw = new byte[n][];
        byte[][] ep = new byte[subnet.endpoints().size()][];
        Set<Long> seen = new HashSet<>();
        int i = 0;
        while (i < lines.size()) {
            String line = lines.get(i).strip();
            String where = source + " line " + (i + 1);
            i++;
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            Matcher m = HEADER.matcher(line);
            if (!m.matches()) {
                throw new InputException(where + ": expected 'Switch|Channel Adapter 0xGUID, base LID L, \"desc\"', found '"
                        + TextFiles.excerpt(line) + "'");
            }
            long guid = Lids.guid(m.group(2), where);
            if (!seen.add(guid)) {
                throw new InputException(where + ": port guid 0x" + Long.toHexString(guid) + " has a second table");
            }
            boolean isSwitch = m.group(1).equals("Switch");
            Integer node = isSwitch ? switchByPortGuid.get(guid) : endpointByGuid.get(guid);
            if (node == null) {
                throw new InputException(where + ": " + m.group(1) + " port guid 0x" + Long.toHexString(guid)
                        + " is not in the topology");
            }
            int ports = isSwitch ? subnet.portCount(node) : 0;
            byte[] table = new byte[(ports + 1) * (ports + 1) * LANES];
            for (int k = 0; k < table.length; k += LANES) {
                for (int sl = 0; sl < LANES; sl++) {
                    table[k + sl] = (byte) sl;
                }
            }
            int rows = 0;
            for (; i < lines.size(); i++) {
                String row = lines.get(i).strip();
                String rw = source + " line " + (i + 1);
                if (row.isEmpty()) {
                    break;
                }
                if (row.startsWith("#")) {
                    continue;
                }
                Matcher r = ROW.matcher(row);
                if (!r.matches()) {
                    if (HEADER.matcher(row).matches()) {
                        break;
                    }
                    throw new InputException(rw + ": expected 'IN OUT : vl0 .. vl15' (16 VLs), found '" + TextFiles.excerpt(row) + "'");
                }
                int in = Integer.parseInt(r.group(1));
                int out = Integer.parseInt(r.group(2));
                if (in > ports || out > ports) {
                    throw new InputException(rw + ": ports " + in + " " + out + ": expected ports 0.." + ports
                            + (isSwitch ? " of switch " + subnet.topology().nodeName(node) : " (0 0 for a channel adapter)"));
                }
                String[] vls = r.group(3).strip().split("\\s+");
                int base = (in * (ports + 1) + out) * LANES;
                for (int sl = 0; sl < LANES; sl++) {
                    int vl = Integer.parseInt(vls[sl]);
                    if (vl > VL15) {
                        throw new InputException(rw + ": VL " + vl + " for SL " + sl + ": expected a VL in [0, 15]");
                    }
                    table[base + sl] = (byte) vl;
                }
                rows++;
            }
            if (rows == 0) {
                throw new InputException(where + ": table with no rows");
            }
            if (isSwitch) {
                sw[node] = table;
            } else {
                ep[node] = table;
            }
        }
        return new Sl2VlTables(subnet, sw, ep);
    }

    /**
     * Tables that give every switch hop and source port the same SL-to-VL map.
     *
     * @param subnet the subnet
     * @param map    the VL of each SL, 16 entries
     * @return the tables
     */
    public static Sl2VlTables uniform(Subnet subnet, int[] map) {
        int n = subnet.topology().nodeCount();
        byte[][] sw = new byte[n][];
        for (int v = 0; v < n; v++) {
            if (subnet.isSwitch(v)) {
                int ports = subnet.portCount(v);
                sw[v] = fill(new byte[(ports + 1) * (ports + 1) * LANES], map);
            }
        }
        byte[][] ep = new byte[subnet.endpoints().size()][];
        for (int i = 0; i < ep.length; i++) {
            ep[i] = fill(new byte[LANES], map);
        }
        return new Sl2VlTables(subnet, sw, ep);
    }

    private static byte[] fill(byte[] t, int[] map) {
        for (int k = 0; k < t.length; k++) {
            t[k] = (byte) map[k % LANES];
        }
        return t;
    }

    @Override
    public int lane(int sw, int inPort, int outPort, int sl) {
        byte[] t = switchTables[sw];
        if (t == null) {
            return sl;
        }
        int ports = subnet.portCount(sw);
        return t[(inPort * (ports + 1) + outPort) * LANES + sl];
    }

    @Override
    public int sourceLane(int endpoint, int sl) {
        byte[] t = endpointTables[endpoint];
        return t == null ? sl : t[sl];
    }

    /**
     * @param sw a switch
     * @return whether the dump had its table
     */
    public boolean hasTable(int sw) {
        return switchTables[sw] != null;
    }
}
