package org.rdmacheck.model.fabric;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.topology.Topology;

/**
 * In-order flow deflection, escape virtual lanes and PFC back-pressure in one fabric (seed 000
 * §IV-A/B/C with the §VI-A settings).
 *
 * <p>Every arc leaving a switch has one FIFO buffer per lane (VL0 escape, VL1 normal) at its
 * downstream end; a packet moves only into a buffer below the PFC pause threshold, so a paused
 * upstream buffer cannot send. Actions: {@code Send} (a host hands the next packet of its message
 * to its ToR, which routes it), {@code Forward} (the head packet of a buffer moves on as
 * {@link FabricRouter} decides), {@code Deliver} (a ToR's host port hands its head packet to the RC
 * receiver, which accepts the next expected packet and discards a duplicate or a packet ahead of its
 * turn), {@code Background} (a background packet joins a VL1 buffer and stays) and {@code Fail}.
 *
 * <p>Failures, as this model reads seed 000 §IV-C: one switch (not a ToR) or one switch-to-switch
 * link fails. The failed switch loses its buffers and its DFT, a failed link the packets on it. The
 * neighbours "propagate that information back to senders and effectively cause the in-flight
 * packets to be dropped": every foreground packet in flight is dropped (every incomplete message is
 * treated as blocked, since after a deflection no switch can tell which paths the failure cut) and
 * every sender whose message is incomplete retransmits it from its first packet; ECMP and the escape
 * routes avoid the failed element from then on. The surviving switches keep their background
 * traffic and their DFTs: with cleanup {@code none} (the paper's only deallocation rule is the end
 * packet) the entries of the dropped messages stay; with {@code flush} the failure notice frees them.
 */
public final class FabricModel implements Model<FabricState> {

    private final FabricConfig config;
    private final FabricNet net;
    private final FabricRouter router;

    /**
     * @param config the configuration
     * @throws org.rdmacheck.model.InputException if a failure would disconnect a flow
     */
    public FabricModel(FabricConfig config) {
        this.config = config;
        this.net = new FabricNet(config.topology(), config.flows(), config.failures());
        this.router = new FabricRouter(config, net);
    }

    /** @return the configuration */
    public FabricConfig config() {
        return config;
    }

    /** @return the network */
    public FabricNet net() {
        return net;
    }

    @Override
    public List<FabricState> initialStates() {
        int b = 2 * net.bufferedArcs();
        int f = config.flows().size();
        return List.of(new FabricState(Collections.nCopies(b, List.of()), Collections.nCopies(b, 0),
                Collections.nCopies(net.topology().nodeCount(), List.of()), Collections.nCopies(f, 0),
                Collections.nCopies(f, 0), FabricNet.NONE));
    }

    @Override
    public boolean isFinal(FabricState s) {
        return s.allDelivered(config.packets());
    }

    @Override
    public void successors(FabricState s, Consumer<Transition<FabricState>> sink) {
        sends(s, sink);
        departures(s, sink);
        background(s, sink);
        failures(s, sink);
    }

    private void sends(FabricState s, Consumer<Transition<FabricState>> sink) {
        for (int f = 0; f < config.flows().size(); f++) {
            int seq = s.sent().get(f);
            if (seq >= config.packets()) {
                continue;
            }
            FabricPacket p = new FabricPacket(f, seq, config.initialTokens(f));
            int tor = net.sourceTor(f);
            for (Hop h : router.route(s, tor, p, 1, -1)) {
                Edit e = new Edit(s);
                e.sent.set(f, seq + 1);
                e.enqueue(h);
                e.dft.set(tor, h.table());
                sink.accept(new Transition<>(hopAction("Send", -1, 1, tor, p, h), e.build()));
            }
        }
    }

