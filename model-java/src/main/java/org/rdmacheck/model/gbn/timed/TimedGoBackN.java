package org.rdmacheck.model.gbn.timed;

import java.util.List;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.gbn.Ctrl;
import org.rdmacheck.model.gbn.GbnConfig;
import org.rdmacheck.model.gbn.GbnMechanism;
import org.rdmacheck.model.gbn.Receiver;
import org.rdmacheck.model.gbn.Sender;
import org.rdmacheck.model.layout.Expansion;
import org.rdmacheck.model.layout.Footprint;
import org.rdmacheck.model.layout.LayoutModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.layout.StateLayout;

/**
 * The timed model of RoCEv2 loss recovery (seed 002, II-III), written once on its declared state
 * ({@link TimedLayout}): the rules of {@link Sender} and {@link Receiver}, with time in integer
 * ticks. Every packet, ACK and NAK takes between {@code delayMin} and {@code delayMax} ticks unless
 * the network drops it; the sender puts one packet (two copies under Send-Twice) on the link per
 * tick and sends whenever its window allows; the ACK timer (RTO, in the InfiniBand encoding), the
 * NAK interval and the Check-EPSN timer count down and fire the moment they reach zero. So timers
 * race packets and ACKs: an RTO shorter than the round trip expires while the ACK is on its way.
 *
 * <p>{@code Tick} advances time by one tick while anything is in flight; when nothing is (only
 * timers run), it jumps to the next expiry, which nothing else could precede, so that an RTO of
 * 2^14 × 4.096 µs costs one step, not 67 000.
 *
 * <p>Actions, in the order they are tried: {@code Send}, {@code ReceiveData}, {@code ReceiveAck},
 * {@code ReceiveNak}, {@code NakIntervalExpiry}, {@code CheckEpsn}, {@code Timeout},
 * {@code LoseData}, {@code LoseCtrl}, {@code DuplicateData}, {@code Tick}. An action's code is
 * {@code kind << 58 | index << 46 | x << 32 | y}: the element's index, its sequence number (or EPSN,
 * or {@code n << 1 | kind}), and what the receiving end read it as (offset by 2^25) or the tick's length;
 * bit 31 of a ReceiveData code marks a packet the receiver read below EPSN and delivered again (its action's
 * parameter {@code again}; no receiver with duplicate detection does so).
 */
public final class TimedGoBackN implements LayoutModel {

    /** Name of the RTO action. */
    public static final String TIMEOUT = "Timeout";
    /** Name of the action that sends a packet. */
    public static final String SEND = "Send";
    /** Name of the action that delivers a data packet to the receiver. */
    public static final String RECEIVE_DATA = "ReceiveData";
    /** Name of the action that lets time pass. */
    public static final String TICK = "Tick";

    private static final int K_SEND = 0;
    private static final int K_RECEIVE_DATA = 1;
    private static final int K_RECEIVE_ACK = 2;
    private static final int K_RECEIVE_NAK = 3;
    private static final int K_NAK_EXPIRY = 4;
    private static final int K_CHECK_EPSN = 5;
    private static final int K_TIMEOUT = 6;
    private static final int K_LOSE_DATA = 7;
    private static final int K_LOSE_CTRL = 8;
    private static final int K_DUPLICATE = 9;
    private static final int K_TICK = 10;
    private static final String[] NAMES = {SEND, RECEIVE_DATA, "ReceiveAck", "ReceiveNak", "NakIntervalExpiry",
        "CheckEpsn", TIMEOUT, "LoseData", "LoseCtrl", "DuplicateData", TICK};
    private static final long AS_OFFSET = 1L << 25;
    /** the bit of a ReceiveData code that marks a packet delivered again (read below EPSN, yet taken) */
    private static final long AGAIN = 1L << 31;
    /** Name of the parameter of a ReceiveData action that delivers a packet again (present only then). */
    public static final String AGAIN_PARAM = "again";

