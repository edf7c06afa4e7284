package org.rdmacheck.model.fabric;

import org.rdmacheck.model.SearchHeuristic;
import org.rdmacheck.model.layout.Field;
import org.rdmacheck.model.layout.Fifo;
import org.rdmacheck.model.topology.Topology;

/**
 * The network model's measure of closeness to a routing deadlock, for the directed search. A
 * routing deadlock (seed 000 §IV-B, Duato) is a cycle of VL1 buffers whose head packets wait on
 * one another: VL0 drains (up*&#47;down*, never left), and a head is held only by a paused (full)
 * buffer downstream, or pinned to one by its DFT entry. Every deadlock the model has shown is the
 * shortest such cycle, a U-turn pair: the two VL1 buffers of one switch-to-switch link, both at
 * {@code xoff}. So the measure ranks states by, in turn:
 *
 * <ol>
 *   <li>the fullest U-turn pair: the packets in the two VL1 buffers of one switch-to-switch link,
 *       each buffer counted up to {@code xoff}, background included (2 xoff in such a deadlock);</li>
 *   <li>the VL1 buffers at {@code xoff} (paused upstreams);</li>
 *   <li>the packets in VL1 buffers, background included.</li>
 * </ol>
 *
 * It reads occupancies only, never the router: cheap, and blind to why a head waits (a cycle of
 * four buffers on a fat-tree scores as its fullest pair). Scores are the three counts combined
 * lexicographically, from 0 to {@link #maxScore}.
 */
final class DeadlockPressure implements SearchHeuristic {

    private final int xoff;
    /** per buffered arc: its VL1 buffer and its background count */
    private final Fifo[] vl1;
    private final Field[] background;
    /** per U-turn pair (a switch-to-switch link buffered both ways): the buffered-arc indices of its two arcs */
    private final int[] pairA;
    private final int[] pairB;
    private final int fullMax;
    private final int packetsMax;

    DeadlockPressure(NetworkLayout g, FabricNet net, int xoff) {
        this.xoff = xoff;
        int n = net.bufferedArcs();
        this.vl1 = new Fifo[n];
        this.background = g.background;
        for (int i = 0; i < n; i++) {
            vl1[i] = g.buffers[2 * i + 1];
        }
        Topology t = net.topology();
        int[] a = new int[n];
        int[] b = new int[n];
        int pairs = 0;
        for (int i = 0; i < n; i++) {
            int arc = net.bufArc(i);
            int rev = net.bufOfArc(Topology.reverse(arc));
            if (rev > i && !t.isHost(t.arcFrom(arc)) && !t.isHost(t.arcTo(arc))) {
                a[pairs] = i;
                b[pairs++] = rev;
            }
        }
        this.pairA = java.util.Arrays.copyOf(a, pairs);
        this.pairB = java.util.Arrays.copyOf(b, pairs);
        this.fullMax = n;
        this.packetsMax = n * xoff;
    }

    @Override
    public String name() {
        return "uturn-pressure";
    }

    @Override
    public String description() {
        return "routing deadlock: the fullest U-turn pair of VL1 buffers (up to 2 xoff), then the VL1 buffers at "
                + "xoff, then the packets in VL1 buffers, background included";
    }

    @Override
    public int maxScore() {
        return ((2 * xoff) * (fullMax + 1) + fullMax) * (packetsMax + 1) + packetsMax;
    }

    @Override
    public int score(int[] s, int base) {
        int full = 0;
        int packets = 0;
        for (int i = 0; i < vl1.length; i++) {
            int occ = Math.min(xoff, occupancy(s, base, i));
            packets += occ;
            if (occ >= xoff) {
                full++;
            }
        }
        int pair = 0;
        for (int k = 0; k < pairA.length; k++) {
            pair = Math.max(pair, Math.min(xoff, occupancy(s, base, pairA[k]))
                    + Math.min(xoff, occupancy(s, base, pairB[k])));
        }
        return (pair * (fullMax + 1) + full) * (packetsMax + 1) + packets;
    }

    @Override
    public String explain(int score) {
        int packets = score % (packetsMax + 1);
        int rest = score / (packetsMax + 1);
        int full = rest % (fullMax + 1);
        int pair = rest / (fullMax + 1);
        return "fullest U-turn pair " + pair + " of " + 2 * xoff + " packets, " + full + " VL1 buffer"
                + (full == 1 ? "" : "s") + " at xoff, " + packets + " packet" + (packets == 1 ? "" : "s")
                + " in VL1 buffers";
    }

    private int occupancy(int[] s, int base, int i) {
        return vl1[i].length(s, base) + background[i].get(s, base);
    }
}
