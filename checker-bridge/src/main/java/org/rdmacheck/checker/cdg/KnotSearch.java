package org.rdmacheck.checker.cdg;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import org.rdmacheck.model.topology.Topology;

/**
 * Whether a deadlock configuration exists under virtual cut-through switching: a set S of full
 * switch-to-switch channels (lane buffers) each of whose head packets has every legal next hop
 * ({@link PacketMoves}: route, reroute, deflection, lane change) inside S. A cycle of the channel
 * dependency graph is such a configuration for a deterministic routing (Dally and Seitz, seed 000
 * ref [45]); for a routing with choices (deflection, a move to or from the escape lane, ECMP) a cycle
 * only says that the sufficient condition fails, and the configuration needs every option of its
 * packets blocked (a knot).
 *
 * <p>The search is the greatest fixpoint over channels: start from every switch-to-switch channel,
 * and drop a channel while no packet state that can occupy it (a destination, a lane, the tokens left
 * and the route phase, reachable from injection) has all its options in the remaining set. A packet
 * at its destination's switch is delivered, never deflected or moved to another lane (hosts consume,
 * so a delivery is never refused): it neither waits nor goes on. If the fixpoint is empty no
 * configuration of full buffers blocks every head packet, which proves deadlock freedom for
 * cut-through switching with the routing decision taken at the head of the buffer (a blocked packet
 * may take any of its options when it frees). If it is non-empty, filling each of its channels with
 * its witness packet is a deadlock configuration; whether the dynamic system reaches it from empty
 * buffers is not decided here. The knot reported is made minimal: no channel of it can be dropped
 * leaving a non-empty fixpoint.
 */
public final class KnotSearch {

    /** Largest number of (destination, packet state) pairs enumerated, as {@link ExactDependencies}. */
    public static final long BUDGET = ExactDependencies.BUDGET;

    /**
     * One full channel of a deadlock configuration and the head packet that waits there.
     *
     * @param channel     the channel, {@code A->B@VLn}
     * @param destination the head packet's destination host
     * @param tokens      its deflection tokens left
     * @param options     every channel it may take next (all full: inside the knot)
     */
    public record Blocked(String channel, String destination, int tokens, List<String> options) {
        /** Copies the options. */
        public Blocked {
            options = List.copyOf(options);
        }
    }

    /**
     * The search's answer.
     *
     * @param knot         the channels of a minimal deadlock configuration with their head packets;
     *                     empty when none exists
     * @param fixpointSize channels in the greatest fixpoint (0: no deadlock configuration)
     * @param packetStates (destination, packet state) pairs that can block, enumerated
     */
    public record Result(List<Blocked> knot, int fixpointSize, long packetStates) {
        /** Copies the knot. */
        public Result {
            knot = List.copyOf(knot);
        }

        /** @return whether a deadlock configuration exists */
        public boolean deadlockConfiguration() {
            return fixpointSize > 0;
        }
    }

    private final Fabric fabric;
    private final RoutingFunction routing;
    private final PacketMoves pm;
    private final int lanes;
    /** per witness: its channel, destination, tokens and option channels */
    private final int[] witnessChannel;
    private final int[] witnessDest;
    private final int[] witnessTokens;
    private final int[][] witnessOptions;
    private final int channels;

    private KnotSearch(Fabric fabric, RoutingFunction routing, List<int[]> witnesses) {
        this.fabric = fabric;
        this.routing = routing;
        this.pm = new PacketMoves(fabric, routing);
        this.lanes = routing.laneCount();
        this.channels = fabric.topology().arcCount() * lanes;
        int n = witnesses.size();
        witnessChannel = new int[n];
        witnessDest = new int[n];
        witnessTokens = new int[n];
        witnessOptions = new int[n][];
        for (int i = 0; i < n; i++) {
            int[] w = witnesses.get(i);
            witnessChannel[i] = w[0];
            witnessDest[i] = w[1];
            witnessTokens[i] = w[2];
            witnessOptions[i] = Arrays.copyOfRange(w, 3, w.length);
        }
    }

