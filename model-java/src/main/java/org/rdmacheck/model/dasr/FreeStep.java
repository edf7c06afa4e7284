package org.rdmacheck.model.dasr;

import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.layout.Expansion;
import org.rdmacheck.model.layout.Field;

/**
 * One thread's expansion of the free network's states (seed 000, III-B to III-E): message starts
 * and ends, look-ahead notifications, activity, failures, soft-state ticks and window ends under
 * every congestion location. Every sender step names its sender and the sender's tenant, so tenant
 * isolation can be checked per step. Reads the parent and writes each successor through the
 * layout's reused {@link Expansion}; nothing is allocated per state.
 */
final class FreeStep implements PackedModel.Expander {

    private static final int NRC = CongestionState.NonReceiverCongestion.ordinal();
    private static final int RC = CongestionState.ReceiverCongestion.ordinal();
    private static final CongestionLocation[] LOCATIONS = CongestionLocation.values();

    private final DartReceiverModel m;
    private final Design design;
    private final Expansion x;
    private final int n;
    private final int perTenant;
    private final int tenants;
    private final int messages;
    private final int[] tenantOf;
    private final int[][] members;
    private final int[][][] accepted;
    private final Field[][] flagsOf;
    private final boolean countMessages;
    private final boolean decrement;
    private final boolean lookahead;
    private final boolean lookaheadIgnored;
    private final boolean ecnInRc;
    private final boolean softState;
    /** a sender's packets refresh its soft state (III-B); knocked out, the environment records arrivals apart */
    private final boolean refresh;
    private final boolean lookaheadBeginsFlows;
    /** an idle sender's next message begins at line rate, n = 1 (III-A); knocked out, at its last n */
    private final boolean lineRateStart;
    /** the n of a tenant's ACKs counts every tenant's AUSS (apportioning knocked out), not its own */
    private final boolean receiverWide;
    /** the senders whose counts make up a tenant's n: its own, or every sender */
    private final int sharing;
    private final Field mode;
    private final Field ecnEcho;
    private final Field[] flight;
    private final Field[] auss;
    private final Field[] fresh;
    private final Field[] arrived;
    private final Field[] failed;
    private final Field[] applied;
    private final Field[] ack;
    private final Field[] sinceChange;
    private final Field[][] announced;
    /** the observations of each congestion location, flattened: location, ecn, lineRate */
    private final int[][] observations;
    private final int[] countedBefore;
    /** the parent, per sender: announced count, committed messages, in flight and not failed, tracked */
    private final int[] announcedBefore;
    private final int[] committedBefore;
    private final boolean[] sendingBefore;
    private final boolean[] trackedBefore;
    /** the parent, per sender: the n of the ACK on its way, and whether a window end sends it one */
    private final int[] ackBefore;
    private final boolean[] receivesBefore;
    /**
     * A window end's successor, per state: the parent with the ACKs, applied n and n-change clocks
     * of the window end, one for a next state of NonReceiverCongestion (n = 1) and one for another
     * (n = the count); they depend on nothing else. Each window end copies one and sets the machine
     * state and the ECN feedback. The layout has no FIFO, so a state is its header values.
     */
    private final int[][] windowValues;
    private final boolean[] windowKnown;
    private final int[] out;
    private final int header;
    private int[] parent;
    private int parentOffset;
    private PackedModel.Sink sink;
    /** the sink when it lends its buffer: successors are written there, once */
    private PackedModel.BufferSink direct;
    private int modeBefore;

