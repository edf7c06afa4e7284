package org.rdmacheck.model.fabric;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.fabric.FabricOptions.Cleanup;
import org.rdmacheck.model.fabric.FabricOptions.DftKey;
import org.rdmacheck.model.fabric.FabricOptions.Knockout;
import org.rdmacheck.model.fabric.FabricOptions.LaneChange;
import org.rdmacheck.model.fabric.FabricOptions.UTurns;
import org.rdmacheck.model.layout.Expansion;
import org.rdmacheck.model.layout.Field;
import org.rdmacheck.model.layout.Fifo;
import org.rdmacheck.model.layout.Footprint;
import org.rdmacheck.model.layout.LayoutModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.layout.Slot;
import org.rdmacheck.model.layout.StateLayout;
import org.rdmacheck.model.topology.Topology;

/**
 * The one network model: in-order flow deflection, escape virtual lanes and PFC back-pressure in
 * one fabric (seed 000 §IV-A/B/C with the §VI-A settings), written once on its declared state
 * ({@link NetworkLayout}).
 *
 * <p>Every arc leaving a switch has one FIFO buffer per lane (VL0 escape, VL1 normal) at its
 * downstream end; a packet moves only into a buffer below the PFC pause threshold, so a paused
 * upstream buffer cannot send. Actions, in the order they are tried: {@code Send} (a host hands the
 * next packet of its message to its ToR, which routes it), {@code Forward} (the head packet of a
 * buffer moves on as the switch's forwarding decision allows), {@code Deliver} (a ToR's host port
 * hands its head packet to the RC receiver, which accepts the next expected packet and discards a
 * duplicate or a packet ahead of its turn), {@code Background} (a background packet joins a VL1
 * buffer and stays) and {@code Fail}.
 *
 * <p>The forwarding decision (seed 000 §IV-A Fig. 7, §IV-B): on the escape lane VL0 a packet
 * follows up*&#47;down* and is never deflected. On VL1 it consults the DFT first: an entry sends it
 * to its port ({@code Deflect} by the entry, one token) or, with lane changes that follow IOFD, onto
 * VL0. Otherwise a message's first packet is deflected when its ECMP buffer is at or above the
 * deflection threshold, it holds a token and a DFT entry is free: to any other live switch port
 * with room (a nondeterministic choice; no host). With U-turns forbidden no deflection, chosen or
 * by a DFT entry, sends a packet back out of the port it arrived on: such a choice is not offered,
 * and a packet whose entry names its arrival port is held (IOFD allows it no other port).
 * Otherwise ECMP. A VL1 packet whose next buffer is paused (PFC) may move to VL0 on its escape port
 * ({@code EscapeToVl0}), under the lane-change rule. A message's end packet frees the entries it
 * matches as it passes.
 *
 * <p>Failures, as this model reads seed 000 §IV-C: one switch (not a ToR) or one switch-to-switch
 * link fails. The failed switch loses its buffers and its DFT, a failed link the packets on it. The
 * neighbours "propagate that information back to senders and effectively cause the in-flight
 * packets to be dropped": every foreground packet in flight is dropped (every incomplete message is
 * treated as blocked, since after a deflection no switch can tell which paths the failure cut) and
 * every sender whose message is incomplete retransmits it from its first packet; ECMP and the escape
 * routes avoid the failed element from then on. The surviving switches keep their background
 * traffic and their DFTs: with cleanup {@code none} (the paper's only deallocation rule is the end
 * packet) the entries of the dropped messages stay; with {@code flush} the failure notice frees them.
 * That is the reading {@code fail-drops=all} ({@link FabricOptions.FailDrops}, the default); with
 * {@code link} only the buffers the failed element takes with it lose their packets (as they lose their
 * background) and only the messages that lost a packet are sent again.
 *
 * <p>Routing decisions come from tables precomputed per topology and failure element
 * ({@link FabricNet}). The knock-out switches of {@link Knockout} are guards here, each written once.
 *
 * <p>The IOFD preset ({@link FabricOptions.Preset#IOFD}, model {@code iofd}) is this model with one
 * lane and its own reading of three points, each a guard here: the end packet frees its entry as it
 * leaves the switch (the upstream end of the arc it departs on), failures are up to
 * {@code failures} switches whose notice flushes every table, and traces show output queues. The
 * DFT's broken variants ({@link FabricOptions.DftRules}) are guards here as well.
 *
 * <p>An action's code: kind (3 bits), arc + 1 (11), lane (1), flow (7), seq (4), tokens (4), route
 * or receiver (4), out (11), out lane (1), tokens left (4), ECN mark (1), could deflect (1), ECMP
 * arc + 1 (11).
 */
public final class NetworkModel implements LayoutModel {

    static final int SEND = 0;
    static final int FORWARD = 1;
    static final int DELIVER = 2;
    static final int BACKGROUND = 3;
    static final int FAIL = 4;
    private static final String[] NAMES = {"Send", "Forward", "Deliver", "Background", "Fail"};
    private static final String[] RECEIVER = {"accept", "discard-duplicate", "discard-out-of-order"};
    private static final Route[] KINDS = Route.values();
    private static final int ALLOCATE_KIND = Route.ALLOCATE.ordinal();
    private static final List<String> ESCAPE_VL_NAMES = List.of("Inject", "Forward", "Deflect", "MoveToEscape",
            "LeaveEscape", "Deliver");

    private final FabricConfig config;
    private final FabricNet net;
    private final Topology t;
    private final NetworkLayout g;
    private final LayoutState initial;
    // configuration tables
    private final int flows;
    private final int packets;
    private final int xoff;
    /** where a paused buffer resumes its upstream: xon; knocked out (pfc-hysteresis), xoff - 1, as without hysteresis */
    private final int xon;
    private final boolean hysteresis;
    /**
     * Queueing egress (seed 004 §4's switch; {@link FabricOptions.Queueing#EGRESS}): a buffer is the egress
     * FIFO of its arc's upstream switch, a packet is routed as it arrives at a switch and remembers its
     * ingress (arc, lane) there, PFC counts per ingress. Decided at construction; every guard it adds is
     * out of the default's way ({@link #ingressCount}).
     */
    private final boolean egress;
    /**
     * Queueing egress with escape-at head ({@link FabricOptions.EscapeAt#HEAD}): the head of a VL1 egress FIFO
     * whose lane is paused downstream may also move to the escape lane (seed 000 §IV-B)
     */
    private final boolean escapeAtHead;
    /** queueing egress: per flow, the arc from its source host to its ToR (the ingress its packets are sent on) */
    private final int[] srcArc;
    /**
     * With hysteresis, every PFC pause bit, one per ingress (arc, lane) that can pause its upstream: the buffers'
     * ({@link NetworkLayout#paused}, bit {@code b} for buffer {@code b}) and, under queueing egress, then the
     * hosts' ingresses at their ToRs ({@link NetworkLayout#hostPaused}, VL1); with the arc and lane each counts
     * ({@link #pauseArc}, {@link #pauseLane}). One rule sets and clears them all ({@code settle}); null without
     * hysteresis.
     */
    private final Field[] pauseBits;
    /** per pause bit: the arc whose ingress at the switch it enters it pauses */
    private final int[] pauseArc;
    /** per pause bit: the lane */
    private final int[] pauseLane;
    /** queueing egress with hysteresis: per arc from a host, its pause bit's index in {@link #pauseBits} (else -1) */
    private final int[] hostPauseOf;
    private final int threshold;
    /** the occupancy of a joined buffer from which a packet is ECN-marked: ecn; knocked out (ecn-mark), never */
    private final int ecn;
    /** whether actions carry the ECN mark and the could-deflect flag: the fabric's do, the presets' show neither */
    private final boolean marks;
    private final int dftSize;
    private final int[] initTokens;
    private final int[] srcTor;
    private final boolean[][] dead;
    /**
     * per failure element (one row read per state), from {@code ECMP * (v * flows + f)}: the ECMP arc of flow f
     * at node v ({@link FabricNet#ecmpArc}), then where the occupancy of that arc's VL1 buffer is read: the
     * buffer's layout position and the header value, shift and mask of its background count (-1, 0, 0, 0 when
     * there is none), so that the decision reads the arc and its occupancy's places from one cache line
     */
    private final int[][] ecmpRows;
    private static final int ECMP = 5;
    private final int[] bufOfArc;
    private final boolean[] hostArc;
    /** per arc: the node it leads to ({@link Topology#arcTo}, a table read) */
    private final int[] toNode;
    private final int maxDegree;
    // the design's choices and knock-outs, resolved once
    private final boolean messageKey;
    private final boolean uTurnsForbidden;
    private final LaneChange laneChange;
    private final LaneRule laneRule;
    private final boolean escapeLane;
    private final boolean flush;
    /** fail-drops all (seed 000 §IV-C, the default): a failure drops every foreground packet in flight */
    private final boolean dropsAll;
    private final boolean koFollow;
    private final boolean koFree;
    /** whether the end packet frees its message's entries as its switch routes it (not the IOFD preset, which frees as it leaves) */
    private final boolean freesOnRoute;
    private final boolean koSpend;
    private final boolean koThreshold;
    private final boolean koTorHost;
    private final boolean koAccess;
    private final boolean koReturn;
    private final boolean koPause;
    private final boolean koPauseCount;
    /**
     * whether a VL1 buffer pauses its upstream exactly when its occupancy (packets and background)
     * reaches the pause threshold: no hysteresis bit, background counted, no planted pause rule
     */
    private final boolean pauseByOccupancy;
    /** the planted pause rule {@link PlantedRouter#PAUSES_ON_PACKETS_ALONE} (tests only) */
    private final boolean plantedPacketPause;
    private final boolean koHitWaits;
    // the IOFD preset and the DFT's rules
    private final boolean iofd;
    private final boolean usesDft;
    private final boolean overwrite;
    private final boolean anyStarts;
    private final int freeingSeq;
    private final int[] failable;
    // the escape-vl preset: its lane rules, per flow its length and destination switch, the first packet's id
    private final boolean escapeVl;
    private final FabricOptions.EscapeRules rules;
    private final boolean follow;
    private final boolean koUpDown;
    private final int[] size;
    private final int[] dstSwitch;
    private final int[] firstPacket;
    /** whether VL0 buffers are undeclared (the IOFD preset, escape-vl with one lane) */
    private final boolean vl1Only;
    /** the DFTs in layout order and their switches */
    private final Fifo[] tables;
    /**
     * whether {@link #noStaleEntry} reads the values themselves: the compact encoding, at most 64 flows, every
     * table's entries and every buffer's packets of one width each (the FIFOs after the tables are the buffers)
     */
    private final boolean staleOnValues;
    /** whether {@link #occupancyOf} reads the compact encoding's values itself; per buffer its FIFO's position */
    private final boolean occOnValues;
    private final int[] fifoOfBuffer;
    /** per buffered arc, where its background count lies: its value, shift and mask */
    private final int[] bgWord;
    private final int[] bgShift;
    private final int[] bgMask;
    private final int entryBits;
    private final int packetBits;
    private final Field dFlowOf;
    private final Field pFlowOf;
    private final int[] tableNode;
    private final ThreadLocal<Step> probes;
    private final ThreadLocal<Step> expanders = new ThreadLocal<>();
    /** the tables every {@link Step} reads, built once ({@link StepTables}) */
    private final StepTables stepTables;
    /**
     * The expander created last, on any thread: with one exploring thread the one {@link #cache}
     * looks at first, without a thread-local lookup. A step's answers are only ever reused on the
     * thread that wrote them ({@code Step.cached} compares the thread it recorded, which only that
     * thread writes), so a stale or another thread's value here is only a miss.
     */
    private Step recent;
    /** per header value: the bits of background counts in it; per bit of the header, the buffered arc whose count holds it */
    private final int[] bgBits;
    private final int[] bgArcAtBit;
    /** whether every buffer's capacity is at most xoff (then only background can take one past xoff) */
    private final boolean capacityWithinXoff;
    /** per header value: the bits of the DFTs' lengths in it (a DFT holds an entry when one of them is set) */
    private final int[] dftLengthBits;
    /** per header value: the bits of the receivers' expected counts in it, and their values when every message is accepted */
    private final int[] deliveredBits;
    private final int[] deliveredValue;
    /** a planted stuck rule for tests (see {@link #withPlantedStuckRule}); -1 in every model the catalogue builds */
    private final int stuckSeq;
    /** a planted escape refusal for tests (see {@link #withPlantedEscapeRefusal}); false in every catalogue model */
    private final boolean escapeOnlyAtSource;
    /** the occupancy at which a buffer pauses its upstream: xoff in every catalogue model (see {@link #withPlantedEarlyPause}) */
    private final int pauseAt;
    /** the background a buffer can hold: the threshold in every catalogue model (see {@link #withPlantedBackgroundCap}) */
    private final int backgroundCap;
    /** a planted delivery bug for tests (see {@link #withPlantedDeliveryEntry}); false in every catalogue model */
    private final boolean deliveryEntry;
    /** a planted delivery bug for tests (see {@link #withPlantedResend}); false in every catalogue model */
    private final boolean resendAfterEnd;
    /** a planted occupancy rule for tests (see {@link #withPlantedLaneChangeAt}); -1 in every catalogue model */
    private final int silentLaneChangeAt;
    /** the planted router bugs for tests (see {@link #withPlanted}); NONE in every catalogue model */
    private final PlantedRouter planted;
    /**
     * whether a planted rule of the routing decision is on (tests only: a planted router bug, the stuck
     * rule, the silent lane change): false in every catalogue model, so the decision asks once and
     * the rules are out of line
     */
    private final boolean plantedRouting;
    /** whether every DFT entry is a VL1 one (the IOFD preset: no lane change writes an entry) */
    private final boolean vl1EntriesOnly;

    /**
     * Why a buffered head packet cannot move, in the model's own terms: the kind of a deadlock is
     * the set of these over its stuck heads ({@link #blocking}).
     */
    public enum Block {
        /** no live route: the packet's ECMP (or escape) port is gone after a failure */
        NO_ROUTE,
        /** the port it must take is on a failed link or switch */
        LINK_DOWN,
        /** the port it must take is PFC-paused: the downstream (port, lane) buffer holds xoff packets */
        PAUSED,
        /** its message's DFT entry pins it to a port that is paused or down (seed 000, IV-A: a hit waits) */
        PINNED_TO_FULL,
        /** its DFT entry points back out of its arrival port and U-turns are forbidden */
        UTURN_FORBIDDEN,
        /** on VL1 behind a blocked port, the follow rule closes VL0 to it (a later packet, or a full DFT) */
        FOLLOW_CLOSES_VL0,
        /** on VL1 behind a blocked port, the escape lane's buffer is paused or down too */
        ESCAPE_BLOCKED,
        /** the lane-rule table says wait */
        RULE_WAITS,
        /** none of the above: the router refused the packet for no modelled reason (a modelling bug) */
        UNEXPLAINED;

        /** @return the reason as written in traces and notes, e.g. {@code pinned-to-full} */
        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * @param config the configuration
     * @throws org.rdmacheck.model.InputException if a failure would disconnect a flow
     */
    public NetworkModel(FabricConfig config) {
        this(config, -1, false);
    }

    /**
     * For tests only (no command or parameter reaches it): the model with a planted bug, a router
     * that never moves packet {@code seq} of a message at a switch after its source ToR, so the
     * checks that must tell such a bug from the design's own deadlocks can be shown to.
     *
     * @param config the configuration
     * @param seq    the packet index the planted rule strands
     * @return the model with the rule
     */
    public static NetworkModel withPlantedStuckRule(FabricConfig config, int seq) {
        return new NetworkModel(config, seq, false);
    }

    /**
     * For tests only (no command or parameter reaches it): the model with a planted bug, a router
     * that sends a VL1 packet whose ECMP port is blocked to the escape lane only at its source ToR
     * (never at a later switch), so a check can be shown to tell the stall it makes from the
     * design's own deadlocks: the stuck head's port is paused, but its escape lane is open.
     *
     * @param config the configuration
     * @return the model with the rule
     */
    public static NetworkModel withPlantedEscapeRefusal(FabricConfig config) {
        return new NetworkModel(config, -1, true);
    }

    /**
     * For tests only (no command or parameter reaches it): the model with a planted bug, PFC that
     * pauses a buffer's upstream one packet early, at {@code xoff - 1} packets (without hysteresis),
     * so a decision that assumes a paused buffer holds {@code xoff} can be shown to check it.
     *
     * @param config the configuration
     * @return the model with the early pause
     */
    public static NetworkModel withPlantedEarlyPause(FabricConfig config) {
        return new NetworkModel(config, -1, false, config.xoff() - 1, config.threshold(), false, false);
    }

    /**
     * For tests only (no command or parameter reaches it): the model with a planted bug, a background
     * cap one above the deflection threshold (the layout's bound raised with it), so a decision that
     * assumes at most {@code min(threshold, background)} background packets per buffer can be shown to
     * check it.
     *
     * @param config the configuration
     * @return the model with the raised cap
     */
    public static NetworkModel withPlantedBackgroundCap(FabricConfig config) {
        return new NetworkModel(config, -1, false, config.xoff(), config.threshold() + 1, false, false);
    }

    /**
     * For tests only (no command or parameter reaches it): the model with a planted bug outside the
     * routing decision, a destination ToR that, on accepting a packet of a message, writes a DFT
     * entry of the message on VL0 toward the network (its first uplink), off the message's escape
     * route. No routing situation shows it; it shows in the DFT contents reached.
     *
     * @param config the configuration
     * @return the model with the bug
     */
    public static NetworkModel withPlantedDeliveryEntry(FabricConfig config) {
        return new NetworkModel(config, -1, false, config.xoff(), config.threshold(), true, false);
    }

    /**
     * For tests only (no command or parameter reaches it): the model with a planted bug outside the
     * routing decision, a sender that sends a message's last packet once more after the receiver
     * accepted it (a spurious retransmission), so a delivery gives a packet back to send.
     *
     * @param config the configuration
     * @return the model with the bug
     */
    public static NetworkModel withPlantedResend(FabricConfig config) {
        return new NetworkModel(config, -1, false, config.xoff(), config.threshold(), false, true);
    }

    /**
     * For tests only (no command or parameter reaches it): the model with a planted bug, a router that
     * tells one occupancy apart inside the range the deflection threshold and PFC treat alike: a VL1
     * packet whose ECMP buffer holds exactly {@code occupancy} packets (background included) moves onto
     * VL0 of its escape arc without a DFT entry (a silent lane change, nothing else), so a decision that
     * enumerates occupancy classes instead of occupancies can be shown to miss it.
     *
     * @param config    the configuration
     * @param occupancy the occupancy the router singles out
     * @return the model with the rule
     */
    public static NetworkModel withPlantedLaneChangeAt(FabricConfig config, int occupancy) {
        return new NetworkModel(config, -1, false, config.xoff(), config.threshold(), false, false, occupancy);
    }

    /**
     * For tests only (no command or parameter reaches it): the model with one of the planted router bugs
     * of {@link PlantedRouter}, so a decision that assumes what the bug breaks can be shown to check it.
     *
     * @param config the configuration
     * @param bug    the planted bug ({@link PlantedRouter#NONE}: the catalogue's model)
     * @return the model with the bug
     */
    public static NetworkModel withPlanted(FabricConfig config, PlantedRouter bug) {
        return new NetworkModel(config, bug);
    }

    /** The planted router bugs of {@link #withPlanted} (tests only); NONE in every catalogue model. */
    public enum PlantedRouter {
        /** no planted bug */
        NONE,
        /**
         * a router that refuses a VL1 packet while another buffer into its switch holds two packets or
         * more: a decision that reads more than the switch's output buffers, its DFT and the failed element
         */
        READS_ANOTHER_INPUT,
        /**
         * PFC that also pauses a VL1 buffer's upstream at {@code xoff - 1} of the modelled messages'
         * packets alone, the background not counted: a pause below {@code xoff} that only a buffer with
         * little background shows
         */
        PAUSES_ON_PACKETS_ALONE,
        /**
         * a message's end packet that at a switch also frees every other message's DFT entry of its own
         * token count (a step of one flow's packet that changes another flow's entries), so a decision
         * that assumes no step of another flow changes a flow's entries can be shown to check it
         */
        FREES_OTHERS_ENTRIES,
        /**
         * a background packet joining a VL1 buffer that holds packets drops the head one (a background
         * step that changes a flow's packets)
         */
        BACKGROUND_DROPS_HEAD,
        /**
         * a delivery that also empties the ToR's DFT (every message's entries: a delivery that changes
         * another flow's)
         */
        DELIVERY_FLUSHES_TABLE,
        /**
         * a failure that finds some message incomplete restarts every message, complete ones too (a
         * failure whose effect on one flow depends on the others)
         */
        FAILURE_RESTARTS_ALL,
        /**
         * a message's end packet that ignores its DFT hit while the switch's table holds another message's
         * entry and has room (it routes as if it had none): a decision that shows a table only with the
         * flow's own entries or full of other flows' misses it
         */
        END_IGNORES_HIT_BESIDE_ANOTHER,
        /**
         * a VL1 packet arriving at a switch that has no move while the switch's table holds another
         * message's entry and has room: a refusal with no output buffer full that only a table with room
         * and another message's entry shows
         */
        STUCK_BESIDE_ANOTHER,
        /**
         * a message's end packet that ignores its DFT hit while the switch's table holds another message's
         * deflection record (a VL1 entry made with a token or more): a router that reads which entries the
         * other messages hold, not only how many, so a decision that shows one choice of them per number
         * (tokens 0 first, a content no deflection writes) misses it
         */
        END_IGNORES_HIT_BESIDE_DEFLECTION,
        /**
         * a VL1 packet arriving at a switch that has no move while the switch's table holds another message's
         * deflection record (a VL1 entry made with a token or more): a refusal with no output buffer full
         * that only some choices of the other messages' entries show
         */
        STUCK_BESIDE_DEFLECTION,
        /**
         * PFC that never pauses a VL0 buffer's upstream: a packet joins a full VL0 buffer, past its
         * declared capacity (the model's bound exceeded)
         */
        VL0_PAUSE_IGNORED,
        /**
         * the escape-vl preset's destination that, the first time it delivers a message's first packet,
         * records it delivered and leaves it at the head of its buffer, so the packet is delivered a
         * second time: a duplicate the delivery record (one bit per packet) does not change
         */
        DELIVERS_FIRST_TWICE
    }

