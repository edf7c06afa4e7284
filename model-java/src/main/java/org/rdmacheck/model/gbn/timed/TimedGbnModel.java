package org.rdmacheck.model.gbn.timed;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.gbn.Ctrl;
import org.rdmacheck.model.gbn.GbnRules;
import org.rdmacheck.model.gbn.ReceiverStep;
import org.rdmacheck.model.gbn.SenderState;

/**
 * The timed model of RoCEv2 loss recovery (seed 002, II-III): the rules of {@link GbnRules}, with
 * time in integer ticks. Every packet, ACK and NAK takes between {@code delayMin} and
 * {@code delayMax} ticks unless the network drops it; the sender puts one packet (two copies under
 * Send-Twice) on the link per tick and sends whenever its window allows; the ACK timer (RTO, in the
 * InfiniBand encoding), the NAK interval and the Check-EPSN timer count down and fire the moment
 * they reach zero. So timers race packets and ACKs: an RTO shorter than the round trip expires
 * while the ACK is on its way.
 *
 * <p>{@code Tick} advances time by one tick while anything is in flight; when nothing is (only
 * timers run), it jumps to the next expiry, which nothing else could precede, so that an RTO of
 * 2^14 × 4.096 µs costs one step, not 67 000.
 *
 * <p>Actions: {@code Send}, {@code ReceiveData}, {@code ReceiveAck}, {@code ReceiveNak},
 * {@code NakIntervalExpiry}, {@code CheckEpsn}, {@code Timeout}, {@code LoseData}, {@code LoseCtrl},
 * {@code DuplicateData}, {@code Tick}.
 *
 * @param config the configuration
 */
public record TimedGbnModel(TimedConfig config) implements Model<TimedState> {

    /** Name of the RTO action. */
    public static final String TIMEOUT = "Timeout";
    /** Name of the action that sends a packet. */
    public static final String SEND = "Send";
    /** Name of the action that delivers a data packet to the receiver. */
    public static final String RECEIVE_DATA = "ReceiveData";

    private GbnRules rules() {
        return new GbnRules(config.protocol());
    }

    @Override
    public List<TimedState> initialStates() {
        return List.of(new TimedState(0, 0, 0, -1, false, 0, -1, -1, -1, -1, List.of(), List.of(), config.losses(),
                config.netDuplicates(), 0, 0, 0));
    }

    @Override
    public void successors(TimedState s, Consumer<Transition<TimedState>> sink) {
        if (corrupted(s)) {
            return;
        }
        if (canSend(s)) {
            send(s, sink);
        }
        for (int i = 0; i < s.data().size(); i++) {
            if (deliverable(i, s.data().get(i).age())) {
                receiveData(s, i, sink);
            }
        }
        for (int i = 0; i < s.ctrl().size(); i++) {
            if (deliverable(i, s.ctrl().get(i).age())) {
                receiveCtrl(s, i, sink);
            }
        }
        timers(s, sink);
        network(s, sink);
        tick(s, sink);
    }

    private boolean canSend(TimedState s) {
        return !s.busy() && s.next() < config.total() && s.next() - s.una() < config.window();
    }

    private boolean deliverable(int index, int age) {
        return age >= config.delayMin() && (config.delivery() == Delivery.REORDER || index == 0);
    }

    private void send(TimedState s, Consumer<Transition<TimedState>> sink) {
        int seq = s.next();
        int copies = config.protocol().copies(seq);
        Next n = new Next(s);
        for (int c = 0; c < copies; c++) {
            n.data.add(new Packet(seq, 0));
        }
        n.next = seq + 1;
        n.high = Math.max(s.high(), seq + 1);
        n.busy = true;
        n.sent = Math.min(config.maxTransmissions() + 1, s.sent() + copies);
        if (n.rto < 0) {
            n.rto = config.rtoTicks();
        }
        sink.accept(new Transition<>(Action.of(SEND, "psn", config.psns().wire(seq), "seq", seq), n.freeze()));
    }

