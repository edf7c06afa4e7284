package org.rdmacheck.model.topology;

import org.rdmacheck.model.InputException;

/**
 * The k-ary fat-tree (Al-Fares et al.; the Clos variant of seed 000 §VI-A): k pods, each with
 * k/2 ToR (edge) and k/2 aggregation switches; (k/2)^2 core switches; k^3/4 hosts, k/2 per ToR.
 * ToR {@code e} of pod {@code p} connects to every aggregation switch of its pod; aggregation
 * switch {@code j} of every pod connects to the k/2 cores of core group {@code j}.
 *
 * <p>Numbering: hosts first ({@code 0..k^3/4-1}, so a host's id is its index), then ToRs,
 * aggregation and core switches. Names: host {@code h<p>.<e>.<i>}, ToR {@code e<p>.<e>},
 * aggregation {@code a<p>.<j>}, core {@code c<j>.<i>}. k=64 gives 65,536 hosts, 5,120 switches.
 */
public final class FatTree {

    /** Largest accepted k (k=128: 524,288 hosts). */
    public static final int MAX_K = 128;

    private FatTree() {
    }

    /**
     * @param k switch radix, even, in [2, {@value #MAX_K}]
     * @return the fat-tree, named {@code fattree:k=K}
     * @throws InputException for an odd or out-of-range k
     */
    public static Topology build(int k) {
        if (k < 2 || k > MAX_K || k % 2 != 0) {
            throw new InputException("fattree k = " + k + ": expected an even integer in [2, " + MAX_K + "]");
        }
        int h = k / 2;
        TopologyBuilder b = new TopologyBuilder("fattree:k=" + k);
        for (int p = 0; p < k; p++) {
            for (int e = 0; e < h; e++) {
                for (int i = 0; i < h; i++) {
                    b.addNode("h" + p + "." + e + "." + i, NodeRole.HOST);
                }
            }
        }
        int tor0 = b.nodeCount();
        for (int p = 0; p < k; p++) {
            for (int e = 0; e < h; e++) {
                b.addNode("e" + p + "." + e, NodeRole.TOR);
            }
        }
        int agg0 = b.nodeCount();
        for (int p = 0; p < k; p++) {
            for (int j = 0; j < h; j++) {
                b.addNode("a" + p + "." + j, NodeRole.AGGREGATION);
            }
        }
        int core0 = b.nodeCount();
        for (int j = 0; j < h; j++) {
            for (int i = 0; i < h; i++) {
                b.addNode("c" + j + "." + i, NodeRole.CORE);
            }
        }
        for (int t = 0; t < k * h; t++) {
            for (int i = 0; i < h; i++) {
                b.addLink(t * h + i, tor0 + t);
            }
        }
        for (int p = 0; p < k; p++) {
            for (int e = 0; e < h; e++) {
                for (int j = 0; j < h; j++) {
                    b.addLink(tor0 + p * h + e, agg0 + p * h + j);
                }
            }
        }
        for (int p = 0; p < k; p++) {
            for (int j = 0; j < h; j++) {
                for (int i = 0; i < h; i++) {
                    b.addLink(agg0 + p * h + j, core0 + j * h + i);
                }
            }
        }
        return b.build();
    }
}