    private NetworkModel(FabricConfig config, int stuckSeq, boolean escapeOnlyAtSource) {
        this(config, stuckSeq, escapeOnlyAtSource, config.xoff(), config.threshold(), false, false);
    }

    private NetworkModel(FabricConfig config, PlantedRouter planted) {
        this(config, -1, false, config.xoff(), config.threshold(), false, false, -1, planted);
    }

    private NetworkModel(FabricConfig config, int stuckSeq, boolean escapeOnlyAtSource, int pauseAt,
                         int backgroundCap, boolean deliveryEntry, boolean resendAfterEnd) {
        this(config, stuckSeq, escapeOnlyAtSource, pauseAt, backgroundCap, deliveryEntry, resendAfterEnd, -1);
    }

    private NetworkModel(FabricConfig config, int stuckSeq, boolean escapeOnlyAtSource, int pauseAt,
                         int backgroundCap, boolean deliveryEntry, boolean resendAfterEnd, int silentLaneChangeAt) {
        this(config, stuckSeq, escapeOnlyAtSource, pauseAt, backgroundCap, deliveryEntry, resendAfterEnd,
                silentLaneChangeAt, PlantedRouter.NONE);
    }

    private NetworkModel(FabricConfig config, int stuckSeq, boolean escapeOnlyAtSource, int pauseAt,
                         int backgroundCap, boolean deliveryEntry, boolean resendAfterEnd, int silentLaneChangeAt,
                         PlantedRouter planted) {
        this.planted = planted;
        this.plantedRouting = planted != PlantedRouter.NONE || stuckSeq >= 0 || silentLaneChangeAt >= 0;
        this.silentLaneChangeAt = silentLaneChangeAt;
        this.stuckSeq = stuckSeq;
        this.escapeOnlyAtSource = escapeOnlyAtSource;
        this.pauseAt = pauseAt;
        this.backgroundCap = backgroundCap;
        this.deliveryEntry = deliveryEntry;
        this.resendAfterEnd = resendAfterEnd;
        // the IOFD preset has no escape lane and changes no lane: only the planted delivery bug writes a VL0 entry
        this.vl1EntriesOnly = config.options().preset() == FabricOptions.Preset.IOFD && !deliveryEntry
                && (!config.options().escapeLane() || config.options().off(Knockout.ESCAPE_LANE))
                && config.options().laneChange() != LaneChange.TABLE;
        this.config = config;
        this.iofd = config.options().preset() == FabricOptions.Preset.IOFD;
        this.escapeVl = config.options().preset() == FabricOptions.Preset.ESCAPE_VL;
        this.net = escapeVl ? new FabricNet(config.topology(), config.flows(), config.failedLinks())
                : new FabricNet(config.topology(), config.flows(), config.failures(), iofd);
        this.t = net.topology();
        this.g = new NetworkLayout(config, net, backgroundCap);
        this.flows = config.flows().size();
        this.packets = config.packets();
        if (flows > 127 || t.arcCount() > 2046 || packets > 16 || config.tokens() > 15) {
            throw new org.rdmacheck.model.InputException("fabric of " + flows + " flows, " + t.arcCount() + " arcs, "
                    + packets + " packets and " + config.tokens() + " tokens: expected at most 127 flows, 2046 arcs, "
                    + "16 packets and 15 tokens (an action's code)");
        }
        FabricOptions o = config.options();
        this.xoff = config.xoff();
        this.xon = o.off(Knockout.PFC_HYSTERESIS) ? xoff - 1 : config.xon();
        this.hysteresis = g.paused != null;
        this.egress = o.queueing() == FabricOptions.Queueing.EGRESS;
        this.escapeAtHead = egress && o.escapeAt() == FabricOptions.EscapeAt.HEAD;
        this.threshold = config.threshold();
        this.ecn = o.off(Knockout.ECN_MARK) ? Integer.MAX_VALUE : config.ecn();
        this.marks = !iofd && !escapeVl;
        this.dftSize = config.dftSize();
        initTokens = new int[flows];
        srcTor = new int[flows];
        for (int f = 0; f < flows; f++) {
            initTokens[f] = config.initialTokens(f);
            srcTor[f] = net.sourceTor(f);
        }
        srcArc = new int[flows];
        for (int f = 0; f < flows; f++) {
            srcArc[f] = t.arcAt(config.flows().get(f).src(), 0);
        }
        hostPauseOf = new int[t.arcCount()];
        java.util.Arrays.fill(hostPauseOf, -1);
        if (hysteresis) {
            int hosts = g.hostPaused == null ? 0 : g.hostPaused.length;
            pauseBits = new Field[g.paused.length + hosts];
            pauseArc = new int[pauseBits.length];
            pauseLane = new int[pauseBits.length];
            for (int b = 0; b < g.paused.length; b++) {
                pauseBits[b] = g.paused[b];
                pauseArc[b] = net.bufArc(b >> 1);
                pauseLane[b] = b & 1;
            }
            for (int h = 0; h < hosts; h++) {
                int k = g.paused.length + h;
                pauseBits[k] = g.hostPaused[h];
                pauseArc[k] = t.arcAt(h, 0);
                pauseLane[k] = 1;
                hostPauseOf[pauseArc[k]] = k;
            }
        } else {
            pauseBits = null;
            pauseArc = null;
            pauseLane = null;
        }
        dead = new boolean[net.elementCount()][t.arcCount()];
        for (int e = 0; e < net.elementCount(); e++) {
            for (int a = 0; a < t.arcCount(); a++) {
                dead[e][a] = net.dead(e, a);
            }
        }
        int[] vl1Pos = new int[t.arcCount()];
        for (int a = 0; a < t.arcCount(); a++) {
            int i = net.bufOfArc(a);
            vl1Pos[a] = i >= 0 && g.buffers[2 * i + 1] != null ? g.layout.fifos().indexOf(g.buffers[2 * i + 1]) : -1;
        }
        ecmpRows = new int[net.elementCount()][ECMP * t.nodeCount() * flows];
        for (int e = 0; e < net.elementCount(); e++) {
            for (int v = 0; v < t.nodeCount(); v++) {
                for (int f = 0; f < flows; f++) {
                    int r = ECMP * (v * flows + f);
                    int arc = net.ecmpArc(e, v, f);
                    ecmpRows[e][r] = arc;
                    ecmpRows[e][r + 1] = -1;
                    if (arc >= 0 && vl1Pos[arc] >= 0) {
                        Field bg = g.background[net.bufOfArc(arc)];
                        ecmpRows[e][r + 1] = vl1Pos[arc];
                        ecmpRows[e][r + 2] = bg.position();
                        ecmpRows[e][r + 3] = bg.shift();
                        ecmpRows[e][r + 4] = (1 << bg.width()) - 1;
                    }
                }
            }
        }
        bufOfArc = new int[t.arcCount()];
        hostArc = new boolean[t.arcCount()];
        toNode = new int[t.arcCount()];
        for (int a = 0; a < t.arcCount(); a++) {
            bufOfArc[a] = net.bufOfArc(a);
            hostArc[a] = t.isHost(t.arcTo(a));
            toNode[a] = t.arcTo(a);
        }
        int deg = 0;
        for (int v = 0; v < t.nodeCount(); v++) {
            deg = Math.max(deg, t.degree(v));
        }
        maxDegree = deg;
        messageKey = o.key() == DftKey.MESSAGE;
        uTurnsForbidden = o.uTurns() == UTurns.FORBIDDEN;
        laneChange = o.laneChange();
        laneRule = o.laneRule();
        escapeLane = o.escapeLane() && !o.off(Knockout.ESCAPE_LANE);
        flush = o.cleanup() == Cleanup.FLUSH && !o.off(Knockout.FAILURE_CLEANUP);
        dropsAll = o.failDrops() == FabricOptions.FailDrops.ALL;
        koFollow = o.off(Knockout.DFT_FOLLOW);
        koFree = o.off(Knockout.DFT_FREE_ON_END);
        freesOnRoute = !koFree && !iofd;
        koSpend = o.off(Knockout.TOKEN_SPENDING);
        koThreshold = o.off(Knockout.DEFLECTION_THRESHOLD);
        koTorHost = o.off(Knockout.TOR_NO_HOST);
        koAccess = o.off(Knockout.ESCAPE_ACCESS);
        koReturn = o.off(Knockout.NO_RETURN_FROM_VL0);
        koPause = o.off(Knockout.PFC_PAUSE);
        koPauseCount = o.off(Knockout.PFC_COUNTS_BACKGROUND);
        pauseByOccupancy = !hysteresis && !koPauseCount && planted != PlantedRouter.PAUSES_ON_PACKETS_ALONE
                && !egress;
        plantedPacketPause = planted == PlantedRouter.PAUSES_ON_PACKETS_ALONE;
        koHitWaits = o.off(Knockout.DFT_HIT_WAITS);
        usesDft = o.dft() != FabricOptions.DftRules.NO_DFT;
        overwrite = o.dft() == FabricOptions.DftRules.OVERWRITE;
        anyStarts = o.dft() == FabricOptions.DftRules.DEFLECT_MIDDLE || !usesDft;
        freeingSeq = o.dft() == FabricOptions.DftRules.FREE_ON_FIRST ? 0 : packets - 1;
        failable = net.failable();
        vl1Only = g.buffers[0] == null;
        rules = o.escapeRules();
        follow = escapeVl && rules.followEscape() && !o.off(Knockout.ESCAPE_FOLLOW);
        koUpDown = o.off(Knockout.UPDOWN_VL0);
        size = new int[flows];
        dstSwitch = new int[flows];
        firstPacket = new int[flows];
        for (int f = 0; f < flows; f++) {
            Flow fl = config.flows().get(f);
            size[f] = fl.packets() > 0 ? fl.packets() : packets;
            dstSwitch[f] = escapeVl ? fl.dst() : -1;
            firstPacket[f] = f == 0 ? 0 : firstPacket[f - 1] + size[f - 1];
            if (size[f] > packets) {
                throw new IllegalArgumentException("message " + fl + " longer than the configuration's packets");
            }
        }
        List<Integer> sw = new ArrayList<>();
        for (int node = 0; node < g.dft.length; node++) {
            if (g.dft[node] != null) {
                sw.add(node);
            }
        }
        tableNode = sw.stream().mapToInt(Integer::intValue).toArray();
        tables = new Fifo[tableNode.length];
        for (int k = 0; k < tables.length; k++) {
            tables[k] = g.dft[tableNode[k]];
        }
        bgBits = new int[g.layout.header()];
        bgArcAtBit = new int[32 * g.layout.header()];
        for (int i = 0; i < g.background.length; i++) { // counts from 0: a count's bits are its value
            Field bg = g.background[i];
            bgBits[bg.position()] |= (1 << bg.width()) - 1 << bg.shift();
            for (int k = 0; k < bg.width(); k++) {
                bgArcAtBit[32 * bg.position() + bg.shift() + k] = i;
            }
        }
        boolean within = true;
        for (Fifo q : g.buffers) {
            within &= q == null || q.capacity() <= xoff;
        }
        capacityWithinXoff = within;
        dftLengthBits = new int[g.layout.header()];
        for (int k = 0; k < tables.length; k++) {
            if (g.layout.fifos().indexOf(tables[k]) != k) {
                throw new IllegalStateException("the tables are not the layout's first FIFOs");
            }
            Field l = tables[k].lengthField();
            if (!g.layout.compact()) {
                dftLengthBits[l.position()] |= (1 << l.width()) - 1 << l.shift();
            }
        }
        int eb = tables.length > 0 ? tables[0].width() : 0;
        int pb = -1;
        boolean oneWidth = true;
        for (Fifo q : tables) {
            oneWidth &= q.width() == eb;
        }
        for (Fifo q : g.buffers) {
            if (q != null) {
                oneWidth &= pb < 0 || q.width() == pb;
                pb = q.width();
            }
        }
        int buffersAfterTables = 0;
        for (Fifo q : g.buffers) {
            buffersAfterTables += q != null && g.layout.fifos().indexOf(q) >= tables.length ? 1 : 0;
        }
        fifoOfBuffer = new int[g.buffers.length];
        for (int b = 0; b < g.buffers.length; b++) {
            fifoOfBuffer[b] = g.buffers[b] == null ? -1 : g.layout.fifos().indexOf(g.buffers[b]);
        }
        occOnValues = g.layout.compact();
        bgWord = new int[g.background.length];
        bgShift = new int[g.background.length];
        bgMask = new int[g.background.length];
        for (int i = 0; i < g.background.length; i++) {
            Field bg = g.background[i];
            if (bg.min() != 0) {
                throw new IllegalStateException("a background count not from 0: " + bg);
            }
            bgWord[i] = bg.position();
            bgShift[i] = bg.shift();
            bgMask[i] = bg.width() == 32 ? -1 : (1 << bg.width()) - 1;
        }
        entryBits = eb;
        packetBits = pb;
        dFlowOf = g.dFlow;
        pFlowOf = g.pFlow;
        staleOnValues = g.layout.compact() && flows <= 64 && oneWidth && pb > 0
                && buffersAfterTables == g.layout.fifos().size() - tables.length;
        deliveredBits = new int[g.layout.header()];
        deliveredValue = new int[g.layout.header()];
        for (Field e : escapeVl ? new Field[0] : g.expected) {
            int[] one = new int[g.layout.header()];
            e.set(one, 0, packets);
            deliveredBits[e.position()] |= (1 << e.width()) - 1 << e.shift();
            deliveredValue[e.position()] |= one[e.position()];
        }
        int[] v = new int[g.layout.maxLength()];
        initial = new LayoutState(g.layout, v, 0, g.layout.header());
        stepTables = new StepTables();
        probes = ThreadLocal.withInitial(Step::new);
    }

    /** @return the configuration */
    public FabricConfig config() {
        return config;
    }

    /** @return the network */
    public FabricNet net() {
        return net;
    }

    /** @return the declared state */
    public NetworkLayout fields() {
        return g;
    }

    @Override
    public StateLayout layout() {
        return g.layout;
    }

    @Override
    public List<LayoutState> initialStates() {
        return List.of(initial);
    }

    /** The directed search's measure: closeness to a routing deadlock ({@link DeadlockPressure}). */
    @Override
    public java.util.Optional<org.rdmacheck.model.SearchHeuristic> heuristic() {
        return java.util.Optional.of(new DeadlockPressure(g, net, xoff));
    }

    @Override
    public boolean isFinal(LayoutState s) {
        return s.test(this::allDelivered);
    }

    /**
     * @param s    packed values
     * @param base the state's first value
     * @return whether every message is accepted completely
     */
    public boolean allDelivered(int[] s, int base) {
        if (escapeVl) {
            for (int f = 0; f < flows; f++) {
                if (g.delivered[f].get(s, base) != (1 << size[f]) - 1) {
                    return false;
                }
            }
            return true;
        }
        for (int w = 0; w < deliveredBits.length; w++) { // every expected count at packets: their header bits
            if ((s[base + w] & deliveredBits[w]) != deliveredValue[w]) {
                return false;
            }
        }
        return true;
    }

    @Override
    public PackedModel.Expander expander() {
        Step e = new Step();
        expanders.set(e);
        recent = e;
        return e;
    }

    /** The moves of one packet of a state (see {@link #onePacket}). */
    @FunctionalInterface
    public interface OnePacket {
        /**
         * @param s      packed values
         * @param base   the state's first value
         * @param buffer the buffer whose head packet moves ({@code 2 * buffer index + lane}), or -1 for
         *               flow {@code flow}'s next packet at its source ToR
         * @param flow   the flow whose next packet is sent (when {@code buffer} is -1)
         * @param sink   receives exactly the successors of {@link #expander()} that move that packet
         */
        void moves(int[] s, int base, int buffer, int flow, PackedModel.Sink sink);
    }

    /**
     * The successor function restricted to one packet's moves (one per thread, like an expander): the
     * same code as {@link #expander()}, with the other packets', the background's and the failures'
     * steps left out, for decisions that ask the router about one packet in many built states.
     *
     * @return the restricted successor function
     */
    public OnePacket onePacket() {
        Step e = new Step();
        return e::movesOf;
    }

    /**
     * {@link #onePacket()} whose decisions read states only through the given expansion (a {@link
     * org.rdmacheck.model.layout.RecordingExpansion} tells which slots a decision read).
     *
     * @param view an expansion of this model's layout, used by this function alone
     * @return the restricted successor function, for the calling thread
     */
    public OnePacket onePacket(Expansion view) {
        if (view.layout() != g.layout) {
            throw new IllegalArgumentException("an expansion of another layout");
        }
        return new Step(view)::movesOf;
    }

    /** This thread's step for the queries of properties (never an explorer's expander). */
    private Step probe() {
        return probes.get();
    }

    /**
     * The last expander this thread created, if it expanded a state with these values last, on this
     * thread: the answers it found on the way then hold for them.
     */
    private Step cache(int[] s, int base) {
        Step e = recent;
        if (e != null && e.cached(s, base)) {
            return e; // the last expander created, and this thread's (cached checks the thread)
        }
        e = expanders.get();
        return e != null && e.cached(s, base) ? e : null;
    }

    /** The object successors, from an expander of their own: not the thread's registered one. */
    @Override
    public void successors(LayoutState s, Consumer<Transition<LayoutState>> sink) {
        int[] v = new int[s.length()];
        s.copyTo(v, 0);
        new Step().successors(v, 0, (code, next, length) ->
                sink.accept(new Transition<>(action(code), new LayoutState(g.layout, next, 0, length))));
    }

    /**
     * The transition groups' footprints, per instance ({@link #group}): {@code Send} per flow and
     * {@code Forward} per buffer route a packet at one switch: the decision reads the occupancy of
     * every buffer out of the switch (PFC pause, the deflection threshold, ECN), the switch's DFT,
     * the failed element and, under a lane-rule table only, the buffers into the switch (an earlier
     * packet of the message still there). {@code Deliver} per buffer writes the receivers of the
     * flows its host receives (every receiver when ToRs may deflect to hosts), {@code Background}
     * per arc reads the budget spent on every arc.
     */
    @Override
    public List<Footprint> footprints() {
        List<Slot> all = g.layout.slots();
        if (egress) {
            // queueing egress: a move reads the ingress counts of the switch it enters, kept in every
            // egress FIFO there; not declared per instance: one group per action, every slot read and written
            List<Footprint> groups = new ArrayList<>();
            for (String name : NAMES) {
                groups.add(Footprint.of(name, all, all));
            }
            return groups;
        }
        if (escapeVl) {
            // the escape-vl preset's moves read the records of every switch and the deliveries of the
            // message (the order-restoring rule): one group per action name, reading and writing every slot
            List<Footprint> groups = new ArrayList<>();
            for (String name : ESCAPE_VL_NAMES) {
                groups.add(Footprint.of(name, all, all));
            }
            return groups;
        }
        List<Slot> pause = g.paused == null ? List.of() : List.of(g.paused);
        List<Slot> buffersAndBackground = new ArrayList<>();
        for (Fifo q : g.buffers) {
            if (q != null) {
                buffersAndBackground.add(q);
            }
        }
        buffersAndBackground.addAll(List.of(g.background));
        buffersAndBackground.addAll(pause);
        List<Slot> dfts = new ArrayList<>();
        for (Fifo q : g.dft) {
            if (q != null) {
                dfts.add(q);
            }
        }
        List<Slot> failReads = new ArrayList<>(all);
        List<Slot> failWrites = new ArrayList<>(buffersAndBackground);
        failWrites.addAll(dfts);
        failWrites.addAll(List.of(g.sent));
        failWrites.add(g.failed);
        List<Footprint> groups = new ArrayList<>();
        // per instance (PINS-style groups per flow and per buffer): a routing decision at switch v
        // reads the buffers out of v, their background and pause state, v's DFT and the failed
        // element (and the buffers into v under a lane-rule table), and writes the buffers out of v
        // and v's DFT
        for (int f = 0; f < flows; f++) {
            int v = srcTor[f];
            List<Slot> reads = new ArrayList<>(around(v));
            reads.add(g.sent[f]);
            List<Slot> writes = new ArrayList<>(outOf(v));
            writes.add(g.sent[f]);
            groups.add(Footprint.of(NAMES[SEND] + "[" + f + "]", reads, writes));
        }
        for (int b = 0; b < g.buffers.length; b++) {
            if (g.buffers[b] == null) {
                continue;
            }
            int arc = net.bufArc(b / 2);
            List<Slot> self = new ArrayList<>(List.of(g.buffers[b]));
            if (g.paused != null) {
                self.add(g.paused[b]);
            }
            if (iofd) {
                self.add(g.dft[t.arcFrom(arc)]); // the end packet frees its entry as it leaves
            }
            if (hostArc[arc]) {
                List<Slot> w = new ArrayList<>(self);
                w.addAll(receivers(t.arcTo(arc)));
                List<Slot> r = new ArrayList<>(w);
                if (g.paused != null) {
                    r.add(g.background[b / 2]); // the pause bit settles on the occupancy, background included
                }
                groups.add(Footprint.of(NAMES[DELIVER] + "[" + b + "]", r, w));
            } else {
                int v = t.arcTo(arc);
                List<Slot> r = new ArrayList<>(self);
                if (g.paused != null) {
                    r.add(g.background[b / 2]); // as Deliver: the pause bit settles on the occupancy, background included
                }
                r.addAll(around(v));
                List<Slot> w = new ArrayList<>(self);
                w.addAll(outOf(v));
                groups.add(Footprint.of(NAMES[FORWARD] + "[" + b + "]", r, w));
            }
        }
        for (int i = 0; i < g.background.length; i++) {
            List<Slot> r = new ArrayList<>(List.of(g.background));
            r.add(g.buffers[2 * i + 1]);
            r.add(g.failed);
            List<Slot> w = new ArrayList<>(List.of(g.background[i]));
            if (g.paused != null) {
                r.add(g.paused[2 * i + 1]);
                w.add(g.paused[2 * i + 1]);
            }
            groups.add(Footprint.of(NAMES[BACKGROUND] + "[" + i + "]", r, w));
        }
        groups.add(Footprint.of(NAMES[FAIL], failReads, failWrites));
        return groups;
    }

