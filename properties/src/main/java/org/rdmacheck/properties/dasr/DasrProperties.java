package org.rdmacheck.properties.dasr;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.dasr.CongestionLocation;
import org.rdmacheck.model.dasr.CongestionState;
import org.rdmacheck.model.dasr.DartConfig;
import org.rdmacheck.model.dasr.DartLayout;
import org.rdmacheck.model.dasr.DartReceiverModel;
import org.rdmacheck.model.dasr.Design;
import org.rdmacheck.model.dasr.Observation;
import org.rdmacheck.model.dasr.RateLoop;
import org.rdmacheck.model.dasr.RateUnits;
import org.rdmacheck.model.dasr.ReceiverMachine;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.layout.StateLayout;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.Property;

/**
 * The properties of Dart's receiver (seed 000, III), one factory method each. Each predicate is
 * written once on the packed values through the model's layout (a step predicate on the action's
 * code); on state objects it is evaluated on their values, with the action's code.
 */
public final class DasrProperties {

    private static final int RC = CongestionState.ReceiverCongestion.ordinal();

    private DasrProperties() {
    }

    /**
     * @param m the model
     * @return the properties checked for it: the free network's, or the convergence check under
     *         persistent combined congestion
     */
    public static List<Property<LayoutState>> all(DartReceiverModel m) {
        List<Property<LayoutState>> ps = new ArrayList<>();
        ps.add(machineTotal(m));
        ps.add(machineDeterministic(m));
        ps.add(nCountsUniqueSenders(m));
        ps.add(rateSumAtMostLineRate(m));
        ps.add(noDoubleThrottling(m));
        ps.add(DeadlockFreedom.standard());
        if (m.config().design().network() == Design.Network.FREE) {
            ps.add(reactionFollowsCongestion(m));
            ps.add(newMessageAtLineRate(m));
            ps.add(shareFollowsLatestN(m));
            ps.add(listedArrivalWithinLineRate(m));
            ps.add(activeSenderKept(m));
            ps.add(timeoutOnlyWhenIdle(m));
            ps.add(failedSenderLeaves(m));
            ps.add(tenantIsolation(m));
        } else {
            ps.add(windowRateSumAtMostLineRate(m));
            ps.add(maxMinShareWithinK(m));
        }
        return ps;
    }

    private static Invariant<LayoutState> invariant(String name, PackedModel.StateTest test) {
        return new Invariant<LayoutState>(name, s -> s.test(test)).withPacked(test);
    }

    private static ActionProperty<LayoutState> step(String name, DartReceiverModel m, PackedModel.StepTest test) {
        return new ActionProperty<LayoutState>(name, (from, a, to) -> from.test(test, m.code(a), to)).withPacked(test);
    }

    /**
     * "Dart exhaustively covers all cases" (III-C): in every reachable machine state, each of the four
     * observable combinations has exactly one row in the Figure 5 table.
     *
     * @param m the model
     * @return the invariant {@code MachineTotal}
     */
    public static Invariant<LayoutState> machineTotal(DartReceiverModel m) {
        ReceiverMachine machine = m.config().design().machine();
        boolean[] total = new boolean[CongestionState.values().length];
        for (CongestionState c : CongestionState.values()) {
            total[c.ordinal()] = true;
            for (Observation o : Observation.all()) {
                total[c.ordinal()] &= machine.targets(c, o).size() == 1;
            }
        }
        DartLayout f = m.fields();
        return invariant("MachineTotal", (s, o) -> total[f.mode.get(s, o)]);
    }

