package org.rdmacheck.model.gbn;

import java.util.List;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.layout.Expansion;
import org.rdmacheck.model.layout.Field;
import org.rdmacheck.model.layout.Fifo;
import org.rdmacheck.model.layout.Footprint;
import org.rdmacheck.model.layout.LayoutModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.layout.StateLayout;

/**
 * The exhaustive model of RoCEv2 loss recovery (seed 002, II-III; seed 004, §7), written once on
 * its declared state ({@link GbnLayout}): one sender and one receiver joined by a FIFO data channel
 * and a FIFO control channel, each of bounded capacity. A loss removes any packet in flight while
 * the loss budget is positive. Timers are untimed events: the end of a NAK interval and the CE
 * timer may come at any time; the ACK timeout (RTO) is far longer than an RTT and the NAK interval
 * (seed 002, Table I: 100 ms against 500 µs), so it fires only when nothing else can happen. The
 * protocol rules are {@link Sender}'s and {@link Receiver}'s, which the timed simulator applies too.
 *
 * <p>Actions, in the order they are tried: {@code Send(psn)} (two copies of a last packet under
 * Send-Twice), {@code ReceiveData(psn)}, {@code ReceiveAck(psn)}, {@code ReceiveNak(psn)},
 * {@code NakIntervalExpiry}, {@code CheckEpsn}, {@code LoseData(index, psn)},
 * {@code LoseCtrl(index, kind, psn)}, {@code Timeout}. An action's code is
 * {@code kind << 40 | index << 20 | psn}.
 */
public final class GoBackN implements LayoutModel {

    /** Name of the RTO action. */
    public static final String TIMEOUT = "Timeout";

    static final int SEND = 0;
    static final int RECEIVE_DATA = 1;
    static final int RECEIVE_ACK = 2;
    static final int RECEIVE_NAK = 3;
    static final int NAK_INTERVAL_EXPIRY = 4;
    static final int CHECK_EPSN = 5;
    static final int LOSE_DATA = 6;
    static final int LOSE_CTRL = 7;
    static final int TIMEOUT_KIND = 8;
    private static final String[] NAMES = {"Send", "ReceiveData", "ReceiveAck", "ReceiveNak", "NakIntervalExpiry",
        "CheckEpsn", "LoseData", "LoseCtrl", TIMEOUT};

    private final GbnConfig config;
    private final int losses;
    private final int capacity;
    private final boolean pipelined;
    private final int total;
    private final GbnLayout g;
    private final LayoutState initial;
    // configuration tables (seed 002, II-A, III-C): header bits and copies of each PSN
    private final boolean[] isLast;
    private final boolean[] ackRequest;
    private final int[] copies;

    /**
     * Pipelined messages: the sender goes on to the next message at once.
     *
     * @param config   the protocol configuration (with its knock-outs)
     * @param losses   the loss budget L
     * @param capacity capacity of each channel, in packets
     */
    public GoBackN(GbnConfig config, int losses, int capacity) {
        this(config, losses, capacity, true);
    }

    /**
     * @param config    the protocol configuration (with its knock-outs)
     * @param losses    the loss budget L
     * @param capacity  capacity of each channel, in packets
     * @param pipelined whether the sender starts a message before the previous one is acknowledged;
     *                  false for an application that does not pipeline (seed 002, III-A): it posts
     *                  the next message only when the previous one completes
     */
    public GoBackN(GbnConfig config, int losses, int capacity, boolean pipelined) {
        if (losses < 0) {
            throw new InputException("losses = " + losses + ": expected an integer >= 0");
        }
        if (capacity < 2) {
            throw new InputException("capacity = " + capacity + ": expected an integer >= 2 (ST sends two copies)");
        }
        this.config = config;
        this.losses = losses;
        this.capacity = capacity;
        this.pipelined = pipelined;
        this.total = config.total();
        this.g = new GbnLayout(total, capacity, losses);
        isLast = new boolean[total];
        ackRequest = new boolean[total];
        copies = new int[total];
        for (int p = 0; p < total; p++) {
            isLast[p] = config.isLast(p);
            ackRequest[p] = config.ackRequest(p);
            copies[p] = config.copies(p);
        }
        int[] v = new int[g.layout.maxLength()];
        g.ceLpsn.set(v, 0, -1);
        g.lastNak.set(v, 0, -1);
        g.lossesLeft.set(v, 0, losses);
        initial = new LayoutState(g.layout, v, 0, g.layout.header());
    }