    /**
     * Why a group is disabled, as slots that keep it so (the falsified conjunct of its guard), in
     * the order of {@link #footprints()}: a message sent completely ({@code sent}), an empty
     * buffer (the buffer), the background budget spent (every background count), a background
     * count at the threshold or its arc dead (the failed element), no failure to come or one
     * already happened. A buffer head blocked by the routing decision, a paused arc: every slot
     * the group reads (false).
     */
    @Override
    public boolean enablingSlots(int[] s, int base, int footprint, Consumer<Slot> slots) {
        if (escapeVl || egress) {
            return false;
        }
        if (footprint < flows) {
            if (g.sent[footprint].get(s, base) < packets) {
                return false;
            }
            slots.accept(g.sent[footprint]);
            return true;
        }
        int k = footprint - flows;
        int groupsOfBuffers = vl1Only ? net.bufferedArcs() : g.buffers.length; // the IOFD preset: VL1 only
        if (k < groupsOfBuffers) {
            int b = vl1Only ? 2 * k + 1 : k;
            if (g.buffers[b].length(s, base) > 0) {
                return false;
            }
            slots.accept(g.buffers[b]);
            return true;
        }
        int i = k - groupsOfBuffers;
        int failedNow = g.failed.get(s, base);
        if (i < g.background.length) {
            int used = 0;
            for (Field bg : g.background) {
                used += bg.get(s, base);
            }
            if (used >= config.background()) {
                for (Field bg : g.background) {
                    slots.accept(bg);
                }
            } else if (dead[failedNow][net.bufArc(i)]) {
                slots.accept(g.failed);
            } else if (g.background[i].get(s, base) >= backgroundCap) {
                slots.accept(g.background[i]);
            } else {
                return false;
            }
            return true;
        }
        if (config.failures() > 0 && failedNow == FabricNet.NONE) {
            return false;
        }
        if (config.failures() > 0) {
            slots.accept(g.failed);
        }
        return true;
    }

    /** The receivers a delivery to host h may advance: the flows to h (every flow when ToRs may deflect to hosts). */
    private List<Slot> receivers(int h) {
        List<Slot> r = new ArrayList<>();
        for (int f = 0; f < flows; f++) {
            if (koTorHost || config.flows().get(f).dst() == h) {
                r.add(g.expected[f]);
            }
        }
        return r;
    }

    /** The slots a routing decision at switch v reads: the buffers out of v with their background and pause
     * state, v's DFT, the failed element, and under a lane-rule table the buffers into v. */
    private List<Slot> around(int v) {
        List<Slot> r = new ArrayList<>(outOf(v));
        for (int p = 0; p < t.degree(v); p++) {
            int in = bufOfArc[Topology.reverse(t.arcAt(v, p))];
            if (in >= 0 && laneChange == LaneChange.TABLE) {
                r.add(g.buffers[2 * in]); // earlierHere: an earlier packet of the message waiting at v
                r.add(g.buffers[2 * in + 1]);
            }
            int out = bufOfArc[t.arcAt(v, p)];
            r.add(g.background[out]);
        }
        r.add(g.failed);
        return r;
    }

    /** The slots a routing decision at switch v may write: the buffers out of v (and their pause state), v's DFT. */
    private List<Slot> outOf(int v) {
        List<Slot> w = new ArrayList<>();
        for (int p = 0; p < t.degree(v); p++) {
            int out = bufOfArc[t.arcAt(v, p)];
            for (int lane = 0; lane < 2; lane++) {
                if (g.buffers[2 * out + lane] == null) {
                    continue;
                }
                w.add(g.buffers[2 * out + lane]);
                if (g.paused != null) {
                    w.add(g.paused[2 * out + lane]);
                }
            }
        }
        w.add(g.dft[v]);
        return w;
    }

    /** Per instance: {@code Send[flow]}, {@code Forward[buffer]}, {@code Deliver[buffer]}, {@code Background[arc]}, {@code Fail}. */
    @Override
    public String group(Action a) {
        if (escapeVl || egress) {
            return a.name();
        }
        Map<String, Object> p = a.params();
        return switch (a.name()) {
            case "Send" -> a.name() + "[" + p.get("flow") + "]";
            case "Forward", "Deliver" -> a.name() + "[" + (2 * bufOfArc[(int) p.get("arc")]
                    + (int) p.getOrDefault("lane", 1)) + "]";
            case "Background" -> a.name() + "[" + bufOfArc[(int) p.get("arc")] + "]";
            default -> a.name();
        };
    }

    // ---- action codes ----

    private static long code(int kind, int arc, int lane, int flow, int seq, int tokens, int route, int out,
                             int outLane, int tokensLeft, boolean ecnMarked, boolean couldDeflect) {
        return packetCode(kind, arc, lane, flow, seq, tokens) | moveCode(route, out, outLane, tokensLeft, ecnMarked,
                couldDeflect);
    }

    /** The bits of an action's code that name the packet and where it leaves: the same for every move of it. */
    private static long packetCode(int kind, int arc, int lane, int flow, int seq, int tokens) {
        return kind | (long) (arc + 1) << 3 | (long) lane << 14 | (long) flow << 15 | (long) seq << 22
                | (long) tokens << 26;
    }

    /** The bits of a Send's or Forward's code that name one move of its packet. */
    private static long moveCode(int route, int out, int outLane, int tokensLeft, boolean ecnMarked,
                                 boolean couldDeflect) {
        return (long) route << 30 | (long) out << 34 | (long) outLane << 45 | (long) tokensLeft << 46
                | (ecnMarked ? 1L << 50 : 0) | (couldDeflect ? 1L << 51 : 0);
    }

    /** @param code a Send or Forward of the IOFD preset  @return the packet's ECMP arc at the switch, -1 if none */
    public static int normal(long code) {
        return ((int) (code >>> 52) & 0x7FF) - 1;
    }

    private static long withNormal(long code, int normal) {
        return code | (long) (normal + 1) << 52;
    }

    /** @param code an action code  @return its kind (0 Send, 1 Forward, 2 Deliver, 3 Background, 4 Fail) */
    public static int kind(long code) {
        return (int) code & 7;
    }

    /** @param code an action code  @return whether it is a delivery */
    public static boolean isDelivery(long code) {
        return kind(code) == DELIVER;
    }

    /** @param code a Send, Forward or Deliver  @return the lane of the buffer the packet leaves (1 for a Send) */
    public static int lane(long code) {
        return (int) (code >>> 14) & 1;
    }

    /** @param code a Send or Forward  @return the lane of the buffer the packet joins */
    public static int outLane(long code) {
        return (int) (code >>> 45) & 1;
    }

    /** @param code a Send, Forward or Deliver  @return the packet's flow */
    public static int flow(long code) {
        return (int) (code >>> 15) & 0x7F;
    }

    /** @param code a Send, Forward or Deliver  @return the packet's index in its message */
    public static int seq(long code) {
        return (int) (code >>> 22) & 0xF;
    }

    /** @param code a Send or Forward  @return the packet's tokens before the move */
    public static int tokens(long code) {
        return (int) (code >>> 26) & 0xF;
    }

    /** @param code a Send or Forward  @return its tokens after the move */
    public static int tokensLeft(long code) {
        return (int) (code >>> 46) & 0xF;
    }

    /** @param code a Send or Forward  @return the switch's decision */
    public static Route route(long code) {
        return KINDS[(int) (code >>> 30) & 0xF];
    }

    /** @param code any action  @return its arc (the buffer left, the failed element of a Fail), -1 for Send */
    public static int arc(long code) {
        return ((int) (code >>> 3) & 0x7FF) - 1;
    }

    /** @param code a Send or Forward  @return the arc the packet moves onto */
    public static int out(long code) {
        return (int) (code >>> 34) & 0x7FF;
    }

    /** @param code a Send or Forward  @return whether the buffer joined was at or above the ECN threshold */
    public static boolean ecnMarked(long code) {
        return (code & 1L << 50) != 0;
    }

    /** @param code a Send or Forward  @return whether a deflection was available had the threshold allowed it */
    public static boolean couldDeflect(long code) {
        return (code & 1L << 51) != 0;
    }

    /**
     * @param code a Send or Forward
     * @return the switch that decided
     */
    public int at(long code) {
        if (kind(code) == SEND) {
            return srcTor[flow(code)];
        }
        // (escape-at head: the switch that holds the packet in the egress FIFO it leaves)
        return escapeAtHead && route(code).atHead() ? t.arcFrom(arc(code)) : t.arcTo(arc(code));
    }

    @Override
    public Action action(long code) {
        int kind = kind(code);
        int arc = arc(code);
        if (iofd) {
            return iofdAction(kind, arc, code);
        }
        if (escapeVl) {
            return escapeVlAction(kind, arc, code);
        }
        return switch (kind) {
            case SEND, FORWARD -> {
                int out = (int) (code >>> 34) & 0x7FF;
                yield Action.of(NAMES[kind], "arc", arc, "lane", (int) (code >>> 14) & 1, "flow", flow(code),
                        "seq", seq(code), "tokens", tokens(code), "at", at(code), "route", route(code).label(),
                        "out", out, "outLane", (int) (code >>> 45) & 1, "tokensLeft", tokensLeft(code),
                        "ecn", ecnMarked(code), "couldDeflect", couldDeflect(code), "hop", t.arcName(out));
            }
            case DELIVER -> Action.of(NAMES[kind], "arc", arc, "lane", (int) (code >>> 14) & 1, "flow", flow(code),
                    "seq", seq(code), "receiver", RECEIVER[(int) (code >>> 30) & 0xF], "hop", t.arcName(arc));
            case BACKGROUND -> Action.of(NAMES[kind], "arc", arc, "lane", 1, "hop", t.arcName(arc));
            case FAIL -> Action.of(NAMES[kind], "element", arc, "name", net.elementName(arc));
            default -> throw new IllegalArgumentException("not a fabric action code: " + code);
        };
    }

    /** An action in the shape of the iofd model's traces (one lane, the ECMP arc, failed switches). */
    private Action iofdAction(int kind, int arc, long code) {
        int out = (int) (code >>> 34) & 0x7FF;
        return switch (kind) {
            case SEND, FORWARD -> Action.of(NAMES[kind], "arc", arc, "flow", flow(code), "seq", seq(code),
                    "tokens", tokens(code), "at", at(code), "route", route(code).label(), "normal", normal(code),
                    "out", out, "tokensLeft", tokensLeft(code), "hop", t.arcName(out));
            case DELIVER -> Action.of(NAMES[kind], "arc", arc, "flow", flow(code), "seq", seq(code),
                    "receiver", RECEIVER[(int) (code >>> 30) & 0xF], "hop", t.arcName(arc));
            case BACKGROUND -> Action.of(NAMES[kind], "arc", arc, "hop", t.arcName(arc));
            case FAIL -> Action.of(NAMES[kind], "switch", out, "name", t.nodeName(out));
            default -> throw new IllegalArgumentException("not an iofd action code: " + code);
        };
    }

    /**
     * An action in the shape of the escape-vl model's traces and its TLA+ twin: the packet's id (message
     * by message), the arc it moves onto by name, the lane it joins (0 with one lane), and the move:
     * {@code Inject}/{@code Forward} on its route, {@code Deflect}, {@code MoveToEscape},
     * {@code LeaveEscape}, {@code Deliver} at its destination switch.
     */
    private Action escapeVlAction(int kind, int arc, long code) {
        int p = firstPacket[flow(code)] + seq(code);
        if (kind == DELIVER) {
            return Action.of("Deliver", "packet", p, "at", t.nodeName(t.arcTo(arc)));
        }
        String name = switch (route(code)) {
            case NORMAL, ESCAPE_FORWARD -> kind == SEND ? "Inject" : "Forward";
            case PER_PACKET -> "Deflect";
            case RETURN -> "LeaveEscape";
            default -> "MoveToEscape";
        };
        int lane = vl1Only ? 0 : (int) (code >>> 45) & 1;
        String hop = t.arcName(out(code));
        return kind == SEND && !name.equals("Inject")
                ? Action.of(name, "packet", p, "arc", hop, "lane", lane, "inject", true)
                : Action.of(name, "packet", p, "arc", hop, "lane", lane);
    }

    /** The inverse of {@link #iofdAction}, with the bits it does not show (element, ECN, could deflect) unset. */
    private long iofdCode(int kind, Map<String, Object> p) {
        return switch (kind) {
            case SEND, FORWARD -> withNormal(code(kind, (int) p.get("arc"), 1, (int) p.get("flow"), (int) p.get("seq"),
                    (int) p.get("tokens"), routeOf((String) p.get("route")), (int) p.get("out"), 1,
                    (int) p.get("tokensLeft"), false, false), (int) p.get("normal"));
            case DELIVER -> code(kind, (int) p.get("arc"), 1, (int) p.get("flow"), (int) p.get("seq"), 0,
                    java.util.Arrays.asList(RECEIVER).indexOf((String) p.get("receiver")), 0, 0, 0, false, false);
            case BACKGROUND -> code(kind, (int) p.get("arc"), 1, 0, 0, 0, 0, 0, 0, 0, false, false);
            case FAIL -> code(kind, -1, 0, 0, 0, 0, 0, (int) p.get("switch"), 0, 0, false, false);
            default -> throw new IllegalArgumentException("not an iofd action: " + p);
        };
    }

    /**
     * The code of an action this model emits: the inverse of {@link #action}.
     *
     * @param a an action of this model
     * @return its code
     * @throws IllegalArgumentException if it is not one
     */
    public long code(Action a) {
        if (escapeVl) {
            throw new IllegalArgumentException("an escape-vl action does not show its tokens: no code: " + a);
        }
        Map<String, Object> p = a.params();
        int kind = java.util.Arrays.asList(NAMES).indexOf(a.name());
        if (iofd) {
            return iofdCode(kind, p);
        }
        return switch (kind) {
            case SEND, FORWARD -> code(kind, (int) p.get("arc"), (int) p.get("lane"), (int) p.get("flow"),
                    (int) p.get("seq"), (int) p.get("tokens"), routeOf((String) p.get("route")), (int) p.get("out"),
                    (int) p.get("outLane"), (int) p.get("tokensLeft"), (boolean) p.get("ecn"),
                    (boolean) p.get("couldDeflect"));
            case DELIVER -> code(kind, (int) p.get("arc"), (int) p.get("lane"), (int) p.get("flow"), (int) p.get("seq"),
                    0, java.util.Arrays.asList(RECEIVER).indexOf((String) p.get("receiver")), 0, 0, 0, false, false);
            case BACKGROUND -> code(kind, (int) p.get("arc"), 1, 0, 0, 0, 0, 0, 0, 0, false, false);
            case FAIL -> code(kind, (int) p.get("element"), 0, 0, 0, 0, 0, 0, 0, 0, false, false);
            default -> throw new IllegalArgumentException("not a fabric action: " + a);
        };
    }

    private static int routeOf(String label) {
        for (Route k : KINDS) {
            if (k.label().equals(label)) {
                return k.ordinal();
            }
        }
        throw new IllegalArgumentException("not a route: " + label);
    }

    // ---- state queries (properties) ----