    private final TimedConfig config;
    private final GbnConfig protocol;
    private final TimedLayout g;
    private final LayoutState initial;
    private final int total;
    private final int rtoTicks;
    private final int sentCap;
    private final boolean reorder;
    private final boolean rtoRestarts;
    private final boolean ceResidual;
    private final boolean stOnRetransmission;
    private final PsnSpace psns;
    private final boolean[] isLast;
    private final boolean[] ackRequest;
    private final int[] copies;

    /**
     * @param config the configuration (its protocol part carries the knock-outs)
     */
    public TimedGoBackN(TimedConfig config) {
        this.config = config;
        this.protocol = config.protocol();
        this.g = new TimedLayout(config);
        this.total = config.total();
        this.rtoTicks = config.rtoTicks();
        this.sentCap = config.sentCap();
        this.reorder = config.delivery() == Delivery.REORDER;
        this.rtoRestarts = protocol.has(GbnMechanism.RTO_RESTART);
        this.ceResidual = protocol.has(GbnMechanism.CE_RESIDUAL);
        this.stOnRetransmission = protocol.has(GbnMechanism.SEND_TWICE_ON_RETRANSMISSION);
        this.psns = config.psns();
        isLast = new boolean[total];
        ackRequest = new boolean[total];
        copies = new int[total];
        for (int p = 0; p < total; p++) {
            isLast[p] = protocol.isLast(p);
            ackRequest[p] = protocol.ackRequest(p);
            copies[p] = protocol.copies(p);
        }
        int[] v = new int[g.layout.maxLength()];
        for (var f : List.of(g.rto, g.nak, g.ce, g.ceLpsn, g.lastNak)) {
            f.set(v, 0, -1);
        }
        g.lossesLeft.set(v, 0, config.losses());
        g.dupsLeft.set(v, 0, config.netDuplicates());
        initial = new LayoutState(g.layout, v, 0, g.layout.header());
    }

    /** @return the configuration */
    public TimedConfig config() {
        return config;
    }

    /** @return the declared state */
    public TimedLayout fields() {
        return g;
    }

    @Override
    public StateLayout layout() {
        return g.layout;
    }

    @Override
    public List<LayoutState> initialStates() {
        return List.of(initial);
    }

    /**
     * The transition groups' footprints. Urgency makes Tick read every clock and the sender's
     * readiness, and every action is disabled in a corrupted state (which reads good and epsn).
     */
    @Override
    public List<Footprint> footprints() {
        TimedLayout f = g;
        var receiverVars = List.of(f.epsn, f.nak, f.ce, f.ceLpsn, f.lastNak);
        var guard = List.of(f.good, f.epsn);
        return List.of(
                Footprint.of(SEND, List.of(f.good, f.epsn, f.busy, f.next, f.una, f.high, f.rto, f.sent, f.data),
                        List.of(f.data, f.next, f.high, f.busy, f.sent, f.rto)),
                Footprint.of(RECEIVE_DATA, concat(guard, receiverVars, List.of(f.data, f.ctrl)),
                        concat(receiverVars, List.of(f.data, f.ctrl, f.good))),
                Footprint.of(NAMES[K_RECEIVE_ACK], concat(guard, List.of(f.ctrl, f.next, f.una, f.high, f.rto)),
                        List.of(f.ctrl, f.next, f.una, f.rto)),
                Footprint.of(NAMES[K_RECEIVE_NAK], concat(guard, List.of(f.ctrl, f.next, f.una, f.high, f.rto)),
                        List.of(f.ctrl, f.next, f.una, f.rto)),
                Footprint.of(NAMES[K_NAK_EXPIRY], concat(guard, List.of(f.nak)), List.of(f.nak)),
                Footprint.of(NAMES[K_CHECK_EPSN], concat(guard, receiverVars, List.of(f.ctrl)),
                        concat(receiverVars, List.of(f.ctrl))),
                Footprint.of(TIMEOUT, concat(guard, List.of(f.rto, f.una, f.timeouts)),
                        List.of(f.next, f.rto, f.timeouts)),
                Footprint.of(NAMES[K_LOSE_DATA], concat(guard, List.of(f.lossesLeft, f.data)),
                        List.of(f.lossesLeft, f.data)),
                Footprint.of(NAMES[K_LOSE_CTRL], concat(guard, List.of(f.lossesLeft, f.ctrl)),
                        List.of(f.lossesLeft, f.ctrl)),
                Footprint.of(NAMES[K_DUPLICATE], concat(guard, List.of(f.dupsLeft, f.data)),
                        List.of(f.dupsLeft, f.data)),
                Footprint.of(NAMES[K_TICK], g.layout.slots(), List.of(f.data, f.ctrl, f.rto, f.nak, f.ce, f.busy)));
    }

