package org.rdmacheck.model.fabric;

import org.rdmacheck.model.layout.Field;
import org.rdmacheck.model.layout.Fifo;
import org.rdmacheck.model.layout.StateLayout;
import org.rdmacheck.model.topology.Topology;

/**
 * The declared state of the one network model (seed 000 §IV-A/B/C): per (port, lane) buffer the
 * foreground packets waiting at its downstream end and (VL1 only) its background occupancy, per
 * switch its deflected flow table, per flow the sender's and the receiver's position, and the
 * failed element. The bounds follow from the configuration: a buffer holds at most {@code xoff}
 * packets (PFC pauses its upstream there), a DFT at most {@code dft} entries.
 *
 * <p>Buffer {@code 2 * i + lane} belongs to buffered arc {@code i} ({@link FabricNet#bufArc}); lane
 * 0 is the escape lane VL0, lane 1 the normal lane VL1. The IOFD preset and the escape-vl preset
 * with one lane have one lane: their VL0 buffers are not declared (null).
 */
public final class NetworkLayout {

    /** per buffer {@code 2 * bufferedArc + lane}: its foreground packets, head first (VL0 null in the IOFD preset) */
    public final Fifo[] buffers;
    /** per buffered arc: background packets in its VL1 buffer */
    public final Field[] background;
    /** per buffer: PFC has paused its upstream (declared only with hysteresis, xon below xoff - 1; else null) */
    public final Field[] paused;
    /**
     * queueing egress, with hysteresis: per host h, its ToR has paused h's ingress (h's arc into it, VL1, the
     * lane a host sends on), seed 004 §4's pause of "the immediate upstream entity (either another switch or a
     * host NIC)"; set and cleared by the one rule of {@link #paused} (else null)
     */
    public final Field[] hostPaused;
    /** per node: its DFT, sorted (hosts have none: null) */
    public final Fifo[] dft;
    /** per flow: packets sent of the current transmission */
    public final Field[] sent;
    /** per flow: the receiver's next expected packet (null in the escape-vl preset) */
    public final Field[] expected;
    /** per flow: the packets delivered, one bit per packet (the escape-vl preset, which accepts any order; else null) */
    public final Field[] delivered;
    /** the failed element ({@link FabricNet#NONE} if none) */
    public final Field failed;
    /** a packet's flow */
    public final Field pFlow;
    /** a packet's index in its message */
    public final Field pSeq;
    /** a packet's ingress at the switch queueing it, 2 * arc + lane + 1 (queueing egress only; else null) */
    public final Field pIn;
    /** a packet's tokens left */
    public final Field pTokens;
    /** a DFT entry's flow */
    public final Field dFlow;
    /** a DFT entry's tokens (of the allocating packet on arrival) */
    public final Field dTokens;
    /** a DFT entry's output arc */
    public final Field dArc;
    /** a DFT entry's output lane */
    public final Field dLane;
    /** the layout */
    public final StateLayout layout;

    /**
     * @param config the configuration
     * @param net    the network it runs on
     */
    NetworkLayout(FabricConfig config, FabricNet net) {
        this(config, net, config.threshold());
    }

