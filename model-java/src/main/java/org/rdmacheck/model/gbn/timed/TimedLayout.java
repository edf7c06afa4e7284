package org.rdmacheck.model.gbn.timed;

import org.rdmacheck.model.gbn.Ctrl;
import org.rdmacheck.model.layout.Fifo;
import org.rdmacheck.model.layout.Field;
import org.rdmacheck.model.layout.StateLayout;

/**
 * The declared state of the timed Go-Back-N model. Clocks count down in ticks and are -1 when idle.
 * The names are those of {@code specs/gbn-timed/Spec.tla}'s variables. Bounds: sequence numbers up
 * to N (the receiver may take one packet too many under PSN confusion, which ends the run), what a
 * receiver reads a PSN as within half the PSN space of EPSN, ages up to the greatest delay; a
 * channel holds at most what the sender can put on the link (one transmission of up to two copies
 * per tick) and the network can copy within the packets' lifetimes.
 */
public final class TimedLayout {

    /** sender: next sequence number to transmit */
    public final Field next;
    /** sender: one past the highest sequence number ever transmitted */
    public final Field high;
    /** sender: oldest unacknowledged sequence number */
    public final Field una;
    /** sender: ticks left on the ACK timer, -1 when idle */
    public final Field rto;
    /** sender: the link already carried a packet in this tick */
    public final Field busy;
    /** receiver: expected sequence number */
    public final Field epsn;
    /** receiver: ticks left of the running NAK interval, -1 when none runs */
    public final Field nak;
    /** receiver: ticks left on the Check-EPSN timer, -1 when idle */
    public final Field ce;
    /** receiver: the LPSN Check-EPSN recorded (as the receiver read it), -1 when idle */
    public final Field ceLpsn;
    /** receiver: EPSN of the last NAK under the per-EPSN NAK policy, -1 otherwise */
    public final Field lastNak;
    /** data packets in flight (send order under FIFO, sorted under reordering) */
    public final Fifo data;
    /** a data packet's sequence number */
    public final Field dataSeq;
    /** ticks since the data packet was sent */
    public final Field dataAge;
    /** ACKs and NAKs in flight */
    public final Fifo ctrl;
    /** ACK or NAK */
    public final Field ctrlKind;
    /** the receiver's EPSN when it sent the reply */
    public final Field ctrlN;
    /** ticks since the reply was sent */
    public final Field ctrlAge;
    /** the loss budget still unused */
    public final Field lossesLeft;
    /** the duplication budget still unused */
    public final Field dupsLeft;
    /** history: length of the prefix the receiver accepted correctly */
    public final Field good;
    /** history: ACK timeouts so far, saturating one above the bound of "completion within k RTOs" */
    public final Field timeouts;
    /** history: data packets put on the wire so far, saturating one above RetransmissionBound and GoodputBound */
    public final Field sent;
    /** the layout */
    public final StateLayout layout;

    /** The most packets a channel may hold in this encoding; a configuration needing more is refused. */
    static final int MAX_CHANNEL = 4096;

    /**
     * @param c the configuration
     */
    TimedLayout(TimedConfig c) {
        int total = c.total();
        int half = c.psns().size() / 2;
        int dataCap = 2 * (c.delayMax() + 1) + c.netDuplicates();
        // a reply answers a data packet sent at most 2·delayMax ticks ago, or is CE's (one per tick)
        int ctrlCap = 2 * (2 * c.delayMax() + 1) + c.netDuplicates() + c.delayMax() + 1;
        if (ctrlCap > MAX_CHANNEL) {
            throw new org.rdmacheck.model.InputException("delayMax = " + c.delayMax() + ": channels of up to "
                    + ctrlCap + " packets in flight; expected delayMax <= " + (MAX_CHANNEL - 2) / 5);
        }
        int rtoMax = Math.max(0, c.rtoTicks());
        StateLayout.Builder b = StateLayout.builder();
        next = b.integer("next", 0, total);
        high = b.integer("high", 0, total);
        una = b.integer("una", 0, total);
        rto = b.integer("rto", -1, rtoMax);
        busy = b.bool("busy");
        epsn = b.integer("epsn", 0, total + 1);
        nak = b.integer("nak", -1, c.nakTicks());
        ce = b.integer("ce", -1, c.nakTicks());
        ceLpsn = b.integer("ceLpsn", -1, total + 1 + half);
        lastNak = b.integer("lastNak", -1, total + 1);
        dataSeq = StateLayout.Builder.component("seq", 0, Math.max(0, total - 1));
        dataAge = StateLayout.Builder.component("age", 0, c.delayMax());
        data = b.fifo("data", dataCap, dataSeq, dataAge);
        ctrlKind = StateLayout.Builder.kind("kind", Ctrl.Kind.class);
        ctrlN = StateLayout.Builder.component("n", 0, total + 1);
        ctrlAge = StateLayout.Builder.component("age", 0, c.delayMax());
        ctrl = b.fifo("ctrl", ctrlCap, ctrlKind, ctrlN, ctrlAge);
        lossesLeft = b.integer("lossesLeft", 0, c.losses());
        dupsLeft = b.integer("dupsLeft", 0, c.netDuplicates());
        good = b.integer("good", 0, total);
        timeouts = b.integer("timeouts", 0, c.maxRtos() + 1);
        sent = b.integer("sent", 0, c.sentCap());
        layout = b.build();
    }

    /** @param seq a sequence number  @param age an age  @return the data element's bits */
    public int data(int seq, int age) {
        return dataSeq.bits(seq) | dataAge.bits(age);
    }

    /** @param kind ACK or NAK  @param n its EPSN  @param age its age  @return the control element's bits */
    public int ctrl(Ctrl.Kind kind, int n, int age) {
        return ctrlKind.bits(kind.ordinal()) | ctrlN.bits(n) | ctrlAge.bits(age);
    }
}
