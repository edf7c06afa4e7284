package org.rdmacheck.model.gbn;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * Discrete-event simulation of one reliable connection under independent packet loss (seed 002,
 * IV; Table I), applying the same sender and receiver rules ({@link Sender}, {@link Receiver}) as
 * the exhaustive models. What the simulation adds is time: the sender transmits at line rate, packets take the
 * propagation and store-and-forward delay of two hops, the NAK interval and the CE timer run for
 * 500 µs, and the ACK timeout (RTO) fires when the sender has neither sent nor heard anything for
 * an RTO.
 *
 * <p>Not thread-safe: one simulator per thread.
 */
public final class GbnSimulator {

    /** Timeouts after which a message is abandoned (duplicates ignored can stall a transfer forever). */
    public static final int MAX_TIMEOUTS = 1_000;

    private static final int TX = 0;
    private static final int DATA = 1;
    private static final int CTRL = 2;
    private static final int NAK_EXPIRY = 3;
    private static final int CE_EXPIRY = 4;
    private static final int RTO = 5;

    private record Event(double time, long seq, int type, int psn, boolean nak, long gen) implements Comparable<Event> {
        @Override
        public int compareTo(Event o) {
            int c = Double.compare(time, o.time);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    private final SimParams params;
    private final GbnConfig config;
    private final SplittableRandom rng;
    /** Loss draws left before the next loss: a geometric sample, equivalent to one Bernoulli draw per packet. */
    private long untilLoss;
    /** Loss draws of a lossless transfer, measured on the first lossless message; -1 until known. */
    private long losslessDraws = -1;
    private double losslessSeconds;
    private long draws;

    // per-message state
    private final PriorityQueue<Event> queue = new PriorityQueue<>();
    private long seq;
    private final Sender sender;
    private final Receiver receiver;
    private double txFree;
    private boolean txScheduled;
    private double rtoDeadline;
    private long nakGen;
    private long ceGen;
    private double nakDeadline;
    private double ceDeadline;
    private int[] dataLost;
    private boolean[] nakLost;
    private List<String> causes;
    /** ACK timeouts since the last forward progress (RoCE's transport retry counter, counting up). */
    private int retries;
    private boolean qpError;

    /**
     * @param params     timing and loss
     * @param variant    the loss-recovery scheme
     * @param duplicates the receiver's duplicate policy
     * @param nakPolicy  how the NAK interval limits NAKs
     * @param seed       random seed
     */
    public GbnSimulator(SimParams params, GbnVariant variant, DuplicatePolicy duplicates, NakPolicy nakPolicy,
                        long seed) {
        this.params = params;
        this.config = new GbnConfig(params.packets(), 1, params.ackIntervalPackets(), variant, duplicates, nakPolicy);
        this.sender = new Sender(config);
        this.receiver = new Receiver(config);
        this.rng = new SplittableRandom(seed);
        this.untilLoss = nextGap();
    }

    /**
     * Simulates the transfer of one message (the next one of a non-pipelined application).
     *
     * @return its duration, timeouts and transmissions
     */
    public MessageOutcome runMessage() {
        if (losslessDraws >= 0 && untilLoss > losslessDraws) {
            // no packet of this message will be lost: it takes exactly the lossless time
            untilLoss -= losslessDraws;
            return new MessageOutcome(losslessSeconds, List.of(), losslessDraws, 0, false);
        }
        MessageOutcome o = simulate();
        if (losslessDraws < 0 && o.causes().isEmpty() && lossesThisMessage == 0) {
            losslessDraws = draws;
            losslessSeconds = o.seconds();
        }
        return o;
    }

    private int lossesThisMessage;

    private MessageOutcome simulate() {
        reset();
        int n = config.total();
        schedule(0, TX, 0, false, 0);
        txScheduled = true;
        armRto(0);
        schedule(rtoDeadline, RTO, 0, false, 0);
        while (!queue.isEmpty()) {
            Event e = queue.poll();
            handle(e);
            if (sender.una() >= n || causes.size() >= MAX_TIMEOUTS) {
                return new MessageOutcome(e.time(), causes, draws, lossesThisMessage, qpError);
            }
        }
        throw new IllegalStateException("simulation ran out of events before completion");
    }

    private void reset() {
        queue.clear();
        seq = 0;
        sender.load(0, 0);
        receiver.load(0, false, -1, -1);
        txFree = 0;
        txScheduled = false;
        retries = 0;
        qpError = false;
        nakGen = 0;
        ceGen = 0;
        nakDeadline = Double.POSITIVE_INFINITY;
        ceDeadline = Double.POSITIVE_INFINITY;
        dataLost = new int[config.total() + 1];
        nakLost = new boolean[config.total() + 1];
        causes = new ArrayList<>();
        draws = 0;
        lossesThisMessage = 0;
    }

    private void handle(Event e) {
        switch (e.type()) {
            case TX -> transmit(e.time());
            case DATA -> {
                receiver.onData(e.psn(), config.isLast(e.psn()), config.ackRequest(e.psn()));
                receiverEvent(e.time());
            }
            case CTRL -> control(e.time(), e.psn(), e.nak());
            case NAK_EXPIRY -> {
                if (e.gen() == nakGen && receiver.nakTimer()) {
                    receiver.onNakIntervalExpiry();
                }
            }
            case CE_EXPIRY -> checkEpsn(e);
            default -> timeout(e.time());
        }
    }

    private void transmit(double t) {
        if (sender.next() >= config.total()) {
            txScheduled = false;
            return;
        }
        int psn = sender.next();
        sender.afterSend();
        double ser = params.dataSerialisation();
        int copies = config.copies(psn);
        for (int c = 0; c < copies; c++) {
            if (lost()) {
                dataLost[psn]++;
            } else {
                schedule(t + (c + 1) * ser + params.dataLatency(), DATA, psn, false, 0);
            }
        }
        txFree = t + copies * ser;
        schedule(txFree, TX, 0, false, 0);
        armRto(t);
    }

    /** What the receiver's last event started: its reply, a NAK interval, the CE timer. */
    private void receiverEvent(double t) {
        if (receiver.reply() != Receiver.NO_REPLY) {
            sendCtrl(t, new Ctrl(Receiver.replyKind(receiver.reply()), Receiver.replyPsn(receiver.reply())));
        }
        if (receiver.nakIntervalStarted()) {
            nakDeadline = t + params.nakInterval();
            schedule(nakDeadline, NAK_EXPIRY, 0, false, ++nakGen);
        }
        if (receiver.ceRecorded()) {
            // seed 002, III-C: the CE timer gets what is left of the NAK interval
            ceDeadline = receiver.nakTimer() ? nakDeadline : t;
            schedule(ceDeadline, CE_EXPIRY, 0, false, ++ceGen);
        } else if (receiver.ceRestarted()) {
            ceDeadline = t + params.nakInterval();
        }
    }

    private void checkEpsn(Event e) {
        if (e.gen() != ceGen || !receiver.checkEpsnRunning()) {
            return;
        }
        if (e.time() < ceDeadline) {
            schedule(ceDeadline, CE_EXPIRY, 0, false, ceGen);
            return;
        }
        receiver.onCheckEpsn();
        receiverEvent(e.time());
        if (receiver.ceRestarted()) {
            schedule(ceDeadline, CE_EXPIRY, 0, false, ceGen);
        }
    }

    private void sendCtrl(double t, Ctrl c) {
        if (lost()) {
            if (c.kind() == Ctrl.Kind.NAK) {
                nakLost[c.psn()] = true;
            }
            return;
        }
        schedule(t + params.ctrlLatency(), CTRL, c.psn(), c.kind() == Ctrl.Kind.NAK, 0);
    }

    private void control(double t, int psn, boolean nak) {
        int before = sender.una();
        if (nak) {
            sender.onNak(psn);
        } else {
            sender.onAck(psn);
        }
        if (sender.una() > before) {
            retries = 0; // forward progress reloads the transport retry counter
        }
        armRto(t);
        kick(t);
    }

    private void timeout(double t) {
        if (t < rtoDeadline) {
            schedule(rtoDeadline, RTO, 0, false, 0);
            return;
        }
        causes.add(cause());
        if (++retries > params.retryCnt()) {
            qpError = true; // RoCE: Transport Retry Counter Exceeded, the QP goes to the error state
        }
        sender.onTimeout();
        armRto(t);
        schedule(rtoDeadline, RTO, 0, false, 0);
        kick(t);
    }

    /**
     * Why the sender had to wait for the RTO, read off the state when it fires, in the words of
     * seed 002 III-A, or a new cause when none of the four fits.
     */
    private String cause() {
        int epsn = receiver.epsn();
        int n = config.total();
        if (usefulInFlight()) {
            return TimeoutCause.PREMATURE_EXPIRY.words();
        }
        if (epsn >= n) {
            return TimeoutCause.LAST_ACK_LOST.words();
        }
        if (epsn == n - 1) {
            return TimeoutCause.LAST_PACKET_LOST.words();
        }
        if (nakLost[epsn]) {
            return TimeoutCause.NAK_LOST.words();
        }
        if (dataLost[epsn] >= 2) {
            return TimeoutCause.SAME_PACKET_LOST_TWICE.words();
        }
        return TimeoutCause.NEW_CAUSE_WORDS;
    }

    /**
     * Whether the RTO fires while the network still carries what would move the transfer on: a data
     * packet the receiver has not yet seen, or an ACK/NAK beyond the sender's oldest unacknowledged
     * packet (the same reading as the timed model's premature expiry).
     */
    private boolean usefulInFlight() {
        for (Event e : queue) {
            if (e.type() == DATA && e.psn() >= receiver.epsn() || e.type() == CTRL && e.psn() > sender.una()) {
                return true;
            }
        }
        return false;
    }

    private void kick(double t) {
        if (!txScheduled && sender.next() < config.total()) {
            schedule(Math.max(t, txFree), TX, 0, false, 0);
            txScheduled = true;
        }
    }

    private void armRto(double t) {
        rtoDeadline = t + params.rto();
    }

    private boolean lost() {
        draws++;
        if (--untilLoss > 0) {
            return false;
        }
        untilLoss = nextGap();
        lossesThisMessage++;
        return true;
    }

    /** Draws up to and including the next loss: geometric with the loss rate (never for rate 0). */
    private long nextGap() {
        double p = params.lossRate();
        if (p <= 0) {
            return Long.MAX_VALUE;
        }
        double u = 1.0 - rng.nextDouble();
        return 1 + (long) Math.floor(Math.log(u) / Math.log1p(-p));
    }

    private void schedule(double time, int type, int psn, boolean nak, long gen) {
        queue.add(new Event(time, seq++, type, psn, nak, gen));
    }
}