    private void receiveData(TimedState s, int i, Consumer<Transition<TimedState>> sink) {
        Packet p = s.data().get(i);
        int wire = config.psns().wire(p.seq());
        int as = config.psns().readByReceiver(wire, s.epsn());
        ReceiverStep step = rules().onData(s.receiver(), as, config.protocol().isLast(p.seq()),
                config.protocol().ackRequest(p.seq()));
        Next n = new Next(s);
        n.data.remove(i);
        n.receiver(step);
        if (step.delivered() && s.good() == s.epsn() && p.seq() == s.epsn()) {
            n.good = s.good() + 1;
        }
        sink.accept(new Transition<>(Action.of(RECEIVE_DATA, "index", i, "psn", wire, "seq", p.seq(), "as", as),
                n.freeze()));
    }

    private void receiveCtrl(TimedState s, int i, Consumer<Transition<TimedState>> sink) {
        Reply r = s.ctrl().get(i);
        int wire = config.psns().wire(r.n());
        int as = config.psns().readBySender(wire, s.una());
        Next n = new Next(s);
        n.ctrl.remove(i);
        // an ACK/NAK beyond anything ever sent is invalid and dropped
        if (as <= s.high()) {
            SenderState after = r.kind() == Ctrl.Kind.ACK ? rules().onAck(s.sender(), as) : rules().onNak(s.sender(), as);
            n.next = after.next();
            n.una = after.una();
            boolean outstanding = n.next > n.una;
            n.rto = !outstanding ? -1 : n.una > s.una() || s.rto() < 0 ? config.rtoTicks() : s.rto();
        }
        String name = r.kind() == Ctrl.Kind.ACK ? "ReceiveAck" : "ReceiveNak";
        sink.accept(new Transition<>(Action.of(name, "index", i, "psn", wire, "n", r.n(), "as", as), n.freeze()));
    }

    private void timers(TimedState s, Consumer<Transition<TimedState>> sink) {
        if (s.nak() == 0) {
            Next n = new Next(s);
            n.nak = -1;
            sink.accept(new Transition<>(Action.of("NakIntervalExpiry"), n.freeze()));
        }
        if (s.ce() == 0) {
            Next n = new Next(s);
            n.receiver(rules().onCheckEpsn(s.receiver()));
            sink.accept(new Transition<>(Action.of("CheckEpsn"), n.freeze()));
        }
        if (s.rto() == 0) {
            SenderState after = rules().onTimeout(s.sender());
            Next n = new Next(s);
            n.next = after.next();
            n.una = after.una();
            n.rto = -1;
            n.timeouts = Math.min(config.maxRtos() + 1, s.timeouts() + 1);
            sink.accept(new Transition<>(Action.of(TIMEOUT), n.freeze()));
        }
    }

    private void network(TimedState s, Consumer<Transition<TimedState>> sink) {
        if (s.lossesLeft() > 0) {
            for (int i = 0; i < s.data().size(); i++) {
                Next n = new Next(s);
                Packet p = n.data.remove(i);
                n.lossesLeft--;
                sink.accept(new Transition<>(Action.of("LoseData", "index", i, "seq", p.seq()), n.freeze()));
            }
            for (int i = 0; i < s.ctrl().size(); i++) {
                Next n = new Next(s);
                Reply r = n.ctrl.remove(i);
                n.lossesLeft--;
                sink.accept(new Transition<>(Action.of("LoseCtrl", "index", i, "kind", r.kind().name(), "n", r.n()),
                        n.freeze()));
            }
        }
        if (s.dupsLeft() > 0) {
            for (int i = 0; i < s.data().size(); i++) {
                Next n = new Next(s);
                Packet p = s.data().get(i);
                n.data.add(i + 1, p);
                n.dupsLeft--;
                sink.accept(new Transition<>(Action.of("DuplicateData", "index", i, "seq", p.seq()), n.freeze()));
            }
        }
    }

    private void tick(TimedState s, Consumer<Transition<TimedState>> sink) {
        if (canSend(s) || s.rto() == 0 || s.nak() == 0 || s.ce() == 0) {
            return; // urgent: the sender transmits, a timer fires, before time moves on
        }
        for (Packet p : s.data()) {
            if (p.age() >= config.delayMax()) {
                return; // it must arrive (or be lost) now
            }
        }
        for (Reply r : s.ctrl()) {
            if (r.age() >= config.delayMax()) {
                return;
            }
        }
        int by = step(s);
        if (by <= 0) {
            return; // nothing in flight, no timer running: time has nothing to move
        }
        Next n = new Next(s);
        n.data.replaceAll(p -> new Packet(p.seq(), p.age() + by));
        n.ctrl.replaceAll(r -> new Reply(r.kind(), r.n(), r.age() + by));
        n.rto = down(s.rto(), by);
        n.nak = down(s.nak(), by);
        n.ce = down(s.ce(), by);
        n.busy = false;
        sink.accept(new Transition<>(Action.of("Tick", "by", by), n.freeze()));
    }

