package org.rdmacheck.checker.fabric;

import org.rdmacheck.model.fabric.FabricConfig;
import org.rdmacheck.model.fabric.FabricNet;
import org.rdmacheck.model.fabric.FabricOptions;
import org.rdmacheck.model.fabric.NetworkLayout;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.Fifo;
import org.rdmacheck.model.topology.Topology;

/**
 * The packets a routing deadlock of the network model needs, and the packets a state can still put
 * into switch buffers: the counting half of {@link BudgetDecision}.
 *
 * <p><b>What a routing deadlock needs.</b> In a routing deadlock ({@code NoRoutingDeadlock} false)
 * every buffered head packet has no move. A ToR's host buffer always delivers its head, so every host
 * buffer is empty; it holds at most {@code min(threshold, background)} background packets, below
 * {@code xoff} (the configuration requires {@code xoff > threshold}), so none is full. By the local
 * lemma ({@link LocalRouting}: at a switch none of whose output buffers holds {@code xoff} packets,
 * every head packet has a move) the switch of a stuck head has a full output buffer, which is a
 * switch buffer; a full buffer holds at least {@code xoff - min(threshold, background) > 0} foreground
 * packets, so its head exists and is stuck, and its switch has a full output buffer too, a different
 * one (it leaves the switch the first enters). So a routing deadlock has at least two full switch
 * buffers: {@code 2 * xoff} packets in switch buffers, background included ({@link #needed}). The
 * bound does not depend on the topology's cycles: the model's ECMP sends a packet deflected up from
 * its destination ToR straight back down, so a U-turn pair of buffers is always a possible cycle.
 *
 * <p><b>What a state can still supply</b> ({@link #budget}): per message, its packets if a failure
 * can still make it start again (a failure is still to come and it is incomplete), else its packets in
 * switch buffers plus those still to send (a packet in a host buffer is only ever delivered); plus the background budget, less the background packets that sit
 * in host buffers (which never leave them: a failed element is never a ToR, and a host buffer is never
 * part of a deadlock). No step increases it (a send or a forward moves a packet, into a host buffer out of the count, a
 * delivery removes one, a failure drops every packet in flight and restarts exactly the incomplete messages, a
 * background packet in a host buffer stays there); {@link BudgetDecision} checks that on every
 * transition it explores. So from a state whose budget is below {@link #needed} no routing deadlock is
 * reachable, and a search may leave such a state unexpanded.
 *
 * <p><b>Two full buffers are one link's.</b> With fewer than {@code 3 * xoff} packets a deadlock has
 * exactly two full switch buffers, and the chain above returns from the second to the first: the
 * second leaves the switch the first enters and the first leaves the switch the second enters, so they
 * are the two directions of one link. Their background is then at most the background on that link
 * and the background still to place. When no failure can take background away after the search's
 * start (no failure, or the failure-first search), the budget below {@code 3 * xoff} counts only that
 * much background (the background on the link that holds the most); placing a packet elsewhere lowers
 * it.
 */
public final class PacketBudget {

    private final NetworkModel model;
    private final FabricConfig config;
    private final NetworkLayout g;
    private final FabricNet net;
    private final int flows;
    private final int packets;
    private final boolean[] hostBuffer;
    /** the layout's FIFOs in order, and which of them are switch buffers (their packets count) */
    private final Fifo[] fifos;
    private final boolean[] switchBuffer;
    private final int header;
    private final boolean failureFirst;
    private final int[] reverse;
    private final boolean pairs;

    /**
     * @param model a configuration of the network model
     * @throws IllegalArgumentException naming what the counting does not cover
     */
    public PacketBudget(NetworkModel model) {
        this(model, false);
    }

    /**
     * @param model        a configuration of the network model
     * @param failureFirst whether the search lets the failure happen only in the initial state
     *                     ({@link BudgetDecision}): then no later failure restarts a message, and the
     *                     budget counts no restart
     * @throws IllegalArgumentException naming what the counting does not cover
     */
    public PacketBudget(NetworkModel model, boolean failureFirst) {
        this.failureFirst = failureFirst;
        this.model = model;
        this.config = model.config();
        this.g = model.fields();
        this.net = model.net();
        String why = notCovered(config, g);
        if (why != null) {
            throw new IllegalArgumentException(why);
        }
        this.flows = config.flows().size();
        this.packets = config.packets();
        Topology t = net.topology();
        hostBuffer = new boolean[net.bufferedArcs()];
        reverse = new int[net.bufferedArcs()];
        for (int i = 0; i < hostBuffer.length; i++) {
            hostBuffer[i] = t.isHost(t.arcTo(net.bufArc(i)));
            reverse[i] = net.bufOfArc(Topology.reverse(net.bufArc(i)));
        }
        // the background on one link bounds a two-buffer deadlock's only while no failure can take
        // background away (and so give the budget back) after the search's start
        pairs = failureFirst || config.failures() == 0;
        fifos = g.layout.fifos().toArray(new Fifo[0]);
        switchBuffer = new boolean[fifos.length];
        for (int b = 0; b < g.buffers.length; b++) {
            if (g.buffers[b] != null && !hostBuffer[b / 2]) {
                switchBuffer[g.layout.fifos().indexOf(g.buffers[b])] = true;
            }
        }
        header = g.layout.header();
    }