    /**
     * @param fabric  the fabric
     * @param routing the routing function
     * @return the answer, or empty if the packet states exceed {@link #BUDGET}
     */
    public static Optional<Result> search(Fabric fabric, RoutingFunction routing) {
        Topology topo = fabric.topology();
        PacketMoves pm = new PacketMoves(fabric, routing);
        if (pm.stateCount() * topo.hostCount() > BUDGET) {
            return Optional.empty();
        }
        int lanes = routing.laneCount();
        List<int[]> witnesses = new ArrayList<>();
        long enumerated = 0;
        for (int dest = 0; dest < topo.nodeCount(); dest++) {
            if (!topo.isHost(dest)) {
                continue;
            }
            Cancellation.check();
            int target = dest;
            enumerated += pm.reachable(new DestinationTables(fabric, dest), (s, moves) -> {
                int arc = pm.arcOf(s);
                boolean inside = !topo.isHost(topo.arcFrom(arc)) && !topo.isHost(topo.arcTo(arc));
                boolean delivers = false;
                for (long[] m : moves) {
                    delivers |= topo.isHost(topo.arcTo(pm.arcOf(m[0])));
                }
                if (delivers) {
                    return false; // at its destination's switch a packet is delivered: the host consumes it
                }
                IntBuffer options = new IntBuffer();
                for (long[] m : moves) {
                    int c2 = pm.arcOf(m[0]) * lanes + pm.laneOf(m[0]);
                    if (!options.contains(c2)) {
                        options.add(c2);
                    }
                }
                if (inside && !moves.isEmpty()) {
                    int[] w = new int[3 + options.size()];
                    w[0] = arc * lanes + pm.laneOf(s);
                    w[1] = target;
                    w[2] = pm.tokensOf(s);
                    for (int i = 0; i < options.size(); i++) {
                        w[3 + i] = options.get(i);
                    }
                    witnesses.add(w);
                }
                return true;
            });
        }
        KnotSearch k = new KnotSearch(fabric, routing, witnesses);
        BitSet all = new BitSet(k.channels);
        for (int c : k.witnessChannel) {
            all.set(c);
        }
        BitSet gfp = k.fixpoint(all);
        int size = gfp.cardinality();
        if (size == 0) {
            return Optional.of(new Result(List.of(), 0, enumerated));
        }
        // a closed subset grown from one channel of the fixpoint (each added channel with the witness that
        // adds the fewest new channels), then made minimal over the witnesses inside it
        KnotSearch inner = k.restrictedTo(k.closure(gfp));
        BitSet knot = inner.fixpoint(inner.channelsOfWitnesses());
        for (int c = knot.nextSetBit(0); c >= 0; c = knot.nextSetBit(c + 1)) {
            Cancellation.check();
            BitSet without = (BitSet) knot.clone();
            without.clear(c);
            BitSet smaller = inner.fixpoint(without);
            if (!smaller.isEmpty()) {
                knot = smaller;
            }
        }
        k = inner;
        return Optional.of(new Result(k.describe(knot), size, enumerated));
    }

    /** A closed subset of {@code gfp}: from its first channel, each channel added with a witness inside {@code gfp}. */
    private BitSet closure(BitSet gfp) {
        IntBuffer[] byChannel = new IntBuffer[channels];
        for (int i = 0; i < witnessChannel.length; i++) {
            if (byChannel[witnessChannel[i]] == null) {
                byChannel[witnessChannel[i]] = new IntBuffer();
            }
            byChannel[witnessChannel[i]].add(i);
        }
        BitSet in = new BitSet(channels);
        IntBuffer work = new IntBuffer();
        int first = gfp.nextSetBit(0);
        in.set(first);
        work.add(first);
        for (int k = 0; k < work.size(); k++) {
            int c = work.get(k);
            int best = -1;
            int bestNew = Integer.MAX_VALUE;
            for (int j = 0; j < byChannel[c].size(); j++) {
                int i = byChannel[c].get(j);
                if (!allIn(witnessOptions[i], gfp)) {
                    continue;
                }
                int fresh = 0;
                for (int o : witnessOptions[i]) {
                    fresh += in.get(o) ? 0 : 1;
                }
                if (fresh < bestNew) {
                    bestNew = fresh;
                    best = i;
                }
            }
            for (int o : witnessOptions[best]) {
                if (!in.get(o)) {
                    in.set(o);
                    work.add(o);
                }
            }
        }
        return in;
    }

