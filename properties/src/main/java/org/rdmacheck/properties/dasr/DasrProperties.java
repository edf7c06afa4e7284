package org.rdmacheck.properties.dasr;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.rdmacheck.model.dasr.CongestionState;
import org.rdmacheck.model.dasr.DartConfig;
import org.rdmacheck.model.dasr.DartReceiverModel;
import org.rdmacheck.model.dasr.DartState;
import org.rdmacheck.model.dasr.Design;
import org.rdmacheck.model.dasr.Observation;
import org.rdmacheck.model.dasr.RateLoop;
import org.rdmacheck.model.dasr.RateUnits;
import org.rdmacheck.model.dasr.ReceiverMachine;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.Property;

/** The properties of Dart's receiver (seed 000, III), one factory method each. */
public final class DasrProperties {

    private DasrProperties() {
    }

    /**
     * @param m the model
     * @return the properties checked for it: the free network's, or the convergence check under
     *         persistent combined congestion
     */
    public static List<Property<DartState>> all(DartReceiverModel m) {
        List<Property<DartState>> ps = new ArrayList<>();
        ps.add(machineTotal(m.config().design().machine()));
        ps.add(machineDeterministic(m));
        ps.add(nCountsUniqueSenders(m));
        ps.add(rateSumAtMostLineRate(m));
        ps.add(noDoubleThrottling());
        ps.add(DeadlockFreedom.standard());
        if (m.config().design().network() == Design.Network.FREE) {
            ps.add(reactionFollowsCongestion(m));
            ps.add(activeSenderKept(m.config()));
            ps.add(failedSenderLeaves(m.config()));
            ps.add(tenantIsolation(m.config()));
        } else {
            ps.add(windowRateSumAtMostLineRate(m));
            ps.add(maxMinShareWithinK(m));
        }
        return ps;
    }

    /**
     * "Dart exhaustively covers all cases" (III-C): in every reachable machine state, each of the four
     * observable combinations has exactly one row in the Figure 5 table.
     *
     * @param machine the table
     * @return the invariant {@code MachineTotal}
     */
    public static Invariant<DartState> machineTotal(ReceiverMachine machine) {
        return new Invariant<>("MachineTotal", s -> {
            for (Observation o : Observation.all()) {
                if (machine.targets(s.mode(), o).size() != 1) {
                    return false;
                }
            }
            return true;
        });
    }