    FreeStep(DartReceiverModel m) {
        this.m = m;
        DartConfig c = m.config();
        DartLayout f = m.layoutFields();
        this.x = new Expansion(f.layout);
        this.n = m.senders();
        this.perTenant = c.senders();
        this.tenants = c.tenants();
        this.messages = c.messages();
        this.tenantOf = m.tenants();
        this.members = m.members();
        this.accepted = m.acceptedPositions();
        this.flagsOf = m.flagsOf();
        Design d = c.design();
        this.design = d;
        this.countMessages = d.counting() == Design.SenderCounting.MESSAGES;
        this.decrement = d.endRule() == Design.EndRule.DECREMENT;
        this.lookahead = c.lookahead();
        this.lookaheadIgnored = d.lookaheadScope() == Design.LookaheadScope.IGNORED;
        this.ecnInRc = d.ecnInReceiverCongestion();
        this.softState = d.softStateTimeouts();
        this.refresh = d.softStateRefresh();
        this.lookaheadBeginsFlows = d.lookaheadBeginsFlows();
        this.lineRateStart = d.lineRateStart();
        // seed 000, III-E: a tenant's senders share its share of the line rate by its own AUSS
        this.receiverWide = d.apportioning() == Design.Apportioning.RECEIVER_WIDE;
        this.sharing = receiverWide ? n : perTenant;
        this.mode = f.mode;
        this.ecnEcho = f.ecnEcho;
        this.flight = f.flight;
        this.auss = f.auss;
        this.fresh = f.fresh;
        this.arrived = f.arrived;
        this.failed = f.failed;
        this.applied = f.applied;
        this.ack = f.ack;
        this.sinceChange = f.sinceChange;
        this.announced = f.announced;
        int count = 0;
        for (CongestionLocation loc : LOCATIONS) {
            count += loc.observations().size();
        }
        observations = new int[count][];
        int k = 0;
        for (CongestionLocation loc : LOCATIONS) {
            for (Observation o : loc.observations()) {
                observations[k++] = new int[] {loc.ordinal(), o.ecn() ? 1 : 0, o.lineRate() ? 1 : 0};
            }
        }
        this.countedBefore = new int[tenants];
        this.announcedBefore = new int[n];
        this.committedBefore = new int[n];
        this.sendingBefore = new boolean[n];
        this.trackedBefore = new boolean[n];
        this.ackBefore = new int[n];
        this.receivesBefore = new boolean[n];
        if (!f.layout.fifos().isEmpty()) {
            throw new IllegalStateException("the Dart layout declares no FIFO: a state is its header");
        }
        this.header = f.layout.header();
        this.windowValues = new int[2][header];
        this.windowKnown = new boolean[2];
        this.out = new int[header];
    }

    @Override
    public void successors(int[] state, int offset, PackedModel.Sink sink) {
        this.sink = sink;
        // every step below begins with x.begin() and ends with one emit, or (a window end) is written whole
        x.into(sink);
        direct = sink instanceof PackedModel.BufferSink b ? b : null;
        x.load(state, offset);
        parent = state;
        parentOffset = offset;
        windowKnown[0] = false;
        windowKnown[1] = false;
        modeBefore = x.get(mode);
        for (int t = 0; t < tenants; t++) {
            countedBefore[t] = countedBefore(t);
        }
        for (int i = 0; i < n; i++) {
            int a = 0;
            for (Field f : flagsOf[i]) {
                a += x.get(f);
            }
            int inFlight = x.get(flight[i]);
            announcedBefore[i] = a;
            committedBefore[i] = inFlight + a;
            sendingBefore[i] = inFlight > 0 && !x.is(failed[i]);
            trackedBefore[i] = x.get(auss[i]) > 0 || a > 0;
            ackBefore[i] = x.get(ack[i]);
            // a listed sender hears from the receiver before its packets arrive only through the look-ahead
            receivesBefore[i] = !x.is(failed[i]) && (inFlight > 0 || x.get(auss[i]) > 0 || a > 0 && !lookaheadIgnored);
        }
        messageStarts();
        if (lookahead) {
            lookAheadStarts();
            announcedStarts();
        }
        messageEnds();
        packets();
        fails();
        if (tickEnabled()) {
            softStateTick();
        }
        for (int[] o : observations) {
            windowEnd(o[0], o[1] != 0, o[2] != 0);
        }
        this.sink = null;
        this.direct = null;
        this.parent = null;
        x.into(null);
    }

