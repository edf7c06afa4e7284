package org.rdmacheck.model.topology;

import org.rdmacheck.model.InputException;

/**
 * A three-tier Clos (ToR, aggregation, core) oversubscribed at the ToR, as simulated in seed 000
 * §VI-A ("1024 hosts connected in an over-subscribed Clos topology ... an over-subscription factor
 * of 4 ... the longest path is 6 hops").
 *
 * <p>Shape (our choice; the paper gives only hosts, factor and path length): each ToR has
 * {@code hostsPerTor} hosts and {@code u = hostsPerTor / oversub} uplinks, one to each of the
 * {@code u} aggregation switches of its pod; a pod has {@code torsPerPod} ToRs. Core switches form
 * {@code u} planes of {@code torsPerPod} switches; aggregation switch {@code j} of every pod
 * connects to every core of plane {@code j}, so aggregation is not oversubscribed (torsPerPod down,
 * torsPerPod up). Defaults 16 hosts per ToR and 8 ToRs per pod give, for 1024 hosts and 4:1,
 * 64 ToRs in 8 pods, 32 aggregation and 32 core switches; longest path host-ToR-agg-core-agg-ToR-host
 * = 6 hops. Numbering: hosts, ToRs, aggregation, core. Names: {@code h<tor>.<i>}, {@code tor<t>},
 * {@code agg<pod>.<j>}, {@code core<j>.<i>}.
 */
public final class ThreeTierClos {

    /** Largest accepted host count. */
    public static final int MAX_HOSTS = 1 << 20;

    private ThreeTierClos() {
    }

    /**
     * @param hosts       total hosts, a multiple of {@code hostsPerTor * torsPerPod}
     * @param oversub     oversubscription factor at the ToR, dividing {@code hostsPerTor}
     * @param hostsPerTor hosts per ToR
     * @param torsPerPod  ToRs per pod
     * @return the Clos, named {@code clos:hosts=N,oversub=O,hostsPerTor=H,torsPerPod=P}
     */
    public static Topology build(int hosts, int oversub, int hostsPerTor, int torsPerPod) {
        String name = "clos:hosts=" + hosts + ",oversub=" + oversub + ",hostsPerTor=" + hostsPerTor
                + ",torsPerPod=" + torsPerPod;
        if (hosts < 1 || hosts > MAX_HOSTS || hostsPerTor < 1 || torsPerPod < 1 || oversub < 1) {
            throw new InputException(name + ": expected positive values and hosts <= " + MAX_HOSTS);
        }
        if (hostsPerTor % oversub != 0) {
            throw new InputException("clos oversub = " + oversub + ": expected a divisor of hostsPerTor = " + hostsPerTor);
        }
        if (hosts % (hostsPerTor * torsPerPod) != 0) {
            throw new InputException("clos hosts = " + hosts + ": expected a multiple of hostsPerTor * torsPerPod = "
                    + hostsPerTor * torsPerPod);
        }
        int up = hostsPerTor / oversub;
        int tors = hosts / hostsPerTor;
        int pods = tors / torsPerPod;
        TopologyBuilder b = new TopologyBuilder(name);
        for (int t = 0; t < tors; t++) {
            for (int i = 0; i < hostsPerTor; i++) {
                b.addNode("h" + t + "." + i, NodeRole.HOST);
            }
        }
        int tor0 = b.nodeCount();
        for (int t = 0; t < tors; t++) {
            b.addNode("tor" + t, NodeRole.TOR);
        }
        int agg0 = b.nodeCount();
        for (int p = 0; p < pods; p++) {
            for (int j = 0; j < up; j++) {
                b.addNode("agg" + p + "." + j, NodeRole.AGGREGATION);
            }
        }
        int core0 = b.nodeCount();
        for (int j = 0; j < up; j++) {
            for (int i = 0; i < torsPerPod; i++) {
                b.addNode("core" + j + "." + i, NodeRole.CORE);
            }
        }
        for (int t = 0; t < tors; t++) {
            for (int i = 0; i < hostsPerTor; i++) {
                b.addLink(t * hostsPerTor + i, tor0 + t);
            }
            for (int j = 0; j < up; j++) {
                b.addLink(tor0 + t, agg0 + (t / torsPerPod) * up + j);
            }
        }
        for (int p = 0; p < pods; p++) {
            for (int j = 0; j < up; j++) {
                for (int i = 0; i < torsPerPod; i++) {
                    b.addLink(agg0 + p * up + j, core0 + j * torsPerPod + i);
                }
            }
        }
        return b.build();
    }
}
