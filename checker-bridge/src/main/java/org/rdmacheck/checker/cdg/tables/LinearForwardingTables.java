package org.rdmacheck.checker.cdg.tables;

import java.util.Arrays;
import org.rdmacheck.checker.cdg.IntBuffer;

/**
 * InfiniBand linear forwarding tables (IBA vol. 1, 14.2.5.10 LinearForwardingTable): for every
 * switch, an output port per destination LID; {@value #NONE} (255) marks a LID with no entry,
 * as in the switch's own table. One byte per (switch, LID): a 1,280-switch fabric with 10,000
 * LIDs costs 13 MB.
 */
public final class LinearForwardingTables implements Forwarding {

    /** No entry (the value an unprogrammed LFT block holds). */
    public static final int NONE = 255;

    private final Subnet subnet;
    private final byte[][] ports;

    /**
     * Empty tables (every entry {@value #NONE}) for every switch of the subnet.
     *
     * @param subnet the subnet
     */
    public LinearForwardingTables(Subnet subnet) {
        this.subnet = subnet;
        int n = subnet.topology().nodeCount();
        this.ports = new byte[n][];
        for (int v = 0; v < n; v++) {
            if (subnet.isSwitch(v)) {
                ports[v] = new byte[subnet.maxLid() + 1];
                Arrays.fill(ports[v], (byte) NONE);
            }
        }
    }

    /** @return the subnet */
    public Subnet subnet() {
        return subnet;
    }

    /**
     * @param sw  a switch
     * @param lid a LID
     * @return its output port, or {@value #NONE}
     */
    public int port(int sw, int lid) {
        byte[] t = ports[sw];
        return lid < t.length ? t[lid] & 0xFF : NONE;
    }

    /**
     * @param sw   a switch
     * @param lid  a LID in [0, maxLid]
     * @param port an output port in [0, 254], or {@value #NONE}
     */
    void set(int sw, int lid, int port) {
        ports[sw][lid] = (byte) port;
    }

    /**
     * @param sw a switch
     * @return whether the switch has any entry
     */
    public boolean hasEntries(int sw) {
        for (byte b : ports[sw]) {
            if ((b & 0xFF) != NONE) {
                return true;
            }
        }
        return false;
    }

    @Override
    public int route(int sw, int lid, IntBuffer out) {
        int p = port(sw, lid);
        if (p == NONE) {
            return NO_ENTRY;
        }
        if (p == 0) {
            return LOCAL;
        }
        int arc = subnet.arc(sw, p);
        if (arc < 0) {
            return DEAD_PORT;
        }
        out.add(arc);
        return FORWARD;
    }
}