    // ---- the parent ----

    /** The first sender whose count is in tenant t's n: its own first sender (III-E), or sender 0. */
    private int sharingFrom(int t) {
        return receiverWide ? 0 : t * perTenant;
    }

    private int countedBefore(int t) {
        int c = 0;
        for (int i = sharingFrom(t), end = i + sharing; i < end; i++) {
            int k = x.get(auss[i]);
            c += countMessages ? k : k > 0 ? 1 : 0;
        }
        return c;
    }

    // ---- the successor ----

    private int countedNow(int t) {
        int c = 0;
        for (int i = sharingFrom(t), end = i + sharing; i < end; i++) {
            int k = x.now(auss[i]);
            c += countMessages ? k : k > 0 ? 1 : 0;
        }
        return c;
    }

    private boolean announcedNow(int i) {
        for (Field a : flagsOf[i]) {
            if (x.now(a) != 0) {
                return true;
            }
        }
        return false;
    }

    private int advertised(int mode, int counted) {
        return design.advertised(mode, counted);
    }

    /**
     * A packet of sender i arrives at the receiver in this timeout period (its message's first or
     * last packet, or one between): the receiver's soft state is what records it (the flow's
     * timestamp, III-B); without the refresh the environment keeps its own record for the timing
     * assumption ({@link #tickEnabled}).
     */
    private void arrives(int i) {
        x.set(fresh[i], true);
        if (!refresh) {
            x.set(arrived[i], true);
        }
    }

    /** @return whether a packet of sender i arrived in this timeout period (the parent) */
    private boolean arrivedBefore(int i) {
        return refresh ? x.is(fresh[i]) : x.is(arrived[i]);
    }

    /** seed 000, III-B, Figure 4(a): a message of the sender starts; it joins the AUSS or its count goes up. */
    private void aussStart(int i) {
        x.set(auss[i], x.now(auss[i]) + 1);
    }

    /**
     * Ends a between-windows step: the n-change clocks of the tenants whose n changed reset. Steps
     * that may leave a sender idle put it in canonical form first ({@link #tidy}).
     */
    private void finish(int kind, int group, int sender) {
        for (int t = 0; t < tenants; t++) {
            if (advertised(modeBefore, countedNow(t)) != advertised(modeBefore, countedBefore[t])
                    && x.now(sinceChange[t]) != 0) {
                x.set(sinceChange[t], 0);
            }
        }
        x.emit(DartReceiverModel.code(kind, group, sender, 0), sink);
    }

    /** Ends a between-windows step that changes no AUSS: no tenant's n changed, no clock resets. */
    private void finishKeepingCounts(int kind, int sender) {
        x.emit(DartReceiverModel.code(kind, -1, sender, 0), sink);
    }

    /**
     * Canonical form of an idle sender (no message, not tracked): not fresh, line rate for its next
     * message ("all flows begin at the full line rate", III-A), no ACK pending. Every reachable
     * state has its idle senders in this form (the initial state has, and every step that may
     * leave a sender idle, a message end or a soft-state tick, tidies it), so a step tidies only
     * the senders it may have left idle: starts, packets and failures leave none, and a window end
     * gives an idle sender no ACK and applies none. With the line-rate start knocked out
     * ({@code line-rate-start}) an idle sender keeps the n it last applied, and its next message
     * begins at that rate.
     */
    private void tidy(int i) {
        if (x.now(flight[i]) == 0 && x.now(auss[i]) == 0 && !announcedNow(i)) {
            x.set(fresh[i], false);
            x.set(arrived[i], false);
            if (lineRateStart) {
                x.set(applied[i], 1);
            }
            x.set(ack[i], 0);
        }
    }

    // ---- the steps ----

