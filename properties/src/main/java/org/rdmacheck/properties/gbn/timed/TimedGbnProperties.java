package org.rdmacheck.properties.gbn.timed;

import java.util.List;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.gbn.timed.TimedGoBackN;
import org.rdmacheck.model.gbn.timed.TimedLayout;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.Property;
import org.rdmacheck.properties.Reads;

/** What must hold for timed RoCEv2 loss recovery (seed 002, II-IV), and what users ask of it. */
public final class TimedGbnProperties {

    /** The receiver delivers the sender's packets in order, each once. */
    public static final String IN_ORDER = "InOrderExactlyOnce";
    /** The sender never releases a packet the receiver has not received. */
    public static final String NO_UNRECEIVED_RELEASE = "NoUnreceivedRelease";
    /** Completion (all delivered, all acknowledged) is reachable from every state. */
    public static final String PROGRESS = "Completion";
    /**
     * Liveness under fairness: every fair behaviour completes the transfer ({@code <>done}); the
     * twin's {@code Delivered} (specs/gbn-timed/Spec.tla), declared by {@link TimedGbnEntry#liveness}.
     */
    public static final String DELIVERED = "Delivered";
    /**
     * Liveness under fairness: no behaviour is Zeno; every fair behaviour lets time pass infinitely
     * often or ends in a final state ({@code <>[]final \/ []<><<Tick>>_vars}); the twin's
     * {@code TimeDiverges}, declared by {@link TimedGbnEntry#liveness}.
     */
    public static final String TIME_DIVERGES = "TimeDiverges";
    /** The ACK timeout never fires. */
    public static final String NO_TIMEOUT = "NoTimeout";
    /** The ACK timeout never fires while a packet, ACK or NAK that would move the transfer on is in flight. */
    public static final String NO_PREMATURE_TIMEOUT = "NoPrematureTimeout";
    /** No packet is sent again while the ACK that covers it is on its way to the sender. */
    public static final String NO_SPURIOUS_RETRANSMISSION = "NoSpuriousRetransmission";
    /**
     * No NAK storm: the receiver never sends NAK(n) while a NAK(n) it sent, or packet n itself, is
     * already on its way (seed 002, II-A: without the NAK interval every later out-of-order packet
     * draws another NAK(n), "redundant NAK (PSN=n) packets").
     */
    public static final String NO_REDUNDANT_NAK = "NoRedundantNak";
    /** Neither end reads a PSN as a different sequence number than the one sent (wraparound). */
    public static final String NO_PSN_CONFUSION = "NoPsnConfusion";
    /** The transfer waits for at most k RTO expiries. */
    public static final String WITHIN_K_RTOS = "CompletionWithinKRtos";
    /**
     * Packets delivered per packet put on the wire stay above the goodput bound: a figure of merit of
     * the configuration, asked for with {@code goodput} (percent); with {@code goodput=0}, the
     * default, it asks for nothing and holds. Seed 002 states no goodput at a number of losses.
     */
    public static final String GOODPUT = "GoodputBound";
    /**
     * The transmissions stay within what the scheme's recovery accounts for (seed 002, II-A, III-C):
     * beyond the first sends of the packets sent so far (Send-Twice's second copy of each last packet
     * included), per loss the network made, one go-back's resend (the window for Go-Back-N, the
     * message from its first packet for Go-Back-0, the last packets resent twice under Send-Twice;
     * {@code TimedConfig#resendPerLoss}). A go-back no loss paid for (a premature RTO, a redundant
     * NAK, a reordered packet's NAK, an RTO with no ACK requested) spends beyond it.
     */
    public static final String RETRANSMISSION_BOUND = "RetransmissionBound";

