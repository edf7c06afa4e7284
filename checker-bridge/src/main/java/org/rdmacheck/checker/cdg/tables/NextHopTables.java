package org.rdmacheck.checker.cdg.tables;

import org.rdmacheck.checker.cdg.IntBuffer;

/**
 * Next-hop tables with ECMP: for every switch and destination address, the set of arcs a packet
 * may leave by (a RoCE fabric's routes toward each host, as read from a next-hop file or
 * computed by a routing rule).
 */
public final class NextHopTables implements Forwarding {

    private final Subnet subnet;
    private final int[][][] members;

    /** @param subnet the subnet; every entry starts empty */
    public NextHopTables(Subnet subnet) {
        this.subnet = subnet;
        int n = subnet.topology().nodeCount();
        this.members = new int[n][][];
        for (int v = 0; v < n; v++) {
            if (subnet.isSwitch(v)) {
                members[v] = new int[subnet.maxLid() + 1][];
            }
        }
    }

    /** @return the subnet */
    public Subnet subnet() {
        return subnet;
    }

    /**
     * @param sw   a switch
     * @param lid  a destination address
     * @param arcs its ECMP members (arcs leaving {@code sw})
     */
    void set(int sw, int lid, int[] arcs) {
        members[sw][lid] = arcs.clone();
    }

    /**
     * @param sw  a switch
     * @param lid a destination address
     * @return its ECMP members, empty if there is no entry
     */
    public int[] members(int sw, int lid) {
        int[] m = members[sw][lid];
        return m == null ? new int[0] : m.clone();
    }

    @Override
    public int route(int sw, int lid, IntBuffer out) {
        int[] m = lid < members[sw].length ? members[sw][lid] : null;
        if (m == null || m.length == 0) {
            return NO_ENTRY;
        }
        for (int arc : m) {
            out.add(arc);
        }
        return FORWARD;
    }
}