    /** The same search over the witnesses whose channel and options all lie in {@code s}. */
    private KnotSearch restrictedTo(BitSet s) {
        List<int[]> ws = new ArrayList<>();
        for (int i = 0; i < witnessChannel.length; i++) {
            if (s.get(witnessChannel[i]) && allIn(witnessOptions[i], s)) {
                int[] w = new int[3 + witnessOptions[i].length];
                w[0] = witnessChannel[i];
                w[1] = witnessDest[i];
                w[2] = witnessTokens[i];
                System.arraycopy(witnessOptions[i], 0, w, 3, witnessOptions[i].length);
                ws.add(w);
            }
        }
        return new KnotSearch(fabric, routing, ws);
    }

    private BitSet channelsOfWitnesses() {
        BitSet all = new BitSet(channels);
        for (int c : witnessChannel) {
            all.set(c);
        }
        return all;
    }

    /** The greatest subset of {@code from} in which every channel has a witness whose options all lie in it. */
    private BitSet fixpoint(BitSet from) {
        int n = witnessChannel.length;
        BitSet in = (BitSet) from.clone();
        int[] support = new int[channels];
        int[] missing = new int[n];
        List<List<Integer>> waitingOn = new ArrayList<>(channels);
        for (int c = 0; c < channels; c++) {
            waitingOn.add(null);
        }
        for (int i = 0; i < n; i++) {
            if (!in.get(witnessChannel[i])) {
                continue;
            }
            for (int o : witnessOptions[i]) {
                if (!in.get(o)) {
                    missing[i]++;
                } else {
                    if (waitingOn.get(o) == null) {
                        waitingOn.set(o, new ArrayList<>());
                    }
                    waitingOn.get(o).add(i);
                }
            }
            if (missing[i] == 0) {
                support[witnessChannel[i]]++;
            }
        }
        IntBuffer drop = new IntBuffer();
        for (int c = in.nextSetBit(0); c >= 0; c = in.nextSetBit(c + 1)) {
            if (support[c] == 0) {
                drop.add(c);
            }
        }
        for (int k = 0; k < drop.size(); k++) {
            int c = drop.get(k);
            if (!in.get(c)) {
                continue;
            }
            in.clear(c);
            List<Integer> ws = waitingOn.get(c);
            if (ws == null) {
                continue;
            }
            for (int i : ws) {
                if (missing[i]++ == 0 && in.get(witnessChannel[i]) && --support[witnessChannel[i]] == 0) {
                    drop.add(witnessChannel[i]);
                }
            }
        }
        return in;
    }

    private List<Blocked> describe(BitSet knot) {
        Topology topo = fabric.topology();
        List<Blocked> out = new ArrayList<>();
        for (int c = knot.nextSetBit(0); c >= 0; c = knot.nextSetBit(c + 1)) {
            for (int i = 0; i < witnessChannel.length; i++) {
                if (witnessChannel[i] != c || !allIn(witnessOptions[i], knot)) {
                    continue;
                }
                List<String> opts = new ArrayList<>();
                for (int o : witnessOptions[i]) {
                    opts.add(name(o));
                }
                out.add(new Blocked(name(c), topo.nodeName(witnessDest[i]), witnessTokens[i], opts));
                break;
            }
        }
        return out;
    }

    private static boolean allIn(int[] opts, BitSet s) {
        for (int o : opts) {
            if (!s.get(o)) {
                return false;
            }
        }
        return true;
    }

    private String name(int channel) {
        Topology topo = fabric.topology();
        int arc = channel / lanes;
        return topo.nodeName(topo.arcFrom(arc)) + "->" + topo.nodeName(topo.arcTo(arc)) + "@VL" + channel % lanes;
    }
}