    /** @return the protocol configuration */
    public GbnConfig config() {
        return config;
    }

    /** @return the loss budget L */
    public int losses() {
        return losses;
    }

    /** @return whether messages are pipelined (the next one starts before the previous is acknowledged) */
    public boolean pipelined() {
        return pipelined;
    }

    /** @return the capacity of each channel */
    public int capacity() {
        return capacity;
    }

    /** @return the declared state */
    public GbnLayout fields() {
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
     * The transition groups' footprints: which slots each reads (guard and effect) and writes.
     * The RTO's guard reads every slot, since it fires only when nothing else is enabled.
     */
    @Override
    public List<Footprint> footprints() {
        GbnLayout f = g;
        return List.of(
                Footprint.of(NAMES[SEND], List.of(f.next, f.data), List.of(f.next, f.data)),
                Footprint.of(NAMES[RECEIVE_DATA], List.of(f.data, f.ctrl, f.epsn, f.nakTimer, f.ceLpsn, f.lastNak),
                        List.of(f.data, f.ctrl, f.epsn, f.nakTimer, f.ceLpsn, f.lastNak)),
                Footprint.of(NAMES[RECEIVE_ACK], List.of(f.ctrl, f.next, f.una), List.of(f.ctrl, f.next, f.una)),
                Footprint.of(NAMES[RECEIVE_NAK], List.of(f.ctrl, f.una), List.of(f.ctrl, f.next, f.una)),
                Footprint.of(NAMES[NAK_INTERVAL_EXPIRY], List.of(f.nakTimer), List.of(f.nakTimer)),
                Footprint.of(NAMES[CHECK_EPSN], List.of(f.ceLpsn, f.epsn, f.ctrl),
                        List.of(f.ceLpsn, f.nakTimer, f.lastNak, f.ctrl)),
                Footprint.of(NAMES[LOSE_DATA], List.of(f.lossesLeft, f.data), List.of(f.lossesLeft, f.data)),
                Footprint.of(NAMES[LOSE_CTRL], List.of(f.lossesLeft, f.ctrl), List.of(f.lossesLeft, f.ctrl)),
                Footprint.of(TIMEOUT, g.layout.slots(), List.of(f.next)).asLastResort());
    }

    // ---- the packed successors: the model's one implementation ----

    @Override
    public PackedModel.Expander expander() {
        return new Step();
    }

    /** One thread's expansion: the layout's working view and the protocol rules' registers. */
    private final class Step implements PackedModel.Expander {
        // the layout's fields held here: one load fewer per access on the hot path
        private final Field next = g.next;
        private final Field una = g.una;
        private final Field epsn = g.epsn;
        private final Field nakTimer = g.nakTimer;
        private final Field ceLpsn = g.ceLpsn;
        private final Field lastNak = g.lastNak;
        private final Field lossesLeft = g.lossesLeft;
        private final Field dataPsn = g.dataPsn;
        private final Field ctrlKind = g.ctrlKind;
        private final Field ctrlPsn = g.ctrlPsn;
        private final Fifo data = g.data;
        private final Fifo ctrl = g.ctrl;
        private final boolean[] isLast = GoBackN.this.isLast;
        private final boolean[] ackRequest = GoBackN.this.ackRequest;
        private final int[] copies = GoBackN.this.copies;
        private final int total = GoBackN.this.total;
        private final int capacity = GoBackN.this.capacity;
        private final boolean ackTimeout = config.has(GbnMechanism.ACK_TIMEOUT);
        // each channel read and edited as its one packed value when it fits one (the default capacity
        // 4: 5-bit PSNs, 6-bit control packets), else element by element: the successors are the same
        private final Expansion x = Expansion.onPackedValues(g.layout);
        private final Sender sender = new Sender(config);
        private final Receiver receiver = new Receiver(config);
        private PackedModel.Sink sink;
        private int emitted;

        @Override
        public void successors(int[] state, int offset, PackedModel.Sink sink) {
            this.sink = sink;
            emitted = 0;
            x.load(state, offset);
            send();
            receiveData();
            receiveCtrl();
            nakIntervalExpiry();
            checkEpsn();
            lose();
            if (emitted == 0 && x.get(una) < total && ackTimeout) {
                timeout();
            }
            this.sink = null;
        }

        private void emit(int kind, int index, int psn) {
            x.emit(code(kind, index, psn), sink);
            emitted++;
        }

        /** seed 002, II-A; III-C (1): the sender transmits packet next, twice if it is a last packet under ST. */
        private void send() {
            int psn = x.get(next);
            if (psn >= total || x.length(data) + copies[psn] > capacity) {
                return;
            }
            // seed 002, III-A: an application that does not pipeline posts a message only when the
            // previous one is acknowledged, so nothing follows a message's last packet until then
            if (!pipelined && psn == config.messageStart(psn) && x.get(una) < psn) {
                return;
            }
            x.begin();
            sender.load(psn, x.get(una));
            sender.afterSend();
            x.set(next, sender.next());
            for (int c = 0; c < copies[psn]; c++) {
                x.append(data, dataPsn.bits(psn));
            }
            emit(SEND, 0, psn);
        }

        /** The receiver takes the data channel's head: accept, duplicate or out of order (Check-EPSN records). */
        private void receiveData() {
            if (x.length(data) == 0 || x.length(ctrl) >= capacity) {
                return;
            }
            int psn = dataPsn.of(x.element(data, 0));
            x.begin();
            x.removeAt(data, 0);
            loadReceiver();
            receiver.onData(psn, isLast[psn], ackRequest[psn]);
            storeReceiver();
            emit(RECEIVE_DATA, 0, psn);
        }

        /** The sender takes the control channel's head: ACK(n) or NAK(n). */
        private void receiveCtrl() {
            if (x.length(ctrl) == 0) {
                return;
            }
            int c = x.element(ctrl, 0);
            int n = ctrlPsn.of(c);
            boolean ack = ctrlKind.of(c) == Ctrl.Kind.ACK.ordinal();
            x.begin();
            x.removeAt(ctrl, 0);
            sender.load(x.get(next), x.get(una));
            if (ack) {
                sender.onAck(n);
            } else {
                sender.onNak(n);
            }
            x.set(next, sender.next());
            x.set(una, sender.una());
            emit(ack ? RECEIVE_ACK : RECEIVE_NAK, 0, n);
        }

        /** seed 002, II-A: the NAK interval ends. */
        private void nakIntervalExpiry() {
            if (!x.is(nakTimer)) {
                return;
            }
            x.begin();
            loadReceiver();
            receiver.onNakIntervalExpiry();
            storeReceiver();
            emit(NAK_INTERVAL_EXPIRY, 0, 0);
        }

        /** seed 002, III-C (2): the CE timer runs out; NAK(EPSN) if EPSN &lt; LPSN. */
        private void checkEpsn() {
            if (x.get(ceLpsn) < 0 || x.length(ctrl) >= capacity) {
                return;
            }
            x.begin();
            loadReceiver();
            receiver.onCheckEpsn();
            storeReceiver();
            emit(CHECK_EPSN, 0, 0);
        }

        /** The network drops any packet in flight while the loss budget lasts. */
        private void lose() {
            int left = x.get(lossesLeft);
            if (left <= 0) {
                return;
            }
            for (int i = 0, n = x.length(data); i < n; i++) {
                x.begin();
                x.set(lossesLeft, left - 1);
                x.removeAt(data, i);
                emit(LOSE_DATA, i, dataPsn.of(x.element(data, i)));
            }
            for (int i = 0, n = x.length(ctrl); i < n; i++) {
                x.begin();
                x.set(lossesLeft, left - 1);
                x.removeAt(ctrl, i);
                emit(LOSE_CTRL, i, x.element(ctrl, i));
            }
        }

        /** The ACK timeout: resend from the oldest unacknowledged packet. */
        private void timeout() {
            x.begin();
            sender.load(x.get(next), x.get(una));
            sender.onTimeout();
            x.set(next, sender.next());
            emit(TIMEOUT_KIND, 0, 0);
        }

        private void loadReceiver() {
            receiver.load(x.get(epsn), x.is(nakTimer), x.get(ceLpsn), x.get(lastNak));
        }

        /** Stores the receiver's variables and puts its reply, if any, on the control channel. */
        private void storeReceiver() {
            x.set(epsn, receiver.epsn());
            x.set(nakTimer, receiver.nakTimer());
            x.set(ceLpsn, receiver.ceLpsn());
            x.set(lastNak, receiver.lastNak());
            int r = receiver.reply();
            if (r != Receiver.NO_REPLY) {
                x.append(ctrl, g.ctrl(Receiver.replyKind(r), Receiver.replyPsn(r)));
            }
        }
    }

    // ---- action codes ----

    private static long code(int kind, int index, int field) {
        return (long) kind << 40 | (long) index << 20 | field;
    }

    private static int kind(long code) {
        return (int) (code >>> 40);
    }

    private static int field(long code) {
        return (int) code & 0xFFFFF;
    }

    @Override
    public Action action(long code) {
        int kind = kind(code);
        int index = (int) (code >>> 20) & 0xFFFFF;
        int f = field(code);
        return switch (kind) {
            case SEND, RECEIVE_DATA, RECEIVE_ACK, RECEIVE_NAK -> Action.of(NAMES[kind], "psn", f);
            case NAK_INTERVAL_EXPIRY, CHECK_EPSN, TIMEOUT_KIND -> Action.of(NAMES[kind]);
            case LOSE_DATA -> Action.of(NAMES[kind], "index", index, "psn", f);
            case LOSE_CTRL -> Action.of(NAMES[kind], "index", index, "kind",
                    Ctrl.Kind.values()[g.ctrlKind.of(f)].name(), "psn", g.ctrlPsn.of(f));
            default -> throw new IllegalArgumentException("not a Go-Back-N action code: " + code);
        };
    }

    /** @param code an action code  @return whether it is the ACK timeout */
    public static boolean isTimeout(long code) {
        return kind(code) == TIMEOUT_KIND;
    }

    /** @param code an action code  @return whether it is the arrival of a data packet */
    public static boolean isReceiveData(long code) {
        return kind(code) == RECEIVE_DATA;
    }

    /** @param code the code of a Send, ReceiveData, ReceiveAck or ReceiveNak  @return its PSN */
    public static int psn(long code) {
        return field(code);
    }

    // ---- the object view of the same transitions ----

    /**
     * @param s a state
     * @return whether the transfer is complete: every packet delivered and acknowledged
     */
    public boolean done(LayoutState s) {
        return s.test(this::done);
    }

    /**
     * @param s    packed values
     * @param base the state's first value
     * @return whether the transfer is complete there
     */
    public boolean done(int[] s, int base) {
        return g.una.get(s, base) == total && g.epsn.get(s, base) == total;
    }

    @Override
    public boolean isFinal(LayoutState s) {
        return done(s) && s.length(g.data) == 0 && s.length(g.ctrl) == 0 && !s.is(g.nakTimer) && s.get(g.ceLpsn) < 0;
    }

    /** @return the model's parameters, for messages */
    @Override
    public String toString() {
        return "GoBackN[" + config + ", losses=" + losses + ", capacity=" + capacity
                + (pipelined ? "" : ", not pipelined") + "]";
    }
}