    /**
     * Every window end moves the machine to the table's unique entry for the observation (and under
     * the persistent network the observation is the one the rates produce).
     *
     * @param m the model
     * @return the action property {@code MachineDeterministic}
     */
    public static ActionProperty<DartState> machineDeterministic(DartReceiverModel m) {
        Design d = m.config().design();
        return new ActionProperty<>("MachineDeterministic", (from, a, to) -> {
            if (!a.name().equals("Observe")) {
                return to.mode() == from.mode();
            }
            Observation o = new Observation((Boolean) a.params().get("ecn"), (Boolean) a.params().get("lineRate"));
            if (d.network().persistent()) {
                RateLoop loop = RateLoop.of(m.config());
                List<Integer> marked = ((List<?>) a.params().get("marked")).stream().map(x -> (Integer) x).toList();
                if (!loop.markings(from).contains(marked) || !o.equals(loop.observe(from, marked))) {
                    return false;
                }
            }
            Optional<CongestionState> next = d.machine().next(from.mode(), o);
            return next.isPresent() && next.get() == to.mode();
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
    public static ActionProperty<DartState> reactionFollowsCongestion(DartReceiverModel m) {
        DartConfig c = m.config();
        return new ActionProperty<>("ReactionFollowsCongestion", (from, a, to) -> {
            if (!a.name().equals("Observe")) {
                return true;
            }
            String where = (String) a.params().get("congestion");
            if (where.equals("network")) {
                if (!to.ecnEcho()) {
                    return false;
                }
                return to.ack().stream().allMatch(n -> n <= 1);
            }
            if (where.equals("receiver") || where.equals("none")) {
                for (int i = 0; i < c.totalSenders(); i++) {
                    int n = to.ack().get(i);
                    if (n != 0 && n != Math.max(1, m.counted(from, c.tenantOf(i)))) {
                        return false;
                    }
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
    public static Invariant<DartState> nCountsUniqueSenders(DartReceiverModel m) {
        DartConfig c = m.config();
        return new Invariant<>("NCountsUniqueSenders", s -> {
            for (int t = 0; t < c.tenants(); t++) {
                int truth = 0;
                for (int i = t * c.senders(); i < (t + 1) * c.senders(); i++) {
                    truth += s.committed(i) > 0 ? 1 : 0;
                }
                if (m.counted(s, t) != truth) {
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
    public static Invariant<DartState> rateSumAtMostLineRate(DartReceiverModel m) {
        DartConfig c = m.config();
        int lineRate = RateUnits.lineRateFor(c.maxN());
        return new Invariant<>("RateSumAtMostLineRate", s -> {
            if (s.mode() != CongestionState.ReceiverCongestion) {
                return true;
            }
            for (int t = 0; t < c.tenants(); t++) {
                if (s.sinceChange().get(t) < 2) {
                    continue;
                }
                int sum = 0;
                for (int i = t * c.senders(); i < (t + 1) * c.senders(); i++) {
                    if (s.sending(i)) {
                        sum += lineRate / s.applied().get(i);
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
     * No double throttling (III-C): no sender receives ECN feedback (a DCQCN cut) together with an n
     * greater than 1 (a DASR cut); ECN feedback and n leave the receiver together, so this says the
     * receiver forwards no marks while it apportions rates in ReceiverCongestion.
     *
     * @return the action property {@code NoDoubleThrottling}
     */
    public static ActionProperty<DartState> noDoubleThrottling() {
        return new ActionProperty<>("NoDoubleThrottling", (from, a, to) -> {
            if (!a.name().equals("Observe") || !from.ecnEcho()) {
                return true;
            }
            for (int n : from.ack()) {
                if (n > 1) {
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
     * @param c the configuration
     * @return the action property {@code ActiveSenderKept}
     */
    public static ActionProperty<DartState> activeSenderKept(DartConfig c) {
        return new ActionProperty<>("ActiveSenderKept", (from, a, to) -> {
            for (int i = 0; i < c.totalSenders(); i++) {
                int t = c.tenantOf(i);
                boolean removed = from.auss().get(t).contains(i) && !to.auss().get(t).contains(i);
                if (removed && to.flight().get(i) > 0 && from.fresh().get(i)) {
                    return false;
                }
            }
            return true;
        });
    }

    /**
     * Soft state (III-B, III-E): from every reachable state, a state is reachable where no failed
     * sender is left in any AUSS or look-ahead record (AG EF, so a failed sender can always be
     * timed out).
     *
     * @param c the configuration
     * @return the progress property {@code FailedSenderLeaves}
     */
    public static Progress<DartState> failedSenderLeaves(DartConfig c) {
        return new Progress<>("FailedSenderLeaves", s -> {
            for (int i = 0; i < c.totalSenders(); i++) {
                if (s.failed().get(i) && (s.auss().get(c.tenantOf(i)).contains(i) || s.announcedCount(i) > 0)) {
                    return false;
                }
            }
            return true;
        });
    }

    /**
     * Tenant isolation (III-E): a step caused by a tenant's sender or notification changes no other
     * tenant's AUSS and no other tenant's look-ahead records.
     *
     * @param c the configuration
     * @return the action property {@code TenantIsolation}
     */
    public static ActionProperty<DartState> tenantIsolation(DartConfig c) {
        return new ActionProperty<>("TenantIsolation", (from, a, to) -> {
            Object tenant = a.params().get("tenant");
            if (tenant == null) {
                return true;
            }
            for (int t = 0; t < c.tenants(); t++) {
                if (t != (Integer) tenant && !from.auss().get(t).equals(to.auss().get(t))) {
                    return false;
                }
            }
            for (int g = 0; g < c.groups(); g++) {
                for (int i : to.announced().get(g)) {
                    if (c.tenantOf(i) != (Integer) tenant && !from.announced().get(g).contains(i)) {
                        return false;
                    }
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
    public static ActionProperty<DartState> windowRateSumAtMostLineRate(DartReceiverModel m) {
        RateLoop loop = RateLoop.of(m.config());
        return new ActionProperty<>("WindowRateSumAtMostLineRate",
                (from, a, to) -> loop.rateSum(to) <= loop.lineRate());
    }

    /**
     * Does each sender get its max-min share within k windows after congestion settles? Once the
     * classifier has kept its state for k window ends, every sender's rate is within one unit of its
     * max-min share of the two links (c for sender 0, (L - c)/(n - 1) for the others).
     *
     * @param m the model (persistent network)
     * @return the invariant {@code MaxMinShareWithinK}
     */
    public static Invariant<DartState> maxMinShareWithinK(DartReceiverModel m) {
        RateLoop loop = RateLoop.of(m.config());
        int k = m.config().loop().k();
        return new Invariant<>("MaxMinShareWithinK", s -> {
            if (s.modeAge() < k) {
                return true;
            }
            for (int i = 0; i < m.config().totalSenders(); i++) {
                if (Math.abs(loop.rate(s, i) - loop.maxMinShare(i)) > 1) {
                    return false;
                }
            }
            return true;
        });
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
    public static java.util.function.Predicate<DartState> ratesInBand(DartReceiverModel m) {
        RateLoop loop = RateLoop.of(m.config());
        return s -> {
            for (int i = 0; i < m.config().totalSenders(); i++) {
                if (!inBand(loop, s, i)) {
                    return false;
                }
            }
            return true;
        };
    }

    /**
     * @param loop   the loop
     * @param s      a state
     * @param sender a sender
     * @return whether its rate is at most its max-min share plus one unit
     */
    public static boolean inBand(RateLoop loop, DartState s, int sender) {
        return loop.rate(s, sender) <= loop.maxMinShare(sender) + 1;
    }

    /**
     * The classifier settles: {@code <>[]} the window end kept the machine state (mode age at least 1).
     *
     * @return the state predicate
     */
    public static java.util.function.Predicate<DartState> classifierKeptItsState() {
        return s -> s.modeAge() >= 1;
    }

}
