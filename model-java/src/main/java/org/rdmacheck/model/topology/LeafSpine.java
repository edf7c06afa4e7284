package org.rdmacheck.model.topology;

import org.rdmacheck.model.InputException;

/**
 * A two-tier leaf-spine fabric: every leaf (ToR) connects to every spine; each leaf has the same
 * number of hosts. Numbering: hosts first, then leaves, then spines. Names: host
 * {@code h<leaf>.<i>}, leaf {@code leaf<t>}, spine {@code spine<s>}.
 */
public final class LeafSpine {

    /** Largest accepted number of leaves, spines or hosts per leaf. */
    public static final int MAX_SIZE = 4096;

    private LeafSpine() {
    }

    /**
     * @param tors        number of leaf (ToR) switches, in [1, {@value #MAX_SIZE}]
     * @param spines      number of spine switches, in [1, {@value #MAX_SIZE}]
     * @param hostsPerTor hosts per leaf, in [1, {@value #MAX_SIZE}]
     * @return the fabric, named {@code leafspine:tors=T,spines=S,hosts=H}
     */
    public static Topology build(int tors, int spines, int hostsPerTor) {
        check("tors", tors);
        check("spines", spines);
        check("hosts", hostsPerTor);
        TopologyBuilder b = new TopologyBuilder("leafspine:tors=" + tors + ",spines=" + spines + ",hosts=" + hostsPerTor);
        for (int t = 0; t < tors; t++) {
            for (int i = 0; i < hostsPerTor; i++) {
                b.addNode("h" + t + "." + i, NodeRole.HOST);
            }
        }
        int leaf0 = b.nodeCount();
        for (int t = 0; t < tors; t++) {
            b.addNode("leaf" + t, NodeRole.LEAF);
        }
        int spine0 = b.nodeCount();
        for (int s = 0; s < spines; s++) {
            b.addNode("spine" + s, NodeRole.SPINE);
        }
        for (int t = 0; t < tors; t++) {
            for (int i = 0; i < hostsPerTor; i++) {
                b.addLink(t * hostsPerTor + i, leaf0 + t);
            }
        }
        for (int t = 0; t < tors; t++) {
            for (int s = 0; s < spines; s++) {
                b.addLink(leaf0 + t, spine0 + s);
            }
        }
        return b.build();
    }

    private static void check(String what, int v) {
        if (v < 1 || v > MAX_SIZE) {
            throw new InputException("leafspine " + what + " = " + v + ": expected an integer in [1, " + MAX_SIZE + "]");
        }
    }
}