    /**
     * The ACK timer expires exactly RTO after it is started (or restarted by an ACK that makes
     * progress, where the RTO restarts): never earlier, never later (seed 002, III-A: timeout
     * retransmission "after the ACK timeout"; IV-A: the RTO is set "a little larger than the RTT").
     * A step that starts it sets it to the full RTO, a tick lowers it by the time that passes, and
     * nothing else changes a running timer but its expiry or the last acknowledgement.
     */
    public static final String RTO_EXACT = "RtoExact";
    /**
     * The Check-EPSN timer runs out exactly when the NAK interval it recorded does (seed 002, III-C
     * (2): "record the left time of NAK Interval T ... After time T running out, if EPSN &lt; LPSN,
     * send back NAK (EPSN)"): when the last packet of a message arrives while EPSN &lt; LPSN, the
     * receiver records LPSN and the CE timer is set to what is left of the NAK interval, not the
     * full interval.
     */
    public static final String CE_AT_NAK_INTERVAL_END = "CheckEpsnAtNakIntervalEnd";

    /**
     * The RTO never fires while the receiver waits for a packet other than a message's last one
     * (seed 002, III-A reasons 3 and 4; III-C: Check-EPSN), as in the untimed model.
     */
    public static final String NO_STALLED_GAP = org.rdmacheck.properties.gbn.GbnProperties.NO_STALLED_GAP;

    private TimedGbnProperties() {
    }

    /**
     * @param model the configured model
     * @return the properties, in report order
     */
    public static List<Property<LayoutState>> of(TimedGoBackN model) {
        TimedLayout g = model.fields();
        int maxRtos = model.config().maxRtos();
        int maxSent = model.config().goodputTransmissions().orElse(Integer.MAX_VALUE);
        org.rdmacheck.model.gbn.timed.TimedConfig config = model.config();
        int losses = config.losses();
        org.rdmacheck.model.gbn.GbnConfig protocol = model.config().protocol();
        int total = protocol.total();
        return List.of(
                new ActionProperty<LayoutState>(IN_ORDER, (from, a, to) -> inOrder(g, from, a, to))
                        .withReads(Reads.of(List.of(g.epsn), TimedGoBackN.RECEIVE_DATA)),
                new Invariant<LayoutState>(NO_UNRECEIVED_RELEASE, s -> s.get(g.una) <= s.get(g.good))
                        .withPacked((s, o) -> g.una.get(s, o) <= g.good.get(s, o))
                        .withReads(Reads.of(List.of(g.una, g.good))),
                DeadlockFreedom.standard(),
                new Progress<LayoutState>(PROGRESS, model::done),
                new ActionProperty<LayoutState>(NO_TIMEOUT, (from, a, to) -> !a.name().equals(TimedGoBackN.TIMEOUT))
                        .withPacked((from, o, code, to) -> !TimedGoBackN.isTimeout(code))
                        .withReads(Reads.of(List.of(), TimedGoBackN.TIMEOUT)),
                new ActionProperty<LayoutState>(NO_PREMATURE_TIMEOUT,
                        (from, a, to) -> !a.name().equals(TimedGoBackN.TIMEOUT) || !premature(g, from))
                        .withReads(Reads.of(List.of(g.una, g.ctrl, g.epsn, g.data), TimedGoBackN.TIMEOUT)),
                new ActionProperty<LayoutState>(NO_STALLED_GAP, (from, a, to) -> !a.name().equals(TimedGoBackN.TIMEOUT)
                        || from.get(g.epsn) >= total || protocol.isLast(from.get(g.epsn)))
                        .withReads(Reads.of(List.of(g.epsn), TimedGoBackN.TIMEOUT)),
                new ActionProperty<LayoutState>(NO_SPURIOUS_RETRANSMISSION, (from, a, to) -> notSpurious(g, from, a))
                        .withReads(Reads.of(List.of(g.good, g.ctrl), TimedGoBackN.SEND)),
                // a step that leaves the receiver's EPSN, the control channel and the data channel
                // unchanged adds no NAK: whatever its action, it holds
                new ActionProperty<LayoutState>(NO_REDUNDANT_NAK, (from, a, to) -> !redundantNak(g, from, to))
                        .withReads(Reads.of(List.of(g.epsn, g.ctrl, g.data))),
                new ActionProperty<LayoutState>(NO_PSN_CONFUSION, (from, a, to) -> readRight(g, from, a))
                        .withReads(Reads.of(List.of(g.una, g.high), TimedGoBackN.RECEIVE_DATA, "ReceiveAck",
                                "ReceiveNak")),
                new ActionProperty<LayoutState>(RTO_EXACT, (from, a, to) -> rtoExact(g, model.config().rtoTicks(),
                        protocol.has(org.rdmacheck.model.gbn.GbnMechanism.RTO_RESTART), from, a, to))
                        .withReads(Reads.of(List.of(g.rto, g.una))),
                new ActionProperty<LayoutState>(CE_AT_NAK_INTERVAL_END, (from, a, to) -> !recordsLpsn(g, protocol, from, a)
                        || ceAtNakIntervalEnd(g, a, to))
                        .withReads(Reads.of(List.of(g.epsn, g.ce, g.nak, g.ceLpsn), TimedGoBackN.RECEIVE_DATA)),
                new Invariant<LayoutState>(WITHIN_K_RTOS, s -> s.get(g.timeouts) <= maxRtos)
                        .withPacked((s, o) -> g.timeouts.get(s, o) <= maxRtos)
                        .withReads(Reads.of(List.of(g.timeouts))),
                new Invariant<LayoutState>(RETRANSMISSION_BOUND, s -> s.get(g.sent) - config.firstTransmissions(
                        s.get(g.high)) <= (losses - s.get(g.lossesLeft)) * config.resendPerLoss())
                        .withPacked((s, o) -> g.sent.get(s, o) - config.firstTransmissions(g.high.get(s, o))
                                <= (losses - g.lossesLeft.get(s, o)) * config.resendPerLoss())
                        .withReads(Reads.of(List.of(g.sent, g.high, g.lossesLeft))),
                new Invariant<LayoutState>(GOODPUT, s -> s.get(g.sent) <= maxSent)
                        .withPacked((s, o) -> g.sent.get(s, o) <= maxSent)
                        .withReads(Reads.of(List.of(g.sent))));
    }

