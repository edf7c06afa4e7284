package org.rdmacheck.model.gbn;

/**
 * The responder's loss-recovery rules under Go-Back-0, Go-Back-N, ST and CE (seed 002, II-A and
 * III-C), written once for the exhaustive models and the timed simulator: only when events happen
 * differs between them. A receiver is a register of the responder's variables; a model loads them
 * from its state, applies one event and stores them back, and a simulator keeps one as its state.
 * After each event it tells what else happened: the reply sent, whether a packet was delivered,
 * and which timers a timed model must (re)arm.
 *
 * <p>Variables: EPSN (every PSN below it was accepted and delivered, in order); whether a NAK
 * interval runs; the LPSN Check-EPSN recorded while its timer runs (-1 when idle); under
 * {@link NakPolicy#PER_EPSN} the EPSN of the last NAK (-1 otherwise).
 *
 * <p>Not thread-safe: one per thread.
 */
public final class Receiver {

    /** No reply: {@link #reply()} after an event that sends nothing. */
    public static final int NO_REPLY = -1;

    private final DuplicatePolicy duplicates;
    private final boolean perEpsn;
    private final boolean records;
    private final boolean nakLimited;
    private final boolean ceRestarts;
    private final boolean ceResetsOnEpsn;
    private final boolean epsnCheck;
    private final boolean duplicateDetection;

    private int epsn;
    private boolean nakTimer;
    private int ceLpsn;
    private int lastNak;

    private int reply;
    private boolean delivered;
    private boolean nakIntervalStarted;
    private boolean ceRecorded;
    private boolean ceRestarted;

    /**
     * A receiver in its initial state: EPSN 0, no timer running.
     *
     * @param config the protocol configuration (variant, policies, knock-outs)
     */
    public Receiver(GbnConfig config) {
        this.duplicates = config.duplicates();
        this.perEpsn = config.nakPolicy() == NakPolicy.PER_EPSN;
        this.records = config.variant().checkEpsn() && config.has(GbnMechanism.CHECK_EPSN);
        this.nakLimited = config.has(GbnMechanism.NAK_INTERVAL);
        this.ceRestarts = config.has(GbnMechanism.CE_TIMER_RESTART);
        this.ceResetsOnEpsn = config.has(GbnMechanism.CE_RESET_ON_EPSN);
        this.epsnCheck = config.has(GbnMechanism.EPSN_CHECK);
        this.duplicateDetection = config.has(GbnMechanism.DUPLICATE_DETECTION);
        load(0, false, -1, -1);
    }

    /**
     * Sets the variables (a model loading them from a state).
     *
     * @param epsn     expected PSN
     * @param nakTimer whether a NAK interval runs
     * @param ceLpsn   the LPSN Check-EPSN recorded, -1 when its timer is idle
     * @param lastNak  EPSN of the last NAK under the per-EPSN policy, -1 otherwise
     */
    public void load(int epsn, boolean nakTimer, int ceLpsn, int lastNak) {
        this.epsn = epsn;
        this.nakTimer = nakTimer;
        this.ceLpsn = ceLpsn;
        this.lastNak = lastNak;
    }

    private void quiet() {
        reply = NO_REPLY;
        delivered = false;
        nakIntervalStarted = false;
        ceRecorded = false;
        ceRestarted = false;
    }

    /**
     * A data packet arrives, as the receiver reads it: {@code psn} is the PSN the receiver takes it
     * for (under PSN wraparound it may differ from the sender's), {@code last} and {@code ackReq}
     * are the header bits it carries (opcode "Last", AckReq).
     *
     * @param psn    the PSN as the receiver reads it
     * @param last   whether the packet carries the opcode "Last"
     * @param ackReq whether the packet carries the AckReq bit
     */
    public void onData(int psn, boolean last, boolean ackReq) {
        quiet();
        // knock-outs only: without the EPSN check a packet ahead of EPSN, without duplicate detection
        // one below it, is taken as the next packet (EPSN jumps past a gap or moves back)
        boolean taken = psn == epsn || psn > epsn && !epsnCheck || psn < epsn && !duplicateDetection;
        if (taken) {
            // in order: accept, deliver, acknowledge if the packet requests it (seed 002, II-A); the CE
            // timer keeps running ("if the packet (EPSN) is received during the time T, only set the
            // timer to the initial value", seed 002, III-C)
            epsn = psn + 1;
            delivered = true;
            reply = ackReq ? ack(psn + 1) : NO_REPLY;
            ceRestarted = ceLpsn >= 0 && ceResetsOnEpsn;
            if (!ceResetsOnEpsn) {
                ceLpsn = -1; // knock-out ce-reset-on-epsn only: the in-order packet stops the CE timer
            }
        } else if (psn < epsn) {
            // duplicate: InfiniBand acknowledges a duplicate that requests an ACK; some simulators do not
            reply = duplicates == DuplicatePolicy.ACK && ackReq ? ack(epsn) : NO_REPLY;
        } else {
            outOfOrder(psn, last);
        }
    }

