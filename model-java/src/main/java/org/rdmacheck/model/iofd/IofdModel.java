package org.rdmacheck.model.iofd;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Transition;

/**
 * In-order flow deflection with the deflected flow table (seed 000 §IV-A/B/C).
 *
 * <p>Actions: {@code Send} (a sender hands the next packet of its message to its ToR, which routes
 * it), {@code Forward} (the head packet of an output queue leaves its switch, the neighbour routes
 * it), {@code Deliver} (a ToR hands the head packet to the destination host, whose RC receiver
 * accepts it if it is the next expected one and discards it otherwise: a duplicate after a
 * retransmission, or a packet that arrives ahead of its turn),
 * {@code Background} (one
 * background packet joins a queue and stays: persistent congestion from long flows, so every
 * congestion pattern within the budget is explored) and {@code Fail} (a non-ToR switch fails; seed
 * 000 §IV-C: the failure is propagated to the senders, the in-flight packets are effectively
 * dropped, and every sender whose message is not complete retransmits it; DFT state of the dropped
 * messages goes with them).
 *
 * <p>The state variables are those of {@code specs/iofd/Spec.tla}, one to one.
 */
public final class IofdModel implements Model<IofdState> {

    private final IofdConfig config;
    private final Fabric fabric;
    private final Router router;

    /**
     * @param config the configuration
     * @throws org.rdmacheck.model.InputException if a failure could disconnect a flow
     */
    public IofdModel(IofdConfig config) {
        this.config = config;
        this.fabric = new Fabric(config.topology(), config.flows(), config.failures());
        this.router = new Router(config, fabric);
    }

    /** @return the configuration */
    public IofdConfig config() {
        return config;
    }

    /** @return the network */
    public Fabric fabric() {
        return fabric;
    }

    @Override
    public List<IofdState> initialStates() {
        int q = fabric.queueCount();
        int f = config.flows().size();
        return List.of(new IofdState(Collections.nCopies(q, List.of()), Collections.nCopies(q, 0),
                Collections.nCopies(fabric.switchCount(), List.of()), Collections.nCopies(f, 0),
                Collections.nCopies(f, 0), List.of()));
    }

    @Override
    public boolean isFinal(IofdState s) {
        return s.allDelivered(config.packets());
    }

    @Override
    public void successors(IofdState s, Consumer<Transition<IofdState>> sink) {
        sends(s, sink);
        departures(s, sink);
        background(s, sink);
        failures(s, sink);
    }

    private void sends(IofdState s, Consumer<Transition<IofdState>> sink) {
        for (int f = 0; f < config.flows().size(); f++) {
            int seq = s.sent().get(f);
            if (seq >= config.packets()) {
                continue;
            }
            Packet p = new Packet(f, seq, config.initialTokens(f));
            int tor = fabric.torOf(config.flows().get(f).src());
            for (Route r : router.route(s, tor, p)) {
                StateEdit e = new StateEdit(s);
                e.sent.set(f, seq + 1);
                enqueue(e, fabric.queueOfArc(r.out()), r.packet());
                e.dft.set(fabric.switchOfNode(tor), r.table());
                sink.accept(new Transition<>(routeAction("Send", -1, tor, p, r), e.build()));
            }
        }
    }

    private void departures(IofdState s, Consumer<Transition<IofdState>> sink) {
        var t = fabric.topology();
        for (int q = 0; q < fabric.queueCount(); q++) {
            List<Packet> queue = s.queues().get(q);
            if (queue.isEmpty()) {
                continue;
            }
            Packet p = queue.get(0);
            int arc = fabric.queueArc(q);
            int from = fabric.switchOfNode(t.arcFrom(arc));
            int next = t.arcTo(arc);
            List<DftEntry> left = config.off(IofdConfig.Knockout.DFT_FREE_ON_END) ? s.dft().get(from)
                    : DeflectedFlowTable.afterLeaving(s.dft().get(from), p, arc, config.packets(), config.variant(),
                    config.variant().spendsTokens() && !config.off(IofdConfig.Knockout.TOKEN_SPENDING));
            if (t.isHost(next)) {
                StateEdit e = new StateEdit(s);
                e.dequeue(q);
                e.dft.set(from, left);
                int exp = s.expected().get(p.flow());
                String receiver = "discard-duplicate";
                if (p.seq() == exp) {
                    e.expected.set(p.flow(), exp + 1);
                    receiver = "accept";
                } else if (p.seq() > exp) {
                    // RC responder: a packet ahead of its turn is a sequence error and is discarded.
                    // Go-back-N recovery is issue gbn's subject and is left out here, so a reordered
                    // message stalls (and the state space stays small).
                    receiver = "discard-out-of-order";
                }
                sink.accept(new Transition<>(Action.of("Deliver", "arc", arc, "flow", p.flow(), "seq", p.seq(),
                        "receiver", receiver, "hop", t.arcName(arc)), e.build()));
                continue;
            }
            for (Route r : router.route(s, next, p)) {
                StateEdit e = new StateEdit(s);
                e.dequeue(q);
                e.dft.set(from, left);
                enqueue(e, fabric.queueOfArc(r.out()), r.packet());
                e.dft.set(fabric.switchOfNode(next), r.table());
                sink.accept(new Transition<>(routeAction("Forward", arc, next, p, r), e.build()));
            }
        }
    }

