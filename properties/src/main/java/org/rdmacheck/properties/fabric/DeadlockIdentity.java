package org.rdmacheck.properties.fabric;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rdmacheck.model.fabric.FabricNet;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.topology.Topology;

/**
 * Which deadlock a dead end of the network model is, beyond its kind: two deadlocks of one kind (the same set of
 * reasons, {@link NetworkModel#blocking}) may hold different buffers, or follow the failure of another switch. In
 * seed 000's terms a deadlock is a cyclic buffer dependency (IV-B): buffers each of whose head packets waits for
 * the next one's room, a head waiting either for its port's paused buffer or, pinned by its message's DFT entry,
 * for the entry's port's (IV-A); and with failures (IV-C) the failed element and the heads that wait for it.
 *
 * <p>The identity is the <em>end</em> of the state's wait-for graph ({@link NetworkModel#waits}: one edge per
 * stuck head, from its buffer to the buffer it waits for): the buffers on its cycles, and the buffers whose head
 * waits for no buffer (a failed element, no route), each as (switch, port, lane), with the failed switches and
 * link. Why each of those heads waits (paused or pinned) is the kind's part, compared beside the identity, not the
 * identity's: the cycle is the buffers. The buffers that merely wait for the end (back pressure further upstream)
 * are left out, so a configuration with more packets queued behind the same cycle has the same deadlock. Two identities are compared up to the
 * configuration's symmetries ({@link NetworkContainment#symmetriesAt}: the renamings of the nodes that map the
 * flows onto themselves and the routes in force, those of the state's failure, onto the routes of the renamed
 * failure; so a deadlock on the link to the surviving spine after spine1 fails is the same as its mirror image
 * after spine0 fails where the routes agree): each is stored in its least image, so {@code equals} compares them.
 *
 * @param buffers the end of the wait-for graph, each buffer as {@code arc * 2 + lane}, ascending, in the least
 *                image
 * @param failed  the failed switches, then the failed link as {@code nodes + link} if one failed, ascending, in
 *                the same image
 * @param text    the same as a reader names it ({@link #describe}), for notes
 */
public record DeadlockIdentity(List<Integer> buffers, List<Integer> failed, String text) {

    /** Copies the lists. */
    public DeadlockIdentity {
        buffers = List.copyOf(buffers);
        failed = List.copyOf(failed);
    }

    /**
     * @param model      the configuration's network model
     * @param state      a state of it (a dead end, for a deadlock)
     * @param symmetries per failure element in force, the configuration's renamings of its states with that element
     *                   failed (the identity at least; {@link NetworkContainment#symmetriesAt})
     * @return the state's deadlock, in its least image under the renamings
     */
    public static DeadlockIdentity of(NetworkModel model, LayoutState state,
                                      java.util.function.IntFunction<List<NetworkContainment.Embedding>> symmetries) {
        Topology t = model.config().topology();
        List<NetworkModel.Wait> end = end(model.waits(state));
        FabricNet net = model.net();
        int[] packed = new int[state.length()];
        state.copyTo(packed, 0);
        int element = model.failed(packed, 0);
        int[] switches = net.failedSwitches(element);
        int link = net.failedLink(element);
        DeadlockIdentity least = null;
        for (NetworkContainment.Embedding e : symmetries.apply(element)) {
            DeadlockIdentity image = image(t, end, switches, link, e.nodes());
            if (least == null || image.compareTo(least) < 0) {
                least = image;
            }
        }
        if (least == null) {
            throw new IllegalArgumentException("no symmetry given: the identity renaming at least is expected");
        }
        return new DeadlockIdentity(least.buffers, least.failed, least.describe(t));
    }

    /**
     * The end of the wait-for graph: the stuck heads on a cycle of waits, and those that wait for no buffer (or for
     * one holding no stuck head).
     */
    static List<NetworkModel.Wait> end(List<NetworkModel.Wait> waits) {
        Map<Long, NetworkModel.Wait> byBuffer = new HashMap<>();
        for (NetworkModel.Wait w : waits) {
            byBuffer.put(key(w.arc(), w.lane()), w);
        }
        List<NetworkModel.Wait> out = new ArrayList<>();
        for (NetworkModel.Wait w : waits) {
            NetworkModel.Wait next = w.toArc() < 0 ? null : byBuffer.get(key(w.toArc(), w.toLane()));
            if (next == null) {
                out.add(w); // waits for a failed element, or for nothing stuck: an end of the graph
                continue;
            }
            // on a cycle: following the waits from w comes back to w (each head waits for one buffer)
            NetworkModel.Wait at = next;
            for (int k = 0; k < waits.size() && at != null && at != w; k++) {
                at = at.toArc() < 0 ? null : byBuffer.get(key(at.toArc(), at.toLane()));
            }
            if (at == w) {
                out.add(w);
            }
        }
        return out;
    }

    private static long key(int arc, int lane) {
        return (long) arc << 1 | lane;
    }

    private static DeadlockIdentity image(Topology t, List<NetworkModel.Wait> end, int[] switches, int link,
                                          int[] nodes) {
        List<Integer> buffers = new ArrayList<>();
        for (NetworkModel.Wait w : end) {
            int arc = t.findArc(nodes[t.arcFrom(w.arc())], nodes[t.arcTo(w.arc())]);
            buffers.add(arc * 2 + w.lane());
        }
        Collections.sort(buffers);
        List<Integer> failed = new ArrayList<>();
        for (int s : switches) {
            failed.add(nodes[s]);
        }
        Collections.sort(failed);
        if (link >= 0) {
            int arc = t.findArc(nodes[t.linkA(link)], nodes[t.linkB(link)]);
            failed.add(t.nodeCount() + Topology.linkOf(arc));
        }
        return new DeadlockIdentity(buffers, failed, "");
    }

    private int compareTo(DeadlockIdentity o) {
        int c = compare(buffers, o.buffers);
        return c != 0 ? c : compare(failed, o.failed);
    }

    private static int compare(List<Integer> a, List<Integer> b) {
        return Arrays.compare(a.stream().mapToInt(Integer::intValue).toArray(),
                b.stream().mapToInt(Integer::intValue).toArray());
    }

    @Override
    public String toString() {
        return text;
    }

    /**
     * @param t the configuration's topology
     * @return the buffers and failures as a reader names them, e.g. {@code leaf0->spine0, spine0->leaf0; failed
     *         spine1} (in the least image, which may rename the nodes)
     */
    public String describe(Topology t) {
        List<String> parts = new ArrayList<>();
        for (int b : buffers) {
            int arc = b / 2;
            parts.add(t.nodeName(t.arcFrom(arc)) + "->" + t.nodeName(t.arcTo(arc)) + (b % 2 == 0 ? " VL0" : ""));
        }
        List<String> down = new ArrayList<>();
        for (int f : failed) {
            down.add(f < t.nodeCount() ? t.nodeName(f)
                    : t.nodeName(t.linkA(f - t.nodeCount())) + "-" + t.nodeName(t.linkB(f - t.nodeCount())));
        }
        return String.join(", ", parts) + (down.isEmpty() ? "" : "; failed " + String.join(" ", down));
    }
}