    /**
     * The application sees the receiver's EPSN move from e to e+1 only when it accepts the packet the
     * sender numbered e, and is never handed a packet again: a ReceiveData step that delivers a packet
     * the receiver reads below EPSN (seed 002, II-A: a duplicate, which the receiver drops) fails, also
     * when EPSN is left as it was (a copy of PSN e - 1 taken: EPSN = e again), which no comparison of
     * EPSN before and after can see.
     */
    static boolean inOrder(TimedLayout g, LayoutState from, Action a, LayoutState to) {
        if (a.params().get(TimedGoBackN.AGAIN_PARAM) != null) {
            return false;
        }
        int e = from.get(g.epsn);
        int after = to.get(g.epsn);
        if (after == e) {
            return true;
        }
        return after == e + 1 && a.name().equals(TimedGoBackN.RECEIVE_DATA)
                && a.params().get("seq") instanceof Integer seq && seq == e;
    }

    /**
     * A premature expiry: when the RTO fires, the network still carries an ACK/NAK that would move
     * the sender on, or a data packet the receiver has not yet seen (it would be accepted or draw a
     * NAK). The RTO should exceed the round trip (seed 002, IV-A: "a little larger than the RTT").
     *
     * @param g the model's layout
     * @param s the state in which the RTO fires
     * @return whether the expiry is premature
     */
    public static boolean premature(TimedLayout g, LayoutState s) {
        int una = s.get(g.una);
        for (int r : s.elements(g.ctrl)) {
            if (g.ctrlN.of(r) > una) {
                return true;
            }
        }
        int epsn = s.get(g.epsn);
        for (int p : s.elements(g.data)) {
            if (g.dataSeq.of(p) >= epsn) {
                return true;
            }
        }
        return false;
    }

