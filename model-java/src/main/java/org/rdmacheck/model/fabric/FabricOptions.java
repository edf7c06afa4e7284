package org.rdmacheck.model.fabric;

import java.util.Arrays;
import java.util.stream.Collectors;
import org.rdmacheck.model.InputException;

/**
 * The design choices the composed model leaves open, each with the paper's reading and the repair.
 *
 * @param key        what a DFT entry is searched by
 * @param uTurns     whether a switch may deflect a packet back to the switch it came from
 * @param laneChange how a packet moves from VL1 to the escape lane VL0
 * @param cleanup    what survivors do with DFT entries of messages a failure drops
 * @param escapeLane whether the escape lane VL0 exists at all
 * @param laneRule   the lane rule of {@link LaneChange#TABLE} (else null)
 * @param knockouts  the mechanisms switched off
 * @param dft        the DFT's rules: the design or one of the broken variants of seed 000 §IV-A
 * @param preset     which model the one network model is: the composed fabric, IOFD alone, or the
 *                   escape-lane model
 * @param escapeRules the escape-vl preset's lane rules (else null)
 * @param queueing   where a switch queues a packet and when it routes it ({@link Queueing})
 * @param escapeAt   under queueing egress, when a VL1 packet may move to the escape lane ({@link EscapeAt})
 * @param failDrops  what a failure drops: every packet in flight, or what is on the failed element ({@link FailDrops})
 */