    /**
     * Every window end moves the machine to the table's unique entry for the observation (and under
     * the persistent network the observation is the one the rates produce).
     *
     * @param m the model
     * @return the action property {@code MachineDeterministic}
     */
    public static ActionProperty<LayoutState> machineDeterministic(DartReceiverModel m) {
        ReceiverMachine machine = m.config().design().machine();
        DartLayout f = m.fields();
        CongestionState[] modes = CongestionState.values();
        return step("MachineDeterministic", m, (from, o, code, to) -> {
            int before = f.mode.get(from, o);
            int after = f.mode.get(to, 0);
            if (!DartReceiverModel.isObserve(code)) {
                return after == before;
            }
            Observation seen = new Observation(DartReceiverModel.ecn(code), DartReceiverModel.lineRate(code));
            if (m.loop().isPresent()) {
                RateLoop loop = m.loop().get();
                int[] rates = m.rates(from, o);
                int marked = DartReceiverModel.marked(code);
                boolean possible = false;
                for (int k : loop.markings(rates)) {
                    possible |= k == marked;
                }
                if (!possible || !seen.equals(loop.observe(rates, marked))) {
                    return false;
                }
            }
            return machine.next(modes[before], seen).map(c -> c.ordinal() == after).orElse(false);
        });
    }

    /**
     * The receiver reacts to where the congestion is (III-C, Figure 5): a window with congestion at
     * the receiver only ends with ACKs that apportion the rates (n = |AUSS|); a window with
     * congestion in the network only ends in the DCQCN fall-back (n = 1 and the marks go back to
     * the senders, so their reaction points act on the network bottleneck); a window without
     * congestion ends with n = |AUSS| (no sender held at line rate by a stale n = 1). Windows with
     * congestion in both places may show either observable and are not constrained. This ties the
     * Figure 5 table to the paper's purpose: a table with its targets swapped is total and
     * deterministic, and fails here.
     *
     * @param m the model
     * @return the action property {@code ReactionFollowsCongestion}
     */
    public static ActionProperty<LayoutState> reactionFollowsCongestion(DartReceiverModel m) {
        DartConfig c = m.config();
        DartLayout f = m.fields();
        int n = c.totalSenders();
        return step("ReactionFollowsCongestion", m, (from, o, code, to) -> {
            if (!DartReceiverModel.isObserve(code)) {
                return true;
            }
            CongestionLocation where = DartReceiverModel.location(code);
            if (where == CongestionLocation.network) {
                if (!f.ecnEcho.is(to, 0)) {
                    return false;
                }
                for (int i = 0; i < n; i++) {
                    if (f.ack[i].get(to, 0) > 1) {
                        return false;
                    }
                }
                return true;
            }
            if (where == CongestionLocation.receiver || where == CongestionLocation.none) {
                for (int i = 0; i < n; i++) {
                    int ack = f.ack[i].get(to, 0);
                    if (ack != 0 && ack != Math.max(1, m.counted(from, o, c.tenantOf(i)))) {
                        return false;
                    }
                }
            }
            return true;
        });
    }

    /**
     * "All flows begin at the full line rate because (1) we want to avoid penalizing the latency of
     * short flows" (seed 000, III-A): a step in which an idle sender's flow begins (it had no message
     * in flight or announced and no AUSS entry, and now has a message in flight or announced: a
     * message start, a look-ahead it sends, or one that lists it) leaves that sender applying n = 1,
     * line rate, until an ACK with its share reaches it. A sender that kept the n of its last
     * message would begin a short flow at a fraction of the line rate.
     *
     * @param m the model
     * @return the action property {@code NewMessageAtLineRate}
     */
    public static ActionProperty<LayoutState> newMessageAtLineRate(DartReceiverModel m) {
        DartLayout f = m.fields();
        int n = m.config().totalSenders();
        return step("NewMessageAtLineRate", m, (from, o, code, to) -> {
            if (DartReceiverModel.isObserve(code)) {
                return true;
            }
            for (int i = 0; i < n; i++) {
                boolean idleBefore = m.committed(from, o, i) == 0 && f.auss[i].get(from, o) == 0;
                if (idleBefore && m.committed(to, 0, i) > 0 && f.applied[i].get(to, 0) != 1) {
                    return false;
                }
            }
            return true;
        });
    }