    /**
     * @param config        the configuration
     * @param net           the network it runs on
     * @param backgroundCap the background a buffer can hold at most, with {@code background}: the threshold
     *                      but in a test's planted model
     */
    NetworkLayout(FabricConfig config, FabricNet net, int backgroundCap) {
        Topology t = net.topology();
        int flows = config.flows().size();
        StateLayout.Builder b = StateLayout.builder();
        sent = b.integers("sent", flows, 0, config.packets());
        boolean escapeVl = config.options().preset() == FabricOptions.Preset.ESCAPE_VL;
        expected = escapeVl ? null : b.integers("expected", flows, 0, config.packets());
        delivered = escapeVl ? b.integers("delivered", flows, 0, (1 << config.packets()) - 1) : null;
        failed = b.integer("failed", 0, net.elementCount() - 1);
        background = b.integers("background", net.bufferedArcs(), 0, Math.min(backgroundCap, config.background()));
        // the tables first: their packed values start right after the header (NetworkModel#entriesKept)
        dFlow = StateLayout.Builder.component("flow", 0, flows - 1);
        dTokens = StateLayout.Builder.component("tokens", 0, config.tokens());
        dArc = StateLayout.Builder.component("arc", 0, t.arcCount() - 1);
        dLane = StateLayout.Builder.component("lane", 0, 1);
        dft = new Fifo[t.nodeCount()];
        for (int v = 0; v < t.nodeCount(); v++) {
            if (!t.isHost(v)) {
                dft[v] = b.fifo("dft[" + t.nodeName(v) + "]", config.dftSize(), dFlow, dTokens, dArc, dLane);
            }
        }
        pFlow = StateLayout.Builder.component("flow", 0, flows - 1);
        pSeq = StateLayout.Builder.component("seq", 0, config.packets() - 1);
        pTokens = StateLayout.Builder.component("tokens", 0, config.tokens());
        // queueing egress: a packet remembers the ingress (arc, lane) it arrived on at the switch that queues it,
        // as 2 * arc + lane + 1; a buffer is the egress FIFO of its arc's upstream switch and may hold every
        // modelled packet (PFC bounds the ingress counts, not the egress FIFOs)
        boolean egress = config.options().queueing() == FabricOptions.Queueing.EGRESS;
        pIn = egress ? StateLayout.Builder.component("in", 0, 2 * t.arcCount()) : null;
        int capacity = egress ? Math.max(config.xoff(), flows * config.packets()) : config.xoff();
        buffers = new Fifo[2 * net.bufferedArcs()];
        boolean oneLane = config.options().preset() == FabricOptions.Preset.IOFD || escapeVl && !config.options().escapeLane();
        for (int i = oneLane ? 1 : 0; i < buffers.length; i += oneLane ? 2 : 1) {
            buffers[i] = egress
                    ? b.fifo("buffer[" + t.arcName(net.bufArc(i / 2)) + ".VL" + i % 2 + "]", capacity, pFlow, pSeq,
                            pTokens, pIn)
                    : b.fifo("buffer[" + t.arcName(net.bufArc(i / 2)) + ".VL" + i % 2 + "]", config.xoff(),
                            pFlow, pSeq, pTokens);
        }
        if (config.xon() < config.xoff() - 1) {
            paused = new Field[buffers.length];
            for (int i = 0; i < buffers.length; i++) {
                paused[i] = b.bool("paused[" + t.arcName(net.bufArc(i / 2)) + ".VL" + i % 2 + "]");
            }
        } else {
            paused = null;
        }
        if (paused != null && egress) {
            hostPaused = new Field[t.hostCount()];
            for (int h = 0; h < hostPaused.length; h++) {
                hostPaused[h] = b.bool("hostPaused[" + t.nodeName(h) + "]");
            }
        } else {
            hostPaused = null;
        }
        // few of many buffers and tables hold anything in a state: the compact encoding lists only those
        layout = b.compactFifos().build();
    }

    /**
     * @param flow   flow
     * @param seq    index in the message
     * @param tokens tokens left
     * @return the packet's element bits
     */
    public int packet(int flow, int seq, int tokens) {
        // every component counts from 0: its bits are its value at its shift (Field#bits, without the call)
        return flow << pFlow.shift() | seq << pSeq.shift() | tokens << pTokens.shift();
    }

    /**
     * @param flow   flow
     * @param tokens tokens of the allocating packet
     * @param arc    output arc
     * @param lane   output lane
     * @return the DFT entry's element bits
     */
    public int entry(int flow, int tokens, int arc, int lane) {
        return flow << dFlow.shift() | tokens << dTokens.shift() | arc << dArc.shift() | lane << dLane.shift();
    }
}
