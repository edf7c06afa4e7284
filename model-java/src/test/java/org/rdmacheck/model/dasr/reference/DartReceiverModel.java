package org.rdmacheck.model.dasr.reference;

import org.rdmacheck.model.dasr.*;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Transition;

/**
 * Dart's receiver (seed 000, III): the three-state congestion machine, direct apportioning of
 * sending rates with the Active Unique Sender Set, look-ahead notifications of incast groups,
 * soft-state timeouts, per-tenant AUSS, senders applying the n of the latest ACK one window (one
 * RTT) later, and an abstract network.
 *
 * <p>Actions: {@code MessageStart}, {@code LookAheadStart} (a group's first message carries the list
 * of its senders, III-D), {@code AnnouncedStart} (a pre-counted sender's message starts),
 * {@code MessageEnd}, {@code Packet} (activity refreshing the soft state), {@code Fail},
 * {@code SoftStateTick} (one timeout period: stale senders leave the AUSS) and {@code Observe} (the
 * end of an observation window: the machine moves, senders apply the n that arrived, new ACKs
 * leave). Under the persistent combined-congestion network ({@link RateLoop}) only {@code Observe}
 * happens: one per set of senders the window's links may mark, with the observables computed from
 * the rates; the feedback of a window end (n, and a CNP to each marked sender when the new state
 * forwards marks) is applied to the reaction points at once, so it shapes the next window's rates.
 *
 * <p>Timing assumption behind {@code SoftStateTick} (III-B: a 2 s timeout against microsecond
 * packet gaps): a tick happens only when every live sender with a message in flight has shown
 * activity in the current period.
 *
 * @param config sizes and design
 */
public record DartReceiverModel(DartConfig config) implements Model<DartState> {

    @Override
    public List<DartState> initialStates() {
        int n = config.totalSenders();
        boolean persistent = config.design().network().persistent();
        List<ActiveUniqueSenderSet> auss = new ArrayList<>();
        for (int t = 0; t < config.tenants(); t++) {
            ActiveUniqueSenderSet a = ActiveUniqueSenderSet.empty();
            for (int s = t * config.senders(); persistent && s < (t + 1) * config.senders(); s++) {
                a = a.start(s);
            }
            auss.add(a);
        }
        List<List<Integer>> announced = new ArrayList<>();
        for (int g = 0; g < config.groups(); g++) {
            announced.add(List.of());
        }
        ReactionPoint rp = persistent ? ReactionPoint.start(RateLoop.of(config).grid()) : ReactionPoint.NONE;
        return List.of(new DartState(CongestionState.NoCongestion, Collections.nCopies(n, persistent ? 1 : 0),
                announced, auss, Collections.nCopies(n, persistent), Collections.nCopies(n, false),
                Collections.nCopies(n, 1), Collections.nCopies(n, 0), false,
                Collections.nCopies(config.tenants(), 0), Collections.nCopies(n, rp), 0));
    }

    @Override
    public void successors(DartState s, Consumer<Transition<DartState>> sink) {
        if (config.design().network().persistent()) {
            RateLoop loop = RateLoop.of(config);
            int[] rates = rates(s, loop);
            for (int mask : loop.markings(rates)) {
                List<Integer> marked = RateLoop.senders(mask);
                Observation o = loop.observe(rates, mask);
                sink.accept(new Transition<>(Action.of("Observe", "congestion", CongestionLocation.both.name(),
                        "ecn", o.ecn(), "lineRate", o.lineRate(), "marked", marked), loopWindowEnd(s, o, marked, loop)));
            }
            return;
        }
        SenderActions.emit(this, s, sink);
        if (tickEnabled(s)) {
            sink.accept(new Transition<>(Action.of("SoftStateTick"), tick(s)));
        }
        for (CongestionLocation loc : CongestionLocation.values()) {
            for (Observation o : loc.observations()) {
                sink.accept(new Transition<>(observeAction(loc, o), windowEnd(s, o)));
            }
        }
    }

    /**
     * @param s    a state
     * @param loop the loop
     * @return every sender's rate in the window
     */
    public static int[] rates(DartState s, RateLoop loop) {
        int[] r = new int[s.applied().size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = loop.rate(s.applied().get(i), s.rp().get(i).rc());
        }
        return r;
    }

    private static Action observeAction(CongestionLocation loc, Observation o) {
        return Action.of("Observe", "congestion", loc.name(), "ecn", o.ecn(), "lineRate", o.lineRate());
    }

    /**
     * The n the receiver counts for a tenant: |AUSS| (or the message count in the faulty variant).
     *
     * @param s      a state
     * @param tenant a tenant
     * @return n as counted, before the machine's override
     */
    public int counted(DartState s, int tenant) {
        ActiveUniqueSenderSet a = s.auss().get(tenant);
        return config.design().counting() == Design.SenderCounting.MESSAGES ? a.messages() : a.size();
    }

    /**
     * The n the ACKs carry (seed 000, III-C): 1 in NonReceiverCongestion, else the count (at least 1).
     *
     * @param mode   machine state
     * @param s      a state (for the AUSS)
     * @param tenant a tenant
     * @return the advertised n
     */
    public int advertised(CongestionState mode, DartState s, int tenant) {
        return mode == CongestionState.NonReceiverCongestion ? 1 : Math.max(1, counted(s, tenant));
    }

    /**
     * @param s a state
     * @return whether a soft-state tick may happen (some sender to age; every live sender with a
     *         message in flight was active in this period)
     */
    boolean tickEnabled(DartState s) {
        if (!config.design().softStateTimeouts()) {
            return false;
        }
        boolean someTracked = false;
        for (int i = 0; i < config.totalSenders(); i++) {
            if (s.sending(i) && !s.fresh().get(i)) {
                return false;
            }
            someTracked |= tracked(s, i);
        }
        return someTracked;
    }