    /**
     * DASR throttles the senders "only for the duration of the short flows" (seed 000, III-B): each
     * sender sends at line rate / n, n the count the receiver puts in its ACKs (III-A, direct
     * apportioning), so when the short flows end and n falls, the remaining senders speed back up.
     * As a step: at a window end (the round trip's boundary where an ACK on its way reaches its
     * sender) every sender with an ACK on its way applies that ACK's n afterwards, whether it is
     * smaller or larger than the n it applied. A sender that kept the larger of the two would stay
     * throttled after the incast that throttled it ended. The antecedent that matters, an ACK with a
     * smaller n than its sender applies, is reached at dart's defaults ({@link #nNeverFalls}).
     *
     * @param m the model
     * @return the action property {@code ShareFollowsLatestN}
     */
    public static ActionProperty<LayoutState> shareFollowsLatestN(DartReceiverModel m) {
        DartLayout f = m.fields();
        int n = m.config().totalSenders();
        return step("ShareFollowsLatestN", m, (from, o, code, to) -> {
            if (!DartReceiverModel.isObserve(code)) {
                return true;
            }
            for (int i = 0; i < n; i++) {
                int ack = f.ack[i].get(from, o);
                if (ack != 0 && f.applied[i].get(to, 0) != ack) {
                    return false;
                }
            }
            return true;
        });
    }

    /**
     * The antecedent of {@link #shareFollowsLatestN} that the knock-out {@code rate-recovery} needs,
     * never reached: no sender has an ACK on its way whose n is smaller than the n it applies (n never
     * falls). Violated, with a trace to the first such state, wherever the antecedent is reached.
     *
     * @param m the model (free network)
     * @return the invariant {@code NNeverFalls}
     */
    public static Invariant<LayoutState> nNeverFalls(DartReceiverModel m) {
        DartLayout f = m.fields();
        int n = m.config().totalSenders();
        return invariant("NNeverFalls", (s, o) -> {
            for (int i = 0; i < n; i++) {
                int ack = f.ack[i].get(s, o);
                if (ack != 0 && ack < f.applied[i].get(s, o)) {
                    return false;
                }
            }
            return true;
        });
    }

    /**
     * n = |AUSS| counts each sender once (III-B): for every tenant, the n the receiver counts equals
     * the number of its senders with a committed message (in flight or announced by a look-ahead),
     * whatever the overlaps of groups and concurrent messages.
     *
     * @param m the model
     * @return the invariant {@code NCountsUniqueSenders}
     */
    public static Invariant<LayoutState> nCountsUniqueSenders(DartReceiverModel m) {
        DartConfig c = m.config();
        return invariant("NCountsUniqueSenders", (s, o) -> {
            for (int t = 0; t < c.tenants(); t++) {
                int truth = 0;
                for (int i = t * c.senders(); i < (t + 1) * c.senders(); i++) {
                    truth += m.committed(s, o, i) > 0 ? 1 : 0;
                }
                if (m.counted(s, o, t) != truth) {
                    return false;
                }
            }
            return true;
        });
    }

    /**
     * One RTT after the last change of n (two window boundaries: the ACK leaves, then it is applied),
     * in ReceiverCongestion the apportioned rates line rate / applied n of a tenant's sending senders
     * sum to at most the line rate. Exact: rates are integers in units of line rate / lcm(1..max n).
     *
     * @param m the model
     * @return the invariant {@code RateSumAtMostLineRate}
     */
    public static Invariant<LayoutState> rateSumAtMostLineRate(DartReceiverModel m) {
        DartConfig c = m.config();
        DartLayout f = m.fields();
        int lineRate = RateUnits.lineRateFor(c.maxN());
        return invariant("RateSumAtMostLineRate", (s, o) -> {
            if (f.mode.get(s, o) != RC) {
                return true;
            }
            for (int t = 0; t < c.tenants(); t++) {
                if (f.sinceChange[t].get(s, o) < 2) {
                    continue;
                }
                int sum = 0;
                for (int i = t * c.senders(); i < (t + 1) * c.senders(); i++) {
                    if (m.sending(s, o, i)) {
                        sum += lineRate / f.applied[i].get(s, o);
                    }
                }
                if (sum > lineRate) {
                    return false;
                }
            }
            return true;
        });
    }

