package org.rdmacheck.model.dasr;

import java.util.Objects;

/**
 * The design choices that distinguish Dart as the paper describes it from its faulty or
 * alternative variants. Variants are configuration of the one {@link DartReceiverModel}.
 *
 * @param counting         what n counts (seed 000, III-B: unique senders)
 * @param endRule          what a message end does to its sender's AUSS entry
 * @param lookaheadScope   whose AUSS a look-ahead notification may populate (seed 000, III-E)
 * @param ecnInReceiverCongestion whether ECN marks are forwarded in ReceiverCongestion (the paper
 *                         suppresses them, III-C)
 * @param softStateTimeouts whether idle senders time out of the AUSS (III-B)
 * @param lookaheadBeginsFlows whether a look-ahead starts the soft state of the senders it lists, as
 *                         a message start does: "Dart treats any flow as if it begins when the
 *                         look-ahead notification first arrives" (III-D), so the flow's timestamp is
 *                         the notification's (III-B)
 * @param network          the abstract network: free (every combination) or persistent combined
 *                         congestion (closed loop)
 * @param machine          the Figure 5 table
 * @param apportioning     whose count the n in a sender's ACKs is: its own tenant's AUSS (the paper,
 *                         III-E) or every tenant's
 * @param nrcFallback      whether the ACKs carry n = 1 in NonReceiverCongestion, "to avoid DSR from
 *                         interfering with DCQCN" (the paper, III-C); knocked out: the count, as in the
 *                         other states
 * @param softStateRefresh whether a packet of a sender with a message in flight refreshes its soft
 *                         state (III-B: the timestamp of the flow's last packet); knocked out, only a
 *                         message start or end sets it, so a long message's sender times out while it
 *                         sends
 * @param lineRateStart    whether a sender that was idle begins its next message at the full line
 *                         rate, n = 1 ("All flows begin at the full line rate because (1) we want to
 *                         avoid penalizing the latency of short flows", III-A); knocked out, it begins
 *                         at the n it last applied
 * @param rateRecovery     whether a sender applies the n of the latest ACK it received, smaller or
 *                         larger than the one it applied: the throttling lasts "only for the duration
 *                         of the short flows" (III-B), so when n falls the remaining senders speed back
 *                         up to line rate / n; knocked out, a sender applies max(its n, the ACK's n) and
 *                         never speeds back up while its flow lasts
 */