    private void outOfOrder(int psn, boolean last) {
        // seed 002, III-C: CE records LPSN when the last packet arrives while EPSN < LPSN
        ceRecorded = records && last;
        if (ceRecorded) {
            ceLpsn = psn;
        }
        boolean suppressed = nakLimited && nakTimer && (!perEpsn || lastNak == epsn);
        nakTimer = true;
        if (!suppressed) {
            // at most one NAK per NAK interval (seed 002, II-A); otherwise the packet is dropped silently
            nak();
        }
    }

    private void nak() {
        lastNak = perEpsn ? epsn : -1;
        reply = nak(epsn);
        nakIntervalStarted = true;
    }

    /** The NAK interval ends: the receiver may send a NAK again when the next out-of-order packet arrives. */
    public void onNakIntervalExpiry() {
        quiet();
        nakTimer = false;
    }

    /**
     * The CE timer runs out (seed 002, III-C): if EPSN &lt; LPSN, send NAK(EPSN) and start the timer
     * again with the full NAK interval; otherwise the timer stops.
     */
    public void onCheckEpsn() {
        quiet();
        if (epsn < ceLpsn) {
            nakTimer = true;
            nak();
            ceRestarted = ceRestarts;
            if (!ceRestarts) {
                ceLpsn = -1;
            }
        } else {
            ceLpsn = -1;
        }
    }

    /** @return expected PSN */
    public int epsn() {
        return epsn;
    }

    /** @return whether a NAK interval runs */
    public boolean nakTimer() {
        return nakTimer;
    }

    /** @return the LPSN Check-EPSN recorded, -1 when its timer is idle */
    public int ceLpsn() {
        return ceLpsn;
    }

    /** @return EPSN of the last NAK under the per-EPSN policy, -1 otherwise */
    public int lastNak() {
        return lastNak;
    }

    /** @return whether the Check-EPSN timer runs */
    public boolean checkEpsnRunning() {
        return ceLpsn >= 0;
    }

    /** @return the reply of the last event, {@link #NO_REPLY} or a code ({@link #replyPsn}, {@link #replyKind}) */
    public int reply() {
        return reply;
    }

    /** @return whether the last event accepted and delivered a packet */
    public boolean delivered() {
        return delivered;
    }

    /** @return whether the last event sent a NAK, so a new NAK interval starts */
    public boolean nakIntervalStarted() {
        return nakIntervalStarted;
    }

    /** @return whether the last event recorded LPSN: the CE timer gets what is left of the NAK interval */
    public boolean ceRecorded() {
        return ceRecorded;
    }

    /** @return whether the last event sets the CE timer to the full NAK interval again */
    public boolean ceRestarted() {
        return ceRestarted;
    }

    /** @param psn n  @return the reply code of ACK(n) */
    public static int ack(int psn) {
        return psn << 1 | Ctrl.Kind.ACK.ordinal();
    }

    /** @param psn n  @return the reply code of NAK(n) */
    public static int nak(int psn) {
        return psn << 1 | Ctrl.Kind.NAK.ordinal();
    }

    /** @param reply a reply code  @return the PSN it carries */
    public static int replyPsn(int reply) {
        return reply >>> 1;
    }

    /** @param reply a reply code  @return ACK or NAK */
    public static Ctrl.Kind replyKind(int reply) {
        return (reply & 1) == 0 ? Ctrl.Kind.ACK : Ctrl.Kind.NAK;
    }
}