    /**
     * What a look-ahead is for (III-D): with an incast group's list in its first message "the
     * receiver NIC can advertise rate limits to the 20 senders after just the first such message,
     * even before the other senders' packets arrive at the receiver", so "the long flows back off
     * quicker". The service that protects: once those limits have reached the senders (one RTT
     * after the tenant's last change of n, as {@link #rateSumAtMostLineRate}), in ReceiverCongestion
     * the arrival of a listed sender's message does not over-subscribe the receiver's link: after
     * the step the apportioned rates (line rate / applied n, III-B) of the tenant's sending senders
     * sum to at most the line rate. Without the look-ahead at the receiver the listed sender
     * arrives while the others still send at the share of the smaller, earlier n, and with it the
     * sum exceeds the line rate until the next n has gone round. The step is the workload's (a
     * listed sender's message starts); the rates, the machine's state and the n-change clock are
     * what the receiver and senders do, so the property reads neither the look-ahead records nor
     * the AUSS.
     *
     * @param m the model
     * @return the action property {@code ListedArrivalWithinLineRate}
     */
    public static ActionProperty<LayoutState> listedArrivalWithinLineRate(DartReceiverModel m) {
        DartConfig c = m.config();
        DartLayout f = m.fields();
        int lineRate = RateUnits.lineRateFor(c.maxN());
        return step("ListedArrivalWithinLineRate", m, (from, o, code, to) -> {
            if (!DartReceiverModel.isAnnouncedStart(code) || f.mode.get(from, o) != RC) {
                return true;
            }
            int t = c.tenantOf(DartReceiverModel.sender(code));
            if (f.sinceChange[t].get(from, o) < 2) {
                return true;
            }
            int sum = 0;
            for (int i = t * c.senders(); i < (t + 1) * c.senders(); i++) {
                if (m.sending(to, 0, i)) {
                    sum += lineRate / f.applied[i].get(to, 0);
                }
            }
            return sum <= lineRate;
        });
    }

    /**
     * No double throttling (III-C): no sender receives ECN feedback (a DCQCN cut) together with an n
     * greater than 1 (a DASR cut); ECN feedback and n leave the receiver together, so this says the
     * receiver forwards no marks while it apportions rates in ReceiverCongestion.
     *
     * @param m the model
     * @return the action property {@code NoDoubleThrottling}
     */
    public static ActionProperty<LayoutState> noDoubleThrottling(DartReceiverModel m) {
        DartLayout f = m.fields();
        return step("NoDoubleThrottling", m, (from, o, code, to) -> {
            if (!DartReceiverModel.isObserve(code) || !f.ecnEcho.is(from, o)) {
                return true;
            }
            for (var ack : f.ack) {
                if (ack.get(from, o) > 1) {
                    return false;
                }
            }
            return true;
        });
    }