    /**
     * Queueing egress: lossless back pressure is per ingress: no switch holds more than xoff packets that
     * arrived on one (arc, lane), its background counted (the egress FIFOs may hold more).
     */
    private boolean ingressWithinXoff(int[] s, int base) {
        int[] count = ingressCounts(s, base);
        for (int a = 0; a < t.arcCount(); a++) {
            if (t.isHost(t.arcTo(a))) {
                continue;
            }
            for (int lane = 0; lane < 2; lane++) {
                if (ingressCountOf(s, base, count, a, lane, true) > xoff) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Queueing egress: per ingress tag {@code 2 * arc + lane + 1}, the packets queued anywhere that arrived on
     * it (a packet waits only in the egress FIFOs of the switch its ingress arc enters).
     */
    private int[] ingressCounts(int[] s, int base) {
        int[] count = new int[2 * t.arcCount() + 1];
        int shift = g.pIn.shift();
        int mask = (1 << g.pIn.width()) - 1;
        for (Fifo q : g.buffers) {
            if (q != null && q.length(s, base) > 0) {
                for (int e : g.layout.elements(s, base, q)) {
                    count[e >>> shift & mask]++;
                }
            }
        }
        return count;
    }

    /**
     * Queueing egress: the packets queued at the switch that arrived on (arc, lane) ({@code count}, from
     * {@link #ingressCounts}), and on lane 1 its background if {@code background}: what the buffer holds
     * (the lossless invariant, {@link #pfcOccupancy}), or what PFC counts ({@link #dropsOnArrival}: not the
     * background under the {@code pfc-counts-background} knock-out).
     */
    private int ingressCountOf(int[] s, int base, int[] count, int arc, int lane, boolean background) {
        int i = bufOfArc[arc];
        return count[2 * arc + lane + 1] + (background && lane == 1 && i >= 0 ? g.background[i].get(s, base) : 0);
    }

    /**
     * @param s    packed values
     * @param base the state's first value
     * @param arc  a switch arc
     * @param lane 0 or 1
     * @return packets in the arc's buffer on that lane, background included
     */
    public int occupancy(int[] s, int base, int arc, int lane) {
        Step c = cache(s, base);
        return c != null ? c.parentOccupancy(arc, lane) : occupancyOf(s, base, arc, lane);
    }

    /**
     * @return with hysteresis, every PFC pause bit: the buffers' ({@link NetworkLayout#paused}, in their order)
     *         and, under queueing egress, then the hosts' ingresses at their ToRs ({@link NetworkLayout#hostPaused});
     *         null without hysteresis. Bit k pauses the ingress ({@link #pauseArc}, {@link #pauseLane}).
     */
    public Field[] pauseBits() {
        return pauseBits;
    }

    /**
     * @param k a pause bit's index in {@link #pauseBits}
     * @return the arc whose ingress, at the switch the arc enters, the bit pauses
     */
    public int pauseArc(int k) {
        return pauseArc[k];
    }

    /**
     * @param k a pause bit's index in {@link #pauseBits}
     * @return its lane
     */
    public int pauseLane(int k) {
        return pauseLane[k];
    }

    /**
     * What PFC counts for the (arc, lane) whose pause bit is the buffer's: with the model's queueing the
     * arc's buffer, background included ({@link #occupancy}); with queueing egress the packets queued at
     * the switch the arc enters that arrived on it, background included.
     *
     * @param s    packed values
     * @param base the state's first value
     * @param arc  a switch arc
     * @param lane 0 or 1
     * @return the count
     */
    public int pfcOccupancy(int[] s, int base, int arc, int lane) {
        if (!egress) {
            return occupancyOf(s, base, arc, lane);
        }
        return t.isHost(t.arcTo(arc)) ? 0 : ingressCountOf(s, base, ingressCounts(s, base), arc, lane, true);
    }

    /**
     * Whether a Send or Forward drops its packet on arrival: only with PFC knocked out ({@code pfc-pause}),
     * where nothing holds an upstream back and a packet that reaches a full queue finds no room. With the
     * model's queueing the queue is the buffer it joins ({@code out}, {@code outLane}), background counted; with
     * queueing egress it is the ingress the packet arrives on at the switch deciding (its source host's arc
     * at the ToR for a Send), as PFC counts it: the egress FIFO it would join may hold any number (seed 004 §4).
     *
     * @param s    the parent's packed values
     * @param base the parent's first value
     * @param code a Send or Forward of the parent
     * @return whether the packet joins no buffer
     */
    public boolean dropsOnArrival(int[] s, int base, long code) {
        if (!koPause) {
            return false;
        }
        if (!egress) {
            return occupancyOf(s, base, out(code), outLane(code)) >= xoff;
        }
        int arc = kind(code) == SEND ? srcArc[flow(code)] : arc(code);
        int lane = kind(code) == SEND ? 1 : lane(code);
        return ingressCountOf(s, base, ingressCounts(s, base), arc, lane, !koPauseCount) >= xoff;
    }

    private int occupancyOf(int[] s, int base, int arc, int lane) {
        int i = bufOfArc[arc];
        int n;
        if (occOnValues) { // the buffer's value looked up among the non-empty FIFOs after the header, in FIFO order
            StateLayout l = g.layout;
            int k = fifoOfBuffer[2 * i + lane];
            n = 0;
            for (int at = base + l.header(), end = at + l.nonEmptyFifos(s, base); at < end; at++) {
                int v = s[at];
                int tag = l.fifoOf(v);
                if (tag >= k) {
                    n = tag == k ? l.lengthOf(v) : 0;
                    break;
                }
            }
        } else {
            n = g.buffers[2 * i + lane].length(s, base);
        }
        // a background count from 0 (its bits are its value), read from the model's own table of where it lies
        return lane == 1 ? n + (s[base + bgWord[i]] >>> bgShift[i] & bgMask[i]) : n;
    }

    /**
     * Whether some packet in a buffer can move (seed 000 §IV-B's routing deadlock is a state with
     * packets in buffers none of which can move): true when every buffer is empty, or some head
     * can be delivered or forwarded. Sends, background and failures are not moves of a buffered
     * packet, so a stall after a discarded packet (empty buffers) is not a routing deadlock.
     *
     * @param s    packed values
     * @param base the state's first value
     * @return whether some buffered packet can move, or none is buffered
     */
    public boolean someBufferedPacketMoves(int[] s, int base) {
        Step c = cache(s, base);
        return c != null ? c.lastMoves : probe().someBufferedPacketMoves(s, base);
    }

    /**
     * Every buffered head packet that has no move is stuck for a modelled reason ({@link Block}, not
     * {@link Block#UNEXPLAINED}): its port paused or down, no route after a failure, its DFT entry
     * pinning it to a blocked port, a forbidden U-turn, or the lane-rule table waiting. Computed from
     * the state's predicates, independently of the router's decision.
     *
     * @param s    packed values
     * @param base the state's first value
     * @return whether no stuck head is unexplained
     */
    public boolean noUnexplainedBlocking(int[] s, int base) {
        Step c = cache(s, base);
        return c != null ? c.lastExplained : !probe().blocking(s, base, null).contains(Block.UNEXPLAINED);
    }

    /**
     * The kind of a stall: why each buffered head packet with no move cannot move, as a set of
     * {@link Block} reasons (empty when every head can move, or none is buffered).
     *
     * @param s a state
     * @return the reasons, in enum order
     */
    public java.util.SortedSet<Block> blocking(LayoutState s) {
        int[] v = new int[s.length()];
        s.copyTo(v, 0);
        return probe().blocking(v, 0, null);
    }

    /**
     * A buffered head packet with no move, and the buffer it waits for: the edge of the buffer wait-for graph
     * whose cycles are a deadlock's cyclic buffer dependency (seed 000, IV-B).
     *
     * @param arc     the arc whose (downstream) buffer holds the head
     * @param lane    its lane
     * @param reason  why it cannot move ({@link #blocking})
     * @param toArc   the arc of the buffer it waits for: its ECMP (or escape) port's when {@link Block#PAUSED}, its DFT
     *                entry's when {@link Block#PINNED_TO_FULL}; -1 when it waits for no buffer (a failure, no route)
     * @param toLane  that buffer's lane, -1 with {@code toArc}
     */
    public record Wait(int arc, int lane, Block reason, int toArc, int toLane) {
    }

    /**
     * The stuck heads of a state and what each waits for, in buffer order (the escape lane's buffer of a VL1 head,
     * which the fabric's heads may wait for too, is not listed: the IOFD preset has no escape lane).
     *
     * @param s a state
     * @return one entry per buffered head packet with no move
     */
    public List<Wait> waits(LayoutState s) {
        int[] v = new int[s.length()];
        s.copyTo(v, 0);
        List<Wait> out = new java.util.ArrayList<>();
        probe().blocking(v, 0, out);
        return out;
    }

    /**
     * The non-degeneracy of a lane rule (seed 000 §IV-A/B: a congested first packet with a spare
     * token and a free DFT entry is deflected): for every VL1 buffer head and every packet a host is
     * about to send that is its message's first packet, holds a token, matches no DFT entry, meets
     * its ECMP VL1 buffer at or above the deflection threshold at a switch with a free DFT entry and
     * has another live switch port with room on VL1, the switch offers a deflection.
     *
     * @param s    packed values
     * @param base the state's first value
     * @return whether every such packet is offered a deflection
     */
    public boolean deflectionOffered(int[] s, int base) {
        Step c = cache(s, base);
        return c != null ? c.lastOffered : probe().deflectionOffered(s, base);
    }

    /**
     * The antecedent of {@link #deflectionOffered}: whether some packet it judges is due a deflection offer (a
     * first packet with a token, matching no DFT entry, its ECMP VL1 buffer at or above the threshold at a switch
     * with a free entry, another live port with room). Found on the way as that answer is, so asking costs a read
     * of what the expansion kept.
     *
     * @param s    packed values
     * @param base the state's first value
     * @return whether {@link #deflectionOffered} judged some packet here
     */
    public boolean deflectionDue(int[] s, int base) {
        Step c = cache(s, base);
        return c != null ? c.lastEligible : probe().deflectionDue(s, base);
    }

    /**
     * Lossless back pressure: no (port, lane) buffer holds more than xoff packets, its background
     * (VL1) included. A buffer's packets alone never exceed its capacity, so when no capacity is
     * above xoff only the buffers with background can: those are found from the header bits that
     * hold non-zero background counts.
     *
     * @param s    packed values
     * @param base the state's first value
     * @return whether every buffer holds at most xoff packets
     */
    public boolean withinXoff(int[] s, int base) {
        if (egress) {
            return ingressWithinXoff(s, base);
        }
        if (!capacityWithinXoff) {
            for (int b = 0; b < g.buffers.length; b++) {
                if (g.buffers[b] != null && g.buffers[b].length(s, base)
                        + ((b & 1) == 1 ? g.background[b >> 1].get(s, base) : 0) > xoff) {
                    return false;
                }
            }
            return true;
        }
        Step c = null;
        for (int w = 0; w < bgBits.length; w++) {
            int bits = s[base + w] & bgBits[w];
            while (bits != 0) {
                int i = bgArcAtBit[w * 32 + Integer.numberOfTrailingZeros(bits)];
                Field bg = g.background[i];
                bits &= ~((1 << bg.width()) - 1 << bg.shift());
                if (c == null) {
                    c = cache(s, base);
                }
                // the length from the expansion's loaded state when it is this one, else from the values
                int n = c != null ? c.parentLength(2 * i + 1) : g.buffers[2 * i + 1].length(s, base);
                if (n + bg.get(s, base) > xoff) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Every DFT entry belongs to a message still on its way (a packet in flight or still to send).
     *
     * @param s    packed values
     * @param base the state's first value
     * @return whether no entry outlives the transmission that allocated it
     */
    public boolean noStaleEntry(int[] s, int base) {
        if (dftsEmpty(s, base)) {
            return true;
        }
        if (staleOnValues) {
            return noStaleCompact(s, base);
        }
        Step c = cache(s, base);
        return c != null ? c.noStale() : probe().noStale(s, base);
    }

    /**
     * {@link #noStaleEntry} read on the compact encoding's values themselves, in one pass (no expansion
     * loaded, no look-up of the expansion's copy): the non-empty FIFOs follow the header in FIFO order, the
     * tables first, each one value holding its entries (or packets) from bit 0. The flows with an entry are
     * a bit mask; those whose transmission is not under way (nothing sent, or every packet sent) need a
     * packet of theirs in a buffer, which the rest of the pass looks for, and only while there are such flows.
     */
    private boolean noStaleCompact(int[] s, int base) {
        StateLayout l = g.layout;
        int i = base + l.header();
        int end = i + l.nonEmptyFifos(s, base);
        long entries = 0;
        for (; i < end; i++) {
            int v = s[i];
            if (l.fifoOf(v) >= tables.length) {
                break; // the buffers follow the tables
            }
            for (int j = 0, n = l.lengthOf(v); j < n; j++) {
                entries |= 1L << dFlowOf.of(v >>> j * entryBits);
            }
        }
        long need = 0; // flows with an entry and no transmission under way
        for (long rest = entries; rest != 0; rest &= rest - 1) {
            int f = Long.numberOfTrailingZeros(rest);
            int sent = g.sent[f].get(s, base);
            if (!(sent > 0 && sent < packets)) {
                need |= 1L << f;
            }
        }
        for (; need != 0 && i < end; i++) {
            int v = s[i];
            for (int j = 0, n = l.lengthOf(v); j < n; j++) {
                need &= ~(1L << pFlowOf.of(v >>> j * packetBits));
            }
        }
        return need == 0;
    }

    /**
     * The compact encoding's fast paths against the step's general reading on one state, for the tests that
     * pin them (NetworkFastPathTest): {@link #noStaleCompact} against {@link Step#noStale}, and every buffer's
     * {@link #occupancyOf} against {@link Step#parentOccupancy}.
     *
     * @param s    packed values
     * @param base the state's first value
     * @return null when they agree, else what differs; "off" when the encoding has no such fast path
     */
    String fastPathDisagreement(int[] s, int base) {
        if (!staleOnValues || !occOnValues) {
            return "off";
        }
        Step general = probe();
        boolean stale = general.noStale(s, base); // loads the state: parentOccupancy reads it
        if (stale != noStaleCompact(s, base)) {
            return "NoStaleDftEntry: compact " + !stale + ", step " + stale;
        }
        for (int arc = 0; arc < bufOfArc.length; arc++) {
            int i = bufOfArc[arc];
            for (int lane = 0; i >= 0 && lane < 2; lane++) {
                if (g.buffers[2 * i + lane] != null && occupancyOf(s, base, arc, lane) != general.parentOccupancy(arc, lane)) {
                    return "occupancy of arc " + arc + " lane " + lane + ": compact " + occupancyOf(s, base, arc, lane)
                            + ", step " + general.parentOccupancy(arc, lane);
                }
            }
        }
        return null;
    }

    /**
     * Whether every DFT entry a step removes is one allowed to vanish (seed 000 §IV-A: "no DFT entry
     * may be overwritten except by natural deallocation"): at the switch a packet of the entry's own
     * message leaves (the IOFD preset's release), or by a failure.
     *
     * @param from   values of the state before
     * @param o      its first value
     * @param code   the step's action code
     * @param to     values of the state after, from index 0
     * @return whether no other entry vanished
     */
    public boolean entriesKept(int[] from, int o, long code, int[] to) {
        if (kind(code) == FAIL) {
            return true;
        }
        int arc = arc(code);
        int leftSwitch = arc < 0 ? -1 : t.arcFrom(arc);
        int f = flow(code);
        if (g.layout.compact()) {
            return entriesKeptCompact(from, o, to, leftSwitch, f);
        }
        // the tables are the layout's first FIFOs: their values start after the header, in node order
        int a = o + g.layout.header();
        int b = g.layout.header();
        for (int k = 0; k < tables.length; k++) {
            Fifo q = tables[k];
            int n = q.length(from, o);
            int m = q.length(to, 0);
            if (n == 0) {
                b += m == 0 ? 0 : q.values(m);
                continue;
            }
            int nv = q.values(n);
            int mv = m == n ? nv : q.values(m);
            if (n != m || !sameValues(from, a, to, b, nv)) {
                int v = tableNode[k];
                for (int i = 0; i < n; i++) {
                    int e = element(q, from, a, i);
                    if ((v != leftSwitch || g.dFlow.of(e) != f) && !holds(q, to, b, m, e)) {
                        return false;
                    }
                }
            }
            a += nv;
            b += mv;
        }
        return true;
    }

    /**
     * {@link #entriesKept} on compact states: the tables are the first FIFOs, so their values are the
     * first after each header (tag, length and entries in one value); a table's value that differs
     * between the two states is looked at entry by entry.
     */
    private boolean entriesKeptCompact(int[] from, int o, int[] to, int leftSwitch, int f) {
        StateLayout l = g.layout;
        int h = l.header();
        int a = o + h;
        int aEnd = a + l.nonEmptyFifos(from, o);
        int b = h;
        int bEnd = b + l.nonEmptyFifos(to, 0);
        for (; a < aEnd; a++) {
            int va = from[a];
            int k = l.fifoOf(va);
            if (k >= tables.length) {
                break; // the buffers: no table left in the state before
            }
            while (b < bEnd && l.fifoOf(to[b]) < k) {
                b++;
            }
            int vb = b < bEnd && l.fifoOf(to[b]) == k ? to[b] : 0;
            if (va == vb) {
                continue;
            }
            Fifo q = tables[k];
            int n = l.lengthOf(va);
            int m = vb == 0 ? 0 : l.lengthOf(vb);
            int node = tableNode[k];
            for (int i = 0; i < n; i++) {
                int e = element(q, from, a, i);
                if ((node != leftSwitch || g.dFlow.of(e) != f) && !holds(q, to, b, m, e)) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean sameValues(int[] x, int i, int[] y, int j, int n) {
        for (int k = 0; k < n; k++) {
            if (x[i + k] != y[j + k]) {
                return false;
            }
        }
        return true;
    }

    /** Element i of a FIFO whose packed values start at {@code s[at]}. */
    private static int element(Fifo q, int[] s, int at, int i) {
        int per = q.perValue();
        int w = q.width();
        int word = s[at + i / per] >>> (i % per) * w;
        return w == 32 ? word : word & (1 << w) - 1;
    }

    private static boolean holds(Fifo q, int[] s, int at, int n, int e) {
        for (int i = 0; i < n; i++) {
            if (element(q, s, at, i) == e) {
                return true;
            }
        }
        return false;
    }

    /**
     * @param s    packed values
     * @param base the state's first value
     * @return the most entries any DFT holds
     */
    public int largestTable(int[] s, int base) {
        int m = 0;
        for (Fifo q : g.dft) {
            if (q != null) {
                m = Math.max(m, q.length(s, base));
            }
        }
        return m;
    }

    /**
     * @param s    packed values
     * @param base the state's first value
     * @return whether every DFT is empty
     */
    public boolean dftsEmpty(int[] s, int base) {
        if (g.layout.compact()) { // the tables are the first FIFOs: a table holds an entry if the first value is one
            return g.layout.nonEmptyFifos(s, base) == 0 || g.layout.fifoOf(s[base + g.layout.header()]) >= tables.length;
        }
        for (int w = 0; w < dftLengthBits.length; w++) { // the lengths' bits in the header, not each table's length
            if ((s[base + w] & dftLengthBits[w]) != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * @param s    packed values
     * @param base the state's first value
     * @param flow a flow
     * @return the receiver's next expected packet
     */
    public int expected(int[] s, int base, int flow) {
        return g.expected[flow].get(s, base);
    }

    /**
     * @param s    packed values
     * @param base the state's first value
     * @param flow a flow
     * @param seq  a packet's index in its message
     * @return whether every earlier packet of its message is delivered (the escape-vl preset)
     */
    public boolean earlierDelivered(int[] s, int base, int flow, int seq) {
        int need = (1 << seq) - 1;
        return (g.delivered[flow].get(s, base) & need) == need;
    }

    /**
     * @param s    packed values
     * @param base the state's first value
     * @param flow a flow
     * @param seq  a packet's index in its message
     * @return whether that packet is delivered already (the escape-vl preset's delivery record)
     */
    public boolean delivered(int[] s, int base, int flow, int seq) {
        return (g.delivered[flow].get(s, base) & 1 << seq) != 0;
    }

    /**
     * @param p a packet id of the escape-vl preset (message by message)
     * @return its flow
     */
    public int flowOfPacket(int p) {
        int f = 0;
        while (f + 1 < flows && firstPacket[f + 1] <= p) {
            f++;
        }
        return f;
    }

    /**
     * @param p a packet id of the escape-vl preset
     * @return its index in its message
     */
    public int seqOfPacket(int p) {
        return p - firstPacket[flowOfPacket(p)];
    }

    /**
     * @param s    packed values
     * @param base the state's first value
     * @return the failed element ({@link FabricNet#NONE} if none)
     */
    public int failed(int[] s, int base) {
        return g.failed.get(s, base);
    }

    /**
     * The lane-rule cell (see {@link LaneRule}) a step consults: a {@code Send}, or a {@code Forward}
     * of a VL1 packet, decided by a table rule; -1 for every other step.
     *
     * @param s the state the step starts from
     * @param a the step's action
     * @return {@code row * 3 + column}, or -1
     */
    public int laneRuleCell(LayoutState s, Action a) {
        if (laneChange != LaneChange.TABLE) {
            return -1;
        }
        int[] v = values(s);
        Step x = probe();
        x.load(v);
        if (a.name().equals(NAMES[SEND])) {
            int f = (int) a.params().get("flow");
            return x.cell(srcTor[f], f, x.sentOf(f), initTokens[f], -1);
        }
        if (a.name().equals(NAMES[FORWARD]) && (int) a.params().get("lane") == 1) {
            int arc = (int) a.params().get("arc");
            int head = x.x.element(g.buffers[2 * bufOfArc[arc] + 1], 0);
            return x.cell(t.arcTo(arc), g.pFlow.of(head), g.pSeq.of(head), g.pTokens.of(head), arc);
        }
        return -1;
    }

    /**
     * The lane-rule cells every possible next move of a VL1 packet consults in a state: each VL1
     * buffer head at a switch and each message's next packet at its source ToR.
     *
     * @param s a state
     * @return the cells (row * 3 + column), none when the rule is not a table
     */
    public Set<Integer> laneRuleCells(LayoutState s) {
        Set<Integer> cells = new TreeSet<>();
        if (laneChange != LaneChange.TABLE) {
            return cells;
        }
        Step x = probe();
        x.load(values(s));
        for (int i = 0; i < net.bufferedArcs(); i++) {
            int arc = net.bufArc(i);
            Fifo q = g.buffers[2 * i + 1];
            if (x.x.length(q) > 0 && !hostArc[arc]) {
                int head = x.x.element(q, 0);
                cells.add(x.cell(t.arcTo(arc), g.pFlow.of(head), g.pSeq.of(head), g.pTokens.of(head), arc));
            }
        }
        for (int f = 0; f < flows; f++) {
            if (x.sentOf(f) < packets) {
                cells.add(x.cell(srcTor[f], f, x.sentOf(f), initTokens[f], -1));
            }
        }
        cells.remove(-1);
        return cells;
    }

    private static int[] values(LayoutState s) {
        int[] v = new int[s.length()];
        s.copyTo(v, 0);
        return v;
    }

    /**
     * A state in the shape traces have always shown: per buffer its packets, per buffer its
     * background (0 on VL0), per node its DFT entries, per flow sent and expected, the failed element.
     */
    @Override
    public Object view(LayoutState s) {
        if (iofd) {
            return iofdView(s);
        }
        if (escapeVl) {
            return escapeVlView(s);
        }
        List<Object> buffers = new ArrayList<>();
        List<Object> background = new ArrayList<>();
        for (int b = 0; b < g.buffers.length; b++) {
            List<Object> l = new ArrayList<>();
            for (int e : s.elements(g.buffers[b])) {
                Map<String, Object> p = ordered("flow", g.pFlow.of(e), "seq", g.pSeq.of(e), "tokens", g.pTokens.of(e));
                if (egress) {
                    p.put("in", g.pIn.of(e)); // queueing egress: the ingress it arrived on, 2 * arc + lane + 1
                }
                l.add(p);
            }
            buffers.add(l);
            background.add(b % 2 == 1 ? s.get(g.background[b / 2]) : 0);
        }
        List<Object> dft = new ArrayList<>();
        for (Fifo q : g.dft) {
            List<Object> l = new ArrayList<>();
            if (q != null) {
                for (int e : s.elements(q)) {
                    l.add(ordered("flow", g.dFlow.of(e), "tokens", g.dTokens.of(e), "arc", g.dArc.of(e),
                            "lane", g.dLane.of(e)));
                }
            }
            dft.add(l);
        }
        List<Object> sent = new ArrayList<>();
        List<Object> expected = new ArrayList<>();
        for (int f = 0; f < flows; f++) {
            sent.add(s.get(g.sent[f]));
            expected.add(s.get(g.expected[f]));
        }
        Map<String, Object> v = ordered("buffers", buffers, "background", background, "dft", dft, "sent", sent,
                "expected", expected, "failed", s.get(g.failed));
        if (g.paused != null) {
            List<Object> paused = new ArrayList<>();
            for (Field p : g.paused) {
                paused.add(s.is(p));
            }
            v.put("paused", paused);
        }
        if (g.hostPaused != null) {
            List<Object> hostPaused = new ArrayList<>();
            for (Field p : g.hostPaused) {
                hostPaused.add(s.is(p));
            }
            v.put("hostPaused", hostPaused);
        }
        return v;
    }

    /**
     * A state of the IOFD preset in the shape of the iofd model's traces and its TLA+ twin: per arc
     * out of a switch its output queue and background, per switch its DFT entries (flow, tokens,
     * arc; ascending), per flow sent and expected, the failed switches (ascending).
     */
    private Object iofdView(LayoutState s) {
        List<Object> queues = new ArrayList<>();
        List<Object> background = new ArrayList<>();
        for (int i = 0; i < net.bufferedArcs(); i++) {
            List<Object> l = new ArrayList<>();
            for (int e : s.elements(g.buffers[2 * i + 1])) {
                l.add(ordered("flow", g.pFlow.of(e), "seq", g.pSeq.of(e), "tokens", g.pTokens.of(e)));
            }
            queues.add(l);
            background.add(s.get(g.background[i]));
        }
        List<Object> dft = new ArrayList<>();
        for (Fifo q : g.dft) {
            if (q == null) {
                continue;
            }
            List<int[]> entries = new ArrayList<>();
            for (int e : s.elements(q)) {
                entries.add(new int[] {g.dFlow.of(e), g.dTokens.of(e), g.dArc.of(e)});
            }
            entries.sort(java.util.Arrays::compare);
            List<Object> l = new ArrayList<>();
            for (int[] e : entries) {
                l.add(ordered("flow", e[0], "tokens", e[1], "arc", e[2]));
            }
            dft.add(l);
        }
        List<Object> sent = new ArrayList<>();
        List<Object> expected = new ArrayList<>();
        for (int f = 0; f < flows; f++) {
            sent.add(s.get(g.sent[f]));
            expected.add(s.get(g.expected[f]));
        }
        List<Object> failed = new ArrayList<>();
        for (int v : net.failedSwitches(s.get(g.failed))) {
            failed.add(v);
        }
        return ordered("queues", queues, "background", background, "dft", dft, "sent", sent, "expected", expected,
                "failed", failed);
    }

    /**
     * A state of the escape-vl preset in the shape of the escape-vl model's traces and its TLA+ twin:
     * per buffer {@code arc * lanes + lane} (arcs numbered by {@link FabricNet#switchArcs}) its packet
     * ids, per packet its status (0 at its source, 1 in flight, 2 delivered) and tokens (a delivered
     * packet's are 0: it left the network with them), per message the switch (numbered by
     * {@link FabricNet#switches}) where it took the escape lane, -1 if none.
     */
    private Object escapeVlView(LayoutState s) {
        int[] arcs = net.switchArcs();
        int[] switches = net.switches();
        int lanes = vl1Only ? 1 : 2;
        int total = firstPacket[flows - 1] + size[flows - 1];
        List<Object> buffers = new ArrayList<>();
        int[] tokensOf = new int[total];
        for (int a : arcs) {
            for (int lane = 0; lane < lanes; lane++) {
                List<Object> l = new ArrayList<>();
                for (int e : s.elements(g.buffers[2 * bufOfArc[a] + (vl1Only ? 1 : lane)])) {
                    int p = firstPacket[g.pFlow.of(e)] + g.pSeq.of(e);
                    l.add(p);
                    tokensOf[p] = g.pTokens.of(e);
                }
                buffers.add(l);
            }
        }
        List<Object> status = new ArrayList<>();
        List<Object> tokens = new ArrayList<>();
        List<Object> escapeAt = new ArrayList<>();
        for (int f = 0; f < flows; f++) {
            int sent = s.get(g.sent[f]);
            int delivered = s.get(g.delivered[f]);
            for (int q = 0; q < size[f]; q++) {
                int st = q >= sent ? 0 : (delivered >> q & 1) != 0 ? 2 : 1;
                status.add(st);
                tokens.add(st == 0 ? initTokens[f] : st == 2 ? 0 : tokensOf[firstPacket[f] + q]);
            }
            int at = -1;
            for (int k = 0; k < switches.length; k++) {
                for (int e : s.elements(g.dft[switches[k]])) {
                    if (g.dFlow.of(e) == f) {
                        at = k;
                    }
                }
            }
            escapeAt.add(at);
        }
        return ordered("buffers", buffers, "status", status, "tokens", tokens, "escapeAt", escapeAt);
    }

    private static Map<String, Object> ordered(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    @Override
    public String toString() {
        return "NetworkModel[" + config + "]";
    }

    /**
     * The tables a {@link Step} reads by layout position (see its fields of the same names), built once
     * per model and shared, read only, by every step. The explorer makes a step per worker and level (49
     * per exploration of the IOFD preset's k=4 fat-tree); built in each step, with their searches of the
     * layout's FIFO list, they made a step cost 32 us once compiled and 0.07-2.6 ms before (14 us and
     * 0.06 ms now), where the former {@code IofdPacked}'s expander took 3 us. Copied into each step
     * instead (cheap too), the IOFD preset's exploration measured no faster than before (1.003,
     * FabricSpeedComparison, 30 pairs), where shared it measured 0.968.
     */
    private final class StepTables {
        private final Fifo[] buffers = g.buffers;
        private final Field[] background = g.background;
        private final Fifo[] dft = g.dft;
        private final Field pFlow = g.pFlow;
        private final Field pSeq = g.pSeq;
        private final Field pTokens = g.pTokens;
        final int[] bufferOfFifo = new int[g.layout.fifos().size()];
        final Fifo[] fifoAt = g.layout.fifos().toArray(new Fifo[0]);
        final int[] bgBits = new int[g.layout.header()];
        final Field[] bgAtBit = new Field[32 * g.layout.header()];
        /** whether every background count is of one bit at most (background=1 or threshold=1): a bit count sums them */
        final boolean bgOneBit;
        final int[] arcRow = new int[8 * t.arcCount()];
        final int nodeStride = 2 + maxDegree;
        final int[] nodeRow = new int[nodeStride * t.nodeCount()];
        final int[] bufferAt = new int[buffers.length];
        final int[] dftAt = new int[t.nodeCount()];
        final int[] fromNode = new int[t.arcCount()];
        final int[] arcOfBuffer = new int[buffers.length];
        final int[] fifoRow = new int[4 * g.layout.fifos().size()];
        final int[] laneAt = new int[2 * t.arcCount()];

        StepTables() {
            java.util.Arrays.fill(bufferOfFifo, -1);
            for (int b = 0; b < buffers.length; b++) {
                if (buffers[b] != null) {
                    bufferOfFifo[g.layout.fifos().indexOf(buffers[b])] = b;
                }
            }
            boolean oneBit = true;
            for (Field bg : background) { // counts from 0: a count's bits are its value
                bgBits[bg.position()] |= (1 << bg.width()) - 1 << bg.shift();
                for (int k = 0; k < bg.width(); k++) {
                    bgAtBit[32 * bg.position() + bg.shift() + k] = bg;
                }
                oneBit &= bg.width() <= 1;
            }
            bgOneBit = oneBit;
            for (int b = 0; b < buffers.length; b++) {
                bufferAt[b] = buffers[b] == null ? -1 : g.layout.fifos().indexOf(buffers[b]);
                arcOfBuffer[b] = net.bufArc(b >> 1);
            }
            for (Field c : new Field[] {pFlow, pSeq, pTokens}) {
                if (c.of(0) != 0) {
                    throw new IllegalStateException("packet component " + c.name() + " does not count from 0");
                }
            }
            for (int a = 0; a < t.arcCount(); a++) {
                arcRow[8 * a] = -1;
            }
            for (int a = 0; a < t.arcCount(); a++) {
                int i = bufOfArc[a];
                if (i >= 0 && buffers[2 * i + 1] != null) {
                    Field bg = background[i];
                    arcRow[8 * a] = g.layout.fifos().indexOf(buffers[2 * i + 1]);
                    arcRow[8 * a + 1] = bg.position();
                    arcRow[8 * a + 2] = bg.shift();
                    arcRow[8 * a + 3] = (1 << bg.width()) - 1;
                }
            }
            for (int a = 0; a < t.arcCount(); a++) {
                fromNode[a] = t.arcFrom(a);
            }
            java.util.Arrays.fill(laneAt, -1);
            for (int k = 0; k < bufferOfFifo.length; k++) {
                int b = bufferOfFifo[k];
                fifoRow[4 * k] = b;
                if (b >= 0) {
                    int a = arcOfBuffer[b];
                    fifoRow[4 * k + 1] = a;
                    fifoRow[4 * k + 2] = toNode[a];
                    fifoRow[4 * k + 3] = hostArc[a] ? 1 : 0;
                    laneAt[2 * a + (b & 1)] = k;
                }
            }
            for (int v = 0; v < t.nodeCount(); v++) {
                dftAt[v] = v < dft.length && dft[v] != null ? g.layout.fifos().indexOf(dft[v]) : -1;
                nodeRow[nodeStride * v] = dftAt[v];
                nodeRow[nodeStride * v + 1] = t.degree(v);
                for (int p = 0; p < t.degree(v); p++) {
                    nodeRow[nodeStride * v + 2 + p] = t.arcAt(v, p);
                }
            }
            for (int a = 0; a < t.arcCount(); a++) {
                arcRow[8 * a + 4] = hostArc[a] ? 1 : 0;
                arcRow[8 * a + 5] = dftAt[fromNode[a]];
            }
        }
    }

    /**
     * One thread's expansion: the layout's working view and the moves of the packet being routed.
     * A move is kept in parallel arrays; its DFT afterwards is {@link #SAME} (unchanged),
     * {@link #AFTER} (the entries the end packet frees removed) or {@link #OWN} (its own table).
     */
    private final class Step implements PackedModel.Expander {
        private static final int SAME = 0;
        private static final int AFTER = 1;
        private static final int OWN = 2;
        final Expansion x;
        private final Fifo[] buffers = g.buffers;
        private final Field[] background = g.background;
        private final Fifo[] dft = g.dft;
        private final Field pFlow = g.pFlow;
        private final Field pSeq = g.pSeq;
        private final Field pTokens = g.pTokens;
        private final Field dFlow = g.dFlow;
        private final Field dTokens = g.dTokens;
        private final Field dArc = g.dArc;
        private final Field dLane = g.dLane;
        /** per FIFO of the layout: the buffer it is, -1 for a DFT */
        private final int[] bufferOfFifo = stepTables.bufferOfFifo;
        /** per FIFO position of the layout: the FIFO */
        private final Fifo[] fifoAt = stepTables.fifoAt;
        /** per header value: the bits of background counts in it; per bit of the header, the count holding it */
        private final int[] bgBits = stepTables.bgBits;
        private final Field[] bgAtBit = stepTables.bgAtBit;
        private final boolean bgOneBit = stepTables.bgOneBit;
        /** the state being expanded and its first value */
        private int[] state;
        private int offset;
        /**
         * per arc, at {@code 8 * arc} and the seven after it (one cache line, where arrays of their own took
         * one each): the layout position of its VL1 buffer (-1 when it has none: it leaves a host), the
         * header value, shift and mask of its background count, so that a VL1 occupancy is read in a few
         * array loads rather than through the buffer's and the count's objects (a recording expansion, which
         * must log the reads, goes through them: {@link #occ}); then 1 if it leads to a host, and the layout
         * position of the table of the node it leaves (-1: a host)
         */
        private final int[] arcRow = stepTables.arcRow;
        /** per node, at {@code nodeStride * v}: its table's layout position (-1: a host), its degree, its arcs out in port order */
        private final int nodeStride = stepTables.nodeStride;
        private final int[] nodeRow = stepTables.nodeRow;
        /** per buffer: its layout position (-1: undeclared) */
        private final int[] bufferAt = stepTables.bufferAt;
        /** per node: its DFT's layout position (-1: a host), so that a table's length is read without its Fifo */
        private final int[] dftAt = stepTables.dftAt;
        /** per arc: the node it leaves ({@link Topology#arcFrom}, a table read) */
        private final int[] fromNode = stepTables.fromNode;
        /** per buffer: the arc it is on ({@link FabricNet#bufArc}) */
        private final int[] arcOfBuffer = stepTables.arcOfBuffer;
        /**
         * per FIFO position k of the layout, at {@code 4 * k} and the three after it (one cache line): the buffer
         * it is (-1 for a DFT), the arc it is on, the node that arc leads to, and 1 if that node is a host; so
         * that a departure reads where its packet goes from the FIFO's position at once, not through the buffer
         * and its arc one load after another
         */
        private final int[] fifoRow = stepTables.fifoRow;
        /** per arc and lane, at {@code 2 * arc + lane}: the layout position of that buffer (-1: none) */
        private final int[] laneAt = stepTables.laneAt;
        /** a packet's components' shifts and masks (each counts from 0: its bits are its value) */
        private final int pFlowShift = pFlow.shift();
        private final int pSeqShift = pSeq.shift();
        private final int pTokensShift = pTokens.shift();
        private final int pFlowMask = maskOf(pFlow) >>> pFlow.shift();
        private final int pSeqMask = maskOf(pSeq) >>> pSeq.shift();
        private final int pTokensMask = maskOf(pTokens) >>> pTokens.shift();
        /** queueing egress: a packet's ingress component's shift and bits (0 without it) */
        private final int pInShift = g.pIn == null ? 0 : g.pIn.shift();
        private final int pInBits = g.pIn == null ? 0 : maskOf(g.pIn);
        /** queueing egress: the ingress of the packet being routed at the switch it enters, as its component holds it */
        private int mIn;
        /** whether Send and Forward write each move as the decision finds it ({@link #emitting}) */
        private final boolean writesAtOnce;
        /** whether a Send or Forward works out the answers kept for the fabric's properties ({@link #cached}): not in a preset */
        private final boolean keepsAnswers = !iofd && !escapeVl;

        // the moves of one routing decision
        private final int cap = (escapeVl ? 3 : 1) * maxDegree * Math.max(1, overwrite ? dftSize : 1) + 3;
        private final int[] hOut = new int[cap];
        private final int[] hLane = new int[cap];
        private final int[] hTokens = new int[cap];
        private final int[] hKind = new int[cap];
        private final boolean[] hEcn = new boolean[cap];
        private final boolean[] hCould = new boolean[cap];
        private final int[] hTable = new int[cap];
        /** a move's own table: the switch's with the entry hRemove (or the one at index hVictim) removed, hAdd added */
        private final int[] hRemove = new int[cap];
        private final int[] hVictim = new int[cap];
        private final int[] hAdd = new int[cap];
        private int hops;
        private int hNormal;
        // the table the packet's upstream switch keeps as its end packet leaves (IOFD preset)
        private final int[] left = new int[Math.max(1, dftSize)];
        private int leftLen;
        // the switch's table: read by its length and by key (Expansion#find, #count), never entry by entry, so
        // that a recording expansion sees every read of another message's entry (the per-flow and budget
        // decisions show every choice of those entries where a decision reads one)
        private Fifo tableQ;
        private int tableLen;
        /** whether the packet routed frees its message's entries as it leaves (the end packet), and its key */
        private boolean frees;
        private int freeFlow;
        private int freeTokens;
        /** the bits of an entry's flow, of its flow and tokens */
        private final int flowMask = maskOf(dFlow);
        private final int flowTokensMask = maskOf(dFlow) | maskOf(dTokens);
        private final int[] alts = new int[maxDegree + 1];
        private int altCount;
        private int failedNow;
        /** the arcs dead in the loaded state (its failed element's row of {@code dead}) */
        private boolean[] deadNow;
        /** the ECMP arcs in the loaded state (its failed element's row of {@code ecmpRows}) */
        private int[] ecmpNow;
        // the lane-rule view
        private int row;
        private int column;
        private int entry;
        private int esc;
        private PackedModel.Sink sink;
        // the last state expanded, on which thread, and two answers about it found on the way (see cached)
        private final int[] last = new int[g.layout.maxLength()];
        private int lastLength = -1;
        private Thread lastThread;
        boolean lastMoves;
        boolean lastOffered;
        /** whether some packet of the state was due a deflection offer ({@code deflectionOffered}'s antecedent) */
        boolean lastEligible;
        boolean lastExplained;
        /** whether a Send or Forward also works out the answers kept for the properties (not for {@link #movesOf}) */
        private boolean answers = true;

        Step() {
            this(Expansion.onPackedValues(g.layout));
        }

        Step(Expansion x) {
            this.x = x;
            this.recording = x instanceof org.rdmacheck.model.layout.RecordingExpansion r ? r : null;
            this.writesAtOnce = recording == null && !escapeVl && laneChange != LaneChange.TABLE;
        }

        /** the expansion, if it records reads: the pause bits' update is not logged (see {@link #settle}) */
        private final org.rdmacheck.model.layout.RecordingExpansion recording;

        /** whether the explorer said the properties are judging the state last expanded ({@link #judging}) */
        private boolean judged;

        @Override
        public void judging(boolean on) {
            judged = on;
        }

        /** Whether this thread's last expansion with this step was of a state with these values. */
        boolean cached(int[] s, int base) {
            if (lastThread != Thread.currentThread() || sink != null || lastLength < 0) {
                return false;
            }
            if (judged && s == state && base == offset) {
                return true; // the explorer's word (judging): the state just expanded, where it was, unchanged
            }
            // equal headers hold equal FIFO lengths (compact: the same number of FIFOs), so equal first
            // lastLength values are the whole state
            int n = lastLength;
            return base + n <= s.length && java.util.Arrays.equals(last, 0, n, s, base, base + n);
        }

        void load(int[] s) {
            loadState(s, 0);
            lastLength = -1;
        }

        /** Makes a state the one read: the expansion's view of it and its failed element. */
        private void loadState(int[] s, int base) {
            state = s;
            offset = base;
            x.load(s, base);
            failedNow = x.get(g.failed);
            deadNow = dead[failedNow];
            ecmpNow = ecmpRows[failedNow];
        }

        int sentOf(int f) {
            return x.get(g.sent[f]);
        }

        /**
         * The explorer's call: a few bytes that call {@link #expand}, so that where the explorer's loop is compiled
         * with this expander inlined beside another model's (one JVM exploring two models: its call site then sees
         * two classes, and C2 inlines both by the profile at that moment, the other's mostly), the expansion is a
         * method compiled on its own profile, its actions inlined, not the cold calls an inlined body gets there.
         */
        @Override
        public void successors(int[] state, int offset, PackedModel.Sink sink) {
            expand(state, offset, sink);
        }

        /** Every successor of the state at {@code offset}, into the sink ({@link #successors}). */
        private void expand(int[] state, int offset, PackedModel.Sink sink) {
            judged = false;
            this.sink = sink;
            this.state = state;
            this.offset = offset;
            x.into(sink); // every successor below starts with x.begin() and ends with one emit
            emitting = false; // (on only inside a Send's or Forward's decision, even after an exception there)
            loadState(state, offset);
            lastLength = -1;
            lastMoves = true;
            lastOffered = true;
            lastEligible = false;
            lastExplained = true;
            boolean buffered = sends();
            lastMoves = !departures(buffered);
            background();
            failures();
            this.sink = null;
            x.into(null);
            if (iofd || escapeVl) {
                return; // the answers kept for the fabric's properties (see cached) are not asked
            }
            int n = x.parentLength();
            System.arraycopy(state, offset, last, 0, n);
            lastLength = n;
            lastThread = Thread.currentThread();
        }

        /** {@link OnePacket#moves}: only this packet's moves (-1: every packet's) */
        void movesOf(int[] state, int offset, int buffer, int flow, PackedModel.Sink sink) {
            this.sink = sink;
            this.state = state;
            this.offset = offset;
            loadState(state, offset);
            lastLength = -1;
            answers = false;
            try {
                if (buffer < 0) {
                    send(flow);
                } else if (buffers[buffer].length(state, offset) > 0) {
                    // (whether there is a packet is read on the packed values: not by the decision, which
                    // reads the state through x alone)
                    depart(bufferAt[buffer]);
                }
            } finally {
                answers = true;
                this.sink = null;
                lastLength = -1;
            }
        }

        // ---- the actions ----

        /** @return false (the departures' flag: no buffered packet seen yet) */
        private boolean sends() {
            for (int f = 0; f < flows; f++) {
                send(f);
            }
            return false;
        }

        /** {@code Send}: flow f's next packet routed at its source ToR, if the message has one left. */
        private void send(int f) {
            int seq = x.get(g.sent[f]);
            if (seq >= size[f]) {
                return;
            }
            int tor = srcTor[f];
            int tokens = initTokens[f];
            if (egress && !koPause && ingressPaused(srcArc[f], 1)) {
                return; // queueing egress: the ToR has paused the host's ingress
            }
            boolean eligible = answers && !iofd && !escapeVl && seq == 0 && deflectionEligible(tor, f, 0, tokens, -1);
            moving(SEND, -1, 1, -1, f, seq, tokens, -1, tor);
            route(tor, f, seq, tokens, 1, -1);
            boolean written = emitting;
            emitting = false;
            if (eligible) {
                offerAnswer();
            }
            if (!written) {
                writeMoves();
            }
        }

        // The packet a Send or Forward moves, for writeMove: the bits of its code (the action, the arc and lane it
        // leaves, -1 and 1 for a Send, its flow, seq and tokens), its FIFO's layout position (-1: a Send, its
        // flow's sent count goes up), its flow and seq, the upstream switch whose table leaving left (-1: none)
        // and the switch deciding.
        private long mCode;
        private int mFifoAt;
        private int mFlow;
        private int mSeq;
        private int mLeft;
        private int mSwitch;
        /**
         * whether each move the routing decision finds is written as a successor at once ({@link #hop}):
         * on in a Send or Forward of a step that records no reads and whose decisions never take a move back
         * (the escape-vl preset's record and the lane-rule table edit or drop moves after finding them)
         */
        private boolean emitting;

        /**
         * Makes the packet of a Send or Forward the one whose moves are written ({@link #writeMove}): its
         * FIFO's layout position ({@code at}, -1 for a Send) and the bits of its moves' codes that name it.
         */
        private void moving(int kind, int arc, int lane, int at, int f, int seq, int tokens, int u, int v) {
            mCode = packetCode(kind, arc, lane, f, seq, tokens);
            mFifoAt = at;
            mFlow = f;
            mSeq = seq;
            mLeft = u;
            mSwitch = v;
            if (egress) {
                mIn = 2 * (arc >= 0 ? arc : srcArc[f]) + lane + 1 << pInShift;
            }
            emitting = writesAtOnce;
        }

        /**
         * Move h of the packet {@link #moving} named, as a successor: it leaves its FIFO (a Send: its flow's
         * sent count goes up), the upstream table {@link #leaving} left is written, it joins its move's
         * buffer, the deciding switch's table is the move's, and the action's code is emitted.
         */
        private void writeMove(int h) {
            x.begin();
            if (mFifoAt < 0) {
                x.set(g.sent[mFlow], mSeq + 1);
            } else {
                x.removeHeadAt(mFifoAt);
            }
            writeLeft(mLeft);
            enqueue(h, mFlow, mSeq);
            writeTable(mSwitch, h);
            emitHop(h);
        }

        private boolean allocates() {
            for (int h = 0; h < hops; h++) {
                if (hKind[h] == ALLOCATE_KIND) {
                    return true;
                }
            }
            return false;
        }

        /** @return whether packets are buffered and none of them can move (a routing deadlock) */
        private boolean departures(boolean buffered) {
            boolean moved = false;
            // the non-empty buffers only, in buffer order (the expansion found them as it loaded the state)
            for (int i = 0, nonEmpty = x.nonEmptyCount(); i < nonEmpty; i++) {
                int k = x.nonEmpty(i);
                if (fifoRow[4 * k] < 0) {
                    continue; // a DFT
                }
                buffered = true;
                moved |= depart(k);
            }
            return buffered && !moved;
        }

        /**
         * The head of the non-empty buffer at layout position k: delivered at its destination, else routed at
         * the switch the buffer leads to ({@code Forward}). 356 bytes of bytecode since queueing egress's
         * pause test, above C2's FreqInlineSize (325), so a call of its own from {@link #departures}; brought
         * back under it (298 bytes, compiled into departures) it measured even on the IOFD preset, so it is
         * left as it is (docs/iofd.md). The fabric's answers and the moves written after the decision are
         * calls of their own.
         *
         * @return whether it has a move
         */
        private boolean depart(int k) {
            int[] r = fifoRow;
            int b = r[4 * k];
            int arc = r[4 * k + 1];
            int v = r[4 * k + 2];
            boolean toHost = r[4 * k + 3] != 0;
            int head = recording == null ? x.elementAt(k, 0) : x.element(buffers[b], 0);
            // (its components count from 0: each is its bits at its shift)
            int f = head >>> pFlowShift & pFlowMask;
            int seq = head >>> pSeqShift & pSeqMask;
            int tokens = head >>> pTokensShift & pTokensMask;
            int lane = b & 1;
            int u = leaving(arc, f, seq, tokens);
            if (toHost || v == dstSwitch[f]) {
                deliver(k, b, arc, f, seq, u);
                return true;
            }
            if (egress && !koPause && ingressPaused(arc, lane)) {
                // queueing egress: v has paused this ingress, the packet waits in its egress FIFO (escape-at
                // head: unless it moves to the escape lane there)
                return escapeAtHead && lane == 1 && escapeFromHead(k, arc, head, f, seq, tokens);
            }
            boolean eligible = answers && keepsAnswers && lane == 1 && deflectionEligible(v, f, seq, tokens, arc);
            moving(FORWARD, arc, lane, k, f, seq, tokens, u, v);
            route(v, f, seq, tokens, lane, arc);
            boolean written = emitting;
            emitting = false;
            if (answers && keepsAnswers) {
                forwardAnswers(eligible, v, f, seq, tokens, lane, arc);
            }
            if (!written) {
                writeMoves();
            }
            return hops > 0;
        }

        /** The answers kept for the fabric's properties after a Forward's decision (see {@link #cached}). */
        private void forwardAnswers(boolean eligible, int v, int f, int seq, int tokens, int lane, int arc) {
            if (hops == 0 && lastExplained) {
                lastExplained = reason(v, f, seq, tokens, lane, arc) != Block.UNEXPLAINED;
            }
            if (eligible) {
                offerAnswer();
            }
        }

        /** A packet due a deflection offer was routed: whether the decision offered one (see {@link #cached}). */
        private void offerAnswer() {
            lastEligible = true;
            if (!allocates()) {
                lastOffered = false;
            }
        }

        /** The moves the decision found, written after it (when it did not write them as it found them). */
        private void writeMoves() {
            for (int h = 0; h < hops; h++) {
                writeMove(h);
            }
        }

        /**
         * The IOFD preset's release (seed 000 §IV-A: an entry is "de-allocated when the end packet of an
         * RDMA message passes through the switch"): as the packet leaves its upstream switch u on
         * {@code arc}, u drops the entries it frees into {@link #left}: with the design's key those of
         * its message, its departure arc and the tokens it arrived with; with the message key every
         * entry of its message.
         *
         * @return u when the packet frees an entry there, else -1
         */
        private int leaving(int arc, int f, int seq, int tokens) {
            if (!iofd || seq != freeingSeq || !usesDft || koFree) {
                return -1;
            }
            int u = fromNode[arc];
            Fifo q = dft[u];
            int n = recording == null ? x.lengthAt(arcRow[8 * arc + 5]) : x.length(q);
            if (n == 0) {
                return -1;
            }
            int arrival = koSpend ? tokens : tokens + 1;
            leftLen = 0;
            for (int i = 0; i < n; i++) {
                int d = x.element(q, i);
                boolean freed = dFlow.of(d) == f && (messageKey || dArc.of(d) == arc && dTokens.of(d) == arrival);
                if (!freed) {
                    left[leftLen++] = d;
                }
            }
            return leftLen < n ? u : -1;
        }

        /** Writes the upstream table {@link #leaving} computed, if it freed an entry. */
        private void writeLeft(int u) {
            if (u < 0) {
                return;
            }
            x.clear(dft[u]);
            for (int i = 0; i < leftLen; i++) {
                x.append(dft[u], left[i]);
            }
        }

        /**
         * {@code Deliver}: the head of the buffer at layout position k leaves for its destination host. Kept
         * under C2's FreqInlineSize (the planted rules and the escape-vl preset's delivery are calls of their
         * own), so that it is compiled into {@link #depart}.
         */
        private void deliver(int k, int b, int arc, int f, int seq, int u) {
            x.begin();
            if (!plantedRouting || !plantedKeepsHead(f, seq)) {
                x.removeHeadAt(k);
            }
            writeLeft(u);
            if (plantedRouting) {
                plantedFlush(arc);
            }
            if (escapeVl) {
                deliverAnyOrder(b, arc, f, seq);
                return;
            }
            int exp = x.get(g.expected[f]);
            int receiver = 1;
            if (seq == exp) {
                x.set(g.expected[f], exp + 1);
                receiver = 0;
                if (deliveryEntry || resendAfterEnd) {
                    planted(arc, f, seq);
                }
            } else if (seq > exp) {
                // RC responder: a sequence error; go-back-N is the gbn model's subject, so the message stalls
                receiver = 2;
            }
            emit(code(DELIVER, arc, b & 1, f, seq, 0, receiver, 0, 0, 0, false, false));
        }

        /** The planted bug DELIVERS_FIRST_TWICE (tests only): whether the packet stays to be delivered again. */
        private boolean plantedKeepsHead(int f, int seq) {
            return planted == PlantedRouter.DELIVERS_FIRST_TWICE && escapeVl && seq == 0
                    && (x.get(g.delivered[f]) & 1) == 0;
        }

        /** The planted bug DELIVERY_FLUSHES_TABLE (tests only): the delivering ToR's table is flushed. */
        private void plantedFlush(int arc) {
            if (planted == PlantedRouter.DELIVERY_FLUSHES_TABLE && x.lengthNow(dft[t.arcFrom(arc)]) > 0) {
                x.clear(dft[t.arcFrom(arc)]);
            }
        }

        /** The escape-vl preset's delivery: in any order (the order is a property), recorded per packet. */
        private void deliverAnyOrder(int b, int arc, int f, int seq) {
            x.set(g.delivered[f], x.get(g.delivered[f]) | 1 << seq);
            emit(code(DELIVER, arc, b & 1, f, seq, 0, 0, 0, 0, 0, false, false));
        }

        /** The planted delivery bugs of {@link #withPlantedDeliveryEntry} and {@link #withPlantedResend} (tests only). */
        private void planted(int arc, int f, int seq) {
            if (resendAfterEnd && seq == packets - 1) {
                x.set(g.sent[f], packets - 1);
            }
            int v = t.arcFrom(arc);
            if (deliveryEntry && x.length(dft[v]) < dftSize) {
                for (int p = 0; p < t.degree(v); p++) {
                    int up = t.arcAt(v, p);
                    if (!t.isHost(t.arcTo(up))) {
                        x.append(dft[v], g.entry(f, 0, up, 0));
                        return;
                    }
                }
            }
        }

        /**
         * The background packets in the parent, counted up to the budget (or all of them, when every
         * count is of one bit: a bit count per header value): only the header values holding background
         * counts, and in them only the counts that are not zero, are read. Only compared with the budget.
         */
        private int backgroundUsed() {
            int used = 0;
            if (bgOneBit) {
                for (int w = 0; w < bgBits.length; w++) { // counts of one bit: their sum is the header's bits set
                    used += Integer.bitCount(state[offset + w] & bgBits[w]);
                }
                return used;
            }
            int budget = config.background();
            for (int w = 0; w < bgBits.length; w++) {
                int word = state[offset + w];
                int bits = word & bgBits[w];
                while (bits != 0 && used < budget) {
                    Field bg = bgAtBit[w * 32 + Integer.numberOfTrailingZeros(bits)];
                    int mask = (1 << bg.width()) - 1;
                    bits &= ~(mask << bg.shift());
                    used += word >>> bg.shift() & mask;
                }
            }
            return used;
        }

        private void background() {
            if (backgroundUsed() >= config.background()) {
                return;
            }
            for (int i = 0; i < background.length; i++) {
                int arc = net.bufArc(i);
                int bg = x.get(background[i]);
                if (!deadNow[arc] && bg < backgroundCap && !paused(2 * i + 1)) {
                    x.begin();
                    x.set(background[i], bg + 1);
                    if (planted == PlantedRouter.BACKGROUND_DROPS_HEAD && x.length(buffers[2 * i + 1]) > 0) {
                        x.removeAt(buffers[2 * i + 1], 0); // the planted bug BACKGROUND_DROPS_HEAD (tests only)
                    }
                    emit(code(BACKGROUND, arc, 1, 0, 0, 0, 0, 0, 0, 0, false, false));
                }
            }
        }

        /**
         * The IOFD preset's failures: a switch that is not a ToR fails while fewer than {@code failures}
         * have; every packet in flight is dropped, every sender of an incomplete message retransmits
         * it, the notice flushes every DFT (the failed switch's alone with cleanup knocked out), and
         * background packets stay.
         */
        private void switchFailures() {
            if (net.failedCount(failedNow) >= config.failures()) {
                return; // (small up to here, so that a state with no failure left asks it without a call)
            }
            for (int sw : failable) {
                if (!net.failedNode(failedNow, sw)) {
                    failSwitch(sw);
                }
            }
        }

        /** The IOFD preset's failure of switch sw (see {@link #switchFailures}). */
        private void failSwitch(int sw) {
            x.begin();
            x.set(g.failed, net.withFailed(failedNow, sw));
            for (Fifo q : buffers) {
                if (q != null && x.length(q) > 0) {
                    x.clear(q); // seed 000 §IV-C: in-flight packets effectively dropped
                }
            }
            for (int v = 0; v < dft.length; v++) {
                if (dft[v] != null && (flush || v == sw) && x.length(dft[v]) > 0) {
                    x.clear(dft[v]);
                }
            }
            for (int f = 0; f < flows; f++) {
                if (x.get(g.expected[f]) < packets && x.get(g.sent[f]) > 0) {
                    x.set(g.sent[f], 0); // seed 000 §IV-C: the sender retransmits the message
                }
            }
            emit(code(FAIL, -1, 0, 0, 0, 0, 0, sw, 0, 0, false, false));
        }

        /** {@code Fail}, as the preset has it (small: C2 compiles it into {@link #successors}, whatever the call's count). */
        private void failures() {
            if (iofd) {
                switchFailures();
            } else {
                elementFailures();
            }
        }

        /** fail-drops link: per flow, whether the failure being generated took one of its packets */
        private final boolean[] lost = new boolean[flows];

        /**
         * The fabric's failures: each switch or link fails, one at most. What is dropped is the parameter
         * fail-drops ({@link FabricOptions.FailDrops}, seed 000 §IV-C): every foreground packet in flight
         * (all, the default), or what is on the failed element alone (link: the buffers it takes with it,
         * as it takes their background), the other buffers keeping their packets; either way the senders of
         * the incomplete messages that lost a packet retransmit them from their first.
         */
        private void elementFailures() {
            if (config.failures() == 0 || failedNow != FabricNet.NONE) {
                return;
            }
            for (int el = 1; el < net.elementCount(); el++) {
                x.begin();
                x.set(g.failed, el);
                java.util.Arrays.fill(lost, false); // fail-drops link: the flows that lost a packet
                for (int b = 0; b < buffers.length; b++) {
                    if (buffers[b] == null || x.length(buffers[b]) == 0) {
                        continue;
                    }
                    if (dropsAll) {
                        x.clear(buffers[b]); // seed 000 §IV-C: in-flight packets effectively dropped
                    } else if (lostWith(el, net.bufArc(b >> 1))) {
                        for (int i = 0; i < x.length(buffers[b]); i++) {
                            lost[pFlow.of(x.element(buffers[b], i))] = true;
                        }
                        x.clear(buffers[b]); // the buffers of the failed switch or on the failed link are lost
                    }
                }
                for (int i = 0; i < background.length; i++) {
                    if (lostWith(el, net.bufArc(i))) {
                        x.set(background[i], 0); // buffers of the failed switch or on the failed link are lost
                    }
                }
                for (int v = 0; v < dft.length; v++) {
                    if (dft[v] != null && net.failedNode(el, v) && x.length(dft[v]) > 0) {
                        x.clear(dft[v]); // the failed switch's DFT is lost; survivors keep theirs
                    }
                }
                boolean restartAll = false;
                for (int f = 0; planted == PlantedRouter.FAILURE_RESTARTS_ALL && f < flows; f++) {
                    restartAll |= x.get(g.expected[f]) < packets; // the planted bug FAILURE_RESTARTS_ALL
                }
                for (int f = 0; f < flows; f++) {
                    if (restartAll && x.get(g.expected[f]) >= packets) {
                        x.set(g.sent[f], 0);
                        x.set(g.expected[f], 0);
                    }
                    if (x.get(g.expected[f]) < packets && x.get(g.sent[f]) > 0 && (dropsAll || lost[f])) {
                        x.set(g.sent[f], 0); // seed 000 §IV-C: the sender retransmits the message
                        if (flush) {
                            for (Fifo q : dft) {
                                if (q != null) {
                                    for (int i = x.lengthNow(q) - 1; i >= 0; i--) {
                                        if (dFlow.of(x.elementNow(q, i)) == f) {
                                            x.removeAt(q, i);
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                emit(code(FAIL, el, 0, 0, 0, 0, 0, 0, 0, 0, false, false));
            }
        }

        /**
         * @param el  a failure element
         * @param arc a buffered arc
         * @return whether the element's failure takes the arc's buffer with it: the buffer is at the failed
         *         switch, or on the failed link (an arc the failure kills whose upstream end survives), or under
         *         queueing egress at the failed switch's end of the arc
         */
        private boolean lostWith(int el, int arc) {
            return net.failedNode(el, t.arcTo(arc)) || dead[el][arc] && !net.failedNode(el, t.arcFrom(arc))
                    || egress && net.failedNode(el, t.arcFrom(arc));
        }

        private void enqueue(int h, int f, int seq) {
            if (koPause && egress) {
                int in = (mIn >>> pInShift) - 1;
                if (ingressCount(in >> 1, in & 1, false) >= xoff) {
                    return; // no pause: the packet arrives at a full ingress and is dropped
                }
            } else if (koPause) {
                int b = 2 * bufOfArc[hOut[h]] + hLane[h];
                if (x.lengthNow(buffers[b]) + (hLane[h] == 1 ? x.get(background[b >> 1]) : 0) >= xoff) {
                    return; // no pause: the packet arrives at a full buffer and is dropped
                }
            }
            // (every component counts from 0: its bits are its value at its shift, as NetworkLayout#packet)
            int e = f << pFlowShift | seq << pSeqShift | hTokens[h] << pTokensShift;
            x.appendAt(laneAt[2 * hOut[h] + hLane[h]], egress ? e | mIn : e);
        }

        private void writeTable(int v, int h) {
            int mode = hTable[h];
            if (mode == SAME) {
                return;
            }
            Fifo q = dft[v];
            if (mode == AFTER) {
                if (frees) { // the end packet frees its message's entries (edits by key: each entry by its own bits)
                    int key = keyOf(freeFlow, freeTokens);
                    if (key >= 0) {
                        x.removeMatching(q, messageKey ? flowMask : flowTokensMask, key);
                    }
                    if (planted == PlantedRouter.FREES_OTHERS_ENTRIES && freeTokens >= dTokens.min()
                            && freeTokens <= dTokens.max()) { // (the planted bug FREES_OTHERS_ENTRIES, tests only)
                        x.removeMatching(q, maskOf(dTokens), dTokens.bits(freeTokens));
                    }
                }
                return;
            }
            if (hRemove[h] >= 0) {
                x.removeElement(q, hRemove[h]);
            } else if (hVictim[h] >= 0) {
                x.removeAt(q, hVictim[h]);
            }
            x.insertOrdered(q, hAdd[h]);
        }

        /** Emits move h of the packet {@link #moving} named: its code is the packet's bits and the move's. */
        private void emitHop(int h) {
            long c = mCode | moveCode(hKind[h], hOut[h], hLane[h], hTokens[h], hEcn[h], hCould[h]);
            emit(iofd ? withNormal(c, hNormal) : c);
        }

        // ---- the switch's forwarding decision (seed 000 §IV-A Fig. 7, §IV-B) ----

        /** Whether the buffer has room: not dead and below the PFC pause threshold (else its upstream is paused). */
        private boolean room(int arc, int lane) {
            // (small, so that it inlines where the routing decision asks; the planted rule is a call of its own)
            if (plantedPacketPause && pausedOnPackets(arc, lane)) {
                return false;
            }
            return arc >= 0 && !deadNow[arc] && (koPause || planted == PlantedRouter.VL0_PAUSE_IGNORED && lane == 0
                    || (lane == 1 && pauseByOccupancy ? occ(arc, 1) < pauseAt : !paused(2 * bufOfArc[arc] + lane)));
            // (VL0_PAUSE_IGNORED: a planted bug, tests only; pauseByOccupancy: paused is the VL1 occupancy at pauseAt)
        }

        /** {@link PlantedRouter#PAUSES_ON_PACKETS_ALONE} (tests only): VL1 full at xoff - 1 of its own packets. */
        private boolean pausedOnPackets(int arc, int lane) {
            return arc >= 0 && lane == 1 && x.length(buffers[2 * bufOfArc[arc] + 1]) >= xoff - 1;
        }

        /** {@link PlantedRouter#READS_ANOTHER_INPUT}: another VL1 buffer into v holds two packets or more. */
        private boolean anotherInputHoldsTwo(int v, int inArc) {
            for (int p = 0; p < t.degree(v); p++) {
                int in = Topology.reverse(t.arcAt(v, p));
                if (in != inArc && bufOfArc[in] >= 0 && x.length(buffers[2 * bufOfArc[in] + 1]) >= 2) {
                    return true;
                }
            }
            return false;
        }

        /**
         * PFC (seed 004 §4): whether buffer b has paused its upstream. Without hysteresis the pause
         * state is the occupancy's (paused at xoff, resumed below it); with it, a declared bit set
         * when the occupancy reaches xoff and cleared when it falls to xon ({@link #settle}).
         */
        private boolean paused(int b) {
            // (pauseByOccupancy: this is occ(arc, 1) >= pauseAt for a VL1 buffer b, which route reads once)
            if (hysteresis) {
                return x.is(g.paused[b]);
            }
            if (egress) {
                return ingressCount(net.bufArc(b >> 1), b & 1, false) >= pauseAt;
            }
            return pfcCount(b, x.length(buffers[b]), x.get(background[b >> 1])) >= pauseAt;
        }

        /**
         * Queueing egress: what PFC counts at the ingress (arc, lane) of the switch the arc enters (seed 004
         * §4: "t_PFC is an ingress queue threshold"; the packets pending on the switch's egress queues that
         * arrived on it), its background included as {@link #pfcCount} has it; 0 at a host, which never
         * pauses. Read in the parent, or in the successor ({@code now}, for the pause bits). Seed 004 §4 lets a
         * NIC assert PFC too ("The switches and NICs track ingress queues"), but a host here consumes what
         * reaches it at once (a delivery is always enabled, the receiver never holds a packet): its ingress
         * queue stays empty, so it needs no count and no pause bit (docs/fabric.md, the PFC model).
         */
        private int ingressCount(int arc, int lane, boolean now) {
            int v = t.arcTo(arc);
            if (t.isHost(v)) {
                return 0;
            }
            int tag = (2 * arc + lane + 1) << pInShift;
            int n = 0;
            for (int at = nodeStride * v + 2, end = at + nodeRow[at - 1]; at < end; at++) {
                int out = nodeRow[at];
                for (int l = 0; l < 2; l++) {
                    int k = laneAt[2 * out + l];
                    if (k < 0) {
                        continue;
                    }
                    Fifo q = fifoAt[k];
                    for (int i = 0, len = now ? x.lengthNow(q) : x.length(q); i < len; i++) {
                        int e = now ? x.elementNow(q, i) : x.element(q, i);
                        if ((e & pInBits) == tag) {
                            n++;
                        }
                    }
                }
            }
            int i = bufOfArc[arc];
            if (lane == 1 && i >= 0 && !koPauseCount) {
                n += now ? x.now(background[i]) : x.get(background[i]);
            }
            return n;
        }

        /**
         * Queueing egress: whether the switch the arc enters has paused its ingress (arc, lane). A host's arc into
         * its ToR (seed 004 §4: a PAUSE goes to "the immediate upstream entity (either another switch or a host
         * NIC)") is paused as a switch's arc is: on the count without hysteresis, by its pause bit with it, which
         * {@link #settle} keeps with every other (docs/fabric.md, the PFC model).
         */
        private boolean ingressPaused(int arc, int lane) {
            int i = bufOfArc[arc];
            if (i >= 0) {
                return paused(2 * i + lane);
            }
            return hysteresis ? x.is(pauseBits[hostPauseOf[arc]]) : ingressCount(arc, lane, false) >= pauseAt;
        }

        /**
         * What PFC counts in buffer b, for the pause test and for the pause bit's update alike: the
         * whole ingress buffer, the VL1 buffer's background packets included (seed 004, 4); knocked
         * out (pfc-counts-background), the modelled messages' packets alone.
         */
        private int pfcCount(int b, int packets, int bg) {
            return (b & 1) == 1 && !koPauseCount ? packets + bg : packets;
        }

        /**
         * Updates the successor's pause bits from its occupancies (with hysteresis only). Its reads of every
         * buffer are not logged by a recording expansion: they decide the successor's pause bits alone,
         * never a move, and a decision tree over a step's reads (the per-flow projection's, which forgets
         * the pause bits) would otherwise branch on every buffer of the fabric.
         */
        private void settle() {
            if (recording != null) {
                recording.suspend();
            }
            // every pause bit, the hosts' ingresses at their ToRs under egress included (pauseBits): one rule
            for (int k = 0, end = egress ? pauseBits.length : buffers.length; k < end; k++) {
                int n = egress ? ingressCount(pauseArc[k], pauseLane[k], true)
                        : pfcCount(k, x.lengthNow(buffers[k]), x.now(background[k >> 1]));
                if (n >= xoff) {
                    x.set(pauseBits[k], true);
                } else if (n <= xon) {
                    x.set(pauseBits[k], false);
                }
            }
            if (recording != null) {
                recording.resume();
            }
        }

        private void emit(long code) {
            if (hysteresis) {
                settle();
            }
            x.emit(code, sink);
        }

        private int occ(int arc, int lane) {
            if (lane == 1 && recording == null) {
                int[] c = arcRow;
                int a = 8 * arc;
                return x.lengthAt(c[a]) + (state[offset + c[a + 1]] >>> c[a + 2] & c[a + 3]);
            }
            int i = bufOfArc[arc];
            int n = x.length(buffers[2 * i + lane]);
            return lane == 1 ? n + x.get(background[i]) : n;
        }

        /** the length of buffer {@code b} in the state loaded (the parent of the expansion, unchanged by it) */
        int parentLength(int b) {
            return x.length(buffers[b]);
        }

        /** {@link #occupancy} on the state loaded (the parent of the expansion, unchanged by it), read as {@link #occ} reads it */
        int parentOccupancy(int arc, int lane) {
            return occ(arc, lane);
        }

        /** {@link #occ} of the ECMP arc {@code normal} on VL1, from the places its ECMP row holds ({@code ecmpRows}). */
        private int ecmpOcc(int row, int normal) {
            if (recording == null) {
                int[] e = ecmpNow;
                return x.lengthAt(e[row + 1]) + (state[offset + e[row + 2]] >>> e[row + 3] & e[row + 4]);
            }
            return occ(normal, 1);
        }

        private boolean isUTurn(int out, int inArc) {
            return inArc >= 0 && out == Topology.reverse(inArc);
        }

        private boolean matches(int d, int f, int tokens) {
            return dFlow.of(d) == f && (messageKey || dTokens.of(d) == tokens);
        }

        /** @return the first entry (in table order) matching the packet, -1 if none: a read by key */
        private int lookup(int f, int tokens) {
            int key = keyOf(f, tokens);
            return key < 0 ? -1 : x.find(tableQ, messageKey ? flowMask : flowTokensMask, key);
        }

        /** @return the bits of an entry's key (its flow, and its tokens unless keyed by message), -1 if none can have it */
        private int keyOf(int f, int tokens) {
            if (messageKey) {
                return dFlow.bits(f);
            }
            return tokens < dTokens.min() || tokens > dTokens.max() ? -1 : dFlow.bits(f) | dTokens.bits(tokens);
        }

        /** (planted bugs only) the loaded table has room and holds an entry of another flow than f (read by count) */
        private boolean anotherMessagesEntry(int f) {
            return tableLen < dftSize && x.count(tableQ, flowMask, dFlow.bits(f)) < tableLen;
        }

        /**
         * (planted bugs only) whether v's table holds a deflection record of another flow than f (a VL1
         * entry made with a token or more): a read of the other messages' entries' contents, through the
         * expansion as any router's read is
         */
        private boolean anotherMessagesDeflection(int v, int f) {
            Fifo q = dft[v];
            for (int i = 0, n = x.length(q); i < n; i++) {
                int d = x.element(q, i);
                if (dFlow.of(d) != f && dLane.of(d) == 1 && dTokens.of(d) > 0) {
                    return true;
                }
            }
            return false;
        }

        /** @return the bits of a component of the DFT's entries */
        private static int maskOf(Field c) {
            return (int) ((1L << c.width()) - 1) << c.shift();
        }

        private int spend(int tokens) {
            return koSpend ? tokens : tokens - 1;
        }

        private void hop(int out, int lane, int tokens, Route kind, int tableMode, boolean could) {
            int h = hops++;
            hOut[h] = out;
            hLane[h] = lane;
            hTokens[h] = tokens;
            hKind[h] = kind.ordinal();
            // the presets' actions show neither mark (their traces' shape), so neither is worked out there
            hEcn[h] = marks && occ(out, lane) >= ecn;
            hCould[h] = marks && could;
            hTable[h] = tableMode;
            if (emitting) {
                writeMove(h);
            }
        }

        /** The move's own table: the switch's table without {@code remove} (unless -1), plus {@code add}, sorted. */
        private void ownTable(int h, int remove, int add) {
            hRemove[h] = remove;
            hVictim[h] = -1;
            hAdd[h] = add;
            hTable[h] = OWN;
        }

        /** The move's own table: the switch's table without its entry at index {@code victim}, plus {@code add}. */
        private void ownTableEvicting(int h, int victim, int add) {
            hRemove[h] = -1;
            hVictim[h] = victim;
            hAdd[h] = add;
            hTable[h] = OWN;
        }

        /**
         * Loads v's table for a packet of flow f: its length, and whether the packet frees its message's
         * entries as it leaves (with the design's key those of its flow and tokens, with the message key
         * every entry of its message). Its entries are read by key only ({@link #lookup}).
         */
        private void loadTable(int v, int f, int seq, int tokens) {
            tableQ = dft[v];
            tableLen = recording == null ? x.lengthAt(nodeRow[nodeStride * v]) : x.length(tableQ);
            frees = seq == freeingSeq && freesOnRoute;
            freeFlow = f;
            freeTokens = tokens;
        }

        /** Every move of a packet at switch v on a lane ({@code inArc} -1 at its source ToR) into the hop arrays. */
        void route(int v, int f, int seq, int tokens, int lane, int inArc) {
            hops = 0;
            loadTable(v, f, seq, tokens);
            if (plantedRouting && plantedRefuses(v, f, seq, lane, inArc)) {
                return; // a planted rule (tests only)
            }
            if (escapeVl) {
                escapeVlMoves(v, f, seq, tokens, lane);
                return;
            }
            boolean end = seq == packets - 1;
            if (lane == 0) {
                vl0Moves(v, f, tokens);
                return;
            }
            if (laneChange == LaneChange.TABLE) {
                byTable(v, f, seq, tokens, inArc, end);
                return;
            }
            int row = ECMP * (v * flows + f);
            int normal = ecmpNow[row];
            hNormal = normal;
            if (iofd && normal < 0) {
                return; // IOFD: only a stale entry (failure cleanup knocked out) leads a packet off every route
            }
            if (plantedRouting && plantedLaneChange(v, f, tokens, normal)) {
                return; // the planted bug of withPlantedLaneChangeAt (tests only)
            }
            // (an empty table holds no entry: not looked up, unless the reads are recorded)
            int hit = koFollow || !usesDft || tableLen == 0 && recording == null ? -1 : lookup(f, tokens);
            if (plantedRouting && hit >= 0 && end && plantedIgnoresHit(v, f)) {
                hit = -1; // the planted bugs END_IGNORES_HIT_BESIDE_* (tests only)
            }
            if (hit >= 0) {
                int hitArc = dArc.of(hit);
                if (!vl1EntriesOnly || uTurnsForbidden) { // the features the IOFD preset lacks, out of line
                    int held = heldOrFollowed(hit, hitArc, tokens, inArc);
                    if (held != 0) {
                        return;
                    }
                }
                if (tokens > 0) {
                    if (room(hitArc, 1)) {
                        hop(hitArc, 1, spend(tokens), Route.DFT_HIT, AFTER, false);
                    } else if (koHitWaits && room(normal, 1)) {
                        hop(normal, 1, tokens, Route.NORMAL, AFTER, false);
                    } else if (!koAccess) {
                        escapeToVl0(v, f, seq, tokens, end);
                    }
                    if (egress) {
                        waitOn(hitArc, 1, spend(tokens), Route.DFT_HIT, false);
                    }
                    return;
                }
            }
            boolean above;
            int on; // the ECMP buffer's occupancy (VL1: its background counted), read once
            if (marks) {
                deflectionArcs(v, f, seq, tokens, normal, inArc); // the could-deflect flag needs them below too
                on = normal >= 0 ? ecmpOcc(row, normal) : 0;
                above = normal >= 0 && on >= threshold;
            } else {
                // the presets show no could-deflect flag: the deflection ports are wanted only above the
                // threshold (seed 000 §IV-B), so the ports' rooms are not read below it
                on = normal >= 0 ? ecmpOcc(row, normal) : 0;
                above = normal >= 0 && on >= threshold;
                if (above || koThreshold) {
                    deflectionArcs(v, f, seq, tokens, normal, inArc);
                } else {
                    altCount = 0;
                }
            }
            if (altCount > 0 && (above || koThreshold)) {
                int before = hops;
                deflect(f, seq, tokens, end);
                if (above && hops > before) {
                    return;
                }
            }
            if (pauseByOccupancy ? normal >= 0 && !deadNow[normal] && (koPause || on < pauseAt) : room(normal, 1)) {
                hop(normal, 1, tokens, Route.NORMAL, AFTER, altCount > 0);
            } else if (inArc < 0 || !escapeOnlyAtSource) { // the planted bug of withPlantedEscapeRefusal (tests)
                escapeToVl0(v, f, seq, tokens, end);
                if (egress) {
                    waitOn(normal, 1, tokens, Route.NORMAL, altCount > 0);
                }
            }
        }

        /**
         * Queueing egress: the packet is routed on arrival, so a port that is PFC-paused does not keep it out
         * of the switch: it joins that port's egress FIFO and waits there (seed 004 §4), beside the moves
         * the decision offers a packet whose port is paused (the escape lane). The move to the paused live
         * port the decision would take were it open; nothing when the port is open (the decision took it),
         * down or gone.
         */
        private void waitOn(int arc, int lane, int tokensLeft, Route kind, boolean could) {
            if (arc >= 0 && !deadNow[arc] && !room(arc, lane)) {
                hop(arc, lane, tokensLeft, kind, AFTER, could);
            }
        }

        /**
         * Queueing egress, escape-at head: the head of the VL1 egress FIFO at layout position k, on {@code arc},
         * whose lane the switch downstream has paused, as a successor: it may move to the escape lane at the
         * switch u that holds it (seed 000 §IV-B: "Packets/flows may move from non-escape VLs to escape VLs
         * (which ensures that flows in non-escape VLs can always make forward progress)"; Duato: a packet
         * blocked in a non-escape channel may request the escape channel), into u's VL0 egress FIFO of the
         * move's port, keeping the ingress it came in on ({@link #headEscapeMoves}).
         *
         * @return whether it has a move
         */
        private boolean escapeFromHead(int k, int arc, int head, int f, int seq, int tokens) {
            int u = fromNode[arc];
            moving(FORWARD, arc, 1, k, f, seq, tokens, -1, u);
            mIn = head & pInBits; // it stays at u: its ingress there is unchanged
            emitting = false;
            headEscapeMoves(u, f, seq, tokens);
            writeMoves();
            return hops > 0;
        }

        /**
         * Queueing egress, escape-at head: the moves onto VL0 of a packet of flow f at the head of a paused
         * VL1 egress FIFO of switch u, under the escape rules of an arrival at u: a VL0 entry of its message
         * at u is followed, else {@code EscapeToVl0} (the lane-change rule decides whether it may, and whether
         * it records the move); the escape port must have room (else it stays where it is). Into the hop
         * arrays, with the head kinds of {@link Route}.
         */
        private void headEscapeMoves(int u, int f, int seq, int tokens) {
            hops = 0;
            loadTable(u, f, seq, tokens);
            int hit = koFollow || !usesDft || tableLen == 0 && recording == null ? -1 : lookup(f, tokens);
            if (hit >= 0 && dLane.of(hit) == 0) {
                int a = dArc.of(hit);
                if (room(a, 0)) {
                    hop(a, 0, tokens, Route.ESCAPE_FOLLOW, AFTER, false);
                }
            } else if (!koAccess) {
                escapeToVl0(u, f, seq, tokens, seq == packets - 1);
            }
            for (int h = 0; h < hops; h++) {
                hKind[h] = KINDS[hKind[h]].atHeadOf().ordinal();
            }
        }

        /** The planted rules that refuse a packet every move (tests only): whether one does. */
        private boolean plantedRefuses(int v, int f, int seq, int lane, int inArc) {
            if (planted == PlantedRouter.READS_ANOTHER_INPUT && lane == 1 && anotherInputHoldsTwo(v, inArc)) {
                return true; // the planted bug READS_ANOTHER_INPUT (tests only)
            }
            if (planted == PlantedRouter.STUCK_BESIDE_ANOTHER && lane == 1 && inArc >= 0 && anotherMessagesEntry(f)) {
                return true; // the planted bug STUCK_BESIDE_ANOTHER (tests only)
            }
            if (planted == PlantedRouter.STUCK_BESIDE_DEFLECTION && lane == 1 && inArc >= 0
                    && anotherMessagesDeflection(v, f)) {
                return true; // the planted bug STUCK_BESIDE_DEFLECTION (tests only)
            }
            return seq == stuckSeq && inArc >= 0 && !escapeVl && !iofd; // the planted bug of withPlantedStuckRule
        }

        /** The planted bug of {@link #withPlantedLaneChangeAt} (tests only): whether it took the decision. */
        private boolean plantedLaneChange(int v, int f, int tokens, int normal) {
            if (silentLaneChangeAt >= 0 && normal >= 0 && occ(normal, 1) == silentLaneChangeAt) {
                int e = net.escapeArc(failedNow, v, f);
                if (e >= 0 && room(e, 0)) {
                    hop(e, 0, tokens, Route.ESCAPE, AFTER, false);
                }
                return true;
            }
            return false;
        }

        /** The planted bugs END_IGNORES_HIT_BESIDE_* (tests only): whether the end packet ignores its hit. */
        private boolean plantedIgnoresHit(int v, int f) {
            return planted == PlantedRouter.END_IGNORES_HIT_BESIDE_ANOTHER && anotherMessagesEntry(f)
                    || planted == PlantedRouter.END_IGNORES_HIT_BESIDE_DEFLECTION && anotherMessagesDeflection(v, f);
        }

        /** A VL0 packet's moves: on up*&#47;down* on VL0, and back to VL1 on its ECMP port with no-return knocked out. */
        private void vl0Moves(int v, int f, int tokens) {
            int e = net.escapeArc(failedNow, v, f);
            if (e >= 0 && room(e, 0)) {
                hop(e, 0, tokens, Route.ESCAPE_FORWARD, AFTER, false);
            } else if (egress) {
                waitOn(e, 0, tokens, Route.ESCAPE_FORWARD, false);
            }
            if (koReturn) {
                int normal = net.ecmpArc(failedNow, v, f);
                if (normal >= 0 && room(normal, 1)) {
                    hop(normal, 1, tokens, Route.RETURN, AFTER, false);
                }
            }
        }

        /**
         * A DFT hit under the rules the IOFD preset lacks: an entry on VL0 is followed there (its move, if
         * the buffer has room), and with U-turns forbidden a VL1 entry naming the arrival port holds the
         * packet.
         *
         * @return 0 when the hit is decided by the VL1 rules that follow, else non-zero (decided here)
         */
        private int heldOrFollowed(int hit, int hitArc, int tokens, int inArc) {
            int hitLane = dLane.of(hit);
            if (hitLane == 1 && isUTurn(hitArc, inArc) && uTurnsForbidden) {
                return 1; // no deflection goes back out of the arrival port, and IOFD allows no other port
            }
            if (hitLane == 0) {
                if (room(hitArc, 0)) {
                    hop(hitArc, 0, tokens, Route.ESCAPE_FOLLOW, AFTER, false);
                } else if (egress) {
                    waitOn(hitArc, 0, tokens, Route.ESCAPE_FOLLOW, false);
                }
                return 1;
            }
            return 0;
        }

        /**
         * The escape-vl preset's moves (seed 000 §IV-B, {@link FabricOptions.EscapeRules}), each offered
         * (a free selection function): a packet whose message took the escape lane at this switch
         * follows it onto VL0 (order-restoring rule, nothing else); a VL0 packet that must return does
         * so on its tree route; otherwise its route on its lane (VL0: up*&#47;down*, VL1: the tree or
         * with minimal routing every shortest path), a deflection to any other live switch on its lane
         * (lane deflects, a token left), and on VL1 the move to VL0 (with the order-restoring rule only
         * for the message's oldest packet in flight when the message has no record yet, recorded here).
         */
        private void escapeVlMoves(int v, int f, int seq, int tokens, int lane) {
            int routed = net.ecmpArc(FabricNet.NONE, v, f);
            if (follow && lane == 1 && recordAt(v, f)) {
                escapeMoves(v, f, tokens, Route.ESCAPE_FOLLOW);
                return;
            }
            if (lane == 0 && rules.fromEscape()) {
                if (room(routed, 1)) {
                    hop(routed, 1, tokens, Route.RETURN, SAME, false);
                }
                return;
            }
            if (lane == 0) {
                escapeMoves(v, f, tokens, Route.ESCAPE_FORWARD);
                // seed 000, IV-B: "never flow back"; knocked out, a VL0 packet may also go back to VL1
                // on its tree route
                if (koReturn && routed >= 0 && room(routed, 1)) {
                    hop(routed, 1, tokens, Route.RETURN, SAME, false);
                }
            } else if (rules.minimalVl1()) {
                for (int a : net.shortestArcs(v, f)) {
                    if (room(a, 1)) {
                        hop(a, 1, tokens, Route.NORMAL, SAME, false);
                    }
                }
            } else if (room(routed, 1)) {
                hop(routed, 1, tokens, Route.NORMAL, SAME, false);
            }
            if (rules.deflects(lane) && tokens > 0) {
                for (int port = 0; port < t.degree(v); port++) {
                    int a = t.arcAt(v, port);
                    if (a != routed && !hostArc[a] && room(a, lane)) {
                        hop(a, lane, tokens - rules.tokenCost(), Route.PER_PACKET, SAME, false);
                    }
                }
            }
            if (lane == 1 && escapeLane && rules.toEscape()) {
                if (!follow) {
                    escapeMoves(v, f, tokens, Route.ESCAPE);
                } else if (!recorded(f) && earlierDelivered(f, seq)) {
                    int before = hops;
                    escapeMoves(v, f, tokens, Route.ESCAPE_ALLOCATE);
                    for (int h = before; h < hops; h++) {
                        ownTable(h, -1, g.entry(f, 0, routed, 0));
                    }
                }
            }
        }

        /** The moves onto VL0 on the escape lane's routes: the tree route, or every shortest path with up*&#47;down* knocked out. */
        private void escapeMoves(int v, int f, int tokens, Route kind) {
            if (koUpDown) {
                for (int a : net.shortestArcs(v, f)) {
                    if (room(a, 0)) {
                        hop(a, 0, tokens, kind, SAME, false);
                    }
                }
            } else {
                int a = net.escapeArc(FabricNet.NONE, v, f);
                if (room(a, 0)) {
                    hop(a, 0, tokens, kind, SAME, false);
                }
            }
        }

        /** Whether switch v holds the record of flow f's move to the escape lane (the loaded table, read by key). */
        private boolean recordAt(int v, int f) {
            return x.find(tableQ, flowMask, dFlow.bits(f)) >= 0;
        }

        /** Whether any switch holds the record of flow f's move to the escape lane. */
        private boolean recorded(int f) {
            for (Fifo q : dft) {
                for (int i = 0, n = q == null ? 0 : x.length(q); i < n; i++) {
                    if (dFlow.of(x.element(q, i)) == f) {
                        return true;
                    }
                }
            }
            return false;
        }

        private boolean earlierDelivered(int f, int seq) {
            int need = (1 << seq) - 1;
            return (x.get(g.delivered[f]) & need) == need;
        }

        /** {@code Deflect}: a first packet chosen for deflection to each alternative port; an entry is allocated. */
        private void deflect(int f, int seq, int tokens, boolean end) {
            for (int i = 0; i < altCount; i++) {
                int alt = alts[i];
                int entry = g.entry(f, tokens, alt, 1);
                if (!usesDft) {
                    hop(alt, 1, spend(tokens), Route.PER_PACKET, AFTER, true);
                } else if (tableLen < dftSize) {
                    if (!end || iofd) { // the IOFD preset frees the end packet's entry as it leaves
                        ownTable(hops, -1, entry); // (the move's table before the move: it may be written at once)
                        hop(alt, 1, spend(tokens), Route.ALLOCATE, OWN, true);
                    } else {
                        hop(alt, 1, spend(tokens), Route.ALLOCATE, AFTER, true);
                    }
                } else {
                    for (int k = 0; k < tableLen; k++) { // rules overwrite: each entry may be the victim
                        ownTableEvicting(hops, k, entry);
                        hop(alt, 1, spend(tokens), Route.OVERWRITE, OWN, true);
                    }
                }
            }
        }

        /** Live switch ports other than the ECMP one, with room on VL1; ToRs never deflect to hosts. */
        private void deflectionArcs(int v, int f, int seq, int tokens, int normal, int inArc) {
            altCount = 0;
            if (seq != 0 && !anyStarts || tokens <= 0 || usesDft && !overwrite && tableLen >= dftSize) {
                return;
            }
            int[] nr = nodeRow;
            for (int at = nodeStride * v + 2, end = at + nr[at - 1]; at < end; at++) {
                int arc = nr[at];
                if (arc != normal && (arcRow[8 * arc + 4] == 0 || koTorHost) && room(arc, 1)
                        && !(isUTurn(arc, inArc) && uTurnsForbidden)) {
                    alts[altCount++] = arc;
                }
            }
        }

        /** {@code EscapeToVl0}, seed 000 §IV-B: a blocked VL1 packet may move to the escape lane VL0, never back. */
        private void escapeToVl0(int v, int f, int seq, int tokens, boolean end) {
            if (!escapeLane) {
                return;
            }
            int e = net.escapeArc(failedNow, v, f);
            if (e < 0 || !room(e, 0)) {
                return;
            }
            if (laneChange == LaneChange.SILENT) {
                hop(e, 0, tokens, Route.ESCAPE, AFTER, false);
            } else if (seq == 0 && tableLen < dftSize) {
                if (!end) {
                    ownTable(hops, -1, g.entry(f, tokens, e, 0)); // (before the move: it may be written at once)
                    hop(e, 0, tokens, Route.ESCAPE_ALLOCATE, OWN, false);
                } else {
                    hop(e, 0, tokens, Route.ESCAPE_ALLOCATE, AFTER, false);
                }
            }
        }

        /** Computes the lane rule's row and column and IOFD's VL1 moves (into the hop arrays). */
        private void view(int v, int f, int seq, int tokens, int inArc, boolean end) {
            entry = koFollow ? -1 : lookup(f, tokens);
            int normal = net.ecmpArc(failedNow, v, f);
            boolean earlier = earlierHere(v, f, seq);
            if (entry >= 0 && dLane.of(entry) == 0) {
                row = earlier ? 6 : 5;
                if (room(normal, 1)) {
                    hop(normal, 1, tokens, Route.NORMAL, AFTER, false);
                }
            } else if (entry >= 0 && tokens > 0) {
                row = earlier ? 4 : 3;
                int hitArc = dArc.of(entry);
                boolean forbidden = isUTurn(hitArc, inArc) && uTurnsForbidden;
                if (!forbidden && room(hitArc, 1)) {
                    hop(hitArc, 1, spend(tokens), Route.DFT_HIT, AFTER, false);
                } else if (!forbidden && koHitWaits && room(normal, 1)) {
                    hop(normal, 1, tokens, Route.NORMAL, AFTER, false);
                }
            } else {
                row = seq == 0 ? 0 : earlier ? 2 : 1;
                deflectionArcs(v, f, seq, tokens, normal, inArc);
                boolean above = normal >= 0 && occ(normal, 1) >= threshold;
                if (altCount > 0 && (above || koThreshold)) {
                    deflect(f, seq, tokens, end);
                }
                if ((altCount == 0 || !above) && room(normal, 1)) {
                    hop(normal, 1, tokens, Route.NORMAL, AFTER, altCount > 0);
                }
            }
            esc = escapeLane ? net.escapeArc(failedNow, v, f) : -1;
            // a move to VL0 outside rows Z is recorded so that later packets follow it: it needs the end
            // packet (nothing to record), the message's entry here (replaced) or a free entry
            boolean recordable = row >= 5 || end || entry >= 0 || tableLen < dftSize;
            boolean vl0Open = esc >= 0 && room(esc, 0) && recordable;
            column = hops == 0 ? (vl0Open ? 2 : -1) : vl0Open ? 0 : 1;
        }

        /** A rule of the lane-rule family decides between IOFD's VL1 moves, the escape lane and waiting. */
        private void byTable(int v, int f, int seq, int tokens, int inArc, boolean end) {
            view(v, f, seq, tokens, inArc, end);
            if (column < 0) {
                hops = 0;
                return;
            }
            LaneRule.Action a = laneRule.at(row, column);
            if (a == LaneRule.Action.STAY) {
                return;
            }
            hops = 0;
            if (a == LaneRule.Action.WAIT) {
                return;
            }
            if (row >= 5) {
                hop(esc, 0, tokens, Route.ESCAPE_FOLLOW, AFTER, false);
            } else if (end) {
                hop(esc, 0, tokens, Route.ESCAPE, AFTER, false);
            } else {
                // the move is recorded so that the message's later packets find it (row Z)
                hop(esc, 0, tokens, Route.ESCAPE_ALLOCATE, AFTER, false);
                ownTable(0, entry, g.entry(f, tokens, esc, 0));
            }
        }

        /** Whether an earlier packet of the packet's message waits in a buffer at switch v. */
        private boolean earlierHere(int v, int f, int seq) {
            for (int p = 0; p < t.degree(v); p++) {
                int in = Topology.reverse(t.arcAt(v, p));
                int i = bufOfArc[in];
                if (i < 0) {
                    continue;
                }
                for (int lane = 0; lane < 2; lane++) {
                    Fifo q = buffers[2 * i + lane];
                    for (int k = 0, n = x.length(q); k < n; k++) {
                        int e = x.element(q, k);
                        if (pFlow.of(e) == f && pSeq.of(e) < seq) {
                            return true;
                        }
                    }
                }
            }
            return false;
        }

        /** The lane-rule cell of a VL1 packet's move, -1 when both lanes are blocked. */
        int cell(int v, int f, int seq, int tokens, int inArc) {
            hops = 0;
            loadTable(v, f, seq, tokens);
            view(v, f, seq, tokens, inArc, seq == packets - 1);
            return column < 0 ? -1 : row * LaneRule.COLUMNS + column;
        }

        // ---- properties' probes ----

        /**
         * Why a head packet at switch v on a lane, which the router gave no move, cannot move: read
         * from the state (ports, pause, failure, the switch's DFT), not from the router's decision.
         * The fabric's rules only (not the escape-vl preset's).
         */
        Block reason(int v, int f, int seq, int tokens, int lane, int inArc) {
            waitArc = -1;
            waitLane = -1;
            loadTable(v, f, seq, tokens);
            if (lane == 0) {
                return blocked(net.escapeArc(failedNow, v, f), 0);
            }
            if (iofd && net.ecmpArc(failedNow, v, f) < 0) {
                return Block.NO_ROUTE; // IOFD: a stale entry led the packet off every route
            }
            int hit = koFollow || !usesDft ? -1 : lookup(f, tokens);
            if (hit >= 0 && dLane.of(hit) == 1 && isUTurn(dArc.of(hit), inArc) && uTurnsForbidden) {
                return Block.UTURN_FORBIDDEN; // whatever its tokens: its entry's port is its arrival port
            }
            if (hit >= 0 && (dLane.of(hit) == 0 || tokens > 0)) {
                if (room(dArc.of(hit), dLane.of(hit))) {
                    return Block.UNEXPLAINED;
                }
                waitArc = dArc.of(hit);
                waitLane = dLane.of(hit);
                return dLane.of(hit) == 1 && !koAccess ? unlessEscapeOpen(v, f, seq, Block.PINNED_TO_FULL)
                        : Block.PINNED_TO_FULL;
            }
            int normal = net.ecmpArc(failedNow, v, f);
            Block b = blocked(normal, 1);
            if (laneChange == LaneChange.TABLE) {
                return b == Block.UNEXPLAINED ? Block.RULE_WAITS : b; // the table may say wait on either lane
            }
            return b == Block.UNEXPLAINED ? b : unlessEscapeOpen(v, f, seq, b);
        }

        /**
         * A VL1 head whose port is blocked (paused, down, gone, or its DFT entry's port full) must be
         * able to take the escape lane when VL0 has room and the lane rule lets it (seed 000, IV-B;
         * Duato's condition: every packet blocked on the adaptive lane may take the escape lane). If
         * it still has no move, the port's state does not explain it: UNEXPLAINED.
         */
        private Block unlessEscapeOpen(int v, int f, int seq, Block portBlocked) {
            return escapeClosed(v, f, seq) == null ? Block.UNEXPLAINED : portBlocked;
        }

        /** Why a port is closed to a packet: gone, down or paused; UNEXPLAINED when it has room. */
        private Block blocked(int arc, int lane) {
            if (arc < 0) {
                return Block.NO_ROUTE;
            }
            if (deadNow[arc]) {
                return Block.LINK_DOWN;
            }
            if (room(arc, lane)) {
                return Block.UNEXPLAINED;
            }
            waitArc = arc;
            waitLane = lane;
            return Block.PAUSED;
        }

        /** Why a VL1 head behind a blocked port cannot take VL0, if it cannot. */
        private Block escapeClosed(int v, int f, int seq) {
            int e = net.escapeArc(failedNow, v, f);
            if (!escapeLane || e < 0 || !room(e, 0)) {
                return Block.ESCAPE_BLOCKED;
            }
            return laneChange == LaneChange.FOLLOW && (seq != 0 || tableLen >= dftSize) ? Block.FOLLOW_CLOSES_VL0
                    : null;
        }

        /** the buffer the last {@link #reason} found the head waiting for, -1 for none */
        private int waitArc = -1;
        private int waitLane = -1;

        /** The reasons of the stuck heads; each head with what it waits for added to {@code waits} unless null. */
        java.util.SortedSet<Block> blocking(int[] s, int base, List<Wait> waits) {
            loadState(s, base);
            java.util.SortedSet<Block> out = new java.util.TreeSet<>();
            for (int b = vl1Only ? 1 : 0; b < buffers.length; b += vl1Only ? 2 : 1) {
                Fifo q = buffers[b];
                if (x.length(q) == 0) {
                    continue;
                }
                int arc = net.bufArc(b >> 1);
                int head = x.element(q, 0);
                int f = pFlow.of(head);
                if (escapeVl || hostArc[arc]) {
                    continue; // a delivery is always enabled; the escape-vl preset's rules are not read here
                }
                int seq = pSeq.of(head);
                int tokens = pTokens.of(head);
                if (egress && !koPause && ingressPaused(arc, b & 1)) {
                    if (escapeAtHead && (b & 1) == 1) {
                        headEscapeMoves(t.arcFrom(arc), f, seq, tokens);
                        if (hops > 0) {
                            continue; // escape-at head: it moves to the escape lane where it is
                        }
                    }
                    out.add(Block.PAUSED); // queueing egress: the switch it enters has paused this ingress
                    if (waits != null) {
                        waits.add(new Wait(arc, b & 1, Block.PAUSED, arc, b & 1));
                    }
                    if (escapeAtHead && (b & 1) == 1) {
                        Block e = escapeClosed(t.arcFrom(arc), f, seq); // (u's table, loaded above)
                        if (e != null) {
                            out.add(e);
                        }
                    }
                    continue;
                }
                int v = t.arcTo(arc);
                route(v, f, seq, tokens, b & 1, arc);
                if (hops > 0) {
                    continue;
                }
                Block r = reason(v, f, seq, tokens, b & 1, arc);
                out.add(r);
                if (waits != null) {
                    waits.add(new Wait(arc, b & 1, r, waitArc, waitLane));
                }
                if ((b & 1) == 1 && r != Block.UNEXPLAINED && r != Block.RULE_WAITS && !iofd) {
                    Block e = escapeClosed(v, f, seq);
                    if (e != null) {
                        out.add(e);
                    }
                }
            }
            return out;
        }

        boolean someBufferedPacketMoves(int[] s, int base) {
            loadState(s, base);
            boolean any = false;
            for (int b = vl1Only ? 1 : 0; b < buffers.length; b += vl1Only ? 2 : 1) {
                Fifo q = buffers[b];
                if (x.length(q) == 0) {
                    continue;
                }
                any = true;
                int arc = net.bufArc(b >> 1);
                if (hostArc[arc]) {
                    return true;
                }
                if (egress && !koPause && ingressPaused(arc, b & 1)) {
                    // queueing egress: the switch it enters has paused this ingress (escape-at head: unless
                    // the head moves to the escape lane where it is)
                    if (escapeAtHead && (b & 1) == 1) {
                        int head = x.element(q, 0);
                        headEscapeMoves(t.arcFrom(arc), pFlow.of(head), pSeq.of(head), pTokens.of(head));
                        if (hops > 0) {
                            return true;
                        }
                    }
                    continue;
                }
                int head = x.element(q, 0);
                route(t.arcTo(arc), pFlow.of(head), pSeq.of(head), pTokens.of(head), b & 1, arc);
                if (hops > 0) {
                    return true;
                }
            }
            return !any;
        }

        boolean deflectionOffered(int[] s, int base) {
            loadState(s, base);
            for (int i = 0; i < net.bufferedArcs(); i++) {
                Fifo q = buffers[2 * i + 1];
                int arc = net.bufArc(i);
                if (x.length(q) > 0 && !hostArc[arc] && !(egress && !koPause && ingressPaused(arc, 1))) {
                    int head = x.element(q, 0);
                    if (!offeredIfEligible(t.arcTo(arc), pFlow.of(head), pSeq.of(head), pTokens.of(head), arc)) {
                        return false;
                    }
                }
            }
            for (int f = 0; f < flows; f++) {
                if (x.get(g.sent[f]) == 0 && !(egress && !koPause && ingressPaused(srcArc[f], 1))
                        && !offeredIfEligible(srcTor[f], f, 0, initTokens[f], -1)) {
                    return false;
                }
            }
            return true;
        }

        /** {@link NetworkModel#deflectionDue}: {@link #deflectionOffered}, noting whether some packet was due an offer */
        boolean deflectionDue(int[] s, int base) {
            lastEligible = false;
            deflectionOffered(s, base);
            return lastEligible;
        }

        private boolean offeredIfEligible(int v, int f, int seq, int tokens, int inArc) {
            if (!deflectionEligible(v, f, seq, tokens, inArc)) {
                return true;
            }
            lastEligible = true;
            route(v, f, seq, tokens, 1, inArc);
            return allocates();
        }

        /** Whether the packet must be offered a deflection: see {@link NetworkModel#deflectionOffered}. */
        private boolean deflectionEligible(int v, int f, int seq, int tokens, int inArc) {
            if (seq != 0 || tokens == 0 || x.length(dft[v]) >= dftSize) {
                return false;
            }
            Fifo q = dft[v];
            for (int i = 0, n = x.length(q); i < n; i++) {
                int d = x.element(q, i);
                if (dFlow.of(d) == f && (messageKey || dTokens.of(d) == tokens)) {
                    return false;
                }
            }
            int normal = net.ecmpArc(failedNow, v, f);
            if (normal < 0 || occ(normal, 1) < threshold) {
                return false;
            }
            boolean other = false;
            for (int port = 0; port < t.degree(v); port++) {
                int a = t.arcAt(v, port);
                boolean uTurn = inArc >= 0 && a == Topology.reverse(inArc) && uTurnsForbidden;
                other |= a != normal && !hostArc[a] && !uTurn && !deadNow[a] && !paused(2 * bufOfArc[a] + 1);
            }
            return other;
        }

        boolean noStale(int[] s, int base) {
            loadState(s, base);
            lastLength = -1;
            return noStale();
        }

        /**
         * NoStaleDftEntry on the state loaded (the parent of the expansion, unchanged by it): the flows
         * with an entry in a non-empty DFT, as a bit mask; those whose transmission is not under way
         * (nothing sent, or every packet sent) need a packet in flight, which one pass over the
         * non-empty buffers looks for, and only when there are such flows.
         */
        boolean noStale() {
            if (flows > 64) {
                return noStaleByScan();
            }
            int n = x.nonEmptyCount();
            long entries = 0;
            for (int i = 0; i < n; i++) {
                int k = x.nonEmpty(i);
                if (bufferOfFifo[k] < 0) {
                    Fifo q = fifoAt[k];
                    for (int j = 0, len = x.length(q); j < len; j++) {
                        entries |= 1L << dFlow.of(x.element(q, j));
                    }
                }
            }
            long need = 0; // flows with an entry and no transmission under way
            for (long rest = entries; rest != 0; rest &= rest - 1) {
                int f = Long.numberOfTrailingZeros(rest);
                int sent = x.get(g.sent[f]);
                if (!(sent > 0 && sent < packets)) {
                    need |= 1L << f;
                }
            }
            for (int i = 0; need != 0 && i < n; i++) {
                int k = x.nonEmpty(i);
                if (bufferOfFifo[k] >= 0) {
                    Fifo q = fifoAt[k];
                    for (int j = 0, len = x.length(q); j < len; j++) {
                        need &= ~(1L << pFlow.of(x.element(q, j)));
                    }
                }
            }
            return need == 0;
        }

        /** {@link #noStale()} entry by entry (more flows than a mask holds). */
        private boolean noStaleByScan() {
            for (Fifo q : dft) {
                if (q == null) {
                    continue;
                }
                for (int i = 0, n = x.length(q); i < n; i++) {
                    int f = dFlow.of(x.element(q, i));
                    int sent = x.get(g.sent[f]);
                    if (!(sent > 0 && sent < packets) && !inFlight(f)) {
                        return false;
                    }
                }
            }
            return true;
        }

        private boolean inFlight(int f) {
            for (Fifo q : buffers) {
                for (int k = 0, n = q == null ? 0 : x.length(q); k < n; k++) {
                    if (pFlow.of(x.element(q, k)) == f) {
                        return true;
                    }
                }
            }
            return false;
        }
    }
}