    /** One tick while anything is in flight or the link was used; else the time to the next expiry, 0 if none. */
    private static int step(TimedState s) {
        if (!s.data().isEmpty() || !s.ctrl().isEmpty() || s.busy()) {
            return 1;
        }
        int by = Integer.MAX_VALUE;
        for (int t : new int[] {s.rto(), s.nak(), s.ce()}) {
            if (t > 0) {
                by = Math.min(by, t);
            }
        }
        return by == Integer.MAX_VALUE ? 0 : by;
    }

    private static int down(int timer, int by) {
        return timer < 0 ? timer : timer - by;
    }

    /**
     * @param s a state
     * @return whether the transfer is complete: every packet delivered and acknowledged
     */
    public boolean done(TimedState s) {
        return s.una() == config.total() && s.epsn() == config.total();
    }

    /**
     * The receiver accepted a packet under a wrong PSN (wraparound confusion) and delivered it: the
     * transfer is corrupted and the model stops there (its counters would otherwise grow without
     * bound). Such a state is final, so the corruption shows as a violation of in-order delivery and
     * of completion, not as a deadlock.
     *
     * @param s a state
     * @return whether the receiver's delivered prefix differs from the sender's packets
     */
    public boolean corrupted(TimedState s) {
        return s.good() != s.epsn();
    }

    @Override
    public boolean isFinal(TimedState s) {
        return corrupted(s) || done(s) && s.data().isEmpty() && s.ctrl().isEmpty() && s.nak() < 0 && s.ce() < 0 && s.rto() < 0;
    }

    /** The successor under construction: a mutable copy of a state, frozen into a new record. */
    private final class Next {
        int next;
        int high;
        int una;
        int rto;
        boolean busy;
        int epsn;
        int nak;
        int ce;
        int ceLpsn;
        int lastNak;
        final List<Packet> data;
        final List<Reply> ctrl;
        int lossesLeft;
        int dupsLeft;
        int good;
        int timeouts;
        int sent;

        Next(TimedState s) {
            next = s.next();
            high = s.high();
            una = s.una();
            rto = s.rto();
            busy = s.busy();
            epsn = s.epsn();
            nak = s.nak();
            ce = s.ce();
            ceLpsn = s.ceLpsn();
            lastNak = s.lastNak();
            data = new ArrayList<>(s.data());
            ctrl = new ArrayList<>(s.ctrl());
            lossesLeft = s.lossesLeft();
            dupsLeft = s.dupsLeft();
            good = s.good();
            timeouts = s.timeouts();
            sent = s.sent();
        }

        /** Applies a receiver step: its state, its reply, and the timers it starts (seed 002, III-C). */
        void receiver(ReceiverStep step) {
            epsn = step.state().epsn();
            ceLpsn = step.state().ceLpsn();
            lastNak = step.state().lastNak();
            if (step.nakIntervalStarted()) {
                nak = config.nakTicks();
            } else if (!step.state().nakTimer()) {
                nak = -1;
            }
            if (step.ceRecorded()) {
                // CE waits for what is left of the NAK interval, T
                ce = Math.max(nak, 0);
            } else if (step.ceRestarted()) {
                ce = config.nakTicks();
            } else if (ceLpsn < 0) {
                ce = -1;
            }
            step.reply().ifPresent(c -> ctrl.add(new Reply(c.kind(), c.psn(), 0)));
        }

        TimedState freeze() {
            if (config.delivery() == Delivery.REORDER) {
                Collections.sort(data);
                Collections.sort(ctrl);
            }
            return new TimedState(next, high, una, rto, busy, epsn, nak, ce, ceLpsn, lastNak, data, ctrl, lossesLeft,
                    dupsLeft, good, timeouts, sent);
        }
    }
}