    @SafeVarargs
    private static List<org.rdmacheck.model.layout.Slot> concat(List<? extends org.rdmacheck.model.layout.Slot>... ls) {
        List<org.rdmacheck.model.layout.Slot> out = new java.util.ArrayList<>();
        for (var l : ls) {
            out.addAll(l);
        }
        return out;
    }

    // ---- the packed successors: the model's one implementation ----

    @Override
    public PackedModel.Expander expander() {
        return new Step();
    }

    /** One thread's expansion: the layout's working view and the protocol rules' registers. */
    private final class Step implements PackedModel.Expander {
        private final Expansion x = new Expansion(g.layout);
        private final Sender sender = new Sender(protocol);
        private final Receiver receiver = new Receiver(protocol);
        private PackedModel.Sink sink;

        @Override
        public void successors(int[] state, int offset, PackedModel.Sink sink) {
            x.load(state, offset);
            if (x.get(g.good) != x.get(g.epsn)) {
                return; // corrupted: final
            }
            this.sink = sink;
            if (canSend()) {
                send();
            }
            for (int i = 0, n = x.length(g.data); i < n; i++) {
                if (deliverable(g.data, g.dataAge, i)) {
                    receiveData(i);
                }
            }
            for (int i = 0, n = x.length(g.ctrl); i < n; i++) {
                if (deliverable(g.ctrl, g.ctrlAge, i)) {
                    receiveCtrl(i);
                }
            }
            timers();
            network();
            tick();
            this.sink = null;
        }

        private boolean canSend() {
            return !x.is(g.busy) && x.get(g.next) < total && x.get(g.next) - x.get(g.una) < config.window();
        }

        /**
         * A packet may arrive once its least delay has passed: under FIFO only the oldest, under
         * reordering one that overtakes at most {@code displacement} packets sent before it (older
         * ones: a greater age) and still in flight.
         */
        private boolean deliverable(org.rdmacheck.model.layout.Fifo q, org.rdmacheck.model.layout.Field ageOf,
                                    int index) {
            int age = ageOf.of(x.element(q, index));
            if (age < config.delayMin()) {
                return false;
            }
            if (!reorder) {
                return index == 0;
            }
            int overtaken = 0;
            for (int j = 0, n = x.length(q); j < n; j++) {
                if (ageOf.of(x.element(q, j)) > age && ++overtaken > config.displacement()) {
                    return false;
                }
            }
            return true;
        }

        private void emit(int kind, int index, int a, long b) {
            if (reorder) {
                // a multiset: kept sorted, so equal contents are equal states
                if (x.touched(g.data)) {
                    x.sort(g.data);
                }
                if (x.touched(g.ctrl)) {
                    x.sort(g.ctrl);
                }
            }
            x.emit((long) kind << 58 | (long) index << 46 | (long) a << 32 | b, sink);
        }