    /**
     * What the argument assumes of the configuration, checked.
     *
     * @param config a configuration
     * @param g      its layout
     * @return null when covered, else one line saying what is not
     */
    static String notCovered(FabricConfig config, NetworkLayout g) {
        FabricOptions o = config.options();
        if (o.preset() != FabricOptions.Preset.FABRIC) {
            return "preset " + o.preset() + ": the packet budget covers the fabric model only";
        }
        if (g.paused != null) {
            return "pfc-hysteresis above 1: a paused buffer may hold fewer than xoff packets, which the count assumes";
        }
        if (o.off(FabricOptions.Knockout.PFC_PAUSE) || o.off(FabricOptions.Knockout.PFC_COUNTS_BACKGROUND)) {
            return "a PFC knock-out: the pause is no longer the occupancy at xoff, which the count assumes";
        }
        if (o.laneChange() == FabricOptions.LaneChange.TABLE) {
            return "lane-change=table: a rule's decision reads the buffers into the switch, which the local lemma "
                    + "does not enumerate";
        }
        if (config.failures() > 1) {
            return "failures = " + config.failures() + ": the budget counts one failure";
        }
        if (config.xoff() <= Math.min(config.threshold(), config.background())) {
            return "xoff = " + config.xoff() + ": a buffer of background alone could be full";
        }
        // the bound the count uses is the model's, not only the configuration's: the layout's declared
        // maximum here, and every reached state's background in RoutesLive
        int cap = Math.min(config.threshold(), config.background());
        for (org.rdmacheck.model.layout.Field bg : g.background) {
            if (bg.max() > cap) {
                return "the model lets a buffer hold " + bg.max() + " background packets, above min(threshold, "
                        + "background) = " + cap + ", which the count assumes";
            }
        }
        return null;
    }

    /** @return the model */
    public NetworkModel model() {
        return model;
    }

    /** @return packets in switch buffers, background included, that a routing deadlock needs: {@code 2 * xoff} */
    public int needed() {
        return 2 * config.xoff();
    }

    /**
     * Whether the failure can be moved to the start: after a failure that finds every message
     * incomplete, the state is the initial one with the failed element, background packets (which a
     * fresh start can place again) and receivers that no routing decision reads; a failure that finds
     * a message complete leaves a budget below {@link #needed}. So every routing deadlock after a
     * failure is reached, up to the receivers, by a run whose first step is the failure.
     *
     * @return whether the largest budget after a failure that finds a message complete, every other
     *         message's packets and the background budget, is below {@link #needed}
     */
    public boolean failureFirstApplies() {
        if (config.failures() == 0) {
            return false;
        }
        return (flows - 1) * packets + config.background() < needed();
    }

    /** @return whether this budget counts no restart (the failure-first search) */
    public boolean failureFirst() {
        return failureFirst;
    }

    /** @return the budget of the initial state: every message's packets and the background budget */
    public int initialBudget() {
        return flows * packets + config.background();
    }

    /**
     * @param s    packed values
     * @param base the state's first value
     * @return the most packets the state and its successors can ever hold in switch buffers, or, below three
     *         full buffers' worth, in the two buffers of one link (see the class comment)
     */
    public int budget(int[] s, int base) {
        // read on the packed values (no unpacking): it is computed for every state and transition searched
        boolean failureToCome = !failureFirst && config.failures() > 0 && g.failed.get(s, base) == FabricNet.NONE;
        int total = config.background();
        int[] inSwitches = failureToCome ? new int[flows] : null;
        int inSwitchesAll = 0;
        int foreground = 0;
        // the non-empty FIFOs: in the compact encoding the values after the header, one each (tag, length,
        // elements); in the plain one every FIFO in turn, its length in the header
        boolean compact = g.layout.compact();
        int end = compact ? base + header + g.layout.nonEmptyFifos(s, base) : 0;
        for (int k = 0, at = base + header; compact ? at < end : k < fifos.length; k++) {
            int j = compact ? g.layout.fifoOf(s[at]) : k;
            Fifo q = fifos[j];
            int n = compact ? g.layout.lengthOf(s[at]) : q.length(s, base);
            if (switchBuffer[j] && n > 0) { // a packet in a host buffer is only ever delivered
                inSwitchesAll += n;
                for (int i = 0; inSwitches != null && i < n; i++) {
                    inSwitches[g.pFlow.of(q.element(s, at, i))]++;
                }
            }
            at += compact ? 1 : q.values(n);
        }
        int placed = 0;
        int onOneLink = 0;
        for (int i = 0; i < hostBuffer.length; i++) {
            int bg = g.background[i].get(s, base);
            placed += bg;
            if (hostBuffer[i]) {
                total -= bg;
            } else if (reverse[i] > i) {
                onOneLink = Math.max(onOneLink, bg + g.background[reverse[i]].get(s, base));
            }
        }
        if (inSwitches == null) {
            // no failure to come: each message counts its packets in switch buffers and those still to send
            int add = inSwitchesAll;
            for (int f = 0; f < flows; f++) {
                add += packets - g.sent[f].get(s, base);
            }
            total += add;
            foreground += add;
        }
        for (int f = 0; inSwitches != null && f < flows; f++) {
            boolean incomplete = g.expected[f].get(s, base) < packets;
            int rest = inSwitches[f] + packets - g.sent[f].get(s, base);
            int add = incomplete ? Math.max(packets, rest) : rest;
            total += add;
            foreground += add;
        }
        if (!pairs || total >= 3 * config.xoff()) {
            return total;
        }
        // below three full buffers a deadlock has exactly two, the buffers of one link both ways: only the
        // background on one link, and the background still to place, can be in them
        return foreground + config.background() - placed + onOneLink;
    }
}