    /**
     * Soft state (III-B): no step removes from the AUSS a sender that still has a message in flight
     * and showed recent activity.
     *
     * @param m the model
     * @return the action property {@code ActiveSenderKept}
     */
    public static ActionProperty<LayoutState> activeSenderKept(DartReceiverModel m) {
        DartLayout f = m.fields();
        int n = m.config().totalSenders();
        // most steps change no AUSS entry: then none was removed; else only the changed entries are read
        int[] aussBits = f.layout.bitsOf(List.of(f.auss));
        int[] word = new int[n];
        int[] bits = new int[n];
        for (int i = 0; i < n; i++) {
            word[i] = f.auss[i].position();
            bits[i] = f.layout.bitsOf(List.of(f.auss[i]))[word[i]];
        }
        return step("ActiveSenderKept", m, (from, o, code, to) -> {
            if (StateLayout.sameOn(aussBits, from, o, to, 0)) {
                return true;
            }
            for (int i = 0; i < n; i++) {
                // an AUSS count is stored as itself (its least value is 0): removed when its bits go to 0
                int w = word[i];
                boolean removed = (from[o + w] & bits[i]) != 0 && (to[w] & bits[i]) == 0;
                if (removed && f.flight[i].get(to, 0) > 0 && f.fresh[i].is(from, o)) {
                    return false;
                }
            }
            return true;
        });
    }

    /**
     * Soft state (III-B) with look-ahead (III-D): a sender leaves the AUSS by a soft-state timeout
     * only after a whole timeout period without activity. "Any flow that is idle for long (e.g., 2
     * seconds) is assumed to be dead and eliminated from the AUSS"; a flow's clock runs from its last
     * packet, and a flow announced by a look-ahead begins at the notification: "Dart treats any flow
     * as if it begins when the look-ahead notification first arrives". The model keeps time in
     * timeout periods (ticks) and records, per sender, activity in the current period; the property
     * is checked step by step in two halves that together give it: every step that is activity of a
     * sender (a message of it starts, plainly, announced, or with a look-ahead; a look-ahead lists
     * it; a packet; a message end) leaves the sender, if it is still in flight or tracked, recorded
     * as active in the period; and a tick removes from the AUSS and the look-ahead records only
     * senders without that record. The second half holds by construction of the tick; the first
     * fails when a look-ahead does not start the listed senders' soft state (knock-out
     * {@code look-ahead-begins-flow}): the next tick then times out a flow that began in that
     * period, undoing the pre-count before the sender's message can start.
     *
     * @param m the model
     * @return the action property {@code TimeoutOnlyWhenIdle}
     */
    public static ActionProperty<LayoutState> timeoutOnlyWhenIdle(DartReceiverModel m) {
        DartConfig c = m.config();
        DartLayout f = m.fields();
        int n = c.totalSenders();
        int[][] members = new int[c.groups()][];
        for (int g = 0; g < c.groups(); g++) {
            members[g] = c.members(g).stream().mapToInt(Integer::intValue).toArray();
        }
        // per sender, the bits of what a tick may time out (its AUSS count and look-ahead flags), and
        // those with its messages in flight: each is non-zero exactly when its value is (least values 0)
        int[][] tracked = new int[n][];
        int[][] busy = new int[n][];
        for (int i = 0; i < n; i++) {
            List<org.rdmacheck.model.layout.Field> fields = new ArrayList<>(List.of(f.auss[i]));
            for (int g = 0; g < c.groups(); g++) {
                for (int j = 0; j < members[g].length; j++) {
                    if (members[g][j] == i) {
                        fields.add(f.announced[g][j]);
                    }
                }
            }
            tracked[i] = f.layout.bitsOf(fields);
            fields.add(f.flight[i]);
            busy[i] = f.layout.bitsOf(fields);
        }
        return step("TimeoutOnlyWhenIdle", m, (from, o, code, to) -> {
            if (DartReceiverModel.isSoftStateTick(code)) {
                for (int i = 0; i < n; i++) {
                    if (any(tracked[i], from, o) && !any(tracked[i], to, 0) && f.fresh[i].is(from, o)) {
                        return false;
                    }
                }
                return true;
            }
            if (!DartReceiverModel.isActivity(code)) {
                return true;
            }
            int sender = DartReceiverModel.sender(code);
            // after an activity step of a sender: recorded as active in the period, unless it left every record
            if (!f.fresh[sender].is(to, 0) && any(busy[sender], to, 0)) {
                return false;
            }
            if (DartReceiverModel.isLookAhead(code)) {
                int g = DartReceiverModel.group(code);
                for (int j = 0; j < members[g].length; j++) {
                    int i = members[g][j];
                    boolean listed = f.announced[g][j].is(to, 0) && !f.announced[g][j].is(from, o);
                    if (listed && !f.fresh[i].is(to, 0) && any(busy[i], to, 0)) {
                        return false;
                    }
                }
            }
            return true;
        });
    }