        /** The sender transmits packet next (two copies of a last packet under Send-Twice) and arms the RTO. */
        private void send() {
            int seq = x.get(g.next);
            // seed 002, III-C (1): every transmission of a last packet is doubled, a retransmission
            // (below the highest PSN sent) too, unless that reading is knocked out
            int c = seq < x.get(g.high) && !stOnRetransmission ? 1 : copies[seq];
            x.begin();
            for (int k = 0; k < c; k++) {
                append(g.data, g.data(seq, 0));
            }
            sender.load(seq, x.get(g.una));
            sender.afterSend();
            x.set(g.next, sender.next());
            x.set(g.high, Math.max(x.get(g.high), seq + 1));
            x.set(g.busy, true);
            x.set(g.sent, Math.min(sentCap, x.get(g.sent) + c));
            if (x.get(g.rto) < 0) {
                x.set(g.rto, rtoTicks);
            }
            emit(K_SEND, 0, seq, 0);
        }

        /** The receiver takes data packet i, reading its PSN relative to EPSN (seed 002, II-A; III-C). */
        private void receiveData(int i) {
            int seq = g.dataSeq.of(x.element(g.data, i));
            int epsn = x.get(g.epsn);
            int as = psns.readByReceiver(psns.wire(seq), epsn);
            x.begin();
            x.removeAt(g.data, i);
            receiver.load(epsn, x.get(g.nak) >= 0, x.get(g.ceLpsn), x.get(g.lastNak));
            receiver.onData(as, isLast[seq], ackRequest[seq]);
            storeReceiver();
            if (receiver.delivered() && x.get(g.good) == epsn && seq == epsn) {
                x.set(g.good, x.get(g.good) + 1);
            }
            // a packet the receiver reads as below EPSN (one it delivered already) and delivers again: the
            // step says so, since EPSN may be left as it was (a copy of PSN EPSN - 1), so no state shows it
            emit(K_RECEIVE_DATA, i, seq, as + AS_OFFSET | (receiver.delivered() && as < epsn ? AGAIN : 0));
        }

        /** The sender takes ACK/NAK i; one beyond anything ever sent is invalid and dropped. */
        private void receiveCtrl(int i) {
            int c = x.element(g.ctrl, i);
            int n = g.ctrlN.of(c);
            boolean ack = g.ctrlKind.of(c) == Ctrl.Kind.ACK.ordinal();
            int una = x.get(g.una);
            int as = psns.readBySender(psns.wire(n), una);
            x.begin();
            x.removeAt(g.ctrl, i);
            if (as <= x.get(g.high)) {
                sender.load(x.get(g.next), una);
                if (ack) {
                    sender.onAck(as);
                } else {
                    sender.onNak(as);
                }
                x.set(g.next, sender.next());
                x.set(g.una, sender.una());
                int rto = x.get(g.rto);
                boolean outstanding = sender.next() > sender.una();
                // the ACK timer restarts when an ACK acknowledges new packets (rto-restart)
                boolean progress = rtoRestarts && sender.una() > una;
                x.set(g.rto, !outstanding ? -1 : progress || rto < 0 ? rtoTicks : rto);
            }
            emit(ack ? K_RECEIVE_ACK : K_RECEIVE_NAK, i, n, as + AS_OFFSET);
        }

        /** Timers fire the moment they reach zero: the NAK interval, the CE timer, the RTO. */
        private void timers() {
            if (x.get(g.nak) == 0) {
                x.begin();
                x.set(g.nak, -1);
                emit(K_NAK_EXPIRY, 0, 0, 0);
            }
            if (x.get(g.ce) == 0) {
                x.begin();
                receiver.load(x.get(g.epsn), x.get(g.nak) >= 0, x.get(g.ceLpsn), x.get(g.lastNak));
                receiver.onCheckEpsn();
                storeReceiver();
                emit(K_CHECK_EPSN, 0, 0, 0);
            }
            if (x.get(g.rto) == 0) {
                x.begin();
                sender.load(x.get(g.next), x.get(g.una));
                sender.onTimeout();
                x.set(g.next, sender.next());
                x.set(g.rto, -1);
                x.set(g.timeouts, Math.min(config.maxRtos() + 1, x.get(g.timeouts) + 1));
                emit(K_TIMEOUT, 0, 0, 0);
            }
        }