public record FabricOptions(DftKey key, UTurns uTurns, LaneChange laneChange, Cleanup cleanup, boolean escapeLane,
                            LaneRule laneRule, java.util.Set<Knockout> knockouts, DftRules dft, Preset preset,
                            EscapeRules escapeRules, Queueing queueing, EscapeAt escapeAt, FailDrops failDrops) {

    /**
     * The options with the model's own queueing ({@link Queueing#INGRESS}).
     *
     * @param key         DFT key
     * @param uTurns      U-turns
     * @param laneChange  lane-change rule
     * @param cleanup     failure cleanup
     * @param escapeLane  whether VL0 exists
     * @param laneRule    the table rule, or null
     * @param knockouts   the mechanisms switched off
     * @param dft         the DFT's rules
     * @param preset      the preset
     * @param escapeRules the escape-vl preset's lane rules (else null)
     */
    public FabricOptions(DftKey key, UTurns uTurns, LaneChange laneChange, Cleanup cleanup, boolean escapeLane,
                         LaneRule laneRule, java.util.Set<Knockout> knockouts, DftRules dft, Preset preset,
                         EscapeRules escapeRules) {
        this(key, uTurns, laneChange, cleanup, escapeLane, laneRule, knockouts, dft, preset, escapeRules,
                Queueing.INGRESS, EscapeAt.ARRIVAL, FailDrops.ALL);
    }

    /**
     * @param q a queueing
     * @return these options with it
     */
    public FabricOptions withQueueing(Queueing q) {
        return new FabricOptions(key, uTurns, laneChange, cleanup, escapeLane, laneRule, knockouts, dft, preset,
                escapeRules, q, escapeAt, failDrops);
    }

    /**
     * @param e when a VL1 packet may move to the escape lane (queueing egress only)
     * @return these options with it
     */
    public FabricOptions withEscapeAt(EscapeAt e) {
        return new FabricOptions(key, uTurns, laneChange, cleanup, escapeLane, laneRule, knockouts, dft, preset,
                escapeRules, queueing, e, failDrops);
    }

    /**
     * @param d what a failure drops
     * @return these options with it
     */
    public FabricOptions withFailDrops(FailDrops d) {
        return new FabricOptions(key, uTurns, laneChange, cleanup, escapeLane, laneRule, knockouts, dft, preset,
                escapeRules, queueing, escapeAt, d);
    }

    /**
     * What a failure drops: the two readings of seed 000 §IV-C. The paper: "The back pressure of
     * InfiniBand/RDMA networks ensures that packets queue up at upstream routers (and do not get dropped).
     * The neighboring routers detect a failed router and propagate that information back to senders and
     * effectively cause the in-flight packets to be dropped. [...] the senders must re-transmit the
     * messages whose completion events have not been received [...] flows blocked by failures are not
     * allowed to locally reroute around the failed routers (which could cause ordering violations).
     * Instead, all such blocked flows are effectively dropped and must be re-transmitted by the senders."
     * {@link #ALL} is the default, the reading the text supports better: what is dropped is "the in-flight
     * packets", those queued "at upstream routers" by the back pressure, not only those on the failed
     * element, and a packet of a cut flow that survives upstream must not be rerouted locally, which
     * {@link #LINK} lets it be (by the routes that avoid the failed element); with deflected flows no switch
     * can tell which flows a failure blocked (§IV-C: "irrespective of whether flows have been deflected").
     * {@link #LINK} is the narrower reading of "the in-flight packets" (docs/fabric.md, "Failures: what is
     * dropped").
     */
    public enum FailDrops {
        /** every foreground packet in flight is dropped, and every sender of an incomplete message retransmits it */
        ALL("all"),
        /**
         * only what is on the failed element is lost (the buffers a failed switch or link takes with it, as
         * its background); every other buffer keeps its packets, and the messages that lost a packet are sent
         * again from their first
         */
        LINK("link");

        private final String label;

        FailDrops(String label) {
            this.label = label;
        }

        /** @return the parameter value */
        public String label() {
            return label;
        }

        /**
         * @param label a parameter value
         * @return the reading
         * @throws InputException if it is neither
         */
        public static FailDrops of(String label) {
            for (FailDrops d : values()) {
                if (d.label.equals(label)) {
                    return d;
                }
            }
            throw new InputException("fail-drops = " + label + ": expected all or link");
        }
    }

    /**
     * Under queueing egress, when a VL1 packet may move to the escape lane VL0. Seed 000 §IV-B says that
     * "Packets/flows may move from non-escape VLs to escape VLs (which ensures that flows in non-escape
     * VLs can always make forward progress)" and not when; the egress switch (seed 004 §4) routes a
     * packet on arrival, so there are two readings (docs/fabric.md, the PFC model).
     */
    public enum EscapeAt {
        /** the lane change is decided with the route, as the packet arrives; a packet queued on VL1 stays there */
        ARRIVAL("arrival"),
        /**
         * also at the head of a VL1 egress FIFO whose lane is paused downstream: the packet may move to the
         * VL0 egress FIFO of its escape port at the same switch, under the escape rules of an arrival
         * (Duato: a packet blocked in a non-escape channel may request the escape channel)
         */
        HEAD("head");

        private final String label;

        EscapeAt(String label) {
            this.label = label;
        }

        /** @return the parameter value */
        public String label() {
            return label;
        }

        /**
         * @param label a parameter value
         * @return the reading
         * @throws InputException if it is neither
         */
        public static EscapeAt of(String label) {
            for (EscapeAt e : values()) {
                if (e.label.equals(label)) {
                    return e;
                }
            }
            throw new InputException("escape-at = " + label + ": expected arrival or head");
        }
    }

    /**
     * Where a switch queues a packet and when it routes it (docs/fabric.md, the PFC model).
     */
    public enum Queueing {
        /**
         * The model's own: one FIFO per ingress (arc, lane) at the arc's downstream end, the packet routed
         * when it leaves it (head-of-line blocking between outputs); PFC counts that FIFO.
         */
        INGRESS("ingress"),
        /**
         * Seed 004 §4's switch: a packet is routed on arrival (seed 000 §IV-A Fig. 7, §IV-B) into the
         * egress FIFO of its output (arc, lane), the FIFO at the arc's upstream end, and remembers the
         * ingress (arc, lane) it arrived on; PFC counts per ingress the packets that arrived on it and are
         * still queued at the switch, background included, and pauses that ingress's upstream at xoff.
         */
        EGRESS("egress");

        private final String label;

        Queueing(String label) {
            this.label = label;
        }

        /** @return the parameter value */
        public String label() {
            return label;
        }

        /**
         * @param label a parameter value
         * @return the queueing
         */
        public static Queueing of(String label) {
            for (Queueing q : values()) {
                if (q.label.equals(label)) {
                    return q;
                }
            }
            throw new IllegalArgumentException("queueing: " + label);
        }
    }

    /**
     * The options of the fabric or IOFD preset.
     *
     * @param key        DFT key
     * @param uTurns     U-turns
     * @param laneChange lane-change rule
     * @param cleanup    failure cleanup
     * @param escapeLane whether VL0 exists
     * @param laneRule   the table rule, or null
     * @param knockouts  the mechanisms switched off
     * @param dft        the DFT's rules
     * @param preset     FABRIC or IOFD
     */
    public FabricOptions(DftKey key, UTurns uTurns, LaneChange laneChange, Cleanup cleanup, boolean escapeLane,
                         LaneRule laneRule, java.util.Set<Knockout> knockouts, DftRules dft, Preset preset) {
        this(key, uTurns, laneChange, cleanup, escapeLane, laneRule, knockouts, dft, preset, null);
    }

    /**
     * The options of the escape-vl preset: its lane rules, whether VL0 exists (two lanes) and the
     * knock-outs; the DFT records where a message took the escape lane (order-restoring rule).
     *
     * @param rules      the lane rules
     * @param escapeLane whether VL0 exists (false: one lane)
     * @param knockouts  the mechanisms switched off
     * @return the options
     */
    public static FabricOptions escapeVl(EscapeRules rules, boolean escapeLane, java.util.Set<Knockout> knockouts) {
        return new FabricOptions(DftKey.MESSAGE, UTurns.ALLOWED, LaneChange.SILENT, Cleanup.NONE, escapeLane, null,
                knockouts, DftRules.NO_DFT, Preset.ESCAPE_VL, rules);
    }

    /**
     * The lane rules of the escape-vl preset (seed 000 §IV-B): VL0 is the escape lane when there are
     * two lanes; packets are injected on VL1; the routing choice is free (an adversarial selection
     * function: Duato's theorem holds for every one).
     *
     * @param deflectVl1   whether VL1 deflects a blocked packet holding a token (to any other live switch port)
     * @param deflectVl0   whether the escape lane deflects too
     * @param toEscape     whether a VL1 packet may move to VL0 on its up*&#47;down* arc
     * @param fromEscape   whether a VL0 packet returns to VL1 at its next hop (escape bypasses one hop)
     * @param followEscape the order-restoring rule: the first packet of a message to take the escape
     *                     lane (its oldest in flight) records its switch in that switch's DFT; every
     *                     later packet of the message takes the escape lane there
     * @param tokenCost    tokens a deflection spends: 1, or 0 (unbounded deflection)
     * @param minimalVl1   whether VL1 routes on any shortest path instead of the tree route
     */
    public record EscapeRules(boolean deflectVl1, boolean deflectVl0, boolean toEscape, boolean fromEscape,
                              boolean followEscape, int tokenCost, boolean minimalVl1) {
        /**
         * @param lane a lane
         * @return whether it deflects
         */
        public boolean deflects(int lane) {
            return lane == 1 ? deflectVl1 : deflectVl0;
        }
    }

    /**
     * The options of the fabric preset with the design's DFT rules.
     *
     * @param key        DFT key
     * @param uTurns     U-turns
     * @param laneChange lane-change rule
     * @param cleanup    failure cleanup
     * @param escapeLane whether VL0 exists
     * @param laneRule   the table rule, or null
     * @param knockouts  the mechanisms switched off
     */
    public FabricOptions(DftKey key, UTurns uTurns, LaneChange laneChange, Cleanup cleanup, boolean escapeLane,
                         LaneRule laneRule, java.util.Set<Knockout> knockouts) {
        this(key, uTurns, laneChange, cleanup, escapeLane, laneRule, knockouts, DftRules.DESIGN, Preset.FABRIC);
    }

    /** Copies the knock-outs; a table lane rule needs its table; the IOFD preset has no escape lane. */
    public FabricOptions {
        knockouts = knockouts.isEmpty() ? java.util.Set.of()
                : java.util.Collections.unmodifiableSet(java.util.EnumSet.copyOf(knockouts));
        if (laneChange == LaneChange.TABLE && laneRule == null) {
            throw new IllegalArgumentException("lane-change table needs a lane rule");
        }
        if (preset == Preset.IOFD && (escapeLane || laneChange == LaneChange.TABLE)) {
            throw new IllegalArgumentException("the iofd preset has no escape lane");
        }
        if ((preset == Preset.ESCAPE_VL) != (escapeRules != null)) {
            throw new IllegalArgumentException("the escape-vl preset, and it alone, has escape rules");
        }
        if (queueing == null) {
            queueing = Queueing.INGRESS;
        }
        if (queueing == Queueing.EGRESS && (preset != Preset.FABRIC || laneChange == LaneChange.TABLE)) {
            throw new IllegalArgumentException("queueing egress: the fabric preset without a lane-rule table only");
        }
        if (escapeAt == null) {
            escapeAt = EscapeAt.ARRIVAL;
        }
        if (failDrops == null) {
            failDrops = FailDrops.ALL;
        }
        if (failDrops == FailDrops.LINK && preset != Preset.FABRIC) {
            throw new IllegalArgumentException("fail-drops link: the fabric preset only (the IOFD preset's failures "
                    + "drop every packet in flight)");
        }
        if (escapeAt == EscapeAt.HEAD && queueing != Queueing.EGRESS) {
            throw new IllegalArgumentException("escape-at head: queueing egress only");
        }
    }

    /**
     * Which model the one network model is. Both run the same actions, router and DFT on the same
     * per-(arc, lane) buffers; a preset fixes the choices in which the two models read seed 000
     * differently, and the shape of their traces.
     */
    public enum Preset {
        /** The composed fabric (model {@code fabric}): escape lane, PFC, one switch or link failure;
         * a message's end packet frees its entry as the switch routes it. */
        FABRIC,
        /**
         * IOFD alone (model {@code iofd}, seed 000 §IV-A/B/C): one lane, the VL1 buffer of an arc is the
         * FIFO output queue of its upstream switch, and a full queue holds its upstream back (the PFC
         * pause at {@code xoff} = the queue capacity). The end packet frees its entry when it leaves the
         * switch's output queue (§IV-A: "de-allocated when the end packet of an RDMA message passes
         * through the switch"), matching the entry's port and the tokens it arrived with, and a
         * message's end packet chosen for deflection allocates an entry too (freed as it leaves).
         * Failures: up to {@code failures} switches (not ToRs, no links); a failure drops every
         * packet in flight and (cleanup) every DFT entry, background packets stay. Traces show the
         * output queues ({@code queues}), entries without a lane and the failed switches.
         */
        IOFD,
        /**
         * The dynamic escape-lane model (model {@code escape-vl}, seed 000 §IV-B): switches only, a
         * message of its own length enters at its source switch and leaves at its destination switch
         * (accepted in any order: the order is a property), buffers of {@code xoff} packets with
         * back-pressure, tree routing ({@link FabricNet}'s spanning tree; VL1 optionally minimal),
         * and a free choice among the moves {@link EscapeRules} allow: the routed arc, a deflection to
         * any other switch, the escape lane. No threshold, no background, no failure; the DFT holds
         * only the order-restoring rule's records. Traces show packet ids, statuses and tokens.
         */
        ESCAPE_VL
    }

    /** The DFT's rules: the design and the broken variants that show what each rule is for (seed 000 §IV-A/B). */
    public enum DftRules {
        /** The design: allocated by a message's first packet, never overwritten, freed by its end packet. */
        DESIGN,
        /** Packet-by-packet deflection without a DFT (DIBS-style): any packet may be deflected alone. */
        NO_DFT,
        /** A full DFT overwrites an entry to make room for a new deflected message. */
        OVERWRITE,
        /** Any packet of a message, not only the first, may be chosen for deflection. */
        DEFLECT_MIDDLE,
        /** The entry is freed when the message's first packet leaves the switch instead of its last. */
        FREE_ON_FIRST
    }

    /**
     * The options with no table lane rule and no knock-out.
     *
     * @param key        DFT key
     * @param uTurns     U-turns
     * @param laneChange lane-change rule
     * @param cleanup    failure cleanup
     * @param escapeLane whether VL0 exists
     */
    public FabricOptions(DftKey key, UTurns uTurns, LaneChange laneChange, Cleanup cleanup, boolean escapeLane) {
        this(key, uTurns, laneChange, cleanup, escapeLane, null, java.util.Set.of());
    }

    /**
     * @param k a mechanism
     * @return whether it is knocked out
     */
    public boolean off(Knockout k) {
        return knockouts.contains(k);
    }

    /**
     * The mechanisms of seed 000 §IV that a knock-out switch can remove from the one model: each is
     * a guard in {@link NetworkModel}, written once; with no knock-out the model is the
     * design.
     */
    public enum Knockout {
        /** §IV-A: a packet matching a DFT entry follows it (knocked out: entries are never consulted) */
        DFT_FOLLOW("dft-follow"),
        /** §IV-A: the end packet frees its message's entry (knocked out: entries are never freed) */
        DFT_FREE_ON_END("dft-free-on-end"),
        /** §IV-A: a misroute spends a token (knocked out: tokens are never spent) */
        TOKEN_SPENDING("token-spending"),
        /** §IV-B: deflection only at or above the threshold (knocked out: at any occupancy) */
        DEFLECTION_THRESHOLD("deflection-threshold"),
        /** §IV-A: ToRs never deflect to hosts (knocked out: a ToR may deflect to any port) */
        TOR_NO_HOST("tor-no-host-deflection"),
        /** §IV-B: long flows carry no tokens (knocked out: they carry a short flow's tokens) */
        LONG_NOT_DEFLECTED("long-flows-not-deflected"),
        /** §IV-B: the escape lane VL0 (knocked out: no VL0, as {@code escape=off}) */
        ESCAPE_LANE("escape-lane"),
        /** §IV-B: every blocked VL1 packet may move to VL0 (knocked out: a packet blocked at the port of
         * its DFT entry may not; it waits for that port) */
        ESCAPE_ACCESS("escape-access"),
        /** §IV-B: no return from VL0 (knocked out: a VL0 packet may go back to VL1 on its ECMP port) */
        NO_RETURN_FROM_VL0("no-return-from-vl0"),
        /** PFC: an upstream buffer pauses while its downstream buffer is at xoff (knocked out: it
         * sends anyway and the packet is dropped at the full buffer) */
        PFC_PAUSE("pfc-pause"),
        /** PFC: a buffer's pause (and, with hysteresis, its resume) counts every packet it holds,
         * background traffic included (knocked out: it counts the modelled messages' packets only) */
        PFC_COUNTS_BACKGROUND("pfc-counts-background"),
        /** PFC hysteresis (seed 004, 4: RESUME once the queue falls below the pause threshold by two MTU): a
         * paused buffer resumes its upstream at xon = xoff - pfc-hysteresis (knocked out: as soon as it holds
         * fewer than xoff packets) */
        PFC_HYSTERESIS("pfc-hysteresis"),
        /** ECN (seed 004, 3.1 and 4; seed 000, IV-B): a packet that joins a buffer holding the ECN threshold or
         * more is marked (knocked out: no packet is ever marked) */
        ECN_MARK("ecn-mark"),
        /** §IV-C repair: the failure notice frees the dropped messages' entries (knocked out: they stay) */
        FAILURE_CLEANUP("failure-cleanup"),
        /** §IV-A: a DFT hit whose port is full waits (knocked out: it falls back to ECMP on VL1) */
        DFT_HIT_WAITS("dft-hit-waits"),
        /** §IV-B: up*&#47;down* routing on VL0 (knocked out: VL0 routes on any shortest path; escape-vl preset) */
        UPDOWN_VL0("updown-vl0"),
        /** the order-restoring rule of {@link EscapeRules#followEscape()} (knocked out: not applied; escape-vl preset) */
        ESCAPE_FOLLOW("escape-follow");

        private final String label;

        Knockout(String label) {
            this.label = label;
        }

        /** @return the mechanism's name on the command line */
        public String label() {
            return label;
        }

        /**
         * @param text a name
         * @return the knock-out
         */
        public static Knockout of(String text) {
            return parse(values(), text, "knockout", Knockout::label);
        }
    }

    /** The DFT's searchable field. */
    public enum DftKey {
        /** seed 000 §IV-A: "the flow id or RDMA message id (the searchable field)" */
        MESSAGE("message"),
        /** the repair: the message and the tokens its packets carried on arrival, so the passes of a
         * message that loops back through a switch stay apart */
        MESSAGE_TOKENS("message-tokens");

        private final String label;

        DftKey(String label) {
            this.label = label;
        }

        /** @return the name on the command line */
        public String label() {
            return label;
        }

        /**
         * @param text a name
         * @return the key
         */
        public static DftKey of(String text) {
            return parse(values(), text, "dft-key", DftKey::label);
        }
    }

    /** Whether deflection may send a packet back where it came from. */
    public enum UTurns {
        /** any other live switch port (seed 000 §IV-A: "a randomly-selected output port") */
        ALLOWED("allowed"),
        /** never the port toward the switch the packet arrived from */
        FORBIDDEN("forbidden");

        private final String label;

        UTurns(String label) {
            this.label = label;
        }

        /** @return the name on the command line */
        public String label() {
            return label;
        }

        /**
         * @param text a name
         * @return the value
         */
        public static UTurns of(String text) {
            return parse(values(), text, "uturns", UTurns::label);
        }
    }

    /** How packets take the escape lane. */
    public enum LaneChange {
        /** seed 000 §IV-B says nothing about order: any blocked VL1 packet may move to VL0 */
        SILENT("silent"),
        /** IOFD applied to lane changes: a message's first packet takes VL0 at a switch and records it
         * in the DFT; the message's later packets follow it there (and only they) */
        FOLLOW("follow"),
        /** a rule of the lane-rule family: a {@link LaneRule} table decides (see {@code lane-rule}) */
        TABLE("table");

        private final String label;

        LaneChange(String label) {
            this.label = label;
        }

        /** @return the name on the command line */
        public String label() {
            return label;
        }

        /**
         * @param text a name
         * @return the value
         */
        public static LaneChange of(String text) {
            return parse(values(), text, "lane-change", LaneChange::label);
        }
    }

    /** What survivors of a failure do with the DFT entries of the messages it drops. */
    public enum Cleanup {
        /** seed 000 §IV-A/C: an entry is freed only by its message's end packet ("no DFT entry may be
         * overwritten except by natural deallocation"); §IV-C says nothing more */
        NONE("none"),
        /** the repair: the failure notice that drops a message's in-flight packets also frees its
         * entries at every surviving switch */
        FLUSH("flush");

        private final String label;

        Cleanup(String label) {
            this.label = label;
        }

        /** @return the name on the command line */
        public String label() {
            return label;
        }

        /**
         * @param text a name
         * @return the value
         */
        public static Cleanup of(String text) {
            return parse(values(), text, "cleanup", Cleanup::label);
        }
    }

    private static <E> E parse(E[] values, String text, String what, java.util.function.Function<E, String> label) {
        for (E v : values) {
            if (label.apply(v).equals(text)) {
                return v;
            }
        }
        throw new InputException(what + " = '" + text + "': expected one of "
                + Arrays.stream(values).map(label).collect(Collectors.joining(", ")));
    }
}