    /** @return whether any of the bits ({@link StateLayout#bitsOf}) is set in the state */
    private static boolean any(int[] bits, int[] s, int o) {
        for (int w = 0; w < bits.length; w++) {
            if ((s[o + w] & bits[w]) != 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * Soft state (III-B, III-E): from every reachable state, a state is reachable where no failed
     * sender is left in any AUSS or look-ahead record (AG EF, so a failed sender can always be
     * timed out).
     *
     * @param m the model
     * @return the progress property {@code FailedSenderLeaves}
     */
    public static Progress<LayoutState> failedSenderLeaves(DartReceiverModel m) {
        DartLayout f = m.fields();
        int n = m.config().totalSenders();
        PackedModel.StateTest goal = (s, o) -> {
            for (int i = 0; i < n; i++) {
                if (f.failed[i].is(s, o) && (f.auss[i].get(s, o) > 0 || m.announcedCount(s, o, i) > 0)) {
                    return false;
                }
            }
            return true;
        };
        return new Progress<LayoutState>("FailedSenderLeaves", s -> s.test(goal)).withPacked(goal);
    }

    /**
     * Tenant isolation (III-E): a step caused by a tenant's sender or notification changes no other
     * tenant's AUSS and no other tenant's look-ahead records.
     *
     * @param m the model
     * @return the action property {@code TenantIsolation}
     */
    public static ActionProperty<LayoutState> tenantIsolation(DartReceiverModel m) {
        DartConfig c = m.config();
        DartLayout f = m.fields();
        int n = c.totalSenders();
        int[] tenantOf = new int[n];
        for (int i = 0; i < n; i++) {
            tenantOf[i] = c.tenantOf(i);
        }
        // every look-ahead flag with the tenant of the sender it announces
        List<org.rdmacheck.model.layout.Field> flags = new ArrayList<>();
        List<Integer> flagTenants = new ArrayList<>();
        for (int g = 0; g < c.groups(); g++) {
            List<Integer> members = c.members(g);
            for (int j = 0; j < members.size(); j++) {
                flags.add(f.announced[g][j]);
                flagTenants.add(c.tenantOf(members.get(j)));
            }
        }
        // per tenant, the bits of the other tenants' AUSS counts and look-ahead flags (one bit each)
        int[][] otherCounts = new int[c.tenants()][];
        int[][] otherFlags = new int[c.tenants()][];
        for (int t = 0; t < c.tenants(); t++) {
            List<org.rdmacheck.model.layout.Field> counts = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (tenantOf[i] != t) {
                    counts.add(f.auss[i]);
                }
            }
            List<org.rdmacheck.model.layout.Field> others = new ArrayList<>();
            for (int k = 0; k < flags.size(); k++) {
                if (flagTenants.get(k) != t) {
                    others.add(flags.get(k));
                }
            }
            otherCounts[t] = f.layout.bitsOf(counts);
            otherFlags[t] = f.layout.bitsOf(others);
        }
        return step("TenantIsolation", m, (from, o, code, to) -> {
            if (!DartReceiverModel.hasTenant(code)) {
                return true;
            }
            int tenant = tenantOf[DartReceiverModel.sender(code)];
            int[] counts = otherCounts[tenant];
            int[] others = otherFlags[tenant];
            for (int w = 0; w < counts.length; w++) {
                int before = from[o + w];
                int after = to[w];
                // another tenant's AUSS count changed, or another tenant's flag was set
                if (((before ^ after) & counts[w]) != 0 || (after & ~before & others[w]) != 0) {
                    return false;
                }
            }
            return true;
        });
    }

    /**
     * Is the sum of the sending rates bounded by the line rate in every window (seed 000, III-A: DASR
     * "ensures" the apportioned rates fill the receiver link exactly)? Checked on every window that
     * follows a window end, so the first window (all flows start at line rate, III-A) is exempt.
     *
     * @param m the model (persistent network)
     * @return the action property {@code WindowRateSumAtMostLineRate}
     */
    public static ActionProperty<LayoutState> windowRateSumAtMostLineRate(DartReceiverModel m) {
        RateLoop loop = m.loop().orElseThrow();
        int n = m.config().totalSenders();
        return step("WindowRateSumAtMostLineRate", m, (from, o, code, to) -> {
            int sum = 0;
            for (int i = 0; i < n; i++) {
                sum += m.rate(to, 0, i);
            }
            return sum <= loop.lineRate();
        });
    }

    /**
     * Does each sender get its max-min share within k windows after congestion settles? Once the
     * classifier has kept its state for k window ends, every sender's rate is within one unit of its
     * max-min share of the two links (c for sender 0, (L - c)/(n - 1) for the others).
     *
     * @param m the model (persistent network)
     * @return the invariant {@code MaxMinShareWithinK}
     */
    public static Invariant<LayoutState> maxMinShareWithinK(DartReceiverModel m) {
        RateLoop loop = m.loop().orElseThrow();
        DartLayout f = m.fields();
        int k = m.config().loop().k();
        int n = m.config().totalSenders();
        return invariant("MaxMinShareWithinK", (s, o) -> {
            if (f.modeAge.get(s, o) < k) {
                return true;
            }
            for (int i = 0; i < n; i++) {
                if (Math.abs(m.rate(s, o, i) - loop.maxMinShare(i)) > 1) {
                    return false;
                }
            }
            return true;
        });
    }

    /**
     * The antecedent of {@link #maxMinShareWithinK} never reached: the classifier never keeps its
     * state for k window ends. Where this holds in every reachable state, MaxMinShareWithinK holds
     * vacuously, and the check says so.
     *
     * @param m the model (persistent network)
     * @return the invariant "modeAge below k"
     */
    public static Invariant<LayoutState> classifierNeverKeptK(DartReceiverModel m) {
        DartLayout f = m.fields();
        int k = m.config().loop().k();
        return invariant("ClassifierNeverKeptK", (s, o) -> f.modeAge.get(s, o) < k);
    }

    /**
     * Does the classifier oscillation turn into a rate oscillation? The band of sender i: its rate is
     * at most its max-min share plus one unit (DCQCN's own additive-increase probing overshoots by
     * one unit before the cut). {@code <>[]} every sender in its band fails when some sender leaves
     * and re-enters its band for ever.
     *
     * @param m the model (persistent network)
     * @return the state predicate
     */
    public static Predicate<LayoutState> ratesInBand(DartReceiverModel m) {
        int n = m.config().totalSenders();
        return s -> {
            for (int i = 0; i < n; i++) {
                if (!inBand(m, s, i)) {
                    return false;
                }
            }
            return true;
        };
    }

    /**
     * @param m      the model (persistent network)
     * @param s      a state
     * @param sender a sender
     * @return whether its rate is at most its max-min share plus one unit
     */
    public static boolean inBand(DartReceiverModel m, LayoutState s, int sender) {
        RateLoop loop = m.loop().orElseThrow();
        return s.test((v, o) -> m.rate(v, o, sender) <= loop.maxMinShare(sender) + 1);
    }

    /**
     * The classifier settles: {@code <>[]} the window end kept the machine state (mode age at least 1).
     *
     * @param m the model
     * @return the state predicate
     */
    public static Predicate<LayoutState> classifierKeptItsState(DartReceiverModel m) {
        return s -> s.get(m.fields().modeAge) >= 1;
    }
}