        /** The network drops any packet (a message's last one only if lastPacketLoss) while the loss budget lasts, and copies data packets while the duplication budget does. */
        private void network() {
            int losses = x.get(g.lossesLeft);
            if (losses > 0) {
                for (int i = 0, n = x.length(g.data); i < n; i++) {
                    if (!config.lastPacketLoss() && isLast[g.dataSeq.of(x.element(g.data, i))]) {
                        continue;
                    }
                    x.begin();
                    x.removeAt(g.data, i);
                    x.set(g.lossesLeft, losses - 1);
                    emit(K_LOSE_DATA, i, g.dataSeq.of(x.element(g.data, i)), 0);
                }
                for (int i = 0, n = x.length(g.ctrl); i < n; i++) {
                    int c = x.element(g.ctrl, i);
                    x.begin();
                    x.removeAt(g.ctrl, i);
                    x.set(g.lossesLeft, losses - 1);
                    emit(K_LOSE_CTRL, i, g.ctrlN.of(c) << 1 | g.ctrlKind.of(c), 0);
                }
            }
            int dups = x.get(g.dupsLeft);
            if (dups > 0) {
                for (int i = 0, n = x.length(g.data); i < n; i++) {
                    int e = x.element(g.data, i);
                    x.begin();
                    if (x.length(g.data) >= g.data.capacity()) {
                        throw new org.rdmacheck.model.BoundExceeded("FIFO " + g.data.name() + " (the "
                                + g.data.name() + " channel of the timed layout)", g.data.capacity());
                    }
                    x.insertAt(g.data, i + 1, e);
                    x.set(g.dupsLeft, dups - 1);
                    emit(K_DUPLICATE, i, g.dataSeq.of(e), 0);
                }
            }
        }

        /** Time moves on, unless something is urgent: the sender can transmit, a timer fires, a packet must arrive. */
        private void tick() {
            if (canSend() || x.get(g.rto) == 0 || x.get(g.nak) == 0 || x.get(g.ce) == 0) {
                return;
            }
            int nd = x.length(g.data);
            int nc = x.length(g.ctrl);
            for (int i = 0; i < nd; i++) {
                if (g.dataAge.of(x.element(g.data, i)) >= config.delayMax()) {
                    return;
                }
            }
            for (int i = 0; i < nc; i++) {
                if (g.ctrlAge.of(x.element(g.ctrl, i)) >= config.delayMax()) {
                    return;
                }
            }
            int by = step(nd, nc);
            if (by <= 0) {
                return; // nothing in flight, no timer running: time has nothing to move
            }
            x.begin();
            // with anything in flight time moves by one tick, and every age stays within delayMax
            for (int i = 0; i < nd; i++) {
                x.setElement(g.data, i, x.element(g.data, i) + g.dataAge.bits(1));
            }
            for (int i = 0; i < nc; i++) {
                x.setElement(g.ctrl, i, x.element(g.ctrl, i) + g.ctrlAge.bits(1));
            }
            x.set(g.rto, down(x.get(g.rto), by));
            x.set(g.nak, down(x.get(g.nak), by));
            x.set(g.ce, down(x.get(g.ce), by));
            x.set(g.busy, false);
            emit(K_TICK, 0, 0, by);
        }

        private int step(int nd, int nc) {
            if (nd > 0 || nc > 0 || x.is(g.busy)) {
                return 1;
            }
            int by = Integer.MAX_VALUE;
            for (int t : new int[] {x.get(g.rto), x.get(g.nak), x.get(g.ce)}) {
                if (t > 0) {
                    by = Math.min(by, t);
                }
            }
            return by == Integer.MAX_VALUE ? 0 : by;
        }