public record Design(SenderCounting counting, EndRule endRule, LookaheadScope lookaheadScope,
                     boolean ecnInReceiverCongestion, boolean softStateTimeouts, boolean lookaheadBeginsFlows,
                     Network network, ReceiverMachine machine, Apportioning apportioning,
                     boolean nrcFallback, boolean softStateRefresh, boolean lineRateStart,
                     boolean rateRecovery) {

    /** What n counts. */
    public enum SenderCounting {
        /** n = |AUSS|: each sender once (the paper) */
        UNIQUE_SENDERS,
        /** n = number of in-flight messages (faulty) */
        MESSAGES
    }

    /** What a message end does. */
    public enum EndRule {
        /** decrement the sender's count, remove it at zero (the paper, Figure 4(b)) */
        DECREMENT,
        /** remove the sender on its first message end even if another is in flight (faulty) */
        REMOVE_ON_FIRST_END
    }

    /** Whose AUSS a look-ahead may populate. */
    public enum LookaheadScope {
        /** only the announcing tenant's own AUSS (the paper, III-E) */
        PER_TENANT,
        /** any listed sender's AUSS, whatever its tenant (faulty) */
        SHARED,
        /**
         * no look-ahead at the receiver (the mechanism knocked out; "DASR w/o LA", III-D, VI-C): the
         * workload is the same (a group's first message still carries its list, and the listed
         * senders' messages follow), but the receiver neither counts the listed senders nor sends
         * them rate limits before their packets arrive; they enter the AUSS when their messages
         * start, at line rate as every flow begins (III-A). The model still records who was listed
         * (the workload's promise of the coming messages, which the properties read only as the
         * step of a listed sender's arrival). {@code lookahead=off} is a different workload: no
         * message carries a list, so nothing marks a start as a group member's arrival
         */
        IGNORED
    }

    /** Among whom the receiver apportions a tenant's share of the line rate. */
    public enum Apportioning {
        /**
         * among the tenant's own senders: the n in a sender's ACK is its tenant's |AUSS| (the paper,
         * III-E: "Dart's AUSS tracking can be private to individual tenant's flows ... any false
         * information from one tenant can not affect other tenants' flows")
         */
        PER_TENANT,
        /**
         * among every sender of the receiver, whatever its tenant: the n is the sum of the tenants'
         * counts (the mechanism knocked out), so one tenant's senders, or its false look-ahead lists,
         * throttle another tenant's flows
         */
        RECEIVER_WIDE
    }

    /** The abstract network. */
    public enum Network {
        /** the network puts congestion anywhere in every window: every observable combination */
        FREE,
        /** receiver and network congestion persist; observables follow from the sending rates */
        PERSISTENT_COMBINED,
        /** as {@link #PERSISTENT_COMBINED}, but links mark only when overloaded: DCQCN's fixed point
         * is assumed to keep no standing queue (an alternative abstraction of seed 004, 5) */
        PERSISTENT_COMBINED_OVERLOAD_MARKS;

        /** @return whether this is a closed-loop persistent-congestion network */
        public boolean persistent() {
            return this != FREE;
        }
    }

    /** Rejects nulls. */
    public Design {
        Objects.requireNonNull(counting);
        Objects.requireNonNull(endRule);
        Objects.requireNonNull(lookaheadScope);
        Objects.requireNonNull(network);
        Objects.requireNonNull(machine);
        Objects.requireNonNull(apportioning);
    }

    /** @return Dart as seed 000, III, describes it, under the free network */
    public static Design paper() {
        return new Design(SenderCounting.UNIQUE_SENDERS, EndRule.DECREMENT, LookaheadScope.PER_TENANT, false, true,
                true, Network.FREE, ReceiverMachine.paper(), Apportioning.PER_TENANT, true,
                true, true, true);
    }

    /** @param c counting  @return a copy */
    public Design withCounting(SenderCounting c) {
        return new Design(c, endRule, lookaheadScope, ecnInReceiverCongestion, softStateTimeouts,
                lookaheadBeginsFlows, network, machine, apportioning, nrcFallback, softStateRefresh, lineRateStart, rateRecovery);
    }

    /** @param r end rule  @return a copy */
    public Design withEndRule(EndRule r) {
        return new Design(counting, r, lookaheadScope, ecnInReceiverCongestion, softStateTimeouts,
                lookaheadBeginsFlows, network, machine, apportioning, nrcFallback, softStateRefresh, lineRateStart, rateRecovery);
    }

    /** @param s scope  @return a copy */
    public Design withLookaheadScope(LookaheadScope s) {
        return new Design(counting, endRule, s, ecnInReceiverCongestion, softStateTimeouts, lookaheadBeginsFlows,
                network, machine, apportioning, nrcFallback, softStateRefresh, lineRateStart, rateRecovery);
    }

    /** @param forward whether to forward ECN in ReceiverCongestion  @return a copy */
    public Design withEcnInReceiverCongestion(boolean forward) {
        return new Design(counting, endRule, lookaheadScope, forward, softStateTimeouts, lookaheadBeginsFlows,
                network, machine, apportioning, nrcFallback, softStateRefresh, lineRateStart, rateRecovery);
    }

    /** @param on whether soft-state timeouts run  @return a copy */
    public Design withSoftStateTimeouts(boolean on) {
        return new Design(counting, endRule, lookaheadScope, ecnInReceiverCongestion, on, lookaheadBeginsFlows,
                network, machine, apportioning, nrcFallback, softStateRefresh, lineRateStart, rateRecovery);
    }

    /** @param on whether a look-ahead starts the listed senders' soft state  @return a copy */
    public Design withLookaheadBeginsFlows(boolean on) {
        return new Design(counting, endRule, lookaheadScope, ecnInReceiverCongestion, softStateTimeouts, on, network,
                machine, apportioning, nrcFallback, softStateRefresh, lineRateStart, rateRecovery);
    }

    /** @param n network  @return a copy */
    public Design withNetwork(Network n) {
        return new Design(counting, endRule, lookaheadScope, ecnInReceiverCongestion, softStateTimeouts,
                lookaheadBeginsFlows, n, machine, apportioning, nrcFallback, softStateRefresh, lineRateStart, rateRecovery);
    }

    /** @param m machine table  @return a copy */
    public Design withMachine(ReceiverMachine m) {
        return new Design(counting, endRule, lookaheadScope, ecnInReceiverCongestion, softStateTimeouts,
                lookaheadBeginsFlows, network, m, apportioning, nrcFallback, softStateRefresh, lineRateStart, rateRecovery);
    }

    /** @param on whether NonReceiverCongestion advertises n = 1  @return a copy */
    public Design withNrcFallback(boolean on) {
        return new Design(counting, endRule, lookaheadScope, ecnInReceiverCongestion, softStateTimeouts,
                lookaheadBeginsFlows, network, machine, apportioning, on, softStateRefresh, lineRateStart, rateRecovery);
    }

    /** @param on whether a sender's packets refresh its soft state  @return a copy */
    public Design withSoftStateRefresh(boolean on) {
        return new Design(counting, endRule, lookaheadScope, ecnInReceiverCongestion, softStateTimeouts,
                lookaheadBeginsFlows, network, machine, apportioning, nrcFallback, on, lineRateStart, rateRecovery);
    }

    /**
     * The n the ACKs carry (seed 000, III-C): 1 in NonReceiverCongestion "to avoid DSR from
     * interfering with DCQCN" (unless knocked out), else the count, at least 1. The one
     * implementation of the rule: the free network's and the persistent loop's steps call it.
     *
     * @param mode    the machine state's ordinal ({@link CongestionState})
     * @param counted the tenant's count
     * @return the advertised n
     */
    public int advertised(int mode, int counted) {
        return nrcFallback && mode == CongestionState.NonReceiverCongestion.ordinal() ? 1 : Math.max(1, counted);
    }

    /** @param a whose count a sender's n is  @return a copy */
    public Design withApportioning(Apportioning a) {
        return new Design(counting, endRule, lookaheadScope, ecnInReceiverCongestion, softStateTimeouts,
                lookaheadBeginsFlows, network, machine, a, nrcFallback, softStateRefresh, lineRateStart, rateRecovery);
    }

    /** @param on whether an idle sender's next message begins at line rate (n = 1)  @return a copy */
    public Design withLineRateStart(boolean on) {
        return new Design(counting, endRule, lookaheadScope, ecnInReceiverCongestion, softStateTimeouts,
                lookaheadBeginsFlows, network, machine, apportioning, nrcFallback, softStateRefresh, on, rateRecovery);
    }

    /** @param on whether a sender applies a smaller n than the one it applied  @return a copy */
    public Design withRateRecovery(boolean on) {
        return new Design(counting, endRule, lookaheadScope, ecnInReceiverCongestion, softStateTimeouts,
                lookaheadBeginsFlows, network, machine, apportioning, nrcFallback, softStateRefresh, lineRateStart, on);
    }

    /**
     * The n a sender applies when an ACK carrying {@code received} reaches it (seed 000, III-B): the
     * ACK's n; with {@code rate-recovery} knocked out, never less than the n it applied. The one
     * implementation: the free network's window end and the persistent loop's call it.
     *
     * @param applied  the n the sender applied
     * @param received the n in the ACK
     * @return the n it applies
     */
    public int applies(int applied, int received) {
        return rateRecovery ? received : Math.max(applied, received);
    }
}
