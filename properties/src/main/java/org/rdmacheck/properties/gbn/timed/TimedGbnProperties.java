package org.rdmacheck.properties.gbn.timed;

import java.util.List;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.gbn.timed.Packet;
import org.rdmacheck.model.gbn.timed.Reply;
import org.rdmacheck.model.gbn.timed.TimedGbnModel;
import org.rdmacheck.model.gbn.timed.TimedState;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.Property;

/** What must hold for timed RoCEv2 loss recovery (seed 002, II-IV), and what users ask of it. */
public final class TimedGbnProperties {

    /** The receiver delivers the sender's packets in order, each once. */
    public static final String IN_ORDER = "InOrderExactlyOnce";
    /** The sender never releases a packet the receiver has not received. */
    public static final String NO_UNRECEIVED_RELEASE = "NoUnreceivedRelease";
    /** Completion (all delivered, all acknowledged) is reachable from every state. */
    public static final String PROGRESS = "Completion";
    /** The ACK timeout never fires. */
    public static final String NO_TIMEOUT = "NoTimeout";
    /** The ACK timeout never fires while a packet, ACK or NAK that would move the transfer on is in flight. */
    public static final String NO_PREMATURE_TIMEOUT = "NoPrematureTimeout";
    /** No packet is sent again while the ACK that covers it is on its way to the sender. */
    public static final String NO_SPURIOUS_RETRANSMISSION = "NoSpuriousRetransmission";
    /** Neither end reads a PSN as a different sequence number than the one sent (wraparound). */
    public static final String NO_PSN_CONFUSION = "NoPsnConfusion";
    /** The transfer waits for at most k RTO expiries. */
    public static final String WITHIN_K_RTOS = "CompletionWithinKRtos";
    /** Packets delivered per packet put on the wire stay above the goodput bound. */
    public static final String GOODPUT = "GoodputBound";

    private TimedGbnProperties() {
    }

    /**
     * @param model the configured model
     * @return the properties, in report order
     */
    public static List<Property<TimedState>> of(TimedGbnModel model) {
        int maxRtos = model.config().maxRtos();
        int maxSent = model.config().maxTransmissions();
        return List.of(
                new ActionProperty<TimedState>(IN_ORDER, TimedGbnProperties::inOrder),
                new Invariant<TimedState>(NO_UNRECEIVED_RELEASE, s -> s.una() <= s.good()),
                DeadlockFreedom.standard(),
                new Progress<TimedState>(PROGRESS, model::done),
                new ActionProperty<TimedState>(NO_TIMEOUT, (from, a, to) -> !a.name().equals(TimedGbnModel.TIMEOUT)),
                new ActionProperty<TimedState>(NO_PREMATURE_TIMEOUT,
                        (from, a, to) -> !a.name().equals(TimedGbnModel.TIMEOUT) || !premature(from)),
                new ActionProperty<TimedState>(NO_SPURIOUS_RETRANSMISSION, TimedGbnProperties::notSpurious),
                new ActionProperty<TimedState>(NO_PSN_CONFUSION, TimedGbnProperties::readRight),
                new Invariant<TimedState>(WITHIN_K_RTOS, s -> s.timeouts() <= maxRtos),
                new Invariant<TimedState>(GOODPUT, s -> s.sent() <= maxSent));
    }

    /**
     * The application sees the receiver's EPSN move from e to e+1 only when it accepts the packet the
     * sender numbered e.
     */
    static boolean inOrder(TimedState from, Action a, TimedState to) {
        if (to.epsn() == from.epsn()) {
            return true;
        }
        return to.epsn() == from.epsn() + 1 && a.name().equals(TimedGbnModel.RECEIVE_DATA)
                && a.params().get("seq") instanceof Integer seq && seq == from.epsn();
    }

    /**
     * A premature expiry: when the RTO fires, the network still carries an ACK/NAK that would move
     * the sender on, or a data packet the receiver has not yet seen (it would be accepted or draw a
     * NAK). The RTO should exceed the round trip (seed 002, IV-A: "a little larger than the RTT").
     *
     * @param s the state in which the RTO fires
     * @return whether the expiry is premature
     */
    public static boolean premature(TimedState s) {
        for (Reply r : s.ctrl()) {
            if (r.n() > s.una()) {
                return true;
            }
        }
        for (Packet p : s.data()) {
            if (p.seq() >= s.epsn()) {
                return true;
            }
        }
        return false;
    }

    /** A packet sent again although the receiver has it and an ACK/NAK covering it is in flight. */
    static boolean notSpurious(TimedState from, Action a, TimedState to) {
        if (!a.name().equals(TimedGbnModel.SEND) || !(a.params().get("seq") instanceof Integer seq) || seq >= from.good()) {
            return true;
        }
        for (Reply r : from.ctrl()) {
            if (r.n() > seq) {
                return false;
            }
        }
        return true;
    }

    /**
     * The receiver takes a packet for the sequence number it was sent with; the sender never takes
     * an old ACK/NAK (below its oldest unacknowledged packet) for a valid new one.
     */
    static boolean readRight(TimedState from, Action a, TimedState to) {
        Object as = a.params().get("as");
        return switch (a.name()) {
            case TimedGbnModel.RECEIVE_DATA -> as.equals(a.params().get("seq"));
            case "ReceiveAck", "ReceiveNak" -> (Integer) a.params().get("n") >= from.una() || (Integer) as > from.high();
            default -> true;
        };
    }
}