    boolean tracked(DartState s, int sender) {
        return s.auss().get(config.tenantOf(sender)).contains(sender) || s.announcedCount(sender) > 0;
    }

    private DartState tick(DartState s) {
        Draft d = new Draft(s);
        for (int i = 0; i < config.totalSenders(); i++) {
            if (!tracked(s, i)) {
                continue;
            }
            if (s.fresh().get(i)) {
                d.fresh.set(i, false);
            } else {
                int t = config.tenantOf(i);
                d.auss.set(t, d.auss.get(t).remove(i));
                d.unannounce(i);
                if (s.failed().get(i)) {
                    d.flight.set(i, 0);
                }
            }
        }
        return finish(s, d);
    }

    /**
     * The end of an observation window (one RTT): the machine moves on the observation, senders
     * apply the n that reached them, the receiver sends ACKs with the new n (and ECN feedback if the
     * new state forwards marks).
     */
    DartState windowEnd(DartState s, Observation o) {
        Draft d = new Draft(s);
        Design design = config.design();
        CongestionState next = design.machine().next(s.mode(), o).orElseThrow(() ->
                new IllegalStateException("machine " + design.machine().name() + " has no unique entry for "
                        + s.mode() + " x " + o));
        d.mode = next;
        for (int i = 0; i < config.totalSenders(); i++) {
            if (s.ack().get(i) != 0) {
                d.applied.set(i, s.ack().get(i));
            }
            boolean receives = !s.failed().get(i) && (s.flight().get(i) > 0 || tracked(s, i));
            d.ack.set(i, receives ? advertised(next, s, config.tenantOf(i)) : 0);
        }
        boolean forwards = next != CongestionState.ReceiverCongestion || design.ecnInReceiverCongestion();
        d.ecnEcho = o.ecn() && forwards;
        for (int t = 0; t < config.tenants(); t++) {
            boolean changed = advertised(next, s, t) != advertised(s.mode(), s, t);
            d.sinceChange.set(t, changed ? 1 : Math.min(2, s.sinceChange().get(t) + 1));
        }
        tidy(d);
        return d.build();
    }

    /**
     * The end of a window of the persistent loop: the machine moves on the observation; every sender
     * applies the advertised n and, if it was marked and the new state forwards marks, a CNP; the
     * other reaction points see a CNP-free window (seed 004, 3.1). Feedback takes one hardware RTT,
     * well inside the next window (see {@link DcqcnGrid}), so nothing stays in flight.
     */
    DartState loopWindowEnd(DartState s, Observation o, List<Integer> marked, RateLoop loop) {
        Draft d = new Draft(s);
        Design design = config.design();
        CongestionState next = design.machine().next(s.mode(), o).orElseThrow(() ->
                new IllegalStateException("machine " + design.machine().name() + " has no unique entry for "
                        + s.mode() + " x " + o));
        d.mode = next;
        boolean forwards = next != CongestionState.ReceiverCongestion || design.ecnInReceiverCongestion();
        for (int i = 0; i < config.totalSenders(); i++) {
            d.applied.set(i, advertised(next, s, config.tenantOf(i)));
            ReactionPoint r = s.rp().get(i);
            d.rp.set(i, forwards && marked.contains(i) ? r.cut() : r.quietWindow(loop.grid()));
        }
        for (int t = 0; t < config.tenants(); t++) {
            d.sinceChange.set(t, 2);   // n is applied at the window end it leaves
        }
        d.modeAge = next == s.mode() ? Math.min(config.loop().k(), s.modeAge() + 1) : 0;
        return d.build();
    }

    /** Ends a between-windows step: resets the n-change clocks of tenants whose n changed. */
    DartState finish(DartState before, Draft d) {
        tidy(d);
        DartState after = d.build();
        List<Integer> since = new ArrayList<>(after.sinceChange());
        boolean changed = false;
        for (int t = 0; t < config.tenants(); t++) {
            if (advertised(after.mode(), after, t) != advertised(before.mode(), before, t) && since.get(t) != 0) {
                since.set(t, 0);
                changed = true;
            }
        }
        if (!changed) {
            return after;
        }
        d.sinceChange.clear();
        d.sinceChange.addAll(since);
        return d.build();
    }

    /**
     * Canonical form of idle senders (no message, not tracked): not fresh, line rate for their next
     * message ("all flows begin at the full line rate", III-A), no ACK pending.
     */
    private void tidy(Draft d) {
        for (int i = 0; i < config.totalSenders(); i++) {
            boolean inAuss = d.auss.get(config.tenantOf(i)).contains(i);
            if (d.flight.get(i) == 0 && !inAuss && !d.isAnnounced(i)) {
                d.fresh.set(i, false);
                d.applied.set(i, 1);
                d.ack.set(i, 0);
            }
        }
    }

    @Override
    public java.util.Optional<org.rdmacheck.model.StateCodec<DartState>> codec() {
        return java.util.Optional.of(new DartCodec());
    }

    /**
     * Under the persistent loop, senders 1..n-1 are interchangeable: they cross the same receiver
     * link and no bottleneck, start alike, and no property names one of them (the symmetric set's
     * element i is sender i + 1; sender 0 crosses the network bottleneck). The free network declares
     * no symmetry: its incast groups list fixed pairs of senders.
     */
    @Override
    public java.util.Optional<org.rdmacheck.model.Symmetry<DartState>> symmetry() {
        if (!config.design().network().persistent()) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(new SenderSymmetry(config.totalSenders()));
    }
}