    private void background(IofdState s, Consumer<Transition<IofdState>> sink) {
        if (s.backgroundUsed() >= config.background()) {
            return;
        }
        var t = fabric.topology();
        for (int q = 0; q < fabric.queueCount(); q++) {
            int arc = fabric.queueArc(q);
            boolean live = !s.failed().contains(t.arcFrom(arc)) && !s.failed().contains(t.arcTo(arc));
            if (live && s.background().get(q) < config.threshold() && s.length(q) < config.queue()) {
                StateEdit e = new StateEdit(s);
                e.background.set(q, s.background().get(q) + 1);
                sink.accept(new Transition<>(Action.of("Background", "arc", arc, "hop", t.arcName(arc)), e.build()));
            }
        }
    }

    private void failures(IofdState s, Consumer<Transition<IofdState>> sink) {
        if (s.failed().size() >= config.failures()) {
            return;
        }
        for (int sw : fabric.failable()) {
            if (s.failed().contains(sw)) {
                continue;
            }
            StateEdit e = new StateEdit(s);
            for (int q = 0; q < fabric.queueCount(); q++) {
                e.queues.set(q, List.of());
            }
            for (int i = 0; i < fabric.switchCount(); i++) {
                if (!config.off(IofdConfig.Knockout.FAILURE_CLEANUP) || i == fabric.switchOfNode(sw)) {
                    e.dft.set(i, List.of());
                }
            }
            for (int f = 0; f < config.flows().size(); f++) {
                if (s.expected().get(f) < config.packets()) {
                    e.sent.set(f, 0); // seed 000 §IV-C: the sender retransmits the message
                }
            }
            e.failed.add(sw);
            Collections.sort(e.failed);
            sink.accept(new Transition<>(Action.of("Fail", "switch", sw, "name", fabric.topology().nodeName(sw)),
                    e.build()));
        }
    }

    /** Queues a packet; with back pressure knocked out a full queue drops it. */
    private void enqueue(StateEdit e, int q, Packet p) {
        if (config.off(IofdConfig.Knockout.BACK_PRESSURE)
                && e.queues.get(q).size() + e.background.get(q) >= config.queue()) {
            return;
        }
        e.enqueue(q, p);
    }

    private Action routeAction(String name, int fromArc, int at, Packet p, Route r) {
        return Action.of(name, "arc", fromArc, "flow", p.flow(), "seq", p.seq(), "tokens", p.tokens(),
                "at", at, "route", r.kind(), "normal", r.normalArc(), "out", r.out(),
                "tokensLeft", r.packet().tokens(), "hop", fabric.topology().arcName(r.out()));
    }

    /** Mutable copy of a state's lists, for building one successor. */
    private static final class StateEdit {
        final List<List<Packet>> queues;
        final List<Integer> background;
        final List<List<DftEntry>> dft;
        final List<Integer> sent;
        final List<Integer> expected;
        final List<Integer> failed;

        StateEdit(IofdState s) {
            queues = new ArrayList<>(s.queues());
            background = new ArrayList<>(s.background());
            dft = new ArrayList<>(s.dft());
            sent = new ArrayList<>(s.sent());
            expected = new ArrayList<>(s.expected());
            failed = new ArrayList<>(s.failed());
        }

        void enqueue(int q, Packet p) {
            List<Packet> l = new ArrayList<>(queues.get(q));
            l.add(p);
            queues.set(q, l);
        }

        void dequeue(int q) {
            List<Packet> l = queues.get(q);
            queues.set(q, l.subList(1, l.size()));
        }

        IofdState build() {
            return new IofdState(queues, background, dft, sent, expected, failed);
        }
    }

    /** The codec, or null when the configuration's states do not fit its layout. */
    private IofdCodec codec;
    /** The packed transitions, built on first use. */
    private volatile IofdPacked packed;

    @Override
    public java.util.Optional<org.rdmacheck.model.StateCodec<IofdState>> codec() {
        if (!IofdCodec.fits(config)) {
            return java.util.Optional.empty();
        }
        if (codec == null) {
            codec = new IofdCodec(fabric.queueCount(), fabric.switchCount(), config.flows().size());
        }
        return java.util.Optional.of(codec);
    }

    /**
     * The transitions on the codec's packed values (the explorer's fast path), when the
     * configuration fits the layout.
     *
     * @return the packed transitions, empty if the configuration does not fit
     */
    @Override
    public java.util.Optional<org.rdmacheck.model.PackedModel> packed() {
        return packedIofd().map(p -> p);
    }

    /** @return {@link #packed()} with its IOFD-specific readers (the properties' packed forms use them) */
    public java.util.Optional<IofdPacked> packedIofd() {
        if (!IofdPacked.fits(this)) {
            return java.util.Optional.empty();
        }
        IofdPacked p = packed;
        if (p == null) {
            synchronized (this) {
                if (packed == null) {
                    packed = new IofdPacked(this);
                }
                p = packed;
            }
        }
        return java.util.Optional.of(p);
    }
}