        /** Stores the receiver's variables and the timers its event (re)arms (seed 002, III-C); queues its reply. */
        private void storeReceiver() {
            x.set(g.epsn, receiver.epsn());
            x.set(g.ceLpsn, receiver.ceLpsn());
            x.set(g.lastNak, receiver.lastNak());
            // the NAK interval runs exactly while the receiver says so (Receiver.nakTimer is the one
            // statement of it); an event that sent a NAK starts it afresh
            int nak = !receiver.nakTimer() ? -1 : receiver.nakIntervalStarted() ? config.nakTicks() : x.get(g.nak);
            x.set(g.nak, nak);
            if (receiver.ceRecorded()) {
                // CE waits for what is left of the NAK interval, T (ce-residual); knocked out, the full interval
                x.set(g.ce, ceResidual ? Math.max(nak, 0) : config.nakTicks());
            } else if (receiver.ceRestarted()) {
                x.set(g.ce, config.nakTicks());
            } else if (receiver.ceLpsn() < 0) {
                x.set(g.ce, -1);
            }
            int r = receiver.reply();
            if (r != Receiver.NO_REPLY) {
                append(g.ctrl, g.ctrl(Receiver.replyKind(r), Receiver.replyPsn(r), 0));
            }
        }

        private void append(org.rdmacheck.model.layout.Fifo q, int e) {
            if (x.lengthNow(q) >= q.capacity()) {
                throw new org.rdmacheck.model.BoundExceeded("FIFO " + q.name() + " (the " + q.name()
                        + " channel of the timed layout)", q.capacity());
            }
            x.append(q, e);
        }
    }

    private static int down(int timer, int by) {
        return timer < 0 ? timer : timer - by;
    }

    // ---- action codes ----

    @Override
    public Action action(long code) {
        int kind = (int) (code >>> 58);
        int index = (int) (code >>> 46) & 0xFFF;
        int a = (int) (code >>> 32) & 0x3FFF;
        long b = code & 0xFFFFFFFFL;
        int as = (int) ((b & ~AGAIN) - AS_OFFSET);
        return switch (kind) {
            case K_SEND -> Action.of(SEND, "psn", psns.wire(a), "seq", a);
            case K_RECEIVE_DATA -> (b & AGAIN) == 0
                    ? Action.of(RECEIVE_DATA, "index", index, "psn", psns.wire(a), "seq", a, "as", as)
                    : Action.of(RECEIVE_DATA, "index", index, "psn", psns.wire(a), "seq", a, "as", as, AGAIN_PARAM, true);
            case K_RECEIVE_ACK, K_RECEIVE_NAK -> Action.of(NAMES[kind], "index", index, "psn", psns.wire(a), "n", a,
                    "as", as);
            case K_NAK_EXPIRY, K_CHECK_EPSN, K_TIMEOUT -> Action.of(NAMES[kind]);
            case K_LOSE_DATA -> Action.of(NAMES[kind], "index", index, "seq", a);
            case K_LOSE_CTRL -> Action.of(NAMES[kind], "index", index, "kind", Ctrl.Kind.values()[a & 1].name(),
                    "n", a >>> 1);
            case K_DUPLICATE -> Action.of(NAMES[kind], "index", index, "seq", a);
            case K_TICK -> Action.of(NAMES[kind], "by", (int) b);
            default -> throw new IllegalArgumentException("not a timed Go-Back-N action code: " + code);
        };
    }

    /** @param code an action code  @return whether it is the ACK timeout */
    public static boolean isTimeout(long code) {
        return (int) (code >>> 58) == K_TIMEOUT;
    }

    // ---- the object view of the same transitions ----

    /**
     * @param s a state
     * @return whether the transfer is complete: every packet delivered and acknowledged
     */
    public boolean done(LayoutState s) {
        return s.get(g.una) == total && s.get(g.epsn) == total;
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
    public boolean corrupted(LayoutState s) {
        return s.get(g.good) != s.get(g.epsn);
    }

    @Override
    public boolean isFinal(LayoutState s) {
        return corrupted(s) || done(s) && s.length(g.data) == 0 && s.length(g.ctrl) == 0 && s.get(g.nak) < 0
                && s.get(g.ce) < 0 && s.get(g.rto) < 0;
    }

}