    private void departures(FabricState s, Consumer<Transition<FabricState>> sink) {
        Topology t = net.topology();
        for (int b = 0; b < s.buffers().size(); b++) {
            List<FabricPacket> q = s.buffers().get(b);
            if (q.isEmpty()) {
                continue;
            }
            FabricPacket p = q.get(0);
            int arc = net.bufArc(b / 2);
            int lane = b % 2;
            int v = t.arcTo(arc);
            if (t.isHost(v)) {
                deliver(s, b, arc, p, sink);
                continue;
            }
            for (Hop h : router.route(s, v, p, lane, arc)) {
                Edit e = new Edit(s);
                e.dequeue(b);
                e.enqueue(h);
                e.dft.set(v, h.table());
                sink.accept(new Transition<>(hopAction("Forward", arc, lane, v, p, h), e.build()));
            }
        }
    }

    private void deliver(FabricState s, int b, int arc, FabricPacket p, Consumer<Transition<FabricState>> sink) {
        Edit e = new Edit(s);
        e.dequeue(b);
        int exp = s.expected().get(p.flow());
        String receiver = "discard-duplicate";
        if (p.seq() == exp) {
            e.expected.set(p.flow(), exp + 1);
            receiver = "accept";
        } else if (p.seq() > exp) {
            // RC responder: a sequence error; go-back-N is the gbn model's subject, so the message stalls
            receiver = "discard-out-of-order";
        }
        sink.accept(new Transition<>(Action.of("Deliver", "arc", arc, "lane", b % 2, "flow", p.flow(), "seq", p.seq(),
                "receiver", receiver, "hop", net.topology().arcName(arc)), e.build()));
    }

    private void background(FabricState s, Consumer<Transition<FabricState>> sink) {
        if (s.backgroundUsed() >= config.background()) {
            return;
        }
        for (int i = 0; i < net.bufferedArcs(); i++) {
            int b = 2 * i + 1;
            int arc = net.bufArc(i);
            if (!net.dead(s.failed(), arc) && s.background().get(b) < config.threshold()
                    && s.occupancy(b) < config.xoff()) {
                Edit e = new Edit(s);
                e.background.set(b, s.background().get(b) + 1);
                sink.accept(new Transition<>(Action.of("Background", "arc", arc, "lane", 1,
                        "hop", net.topology().arcName(arc)), e.build()));
            }
        }
    }

    private void failures(FabricState s, Consumer<Transition<FabricState>> sink) {
        if (config.failures() == 0 || s.failed() != FabricNet.NONE) {
            return;
        }
        Topology t = net.topology();
        for (int el = 1; el < net.elementCount(); el++) {
            Edit e = new Edit(s);
            e.failed = el;
            for (int b = 0; b < s.buffers().size(); b++) {
                e.buffers.set(b, List.of()); // seed 000 §IV-C: in-flight packets effectively dropped
                int arc = net.bufArc(b / 2);
                if (net.failedNode(el, t.arcTo(arc)) || net.dead(el, arc) && !net.failedNode(el, t.arcFrom(arc))) {
                    e.background.set(b, 0); // buffers of the failed switch or on the failed link are lost
                }
            }
            for (int v = 0; v < t.nodeCount(); v++) {
                if (net.failedNode(el, v)) {
                    e.dft.set(v, List.of()); // the failed switch's DFT is lost; survivors keep theirs
                }
            }
            for (int f = 0; f < config.flows().size(); f++) {
                if (s.expected().get(f) < config.packets() && s.sent().get(f) > 0) {
                    e.sent.set(f, 0); // seed 000 §IV-C: the sender retransmits the message
                    if (FabricRouter.flushes(config)) {
                        for (int v = 0; v < t.nodeCount(); v++) {
                            e.dft.set(v, FabricRouter.without(e.dft.get(v), f));
                        }
                    }
                }
            }
            sink.accept(new Transition<>(Action.of("Fail", "element", el, "name", net.elementName(el)), e.build()));
        }
    }