    /**
     * The ACK timer's exactness on one step: a timer that runs after the step was either started by
     * it with the full RTO (it was idle, or an ACK moved the oldest unacknowledged packet on and the
     * RTO restarts on progress), or it runs on, lowered by exactly the ticks the step lets pass.
     *
     * @param g        the model's layout
     * @param rtoTicks the RTO in ticks
     * @param restarts whether an ACK that makes progress restarts the timer
     * @param from     a state
     * @param a        the step's action
     * @param to       its successor
     * @return whether the step keeps the ACK timer exact
     */
    public static boolean rtoExact(TimedLayout g, int rtoTicks, boolean restarts, LayoutState from, Action a,
                                   LayoutState to) {
        int after = to.get(g.rto);
        if (after < 0) {
            return true;
        }
        int before = from.get(g.rto);
        boolean started = before < 0 || restarts && to.get(g.una) > from.get(g.una);
        if (started) {
            return after == rtoTicks;
        }
        int elapsed = a.name().equals("Tick") ? (Integer) a.params().get("by") : 0;
        return after == before - elapsed;
    }

    /**
     * @param g        the model's layout
     * @param protocol the protocol configuration
     * @param from     a state
     * @param a        an action
     * @return whether the action delivers a message's last packet ahead of EPSN to a receiver that
     *         runs Check-EPSN: the moment the receiver records LPSN and the time left, T
     */
    static boolean recordsLpsn(TimedLayout g, org.rdmacheck.model.gbn.GbnConfig protocol, LayoutState from, Action a) {
        if (!a.name().equals(TimedGoBackN.RECEIVE_DATA) || !protocol.variant().checkEpsn()
                || !protocol.has(org.rdmacheck.model.gbn.GbnMechanism.CHECK_EPSN)) {
            return false;
        }
        int seq = (Integer) a.params().get("seq");
        int as = (Integer) a.params().get("as");
        return protocol.isLast(seq) && as > from.get(g.epsn);
    }

    /**
     * @param g  the model's layout
     * @param a  the step that records LPSN
     * @param to its successor
     * @return whether the receiver recorded LPSN and set the CE timer to what is left of the NAK interval
     */
    static boolean ceAtNakIntervalEnd(TimedLayout g, Action a, LayoutState to) {
        return to.get(g.ceLpsn) == (Integer) a.params().get("as") && to.get(g.ce) == Math.max(to.get(g.nak), 0);
    }

    /**
     * @param g    the model's layout
     * @param from a state
     * @param to   its successor
     * @return whether the step sends a NAK(n) while a NAK(n) or packet n is in flight
     */
    static boolean redundantNak(TimedLayout g, LayoutState from, LayoutState to) {
        int n = from.get(g.epsn);
        int before = naks(g, from, n);
        if (naks(g, to, n) <= before) {
            return false;
        }
        if (before > 0) {
            return true;
        }
        for (int p : from.elements(g.data)) {
            if (g.dataSeq.of(p) == n) {
                return true;
            }
        }
        return false;
    }

    private static int naks(TimedLayout g, LayoutState s, int n) {
        int nak = org.rdmacheck.model.gbn.Ctrl.Kind.NAK.ordinal();
        int k = 0;
        for (int r : s.elements(g.ctrl)) {
            if (g.ctrlKind.of(r) == nak && g.ctrlN.of(r) == n) {
                k++;
            }
        }
        return k;
    }

    /** A packet sent again although the receiver has it and an ACK/NAK covering it is in flight. */
    static boolean notSpurious(TimedLayout g, LayoutState from, Action a) {
        if (!a.name().equals(TimedGoBackN.SEND) || !(a.params().get("seq") instanceof Integer seq)
                || seq >= from.get(g.good)) {
            return true;
        }
        for (int r : from.elements(g.ctrl)) {
            if (g.ctrlN.of(r) > seq) {
                return false;
            }
        }
        return true;
    }

    /**
     * The receiver takes a packet for the sequence number it was sent with; the sender never takes
     * an old ACK/NAK (below its oldest unacknowledged packet) for a valid new one.
     */
    static boolean readRight(TimedLayout g, LayoutState from, Action a) {
        Object as = a.params().get("as");
        return switch (a.name()) {
            case TimedGoBackN.RECEIVE_DATA -> as.equals(a.params().get("seq"));
            case "ReceiveAck", "ReceiveNak" -> (Integer) a.params().get("n") >= from.get(g.una)
                    || (Integer) as > from.get(g.high);
            default -> true;
        };
    }
}