    /** A plain message start: the sender joins its tenant's AUSS or its count goes up (III-B). */
    private void messageStarts() {
        for (int i = 0; i < n; i++) {
            if (!x.is(failed[i]) && committedBefore[i] < messages) {
                x.begin();
                x.set(flight[i], x.get(flight[i]) + 1);
                aussStart(i);
                arrives(i);
                finish(DartReceiverModel.MESSAGE_START, -1, i);
            }
        }
    }

    /**
     * The group's first message starts and carries the list of its senders: the others enter the AUSS
     * as if their messages had started now (III-D); the receiver accepts the senders of the
     * announcing tenant only (III-E) unless the design shares the lists. Their flows begin now, so
     * their soft-state timestamps are the notification's (III-B, III-D), unless that is knocked out.
     */
    private void lookAheadStarts() {
        for (int g = 0; g < members.length; g++) {
            if (anyAnnounced(g)) {
                continue;
            }
            for (int j = 0; j < members[g].length; j++) {
                int i = members[g][j];
                if (!lookAheadEnabled(g, j, i)) {
                    continue;
                }
                x.begin();
                x.set(flight[i], x.get(flight[i]) + 1);
                aussStart(i);
                arrives(i);
                for (int q : accepted[g][j]) {
                    int other = members[g][q];
                    if (!lookaheadIgnored) {
                        aussStart(other);
                    }
                    x.set(announced[g][q], true);
                    if (lookaheadBeginsFlows) {
                        x.set(fresh[other], true);
                    }
                }
                finish(DartReceiverModel.LOOK_AHEAD_START, g, i);
            }
        }
    }

    private boolean anyAnnounced(int g) {
        for (Field a : announced[g]) {
            if (x.is(a)) {
                return true;
            }
        }
        return false;
    }

    private boolean lookAheadEnabled(int g, int j, int i) {
        if (x.is(failed[i]) || committedBefore[i] >= messages) {
            return false;
        }
        for (int q : accepted[g][j]) {
            if (committedBefore[members[g][q]] >= messages) {
                return false;
            }
        }
        return true;
    }

    /**
     * A pre-counted sender's message starts: it was counted at the look-ahead, so n is unchanged
     * (without look-ahead at the receiver it enters the AUSS now).
     */
    private void announcedStarts() {
        for (int g = 0; g < members.length; g++) {
            for (int j = 0; j < members[g].length; j++) {
                int i = members[g][j];
                if (!x.is(announced[g][j]) || x.is(failed[i])) {
                    continue;
                }
                x.begin();
                if (lookaheadIgnored) {
                    aussStart(i);
                }
                x.set(announced[g][j], false);
                x.set(flight[i], x.get(flight[i]) + 1);
                arrives(i);
                finish(DartReceiverModel.ANNOUNCED_START, g, i);
            }
        }
    }

    /** A message ends: decrement and remove at zero (III-B, Figure 4(b)), or the faulty early removal. */
    private void messageEnds() {
        for (int i = 0; i < n; i++) {
            if (sendingBefore[i]) {
                x.begin();
                x.set(flight[i], x.get(flight[i]) - 1);
                int c = x.get(auss[i]);
                x.set(auss[i], decrement ? Math.max(0, c - 1) : 0);
                arrives(i);
                tidy(i);
                finish(DartReceiverModel.MESSAGE_END, -1, i);
            }
        }
    }

    /**
     * A packet of a sending sender arrives in a period without one: it refreshes the sender's soft
     * state, "the timestamp of the flow's last packet" (seed 000, III-B). Knocked out
     * ({@code soft-state-refresh}), the packet arrives and the receiver keeps the message start's
     * timestamp.
     */
    private void packets() {
        for (int i = 0; i < n; i++) {
            if (sendingBefore[i] && !arrivedBefore(i)) {
                x.begin();
                if (refresh) {
                    x.set(fresh[i], true);
                } else {
                    x.set(arrived[i], true);
                }
                finishKeepingCounts(DartReceiverModel.PACKET, i);
            }
        }
    }