    /**
     * @param s   a state
     * @param arc a switch arc
     * @param lane 0 or 1
     * @return packets in the arc's buffer on that lane, background included
     */
    public int occupancy(FabricState s, int arc, int lane) {
        return router.occupancy(s, arc, lane);
    }

    /**
     * Whether some packet in a buffer can move (seed 000 §IV-B's routing deadlock is a state with
     * packets in buffers none of which can move): true when every buffer is empty, or some head
     * can be delivered or forwarded. Sends, background and failures are not moves of a buffered
     * packet, so a stall after a discarded packet (empty buffers) is not a routing deadlock.
     *
     * @param s a state
     * @return whether some buffered packet can move, or none is buffered
     */
    public boolean someBufferedPacketMoves(FabricState s) {
        Topology t = net.topology();
        boolean any = false;
        for (int b = 0; b < s.buffers().size(); b++) {
            List<FabricPacket> q = s.buffers().get(b);
            if (q.isEmpty()) {
                continue;
            }
            any = true;
            int arc = net.bufArc(b / 2);
            int v = t.arcTo(arc);
            if (t.isHost(v) || !router.route(s, v, q.get(0), b % 2, arc).isEmpty()) {
                return true;
            }
        }
        return !any;
    }

    /**
     * The non-degeneracy of a lane rule (seed 000 §IV-A/B: a congested first packet with a spare
     * token and a free DFT entry is deflected): for every VL1 buffer head and every packet a host is
     * about to send that is its message's first packet, holds a token, matches no DFT entry, meets
     * its ECMP VL1 buffer at or above the deflection threshold at a switch with a free DFT entry and
     * has another live switch port with room on VL1, the switch offers a deflection.
     *
     * @param s a state
     * @return whether every such packet is offered a deflection
     */
    public boolean deflectionOffered(FabricState s) {
        Topology t = net.topology();
        for (int b = 1; b < s.buffers().size(); b += 2) {
            List<FabricPacket> q = s.buffers().get(b);
            int arc = net.bufArc(b / 2);
            int v = t.arcTo(arc);
            if (!q.isEmpty() && !t.isHost(v) && !offeredIfEligible(s, v, q.get(0), arc)) {
                return false;
            }
        }
        for (int f = 0; f < config.flows().size(); f++) {
            int seq = s.sent().get(f);
            if (seq == 0 && !offeredIfEligible(s, net.sourceTor(f), new FabricPacket(f, 0, config.initialTokens(f)), -1)) {
                return false;
            }
        }
        return true;
    }

    private boolean offeredIfEligible(FabricState s, int v, FabricPacket p, int inArc) {
        if (p.seq() != 0 || p.tokens() == 0 || s.dft().get(v).size() >= config.dftSize()
                || s.dft().get(v).stream().anyMatch(d -> d.flow() == p.flow()
                        && (config.options().key() == FabricOptions.DftKey.MESSAGE || d.tokens() == p.tokens()))) {
            return true;
        }
        int normal = net.ecmpArc(s.failed(), v, p.flow());
        if (normal < 0 || router.occupancy(s, normal, 1) < config.threshold()) {
            return true;
        }
        Topology t = net.topology();
        boolean other = false;
        for (int port = 0; port < t.degree(v); port++) {
            int a = t.arcAt(v, port);
            boolean uTurn = inArc >= 0 && a == Topology.reverse(inArc)
                    && config.options().uTurns() == FabricOptions.UTurns.FORBIDDEN;
            other |= a != normal && !t.isHost(t.arcTo(a)) && !uTurn && !net.dead(s.failed(), a)
                    && router.occupancy(s, a, 1) < config.xoff();
        }
        return !other || router.route(s, v, p, 1, inArc).stream().anyMatch(h -> h.kind() == Hop.Kind.ALLOCATE);
    }

