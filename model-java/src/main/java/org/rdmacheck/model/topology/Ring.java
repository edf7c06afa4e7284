package org.rdmacheck.model.topology;

import org.rdmacheck.model.InputException;

/**
 * A ring of n switches ({@code s0 - s1 - ... - s(n-1) - s0}), each with the same number of hosts.
 * Rings have cyclic channel dependencies under shortest-path routing, the textbook case for
 * escape lanes. Numbering: hosts first, then switches. Names: switch {@code s<i>}, host
 * {@code h<i>.<j>}. All switches have role {@link NodeRole#SWITCH} and tier 1.
 */
public final class Ring {

    /** Largest accepted ring size or hosts per switch. */
    public static final int MAX_SIZE = 100_000;

    private Ring() {
    }

    /**
     * @param switches       ring size, in [3, {@value #MAX_SIZE}]
     * @param hostsPerSwitch hosts per switch, in [0, {@value #MAX_SIZE}]
     * @return the ring, named {@code ring:n=N,hosts=H}
     */
    public static Topology build(int switches, int hostsPerSwitch) {
        if (switches < 3 || switches > MAX_SIZE) {
            throw new InputException("ring n = " + switches + ": expected an integer in [3, " + MAX_SIZE + "]");
        }
        if (hostsPerSwitch < 0 || hostsPerSwitch > MAX_SIZE) {
            throw new InputException("ring hosts = " + hostsPerSwitch + ": expected an integer in [0, " + MAX_SIZE + "]");
        }
        TopologyBuilder b = new TopologyBuilder("ring:n=" + switches + ",hosts=" + hostsPerSwitch);
        for (int s = 0; s < switches; s++) {
            for (int j = 0; j < hostsPerSwitch; j++) {
                b.addNode("h" + s + "." + j, NodeRole.HOST);
            }
        }
        int sw0 = b.nodeCount();
        for (int s = 0; s < switches; s++) {
            b.addNode("s" + s, NodeRole.SWITCH);
        }
        for (int s = 0; s < switches; s++) {
            for (int j = 0; j < hostsPerSwitch; j++) {
                b.addLink(s * hostsPerSwitch + j, sw0 + s);
            }
        }
        for (int s = 0; s < switches; s++) {
            b.addLink(sw0 + s, sw0 + (s + 1) % switches);
        }
        return b.build();
    }
}