    /** A sender with a committed message crashes; the ACK on its way to it is lost. */
    private void fails() {
        for (int i = 0; i < n; i++) {
            if (!x.is(failed[i]) && committedBefore[i] > 0) {
                x.begin();
                x.set(failed[i], true);
                x.set(ack[i], 0);
                finishKeepingCounts(DartReceiverModel.FAIL, i);
            }
        }
    }

    /**
     * Some sender to age, and the timing assumption of the soft state (seed 000, III-B: the timeout,
     * 2 s, is far longer than a live sender's gap between packets): a timeout period ends only after
     * a packet of every live sender with a message in flight arrived in it. The assumption is on
     * arrivals, the environment's; the receiver's refresh is what turns them into soft state.
     */
    private boolean tickEnabled() {
        if (!softState) {
            return false;
        }
        boolean someTracked = false;
        for (int i = 0; i < n; i++) {
            if (sendingBefore[i] && !arrivedBefore(i)) {
                return false;
            }
            someTracked |= trackedBefore[i];
        }
        return someTracked;
    }

    /** seed 000, III-B: one timeout period; a tracked sender without activity in it leaves the AUSS. */
    private void softStateTick() {
        x.begin();
        for (int i = 0; i < n; i++) {
            x.set(arrived[i], false);
            if (!trackedBefore[i]) {
                continue;
            }
            if (x.is(fresh[i])) {
                x.set(fresh[i], false);
            } else {
                x.set(auss[i], 0);
                for (Field a : flagsOf[i]) {
                    x.set(a, false);
                }
                if (x.is(failed[i])) {
                    x.set(flight[i], 0);
                }
                tidy(i);
            }
        }
        finish(DartReceiverModel.SOFT_STATE_TICK, -1, 0);
    }

    /**
     * The end of an observation window (one RTT): the machine moves on the observation (Figure 5),
     * senders apply the n that reached them, the receiver sends ACKs with the new n (and ECN feedback
     * if the new state forwards marks, III-C).
     */
    private void windowEnd(int location, boolean ecn, boolean lineRate) {
        int next = m.next(modeBefore, ecn, lineRate);
        int nrc = next == NRC ? 1 : 0;
        int[] w = windowValues[nrc];
        if (!windowKnown[nrc]) {
            feedback(w, next);
            windowKnown[nrc] = true;
        }
        int[] d = out;
        int b = 0;
        if (direct != null) {
            d = direct.room(header);
            b = direct.offset();
        }
        for (int i = 0; i < header; i++) {
            d[b + i] = w[i];
        }
        mode.set(d, b, next);
        boolean forwards = next != RC || ecnInRc;
        ecnEcho.set(d, b, ecn && forwards);
        long code = DartReceiverModel.observeCode(location, ecn, lineRate, 0);
        if (direct != null) {
            direct.written(code, header);
        } else {
            sink.accept(code, out, header);
        }
    }

    /**
     * Writes into {@code w} the parent as a window end into {@code next} leaves it but for the
     * machine state and the ECN feedback: senders apply the n that reached them ({@link Design#applies}), the receiver
     * sends ACKs with the n of the new state, the n-change clocks tick or reset.
     */
    private void feedback(int[] w, int next) {
        for (int i = 0; i < header; i++) {
            w[i] = parent[parentOffset + i];
        }
        for (int i = 0; i < n; i++) {
            int a = ackBefore[i];
            if (a != 0) {
                // seed 000, III-B: the ACK's n, smaller or larger (rate-recovery knocked out: never smaller)
                applied[i].set(w, 0, design.applies(applied[i].get(w, 0), a));
            }
            ack[i].set(w, 0, receivesBefore[i] ? advertised(next, countedBefore[tenantOf[i]]) : 0);
        }
        for (int t = 0; t < tenants; t++) {
            boolean changed = advertised(next, countedBefore[t]) != advertised(modeBefore, countedBefore[t]);
            sinceChange[t].set(w, 0, changed ? 1 : Math.min(2, sinceChange[t].get(w, 0) + 1));
        }
    }
}