    /**
     * The lane-rule cell (see {@link LaneRule}) a step consults: a {@code Send}, or a {@code Forward}
     * of a VL1 packet, decided by a table rule; -1 for every other step.
     *
     * @param s the state the step starts from
     * @param a the step's action
     * @return {@code row * 3 + column}, or -1
     */
    public int laneRuleCell(FabricState s, Action a) {
        if (config.options().laneChange() != FabricOptions.LaneChange.TABLE) {
            return -1;
        }
        if (a.name().equals("Send")) {
            int f = (int) a.params().get("flow");
            return router.cell(s, net.sourceTor(f), new FabricPacket(f, s.sent().get(f), config.initialTokens(f)), -1);
        }
        if (a.name().equals("Forward") && (int) a.params().get("lane") == 1) {
            int arc = (int) a.params().get("arc");
            int b = 2 * net.bufOfArc(arc) + 1;
            return router.cell(s, net.topology().arcTo(arc), s.buffers().get(b).get(0), arc);
        }
        return -1;
    }

    /**
     * The lane-rule cells every possible next move of a VL1 packet consults in a state: each VL1
     * buffer head at a switch and each message's next packet at its source ToR.
     *
     * @param s a state
     * @return the cells (row * 3 + column), none when the rule is not a table
     */
    public java.util.Set<Integer> laneRuleCells(FabricState s) {
        java.util.Set<Integer> cells = new java.util.TreeSet<>();
        if (config.options().laneChange() != FabricOptions.LaneChange.TABLE) {
            return cells;
        }
        Topology t = net.topology();
        for (int b = 1; b < s.buffers().size(); b += 2) {
            int arc = net.bufArc(b / 2);
            if (!s.buffers().get(b).isEmpty() && !t.isHost(t.arcTo(arc))) {
                cells.add(router.cell(s, t.arcTo(arc), s.buffers().get(b).get(0), arc));
            }
        }
        for (int f = 0; f < config.flows().size(); f++) {
            if (s.sent().get(f) < config.packets()) {
                cells.add(router.cell(s, net.sourceTor(f), new FabricPacket(f, s.sent().get(f), config.initialTokens(f)),
                        -1));
            }
        }
        cells.remove(-1);
        return cells;
    }

    private Action hopAction(String name, int fromArc, int fromLane, int at, FabricPacket p, Hop h) {
        return Action.of(name, "arc", fromArc, "lane", fromLane, "flow", p.flow(), "seq", p.seq(),
                "tokens", p.tokens(), "at", at, "route", h.kind().label(), "out", h.out(), "outLane", h.lane(),
                "tokensLeft", h.packet().tokens(), "ecn", h.ecnMarked(), "couldDeflect", h.couldDeflect(),
                "hop", net.topology().arcName(h.out()));
    }

    /** Mutable copy of a state's lists, for building one successor. */
    private final class Edit {
        final List<List<FabricPacket>> buffers;
        final List<Integer> background;
        final List<List<DftSlot>> dft;
        final List<Integer> sent;
        final List<Integer> expected;
        int failed;

        Edit(FabricState s) {
            buffers = new ArrayList<>(s.buffers());
            background = new ArrayList<>(s.background());
            dft = new ArrayList<>(s.dft());
            sent = new ArrayList<>(s.sent());
            expected = new ArrayList<>(s.expected());
            failed = s.failed();
        }

        void enqueue(Hop h) {
            int b = 2 * net.bufOfArc(h.out()) + h.lane();
            if (config.options().off(FabricOptions.Knockout.PFC_PAUSE)
                    && buffers.get(b).size() + background.get(b) >= config.xoff()) {
                return; // no pause: the packet arrives at a full buffer and is dropped
            }
            List<FabricPacket> l = new ArrayList<>(buffers.get(b));
            l.add(h.packet());
            buffers.set(b, l);
        }

        void dequeue(int b) {
            List<FabricPacket> l = buffers.get(b);
            buffers.set(b, l.subList(1, l.size()));
        }

        FabricState build() {
            return new FabricState(buffers, background, dft, sent, expected, failed);
        }
    }
}
