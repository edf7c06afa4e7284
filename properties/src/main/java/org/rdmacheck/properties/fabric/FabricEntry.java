package org.rdmacheck.properties.fabric;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.fabric.FabricConfig;
import org.rdmacheck.model.fabric.FabricOptions;
import org.rdmacheck.model.fabric.LaneRule;
import org.rdmacheck.model.fabric.NetworkModel;
import static org.rdmacheck.model.fabric.NetworkModel.Block.ESCAPE_BLOCKED;
import static org.rdmacheck.model.fabric.NetworkModel.Block.FOLLOW_CLOSES_VL0;
import static org.rdmacheck.model.fabric.NetworkModel.Block.PAUSED;
import static org.rdmacheck.model.fabric.NetworkModel.Block.PINNED_TO_FULL;
import org.rdmacheck.model.fabric.Flow;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.topology.Topology;
import org.rdmacheck.model.topology.TopologySpecs;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.catalog.ExpectationNote;
import org.rdmacheck.properties.catalog.Mechanism;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.catalog.ParamSpec;
import org.rdmacheck.properties.catalog.VariantSpec;
import org.rdmacheck.properties.catalog.VariantSpec.Origin;
import org.rdmacheck.properties.liveness.Fairness;
import org.rdmacheck.properties.liveness.Liveness;
import org.rdmacheck.properties.liveness.LivenessSpec;

/**
 * Catalogue entry {@code fabric}: in-order flow deflection, escape lanes and PFC back-pressure in
 * one model (seed 000 §IV-A/B/C, §VI-A). The variants are settings of the four open choices
 * (DFT key, U-turns, lane-change rule, failure cleanup): the paper's rules, the repairs, and one
 * mutation of the threshold order.
 */
public final class FabricEntry implements ModelEntry {

    /**
     * The defaults of {@code repaired}: the cheapest configuration found in which the design keeps
     * NoRoutingDeadlock and {@code escape=off} violates it ({@code scope fabric --separate escape=off}).
     */
    static final Map<String, String> REPAIRED_DEFAULTS = Map.of("flows", "0-1,1-0", "packets", "2", "tokens", "1",
            "xoff", "2", "background", "2", "failures", "0");

    /** Largest topology (nodes) accepted. */
    static final int MAX_NODES = 64;

    @Override
    public String name() {
        return "fabric";
    }

    @Override
    public String description() {
        return "IOFD + DFT, escape lane VL0 (up*/down*), PFC pause per (port, lane), ECN, ECMP and one switch or "
                + "link failure in one fabric (seed 000 IV-A/B/C, VI-A)";
    }

    private static final ParamSpec.Text TOPOLOGY = ParamSpec.text("topology", "leafspine:tors=2,spines=2,hosts=1",
            "leafspine:tors=T,spines=S,hosts=H|fattree:k=K", "the fabric (hosts are numbered first)");
    private static final ParamSpec.Text FLOWS = ParamSpec.text("flows", "0-1", "SRC-DST[L],...",
            "messages by host index, comma-separated; L = long flow");
    private static final ParamSpec.Int PACKETS = ParamSpec.integer("packets", 2, 1, 8, "packets per message");
    private static final ParamSpec.Int DFT = ParamSpec.integer("dft", 2, 0, 8, "DFT entries per switch (seed VI-A: 8)");
    private static final ParamSpec.Int TOKENS = ParamSpec.integer("tokens", 2, 0, 8,
            "deflection tokens of a short message's packets (seed VI-A: 4)");
    private static final ParamSpec.Int THRESHOLD = ParamSpec.integer("threshold", 1, 1, 16,
            "deflection threshold in packets (seed VI-A: 15 KB)");
    private static final ParamSpec.Int ECN = ParamSpec.integer("ecn", 2, 1, 32,
            "ECN marking threshold in packets (seed VI-A: 22.5 KB)");
    private static final ParamSpec.Int XOFF = ParamSpec.integer("xoff", 3, 2, 32,
            "PFC pause threshold of each (port, lane) buffer in packets");
    private static final ParamSpec.Int HYSTERESIS = ParamSpec.integer("pfc-hysteresis", 1, 1, 32,
            "PFC resumes a paused upstream when its buffer holds at most xoff - pfc-hysteresis packets (1: none); "
                    + "xoff - pfc-hysteresis may not lie below min(threshold, background), the background a buffer holds for ever");
    private static final ParamSpec.Int BACKGROUND = ParamSpec.integer("background", 1, 0, 8,
            "background packets that may join VL1 buffers");
    private static final ParamSpec.Int FAILURES = ParamSpec.integer("failures", 1, 0, 1,
            "0, or 1: one switch (not a ToR) or one switch-to-switch link fails");
    private static final ParamSpec.Choice DFT_KEY = ParamSpec.choice("dft-key", "message-tokens",
            labels(FabricOptions.DftKey.values(), FabricOptions.DftKey::label),
            "message (seed IV-A) or message-tokens (repair)");
    private static final ParamSpec.Choice UTURNS = ParamSpec.choice("uturns", "allowed",
            labels(FabricOptions.UTurns.values(), FabricOptions.UTurns::label),
            "deflection back to the previous switch");
    private static final ParamSpec.Choice LANE_CHANGE = ParamSpec.choice("lane-change", "follow",
            labels(FabricOptions.LaneChange.values(), FabricOptions.LaneChange::label),
            "silent (seed IV-B: any blocked packet may take VL0), follow (IOFD on lane changes: the first packet "
                    + "records it in the DFT, later ones follow) or table (a rule of the lane-rule family, lane-rule)");
    private static final ParamSpec.Choice CLEANUP = ParamSpec.choice("cleanup", "flush",
            labels(FabricOptions.Cleanup.values(), FabricOptions.Cleanup::label),
            "none (seed IV-A/C: only the end packet frees an entry) or flush (the failure notice frees the dropped "
                    + "messages' entries)");
    private static final ParamSpec.Choice ESCAPE = ParamSpec.choice("escape", "on", List.of("on", "off"),
            "whether the escape lane VL0 exists");
    private static final ParamSpec.Choice QUEUEING = ParamSpec.choice("queueing", "ingress",
            labels(FabricOptions.Queueing.values(), FabricOptions.Queueing::label),
            "ingress (one FIFO per ingress (port, lane), routed as the packet leaves it) or egress (seed 004 4: "
                    + "routed on arrival into the egress FIFO of its (port, lane), PFC counted per ingress); under "
                    + "egress the parameter escape-at (given only with it) says when a VL1 packet may take the escape "
                    + "lane: arrival (the default: as it is routed) or head (also at the head of a paused VL1 egress "
                    + "FIFO)");

    /**
     * Under queueing egress, when a VL1 packet may move to the escape lane ({@link FabricOptions.EscapeAt}):
     * a parameter accepted but not listed with a default (as {@code knockout}), so that a configuration
     * without it is the one it was (its constants map onto the TLA+ twin, which has no such reading).
     */
    static final String ESCAPE_AT = "escape-at";
    /**
     * What a failure drops ({@link FabricOptions.FailDrops}, seed 000 §IV-C): all (the default: every packet in
     * flight) or link (what is on the failed element alone). Accepted but not listed with a default, as
     * {@link #ESCAPE_AT}, so that a configuration without it is the one it was.
     */
    static final String FAIL_DROPS = "fail-drops";
    /** The rule {@code follow} written as a table of the lane-rule family. */
    public static final String FOLLOW_TABLE = "SSE.SSW.SSW.SSW.SSW.EWE.EWE";
    private static final ParamSpec.Text LANE_RULE = ParamSpec.text("lane-rule", FOLLOW_TABLE,
            "RRR.RRR.RRR.RRR.RRR.RRR.RRR", "with lane-change=table: the rule, rows F,N,N+,D,D+,Z,Z+, columns (VL1 "
                    + "open, VL0 open),(VL1 open, VL0 full),(VL1 blocked, VL0 open), S stay E escape W wait");

    private static <E> List<String> labels(E[] values, java.util.function.Function<E, String> label) {
        return java.util.Arrays.stream(values).map(label).toList();
    }

    @Override
    public List<ParamSpec> parameters() {
        return List.of(TOPOLOGY, FLOWS, PACKETS, DFT, TOKENS, THRESHOLD, ECN, XOFF, HYSTERESIS, BACKGROUND, FAILURES, DFT_KEY,
                UTURNS, LANE_CHANGE, CLEANUP, ESCAPE, LANE_RULE, QUEUEING);
    }

    @Override
    public List<VariantSpec> variants() {
        Set<String> reorder = Set.of(FabricProperties.IN_ORDER, FabricProperties.EXACTLY_ONCE,
                DeadlockFreedom.standard().name(), FabricProperties.PROGRESS);
        Set<String> stall = Set.of(DeadlockFreedom.standard().name(), FabricProperties.PROGRESS);
        return List.of(
                new VariantSpec("repaired", "the repairs together: DFT keyed by (message, tokens), lane changes "
                        + "follow IOFD, failure notice frees the dropped messages' entries. At the defaults (two "
                        + "opposing 2-packet messages, 1 token, xoff 2, 2 background packets) every property holds "
                        + "(up to 2 background packets; with 3 it deadlocks: repaired-background), "
                        + "and without the escape lane (escape=off) the two first packets, deflected back with no "
                        + "token left, deadlock: the lane is load-bearing. Not deadlock-free in general: see "
                        + "repaired-deadlock. All of this under the model's ingress queueing (queueing=ingress); under "
                        + "seed 004 4's egress queueing the same defaults deadlock: repaired-egress",
                        Set.of(), Origin.REPAIR, REPAIRED_DEFAULTS),
                // seed 004, 4 (egress queues, PFC counted per ingress) and seed 000, IV-B (packets may move
                // from non-escape VLs to the escape VL): a packet is routed on arrival, so its lane change
                // is decided there; once queued on VL1 it never takes VL0, and a credit loop of two VL1
                // egress FIFOs closes (a finding, repaired's own defaults, not a tuned workload)
                new VariantSpec("repaired-egress", "the repairs (as repaired, at its defaults: two opposing "
                        + "2-packet messages, 1 token, xoff 2, 2 background packets) under seed 004 4's egress "
                        + "queueing (queueing=egress): leaf1 (a background packet on its port to h1) deflects h0's message "
                        + "up to spine1, spine1 (one on its port to leaf0) deflects h1's back down to leaf1, each "
                        + "spending its token; leaf1's VL1 egress FIFO to spine1 ends with h1's two packets, which "
                        + "came from spine1, and spine1's to leaf1 with h0's two, which came from leaf1: each "
                        + "switch's ingress from the other counts 2 = xoff and pauses the other. The lane change is decided on arrival, when the ports were open: a packet queued on "
                        + "VL1 never takes VL0, and the escape lane rescues neither (16 steps; with escape-lane "
                        + "knocked out the same deadlock)", plus(stall, FabricProperties.NO_ROUTING_DEADLOCK),
                        Origin.REPAIR, with(REPAIRED_DEFAULTS, "queueing", "egress")),
                // seed 000, IV-B does not say when a packet may move to the escape lane: the other reading
                // under egress, at the head of a paused VL1 egress FIFO too (escape-at=head)
                new VariantSpec("repaired-egress-head", "the repairs (as repaired-egress: repaired's defaults "
                        + "under egress queueing) where a VL1 packet may also take the escape lane at the head of its "
                        + "egress FIFO when its lane is paused (escape-at=head, seed 000 IV-B): free of routing "
                        + "deadlock (knocked out, the escape lane's absence deadlocks in 16 steps), but a first packet "
                        + "that leaves its paused FIFO on VL0 is overtaken by its message's second packet, queued "
                        + "behind it on VL1 before the lane change was recorded (13 steps), the entry recording the "
                        + "lane change is never freed (the end packet was routed at that switch before it existed: "
                        + "NoStaleDftEntry 16 steps, NoDftLeak 22), and the receiver that discarded the overtaken "
                        + "packet stalls (23 steps)", plus(reorder, FabricProperties.NO_LEAK, FabricProperties.NO_STALE),
                        Origin.REPAIR, with(REPAIRED_DEFAULTS, "queueing", "egress", ESCAPE_AT, "head")),
                new VariantSpec("repaired-deadlock", "the repairs (as repaired) at the scope of their routing "
                        + "deadlock: with two opposing messages of 3 packets and 3 tokens both VL1 buffers between a "
                        + "leaf and a spine fill with later packets whose DFT entries point at the other buffer, and "
                        + "follow closes VL0 to them", plus(stall, FabricProperties.NO_ROUTING_DEADLOCK),
                        Origin.REPAIR, Map.of("flows", "0-1,1-0", "packets", "3", "tokens", "3", "xoff", "3",
                        "background", "1", "failures", "0")),
                new VariantSpec("repaired-one-message", "the repairs (as repaired, at its xoff 2, 1 token and 2 "
                        + "background packets) with one 3-packet message: the first packet, deflected back from "
                        + "spine0 by background on its ECMP port, spends its token; the second follows its entry into "
                        + "leaf0's VL1 buffer, which background fills; the first comes back to spine0 behind the third, "
                        + "which its entry pins to leaf0: both heads are later packets that follow closes VL0 to",
                        plus(stall, FabricProperties.NO_ROUTING_DEADLOCK), Origin.REPAIR,
                        Map.of("flows", "0-1", "packets", "3", "tokens", "1", "xoff", "2", "background", "2",
                                "failures", "0")),
                new VariantSpec("repaired-background", "the repairs (as repaired) at their defaults with 3 "
                        + "background packets instead of 2: a 17-step "
                        + "deadlock. The VL1 buffers between leaf1 and spine1 fill in both directions (leaf1->spine1: "
                        + "h0->h1's second packet ahead of h1->h0's first, deflected back with no token left; "
                        + "spine1->leaf1: h1->h0's second packet and a background packet), each head is a later packet "
                        + "whose port is the other full buffer, and follow closes VL0 to later packets. Background packets "
                        + "never drain (they stand for persistent congestion), so this deadlock, like every one that needs "
                        + "background (repaired-one-message's too), is a port blocked by congestion that never ends",
                        plus(stall, FabricProperties.NO_ROUTING_DEADLOCK), Origin.REPAIR,
                        with(REPAIRED_DEFAULTS, "background", "3")),
                new VariantSpec("repaired-background-two-tokens", "the repairs (as repaired, at its defaults: two "
                        + "opposing 2-packet messages, xoff 2) with 3 background packets and 2 tokens: a deadlock of "
                        + "another kind than repaired-background's (at 1 token every routing deadlock of the "
                        + "configuration is of that finding's kind). Background packets take leaf0's port to h0 and "
                        + "spine0's ports to leaf0 and leaf1; h1's first packet, at its destination ToR leaf0, is "
                        + "deflected up to spine1, comes back down and is deflected again, up to spine0, with its last "
                        + "token (leaf0's two entries, both h1's); spine0 deflects h0's first packet back down to "
                        + "leaf0. Leaf0->spine0 ends with h0's second packet and h1's first, spine0->leaf0 with a "
                        + "background packet and h0's first, both full at xoff 2: spine0's head (h0's second packet) is "
                        + "pinned by its message's entry to the full buffer to leaf0, leaf0's head (h0's first packet) "
                        + "needs the full buffer to spine0 and leaf0's full DFT leaves it neither a deflection nor VL0, "
                        + "and follow closes VL0 to later packets (11 steps)",
                        plus(stall, FabricProperties.NO_ROUTING_DEADLOCK), Origin.REPAIR,
                        with(REPAIRED_DEFAULTS, "background", "3", "tokens", "2")),
                new VariantSpec("repaired-one-entry", "the repairs (as repaired, at its defaults: two opposing "
                        + "2-packet messages, xoff 2, 2 background packets) with a one-entry DFT and 2 tokens: "
                        + "background packets take leaf1's port to h1 and spine1's port to leaf0; spine1 deflects h1's "
                        + "first packet back down to leaf1 (its one entry; the second packet follows it and frees it), "
                        + "leaf1 sends it back up and deflects h0's first packet, at its destination ToR, up to spine1 "
                        + "(leaf1's one entry), and spine1 deflects h1's first packet down again with its last token. "
                        + "Leaf1->spine1 ends with h0's two packets, spine1->leaf1 with h1's two, both full at xoff 2: "
                        + "spine1's head (h0's first packet) needs the full buffer to leaf1 and spine1's one entry is "
                        + "taken, leaf1's head (h1's second packet) needs the full buffer to spine1, and follow closes "
                        + "VL0 to later packets (14 steps; with 1 token it holds)",
                        plus(stall, FabricProperties.NO_ROUTING_DEADLOCK), Origin.REPAIR,
                        with(REPAIRED_DEFAULTS, "dft", "1", "tokens", "2")),
                new VariantSpec("repaired-three-tokens", "the repairs (as repaired, at its defaults) with 3 tokens: "
                        + "h0's first packet is deflected three times, spending every token, and ends in a full VL1 "
                        + "buffer behind h1's second packet, whose DFT entry points at another VL1 buffer that h1's "
                        + "first packet and a background packet fill; follow closes VL0 to both heads",
                        plus(stall, FabricProperties.NO_ROUTING_DEADLOCK), Origin.REPAIR,
                        Map.of("flows", "0-1,1-0", "packets", "2", "tokens", "3", "xoff", "2", "background", "2",
                                "failures", "0")),
                new VariantSpec("repaired-failure", "the repairs (as repaired) with 2 tokens, one background "
                        + "packet and one failure: a deadlock that needs the failure (without it 2 tokens hold). In "
                        + "the stored trace (18 steps) the link leaf1-spine0 fails; leaf0 deflects h0's first "
                        + "packet to spine0, which reaches leaf1 only back through leaf0; the VL1 buffers between "
                        + "leaf0 and spine0 fill in both directions, spine0's head h0's first packet with no token "
                        + "left, leaf0's head h0's second packet, whose DFT entry points at the full buffer to spine0 "
                        + "and to which follow closes VL0", plus(stall, FabricProperties.NO_ROUTING_DEADLOCK),
                        Origin.REPAIR, Map.of("flows", "0-1,1-0", "packets", "2", "tokens", "2", "xoff", "2",
                                "background", "1", "failures", "1")),
                new VariantSpec("repaired-failure-three-tokens", "the repairs (as repaired, at its "
                        + "defaults: two opposing 2-packet messages, xoff 2) with 3 tokens, one background packet and "
                        + "one failure: a deadlock of another kind than repaired-failure's, which needs the failure "
                        + "(without it 3 tokens hold). In the stored trace (18 steps) a background packet takes leaf0's "
                        + "port to h0 and spine0 fails, so every path crosses spine1; h1's first packet, at its "
                        + "destination ToR leaf0, bounces between leaf0 and spine1 until its 3 tokens are spent. "
                        + "Leaf0->spine1 ends with h1's second packet and h0's first, spine1->leaf0 with h0's second "
                        + "and h1's first, both full at xoff 2: spine1's head (h1's second packet) and leaf0's head "
                        + "(h0's second packet, at its source ToR) each need the other full buffer, and follow closes "
                        + "VL0 to both, later packets",
                        plus(stall, FabricProperties.NO_ROUTING_DEADLOCK), Origin.REPAIR,
                        with(REPAIRED_DEFAULTS, "tokens", "3", "failures", "1", "background", "1")),
                new VariantSpec("repaired-failure-background", "the repairs (as repaired, at its defaults: two "
                        + "opposing 2-packet messages, xoff 2, 2 background packets) with 2 tokens and one failure: a "
                        + "deadlock of another kind than repaired-failure's, which needs the second background packet "
                        + "(at one, every routing deadlock of the configuration is of repaired-failure's kind) and the "
                        + "failure (without it 2 tokens hold). In the stored trace (13 steps) background packets take "
                        + "leaf0's ports to h0 and to spine0 and spine1 fails; h1's first packet is deflected at leaf0 "
                        + "(background on its port to h0) back to spine0 and there to leaf1, spending both tokens, and "
                        + "comes back up to spine0; h0's first packet, deflected at spine0, follows h1's second into "
                        + "spine0->leaf0. The VL1 buffers between leaf0 and spine0 are full in both directions "
                        + "(leaf0->spine0: the background packet and h0's second packet; spine0->leaf0: h1's second "
                        + "packet and h0's first); each head is a later packet pinned by its message's DFT entry to "
                        + "the other full buffer, and follow closes VL0 to it; h1's first packet, no token left, waits "
                        + "at spine0 for the full buffer to leaf0, VL0 closed to it by spine0's full DFT",
                        plus(stall, FabricProperties.NO_ROUTING_DEADLOCK), Origin.REPAIR,
                        with(REPAIRED_DEFAULTS, "tokens", "2", "failures", "1")),
                new VariantSpec("repaired-long-flow", "the repairs (as repaired, at its defaults: 2-packet "
                        + "messages, xoff 2, 2 background packets) with a long flow h0->h1 beside the short message "
                        + "h1->h0, 4 tokens and one failure: the link leaf0-spine1 fails; h1's first packet, deflected "
                        + "at spine0 (a background packet on its port to leaf0), bounces between leaf1 and the spines "
                        + "until its 4 tokens are spent, filling leaf1's 2-entry DFT with its message's entries, and "
                        + "ends in spine0->leaf1 ahead of the long flow's first packet; leaf1->spine0 holds h1's second "
                        + "packet and a background packet. Leaf1's head (h1's first packet, no token left) needs the "
                        + "full buffer to spine0 and the full DFT closes VL0 to it; spine0's head (h1's second packet) "
                        + "is pinned by its entry to the full buffer to leaf1, and follow closes VL0 to it (14 steps; "
                        + "with 3 tokens, one background packet or no failure it holds)",
                        plus(stall, FabricProperties.NO_ROUTING_DEADLOCK), Origin.REPAIR,
                        with(REPAIRED_DEFAULTS, "flows", "0-1L,1-0", "tokens", "4", "failures", "1")),
                new VariantSpec("repaired-incast", "the repairs (as repaired, at its defaults: 2-packet messages, 1 "
                        + "token, xoff 2, 2 background packets) under an incast of two senders on the 3x2 leaf-spine "
                        + "(h0->h2, h1->h2): leaf2 deflects both messages back up to spine0 (a background packet on its "
                        + "port to h2); leaf2->spine0 ends with h0's second packet ahead of h1's first (no token left), "
                        + "spine0->leaf2 with h1's second packet and a background packet; spine0's head needs the full "
                        + "buffer to leaf2, leaf2's head is pinned by its entry to the full buffer to spine0, and follow "
                        + "closes VL0 to both (16 steps; with one background packet it holds)",
                        plus(stall, FabricProperties.NO_ROUTING_DEADLOCK), Origin.REPAIR,
                        with(REPAIRED_DEFAULTS, "topology", "leafspine:tors=3,spines=2,hosts=1", "flows", "0-2,1-2")),
                // seed 004, 4: PFC resumes once the queue falls below t_PFC by two MTU (pfc-hysteresis 2). Every
                // other row runs pfc-hysteresis 1, where the pause is the occupancy's: these two run the resume
                // rule under contention. xoff 3 is the least at which 2 is accepted with 2 background packets
                new VariantSpec("repaired-hysteresis", "the repairs (as repaired, at its defaults: two opposing "
                        + "2-packet messages, 1 token, 2 background packets) at xoff 3 with PFC hysteresis of 2 "
                        + "packets (seed 004, 4: a paused buffer resumes its upstream at xon 1): every property holds, "
                        + "as at pfc-hysteresis 1, and ResumeAtXon sees pause bits cleared. At this scope only: with a "
                        + "third background packet it deadlocks under either queueing (repaired-hysteresis-background)",
                        Set.of(), Origin.REPAIR,
                        with(REPAIRED_DEFAULTS, "xoff", "3", "pfc-hysteresis", "2")),
                // one step past repaired-hysteresis (a third background packet): the frontier of the opposing
                // messages under hysteresis, checked rather than written (docs/fabric.md, PFC hysteresis under
                // contention)
                new VariantSpec("repaired-hysteresis-background", "the repairs (as repaired-hysteresis: two opposing "
                        + "2-packet messages, 1 token, xoff 3, PFC hysteresis of 2 packets, resume at 1) with 3 "
                        + "background packets, one past repaired-hysteresis, where every property holds: a routing "
                        + "deadlock under either queueing. Under the paper's (queueing=egress, 17 steps): leaf1 (a "
                        + "background packet on its port to h1) deflects h0's message up to spine1 and spine1 (one on "
                        + "its port to leaf0) deflects h1's back down to leaf1, each spending its token; spine1's "
                        + "ingress from leaf1 counts h1's second packet and h0's two, 3 = xoff, and pauses leaf1; "
                        + "spine1 sends h1's second packet back to leaf1 and the count falls to 2, above xon 1, so leaf1 "
                        + "stays paused; the third background packet, on spine1->leaf1, brings leaf1's count from "
                        + "spine1 to 3 (h1's two packets and it), and leaf1 pauses spine1. leaf1's VL1 egress FIFO to "
                        + "spine1 holds h1's two packets, spine1's to leaf1 h0's two, no token left, and a packet "
                        + "queued on VL1 on arrival never takes VL0: hysteresis alone closes the credit loop of two "
                        + "opposing messages (with pfc-hysteresis 1 every property holds, 252,684 states)",
                        plus(stall, FabricProperties.NO_ROUTING_DEADLOCK), Origin.REPAIR,
                        with(REPAIRED_DEFAULTS, "xoff", "3", "pfc-hysteresis", "2", "background", "3")),
                new VariantSpec("repaired-incast-hysteresis", "the repairs (as repaired-incast: h0->h2, h1->h2 on "
                        + "the 3x2 leaf-spine, 2-packet messages, 1 token, 2 background packets) at xoff 3 with PFC "
                        + "hysteresis of 2 packets (resume at 1), where with pfc-hysteresis 1 every property holds: "
                        + "leaf2 (a background packet on its port to h2) deflects h1's message to spine1, which sends "
                        + "h1's first packet back into spine1->leaf2 behind h0's two (3: paused); leaf2 deflects h0's "
                        + "first packet to spine1 behind h1's second, and a background packet fills that buffer (3: "
                        + "paused). spine1->leaf2 now holds 2, above xon, and stays paused: spine1's head (h1's second "
                        + "packet) needs it, leaf2's head (h0's second) is pinned by its entry to spine1's full buffer, "
                        + "and follow closes VL0 to both (14 steps). Without hysteresis the buffer at 2 would be open: "
                        + "the resume rule closes the credit loop", plus(stall, FabricProperties.NO_ROUTING_DEADLOCK), Origin.REPAIR,
                        with(REPAIRED_DEFAULTS, "topology", "leafspine:tors=3,spines=2,hosts=1", "flows", "0-2,1-2",
                                "xoff", "3", "pfc-hysteresis", "2")),
                new VariantSpec("repaired-three-flows", "the repairs (as repaired) on the 3x2 leaf-spine with three short "
                        + "messages h0->h2, h1->h2, h2->h0, 2 tokens, xoff 3, one background packet and a one-entry DFT: "
                        + "leaf2 (the background packet on its port to h2) deflects h1's first packet to spine1, which "
                        + "takes leaf2's one DFT entry; spine1 deflects h0's first packet back to leaf0 and h2's first "
                        + "back to leaf2, and h0's two packets come back through spine1 down to leaf2. Spine1->leaf2 "
                        + "holds h2's first packet and h0's two, leaf2->spine1 h2's second packet and h1's two, both full "
                        + "at xoff 3. Spine1's head (h2's second packet) is pinned by its entry to the full buffer to "
                        + "leaf2, and follow closes VL0 to it; leaf2's head (h2's first packet, one token left) needs "
                        + "the full buffer to spine1 and can neither be deflected nor take VL0, leaf2's one entry being "
                        + "taken (20 steps; two more kinds at 20 and 22 steps)",
                        plus(stall, FabricProperties.NO_ROUTING_DEADLOCK), Origin.REPAIR,
                        with(REPAIRED_DEFAULTS, "topology", "leafspine:tors=3,spines=2,hosts=1", "flows", "0-2,1-2,2-0",
                                "tokens", "2", "xoff", "3", "background", "1", "dft", "1")),
                new VariantSpec("repaired-no-background", "the repairs (as repaired) on the 3x2 leaf-spine with three 3-packet "
                        + "messages h0->h2, h1->h2, h2->h0, 2 tokens, xoff 3, a one-entry DFT and no background packet: "
                        + "a deadlock the fabric's own packets close, with no persistent congestion. h0's first packet "
                        + "takes leaf2's port to h2, so leaf2 deflects h1's first packet up to spine1 (leaf2's one DFT "
                        + "entry) and h1's later packets follow it; spine1 sends h1's first two packets back down to "
                        + "leaf2, which deflects the first up again with its last token, and the new entry pins h1's "
                        + "later packets back up to spine1 too. Spine1->leaf2 ends with h1's second packet and h0's "
                        + "second and third, leaf2->spine1 with h1's third and first packets and h2's first, both full at "
                        + "xoff 3: leaf2's head (h1's second packet, at its destination ToR) is pinned by its message's "
                        + "entry back up to the full buffer to spine1, spine1's head (h1's third packet) needs the full "
                        + "buffer to leaf2, and follow closes VL0 to both (21 steps; with 2 packets or 1 token it holds)",
                        plus(stall, FabricProperties.NO_ROUTING_DEADLOCK), Origin.REPAIR,
                        with(REPAIRED_DEFAULTS, "topology", "leafspine:tors=3,spines=2,hosts=1", "flows", "0-2,1-2,2-0",
                                "packets", "3", "tokens", "2", "xoff", "3", "background", "0", "dft", "1")),
                new VariantSpec("repaired-three-flows-dft2", "the repairs (as repaired) on the 3x2 leaf-spine with three short "
                        + "messages h0->h2, h1->h2, h2->h0, 2 tokens, xoff 3, one background packet and the default "
                        + "2-entry DFT (repaired-three-flows with two entries, sooner): the background packet takes "
                        + "leaf2's port to h2, so leaf2 deflects h0's first packet up to spine1, which turns it back to "
                        + "leaf0 with its last token, and then h1's first packet; spine1 deflects h2's first packet back "
                        + "down to leaf2, an entry beside h0's in its two. Spine1->leaf2 ends with h0's second packet, "
                        + "h2's first and h0's first (back through leaf0), leaf2->spine1 with h2's second packet and "
                        + "h1's two, both full at xoff 3: leaf2's head (h0's second packet) is pinned by its message's "
                        + "entry to the full buffer to spine1, spine1's head (h2's second packet) by its message's entry "
                        + "to the full buffer to leaf2, and follow closes VL0 to both, later packets (18 steps)",
                        plus(stall, FabricProperties.NO_ROUTING_DEADLOCK), Origin.REPAIR,
                        with(REPAIRED_DEFAULTS, "topology", "leafspine:tors=3,spines=2,hosts=1", "flows", "0-2,1-2,2-0",
                                "tokens", "2", "xoff", "3", "background", "1")),
                new VariantSpec("repaired-three-flows-one-token", "the repairs (as repaired, at its defaults: 2-packet "
                        + "messages, 1 token, 2 background packets, the 2-entry DFT) on the 3x2 leaf-spine with three short "
                        + "messages h0->h2, h1->h2, h2->h0 and xoff 3: a background packet takes leaf2's port to h2, so "
                        + "leaf2 deflects h1's first packet up to spine1 with its one token; the second takes spine1's "
                        + "port to leaf0, so spine1 deflects h2's first packet back down to leaf2; leaf2 deflects h0's "
                        + "first packet up to spine1 too (leaf2's second entry), spine1 sends h1's first packet back down "
                        + "and leaf2 forwards h1's second on its entry up. Spine1->leaf2 ends with h0's second packet, "
                        + "h2's first and h1's first, leaf2->spine1 with h2's second packet, h0's first and h1's second, "
                        + "both full at xoff 3: leaf2's head (h0's second packet) is pinned by its message's entry to the "
                        + "full buffer to spine1, spine1's head (h2's second packet) by its message's entry to the full "
                        + "buffer to leaf2, and follow closes VL0 to both (17 steps; with one background packet, one "
                        + "packet per message or no token it holds)",
                        plus(stall, FabricProperties.NO_ROUTING_DEADLOCK), Origin.REPAIR,
                        with(REPAIRED_DEFAULTS, "topology", "leafspine:tors=3,spines=2,hosts=1", "flows", "0-2,1-2,2-0",
                                "xoff", "3")),
                new VariantSpec("repaired-three-flows-three-packets", "the repairs (as repaired, at its defaults: 1 "
                        + "token, the 2-entry DFT) on the 3x2 leaf-spine with three 3-packet messages h0->h2, h1->h2, "
                        + "h2->h0, xoff 3 and one background packet: h0's three packets come down from spine1 to "
                        + "leaf2 and h1's first two from spine0; the background packet takes leaf2's port to h2, so "
                        + "leaf2 deflects h1's first packet up to spine1 with its one token, h1's second follows it on "
                        + "the entry, and leaf2 deflects h0's first packet up to spine1 too (leaf2's second entry); "
                        + "spine1 sends h1's first packet, no token left, back down to leaf2, and h2's first packet "
                        + "joins leaf2->spine1. Leaf2->spine1 ends with h1's second packet, h0's first and h2's first, "
                        + "spine1->leaf2 with h0's second and third packets and h1's first, both full at xoff 3: "
                        + "leaf2's head (h0's second packet) is pinned by its message's entry to the full buffer to "
                        + "spine1, spine1's head (h1's second packet) needs the paused port to leaf2, and follow closes "
                        + "VL0 to both, later packets (16 steps; with 2 packets per message, no token or no background "
                        + "packet it holds)",
                        plus(stall, FabricProperties.NO_ROUTING_DEADLOCK), Origin.REPAIR,
                        with(REPAIRED_DEFAULTS, "topology", "leafspine:tors=3,spines=2,hosts=1", "flows", "0-2,1-2,2-0",
                                "packets", "3", "xoff", "3", "background", "1")),
                new VariantSpec("repaired-three-flows-four-packets", "the repairs (as repaired, at its defaults: 1 "
                        + "token, the 2-entry DFT) on the 3x2 leaf-spine with three 4-packet messages h0->h2, h1->h2, "
                        + "h2->h0, xoff 3 and no background packet: h0's four packets go up to spine1, which forwards "
                        + "the first three down to leaf2; h1's first packet takes leaf2's port to h2, so leaf2 deflects "
                        + "h0's first packet back up to spine1 with its one token and forwards h0's second on the "
                        + "message's entry up too; spine1 sends h0's fourth packet and then its first (no token left) "
                        + "down to leaf2, and h2's second and third packets go up. Leaf2->spine1 ends with h0's second "
                        + "packet and h2's second and third, spine1->leaf2 with h0's third, fourth and first, both full "
                        + "at xoff 3: leaf2's head (h0's third packet, at its destination ToR) is pinned by its "
                        + "message's entry back up to the full buffer to spine1, spine1's head (h0's second packet) "
                        + "needs the paused port to leaf2, and follow closes VL0 to both, later packets: one message "
                        + "against itself, no background packet (21 steps; with 3 packets per message or no token it "
                        + "holds)",
                        plus(stall, FabricProperties.NO_ROUTING_DEADLOCK), Origin.REPAIR,
                        with(REPAIRED_DEFAULTS, "topology", "leafspine:tors=3,spines=2,hosts=1", "flows", "0-2,1-2,2-0",
                                "packets", "4", "xoff", "3", "background", "0")),
                new VariantSpec("repaired-no-background-dft2", "the repairs (as repaired) on the 3x2 leaf-spine with three 3-packet "
                        + "messages h0->h2, h1->h2, h2->h0, 2 tokens, xoff 3, no background packet and the default "
                        + "2-entry DFT (repaired-no-background with two entries, sooner): h0's three packets come down "
                        + "from spine1 to leaf2 while h1's first packet takes leaf2's port to h2, so leaf2 deflects h0's "
                        + "first packet up to spine1, which turns it back to leaf0 with its last token; h2's three "
                        + "packets go up to spine1, which deflects h2's first back down to leaf2, an entry beside h0's in "
                        + "its two. Leaf2 forwards h0's second packet on its message's entry back up to spine1. "
                        + "Spine1->leaf2 ends with h0's third packet, h2's first and h0's first (back through leaf0), "
                        + "leaf2->spine1 with h2's second and third packets and h0's second, both full at xoff 3: leaf2's "
                        + "head (h0's third packet, at its destination ToR) is pinned by its message's entry back up to "
                        + "the full buffer to spine1, spine1's head (h2's second packet) by its message's entry to the "
                        + "full buffer to leaf2, and follow closes VL0 to both (19 steps)",
                        plus(stall, FabricProperties.NO_ROUTING_DEADLOCK), Origin.REPAIR,
                        with(REPAIRED_DEFAULTS, "topology", "leafspine:tors=3,spines=2,hosts=1", "flows", "0-2,1-2,2-0",
                                "packets", "3", "tokens", "2", "xoff", "3", "background", "0")),
                new VariantSpec("repaired-ring", "the repairs (as repaired, at its defaults) on a ring of 4 switches "
                        + "with three one-hop messages h0->h1, h1->h2, h3->h0: s0 deflects h3's first packet to s1 "
                        + "(a background packet on its port to h0) and s1 deflects h1's to s0 (one on its port to s2), "
                        + "each spending its token; the VL1 buffers s0->s1 and s1->s0 end full, each head a later "
                        + "packet whose route is the other full buffer (h3's second at s1, back toward h0; h1's second "
                        + "at s0, its ECMP route to s2 through s1), and follow closes VL0 to later packets (17 steps; "
                        + "with one background packet, or without any one of the three messages, it holds)",
                        plus(stall, FabricProperties.NO_ROUTING_DEADLOCK), Origin.REPAIR,
                        with(REPAIRED_DEFAULTS, "topology", "ring:n=4,hosts=1", "flows", "0-1,1-2,3-0")),
                new VariantSpec("paper", "the paper's rules together: DFT keyed by message, any blocked packet may "
                        + "take VL0, entries freed only by end packets", plus(reorder, FabricProperties.NO_STALE,
                        FabricProperties.NO_LEAK, FabricProperties.IN_ORDER_AFTER_FAILURE), Origin.PAPER,
                        Map.of("dft-key", "message", "lane-change", "silent", "cleanup", "none", "packets", "3")),
                new VariantSpec("message-key", "the paper's DFT key alone: a message looping through a switch has "
                        + "its entry freed by the end packet's first pass, so a middle packet's second pass takes "
                        + "ECMP and overtakes (reorder), and the first packet's later entry leaks",
                        plus(reorder, FabricProperties.NO_LEAK, FabricProperties.NO_STALE), Origin.PAPER,
                        Map.of("dft-key", "message", "packets", "3", "failures", "0")),
                new VariantSpec("message-key-no-uturn", "the paper's DFT key with no deflection, chosen or by an "
                        + "entry, back out of a packet's arrival port: on three ToRs with three tokens a message loops "
                        + "destination ToR -> spine -> third ToR -> spine -> destination ToR; the end packet frees the "
                        + "entries on its first pass and takes one loop fewer than the first packet (reorder)",
                        plus(reorder, FabricProperties.NO_ROUTING_DEADLOCK), Origin.PAPER, Map.of("dft-key", "message",
                        "uturns", "forbidden", "failures", "0",
                        "topology", "leafspine:tors=3,spines=2,hosts=1", "tokens", "3", "background", "3")),
                new VariantSpec("lane-silent", "the paper's silence on lane changes (Duato's rule: every blocked VL1 "
                        + "packet may take VL0): free of routing deadlock with two opposing messages, but a later "
                        + "packet takes VL0 and overtakes an earlier one, and an end packet that escapes leaves the "
                        + "entries of the switches it bypasses", plus(reorder, FabricProperties.NO_LEAK,
                        FabricProperties.NO_STALE), Origin.PAPER,
                        Map.of("lane-change", "silent", "xoff", "2", "failures", "0", "flows", "0-1,1-0")),
                new VariantSpec("no-cleanup", "the paper's failure handling: survivors keep the dropped messages' "
                        + "entries; a stale entry toward the failed element black-holes the retransmission, one the "
                        + "retransmission no longer passes leaks", Set.of(FabricProperties.NO_STALE,
                        FabricProperties.NO_LEAK, DeadlockFreedom.standard().name(), FabricProperties.PROGRESS,
                        FabricProperties.NO_ROUTING_DEADLOCK),
                        Origin.PAPER, Map.of("cleanup", "none")),
                // seed 000, IV-C read narrowly (fail-drops=link): only what is on the failed element is lost, the
                // other buffers keep their packets, the messages that lost one are sent again. The design then
                // fails where the paper's text says why (FabricOptions.FailDrops): a packet of a cut flow that
                // survives upstream is rerouted locally and overtaken, and a flow blocked by the failure that lost
                // no packet is neither dropped nor restarted, so its entry black-holes it
                new VariantSpec("fail-drops-link", "the narrower reading of the paper's failure handling "
                        + "(fail-drops=link: a failure drops only what is on the failed switch or link, the messages "
                        + "that lost a packet are sent again, every other buffer keeps its packets): a first packet "
                        + "queued at spine0 for the failed link leaf1-spine0 survives and is rerouted, the second, "
                        + "sent after the failure by the route that avoids it, arrives first (reorder, 6 steps); a "
                        + "message whose first packet was deflected at leaf0 to spine1 and delivered loses nothing "
                        + "when spine1 fails, so it is not restarted and leaf0's entry pins its second packet to the "
                        + "dead port (deadlock, 6 steps)",
                        Set.of(FabricProperties.IN_ORDER, FabricProperties.IN_ORDER_AFTER_FAILURE,
                                FabricProperties.NO_STALE, FabricProperties.NO_LEAK, DeadlockFreedom.standard().name(),
                                FabricProperties.PROGRESS, FabricProperties.NO_ROUTING_DEADLOCK),
                        Origin.PAPER, Map.of(FAIL_DROPS, "link")),
                new VariantSpec("ecn-first", "deflection threshold above the ECN threshold: packets are marked "
                        + "while deflection was available", Set.of(FabricProperties.DEFLECT_BEFORE_ECN),
                        Origin.MUTATION, Map.of("threshold", "2", "ecn", "1", "failures", "0")));
    }

    @Override
    public List<Mechanism> mechanisms() {
        Map<String, String> oneFlow = scope("flows", "0-1", "packets", "2", "tokens", "2", "failures", "0");
        // two opposing 3-packet messages with 3 tokens and xoff 3: where lane-silent needs its escape lane
        // and the access to it; the first separating configuration (scope fabric --variant lane-silent
        // --separate knockout=escape-access) found for escape-access is larger (13,262,056 states)
        Map<String, String> laneScope = Map.of("packets", "3", "tokens", "3", "xoff", "3");
        return List.of(
                new Mechanism("dft-follow", "DFT lookup: a packet matching an entry follows it", "seed 000, IV-A Fig. 7",
                        // three packets: a follow rule broken only from the third packet on is caught too
                        FabricProperties.IN_ORDER, "repaired",
                        scope("flows", "0-1", "packets", "3", "tokens", "2", "failures", "0"),
                        "entries are allocated and freed but never consulted")
                        // the switch guards the lookup of the lane rules follow and silent, and that of the
                        // lane-rule table (follow written as a table): a scope for each
                        .withScope(scope("flows", "0-1", "packets", "3", "tokens", "2", "failures", "0",
                                "lane-change", "table")),
                new Mechanism("dft-free-on-end", "DFT entry de-allocated by the end packet", "seed 000, IV-A",
                        FabricProperties.NO_LEAK, "repaired", oneFlow, "no packet ever frees an entry")
                        // xoff 2 with two background packets: a message's packets take VL0 too, so an end
                        // packet that frees its VL1 entries alone is caught as well
                        .withScope(with(oneFlow, "xoff", "2", "background", "2")),
                new Mechanism("token-spending", "deflection tokens: a misroute removes one", "seed 000, IV-A",
                        FabricProperties.TOKENS, "repaired", oneFlow, "misroutes spend no token"),
                new Mechanism("deflection-threshold", "deflection threshold", "seed 000, IV-B",
                        FabricProperties.ABOVE_THRESHOLD, "repaired", oneFlow,
                        "a first packet may be deflected at any occupancy of its ECMP buffer")
                        .withScope(with(oneFlow, "lane-change", "table")),
                new Mechanism("tor-no-host-deflection", "ToR switches deflect back to the network, not to end-nodes",
                        "seed 000, IV-A", FabricProperties.TO_DESTINATION, "repaired", oneFlow,
                        "deflection ports include hosts"),
                new Mechanism("long-flows-not-deflected", "IOFD does not misroute long flows (zero tokens)",
                        "seed 000, IV-B", FabricProperties.LONG_FLOWS, "repaired",
                        scope("flows", "0-1L", "packets", "2", "failures", "0"),
                        "long flows' packets carry a short flow's tokens"),
                // repaired's defaults are the first configuration scope fabric --separate escape=off found
                // where the design keeps NoRoutingDeadlock and the design without VL0 does not
                new Mechanism("escape-lane", "escape virtual lane VL0 (up*/down*, never deflected)", "seed 000, IV-B",
                        FabricProperties.NO_ROUTING_DEADLOCK, "repaired", Map.of(), "no VL0")
                        // seed 004, 4's egress queueing: the moves to VL0 are decided elsewhere (on arrival and,
                        // with escape-at head, at the head of a paused VL1 egress FIFO). With escape-at arrival
                        // VL0 separates nothing (scope fabric --param queueing=egress --separate
                        // knockout=escape-lane: 112 configurations, each both hold or both fail); with escape-at
                        // head repaired's defaults need it (docs/knockouts.md)
                        .withScope(EGRESS_HEAD_SCOPE),
                new Mechanism("escape-access", "packets may move from non-escape VLs to escape VLs", "seed 000, IV-B",
                        FabricProperties.NO_ROUTING_DEADLOCK, "lane-silent", laneScope,
                        "a packet blocked at its DFT entry's port (with escape-at head: at the head of a paused VL1 "
                                + "egress FIFO) may not take VL0")
                        // under egress with escape-at head, at repaired's configuration (lane-silent with the
                        // follow rule and repaired's defaults): the access at the head is what rescues it
                        .withScope(with(EGRESS_HEAD_SCOPE, "lane-change", "follow", "packets", "2", "tokens", "1",
                                "background", "2")),
                // seed 000, IV-B: "flows that traverse the escape VLs never flow back to non-escape VLs".
                // For deadlock freedom alone the rule is not needed (Duato, IEEE TPDS 1995, virtual
                // cut-through: every packet blocked on VL1 may take VL0 and VL0's up*/down* dependency graph
                // is acyclic; where a packet goes after VL0 adds no dependency among VL0's channels), and no
                // routing deadlock was found with the knock-out (docs/fabric.md). What the rule protects is
                // the order: a packet back on VL1 can overtake its message's earlier packet still on VL0 at
                // the same arc, which the receiver then drops (29-step traces at repaired's defaults; 16 steps
                // at the scope below).
                new Mechanism("no-return-from-vl0", "flows that traverse the escape VLs never flow back",
                        "seed 000, IV-B", FabricProperties.IN_ORDER, "repaired",
                        scope("flows", "0-1", "packets", "3", "tokens", "2", "failures", "0", "xoff", "2"),
                        "a VL0 packet may go back to VL1 on its ECMP port"),
                new Mechanism("pfc-pause", "PFC pause (lossless back pressure)", "seed 000, IV-C; seed 004, 4",
                        FabricProperties.EXACTLY_ONCE, "repaired",
                        scope("flows", "0-1", "packets", "3", "tokens", "2", "failures", "0", "xoff", "2"),
                        "an upstream buffer sends into a full buffer, which drops the packet")
                        // under seed 004's egress queueing the pause is per ingress and guards the upstream's
                        // Forward and the host's Send, not the routing decision: a path of its own
                        .withScope(scope("flows", "0-1", "packets", "3", "tokens", "2", "failures", "0", "xoff", "2",
                                "queueing", "egress")),
                // three packets with hysteresis 2 (resume at 1): a packet can wait on VL0 holding an entry when
                // a switch fails, so a notice that frees only the VL1 entries is caught too
                new Mechanism("failure-cleanup", "failure notice frees the dropped messages' DFT entries",
                        "seed 000, IV-C (repair)", FabricProperties.NO_STALE, "repaired", PFC_SCOPE,
                        "survivors keep the dropped messages' entries"),
                // one message of 3 packets with a failure, resuming at 1 (hysteresis 2): the pause state is
                // a declared bit there, so both the pause test and the bit's update are covered
                new Mechanism("pfc-counts-background", "PFC pause counts the whole ingress buffer, background "
                        + "traffic included", "seed 004, 4", FabricProperties.LOSSLESS, "repaired", PFC_SCOPE,
                        "a buffer pauses (and resumes) on the modelled messages' packets alone")
                        // without hysteresis the count is the pause test itself, not the pause bit's update
                        .withScope(with(PFC_SCOPE, "pfc-hysteresis", "1")),
                // seed 004, 4: RESUME once the queue falls below t_PFC by two MTU. Knocked out, a configuration
                // with pfc-hysteresis h is the configuration with pfc-hysteresis 1 (the pause bit is then the
                // occupancy's), which the design's other properties are checked at: only ResumeAtXon (and
                // NoPauseFlapping, whose RESUME half it is) can tell
                // (docs/knockouts.md, structural)
                new Mechanism("pfc-hysteresis", "PFC resumes a paused upstream only once its buffer falls to xon = "
                        + "xoff - pfc-hysteresis", "seed 004, 4", FabricProperties.RESUME_AT_XON, "repaired", PFC_SCOPE,
                        "a paused buffer resumes its upstream as soon as it holds fewer than xoff packets")
                        // under seed 004's egress queueing a host's ingress at its ToR has the same pause bit,
                        // set and cleared by the same rule: a 4-packet message pauses h0 at leaf0 (4 steps)
                        .withScope(scope("flows", "0-1", "packets", "4", "tokens", "1", "failures", "0",
                                "pfc-hysteresis", "2", "queueing", "egress")),
                // seed 004, 3.1 (CP) and 4; seed 000, IV-B: the mark is the congestion signal DCQCN's fall-back
                // reacts to. Nothing in the fabric reads a mark (no rate control is modelled), so only a
                // property of the marks can tell: the buffer must reach ecn (2) below xoff (3), one background
                // packet and the first packet ahead of the second
                new Mechanism("ecn-mark", "ECN marks a packet that joins a buffer at or above the ECN threshold",
                        "seed 004, 3.1 and 4; seed 000, IV-B", FabricProperties.ECN_MARKS_CONGESTION, "repaired",
                        oneFlow, "no packet is ever ECN-marked"),
                new Mechanism("dft-hit-waits", "a packet whose DFT port is full waits (no local re-route)",
                        "seed 000, IV-A", FabricProperties.IN_ORDER, "repaired",
                        scope("flows", "0-1", "packets", "3", "tokens", "2", "failures", "0", "background", "2"),
                        "a DFT hit whose port is full falls back to ECMP on VL1")
                        .withScope(scope("flows", "0-1", "packets", "3", "tokens", "2", "failures", "0",
                                "background", "2", "lane-change", "table")));
    }

    /** repaired's defaults under seed 004 §4's egress queueing, a paused VL1 head allowed onto VL0 (escape-at head). */
    private static final Map<String, String> EGRESS_HEAD_SCOPE = Map.of("queueing", "egress", ESCAPE_AT, "head");

    /** One 3-packet message with a failure at xoff 3, one background packet and hysteresis 2. */
    private static final Map<String, String> PFC_SCOPE = scope("flows", "0-1", "packets", "3", "tokens", "2",
            "failures", "1", "pfc-hysteresis", "2");

    @Override
    public Map<String, String> structuralProperties() {
        return Map.of(
                FabricProperties.LOSSLESS, "restates PFC's guard (a packet or background packet joins a buffer only "
                        + "while it holds fewer than xoff, background counted); the knock-out pfc-counts-background "
                        + "violates it",
                FabricProperties.ABOVE_THRESHOLD, "restates the router's guard; the knock-out deflection-threshold "
                        + "violates it",
                FabricProperties.RESUME_AT_XON, "restates PFC's resume rule (a pause bit is cleared only at xon = xoff "
                        + "- pfc-hysteresis, background counted; with pfc-hysteresis 1 there is no bit and it holds by "
                        + "construction); the knock-out pfc-hysteresis violates it, and no other property can but "
                        + "NoPauseFlapping, whose RESUME half it is: knocked out, the model is the one with pfc-hysteresis 1",
                FabricProperties.NO_PAUSE_FLAPPING, "restates PFC's pause and resume rules (a pause bit is set only "
                        + "when the buffer reaches xoff and cleared only at xon = xoff - pfc-hysteresis, background "
                        + "counted; with pfc-hysteresis 1 there is no bit and it holds by construction); its RESUME half "
                        + "is ResumeAtXon, which the knock-out pfc-hysteresis violates, so it does too; no option sets a "
                        + "pause bit below xoff (the twin's MutatedSpecTest plants one and TLC rejects it; "
                        + "NoPauseFlappingPlantTest plants one after every step of pfc-hysteresis-two and it fails)",
                FabricProperties.ECN_MARKS_CONGESTION, "restates the ECN marking rule (a packet joining a buffer that "
                        + "holds ecn or more is marked); the knock-out ecn-mark violates it. No other property reads a "
                        + "mark but DeflectionBeforeEcnMark, which a missing mark cannot violate",
                FabricProperties.TO_DESTINATION, "restates the router's guard (deflection ports exclude hosts); the "
                        + "knock-out tor-no-host-deflection violates it",
                FabricProperties.LONG_FLOWS, "restates the router's guard (long flows carry no token); the knock-out "
                        + "long-flows-not-deflected violates it",
                FabricProperties.TOKENS, "restates the router's guard (a misroute spends a token); the knock-out "
                        + "token-spending violates it",
                FabricProperties.NO_UNEXPLAINED_BLOCKING, "restates that the router's only ways to refuse a packet are "
                        + "the modelled ones (port paused or down, no route, DFT pin, forbidden U-turn, lane-rule wait), and "
                        + "that a VL1 packet behind a blocked port takes an open escape lane; no option removes one, "
                        + "and a router with a planted stuck rule or escape refusal violates it (ContainedKindTest, "
                        + "EscapeRefusalTest)",
                FabricProperties.DEFLECTION_OFFERED, "holds for the lane rules silent and follow, which decide lanes "
                        + "only after IOFD's deflection; the degenerate rules of the lane-rule family violate it "
                        + "(lane-change=table, lane-rule=EWE.EWE.EWE.EWE.EWE.EWE.EWE: every packet on VL0; see "
                        + "lane-rules)");
    }

    /** The seed's settings (§VI-A): 8-entry DFT, 4 tokens, thresholds in the ratio 15 KB : 22.5 KB, pause above ECN. */
    private static final Map<String, String> SEED = Map.of("dft", "8", "tokens", "4", "threshold", "2", "ecn", "3",
            "xoff", "4", "packets", "2");

    /**
     * Variants {@code all} (and so the report) leaves out: a full check of each takes minutes (with
     * liveness, 4.6 M states and about 5 minutes of one loaded core for
     * {@code repaired-failure-background}; 6.2 M states and about 2 minutes of two loaded threads for
     * {@code repaired-three-flows}; 2.4 M states for {@code repaired-no-background}; 7.2 M states and about 6
     * minutes of two loaded threads for {@code repaired-no-background-dft2}, 18.4 M states for
     * {@code repaired-three-flows-dft2}; 10.3 M states for {@code repaired-three-flows-one-token}; 1.2 M states
     * and about 1.5 minutes of one loaded core for {@code repaired-background-two-tokens}; 1.6 M states for
     * {@code repaired-failure-three-tokens}; 29.7 M states for {@code repaired-three-flows-three-packets},
     * whose progress and liveness analyses need more than a 3 GB heap; 7.2 M states and about 2 minutes of
     * two loaded threads for {@code repaired-three-flows-four-packets}). The
     * slow tier checks them (FabricVerificationTest);
     * {@code check fabric --variant NAME} runs one; their stored traces replay in the default tier.
     */
    public static final Set<String> NOT_IN_ALL = Set.of("repaired-failure-background", "repaired-three-flows",
            "repaired-no-background", "repaired-three-flows-dft2", "repaired-no-background-dft2",
            "repaired-three-flows-one-token", "repaired-background-two-tokens", "repaired-failure-three-tokens",
            "repaired-three-flows-three-packets", "repaired-three-flows-four-packets");

    /**
     * The two hysteresis rows again under seed 004 §4's queueing (egress FIFOs, PFC counted per ingress): the
     * incast's deadlock is the design's under either queueing, not the ingress FIFOs' head-of-line blocking,
     * and the opposing messages hold under both.
     */
    static final List<String> EGRESS_RUNS = List.of("repaired-hysteresis", "repaired-hysteresis-background",
            "repaired-incast-hysteresis");

    /**
     * The design under seed 004 §4's queueing with one 4-packet message h0->h1 at xoff 3 (repaired's 1 token and 2
     * background packets): the one row of {@code all} whose host link reaches xoff at its ToR (every other
     * message has fewer packets than xoff), so the ToR's pause of the host's link is exercised; every property
     * holds (13,126 states), and with that pause removed LosslessBuffers fails (leaf0 counts 4 of h0's packets
     * on the host's ingress, 4 steps).
     */
    static final Map<String, String> HOST_PAUSE_RUN = Map.of(QUEUEING.name(),
            FabricOptions.Queueing.EGRESS.label(), "xoff", "3", "flows", "0-1", "packets", "4");

    /**
     * The ToR's pause of its host's link under seed 004 §4's queueing with hysteresis (a pause bit per host ingress,
     * set at xoff, cleared at xon, the one rule every ingress has): one 4-packet message h0->h1 at xoff 3, one
     * background packet, {@code pfc-hysteresis=2} (resume at 1). leaf0 holds 3 of h0's packets and pauses h0, and
     * resumes it only once it holds 1; every property holds (2,225 states). Knocked out ({@code pfc-hysteresis})
     * the bit clears at 2 and ResumeAtXon fails in 4 steps on the host's bit. One step up, 2 background packets,
     * the message deadlocks against itself (docs/fabric.md, the PFC model).
     */
    static final Map<String, String> HOST_HYSTERESIS_RUN = Map.of(QUEUEING.name(),
            FabricOptions.Queueing.EGRESS.label(), "xoff", "3", "flows", "0-1", "packets", "4", "background", "1",
            HYSTERESIS.name(), "2");

    @Override
    public List<Run> allRuns() {
        List<Run> runs = new java.util.ArrayList<>(ModelEntry.super.allRuns().stream()
                .filter(r -> !NOT_IN_ALL.contains(r.variant())).toList());
        for (String v : EGRESS_RUNS) {
            runs.add(new Run(v, Params.of(Map.of(QUEUEING.name(), FabricOptions.Queueing.EGRESS.label()))));
        }
        runs.add(new Run("repaired", Params.of(HOST_PAUSE_RUN)));
        runs.add(new Run("repaired", Params.of(HOST_HYSTERESIS_RUN)));
        return runs;
    }

    /**
     * Configurations at and below the paper's scale, for {@code FabricScaleBenchmark}: the seed's
     * settings on a 3x2 leaf-spine and a k=4 fat-tree, from one short flow up to two short flows, a
     * long flow and a failure; the last of each topology is the paper's scale.
     *
     * @return the runs
     */
    public static List<Run> scaleRuns() {
        String ls = "leafspine:tors=3,spines=2,hosts=1";
        return List.of(
                seed("repaired", Map.of("topology", ls, "flows", "0-2,2-0L", "failures", "0", "background", "2")),
                seed("repaired", Map.of("topology", ls, "flows", "0-2,1-2,2-0L", "failures", "0", "background", "1")),
                seed("repaired", Map.of("topology", ls, "flows", "0-2,2-0L", "failures", "1", "background", "2")),
                seed("repaired", Map.of("topology", ls, "flows", "0-2,1-2,2-0L", "failures", "1", "background", "2")),
                seed("paper", Map.of("topology", ls, "flows", "0-2,1-2,2-0L", "failures", "1", "background", "2")),
                seed("repaired", Map.of("topology", "fattree:k=4", "flows", "0-15", "failures", "0", "background", "1")),
                seed("repaired", Map.of("topology", "fattree:k=4", "flows", "0-15,15-0L", "failures", "0",
                        "background", "2")),
                seed("repaired", Map.of("topology", "fattree:k=4", "flows", "0-15", "failures", "1", "background", "1")),
                seed("repaired", Map.of("topology", "fattree:k=4", "flows", "0-15,4-15,15-0L", "failures", "1",
                        "background", "2")));
    }

    private static Run seed(String variant, Map<String, String> params) {
        Map<String, String> m = new java.util.LinkedHashMap<>(SEED);
        m.putAll(params);
        return new Run(variant, Params.of(m));
    }

    /**
     * A coverage scope of a {@code repaired} mechanism: the given values over xoff 3, one background
     * packet and 3 tokens (the scopes were chosen when those were repaired's defaults).
     */
    private static Map<String, String> scope(String... kv) {
        Map<String, String> m = new java.util.LinkedHashMap<>(Map.of("xoff", "3", "background", "1", "tokens", "3"));
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return Map.copyOf(m);
    }

    private static Map<String, String> with(Map<String, String> m, String... kv) {
        Map<String, String> r = new java.util.LinkedHashMap<>(m);
        for (int i = 0; i < kv.length; i += 2) {
            r.put(kv[i], kv[i + 1]);
        }
        return Map.copyOf(r);
    }

    private static Set<String> plus(Set<String> s, String... more) {
        Set<String> r = new TreeSet<>(s);
        r.addAll(List.of(more));
        return r;
    }

    @Override
    public java.util.Set<String> knownParameterNames() {
        java.util.Set<String> known = new java.util.LinkedHashSet<>(ModelEntry.super.knownParameterNames());
        known.add(ESCAPE_AT);
        known.add(FAIL_DROPS);
        return known;
    }

    @Override
    public CheckSpec<LayoutState> build(String variant, Params params) {
        Params p = resolve(variant, params);
        NetworkModel model = new NetworkModel(config(p));
        Set<String> mustFail = new TreeSet<>(variant(variant).mustFail());
        if (model.config().failures() == 0) {
            mustFail.remove(FabricProperties.IN_ORDER_AFTER_FAILURE); // vacuous without failures
        }
        containedFinding(variant, p).ifPresent(f -> mustFail.addAll(variant(f).mustFail()));
        return new CheckSpec<>(name(), variant, p.asMap(), model, FabricProperties.all(model), mustFail);
    }

    /**
     * The stored deadlocks of the design {@code repaired}: variants that carry the configuration and
     * the trace of each (checked by {@code all}); those of the 2x2 leaf-spine smallest first, then those
     * of other topologies (a configuration contains a finding only on the same topology).
     */
    static final List<String> REPAIRED_FINDINGS = List.of("repaired-one-message", "repaired-background",
            "repaired-background-two-tokens", "repaired-one-entry", "repaired-three-tokens", "repaired-failure", "repaired-failure-three-tokens", "repaired-failure-background",
            "repaired-long-flow", "repaired-deadlock", "repaired-incast",
            "repaired-three-flows", "repaired-no-background", "repaired-three-flows-dft2", "repaired-no-background-dft2",
            "repaired-three-flows-one-token", "repaired-three-flows-three-packets", "repaired-three-flows-four-packets",
            "repaired-ring");

    /** Parameters a configuration may have more of than a finding and still contain it. */
    private static final Set<String> AT_LEAST = Set.of(PACKETS.name(), TOKENS.name(), BACKGROUND.name(),
            FAILURES.name());

    /** The containment rule: the finding's configuration renamed by a symmetry of the fabric, routes and all. */
    private static final NetworkContainment CONTAINMENT = new NetworkContainment(FLOWS.name(), AT_LEAST, true,
            FabricEntry::config);

    /**
     * The kind of each stored deadlock: why its stuck head packets cannot move
     * ({@link NetworkModel#blocking} of the state its stored trace ends in; FabricFindingKindTest
     * checks each against its stored traces). A containing configuration's deadlock counts as the
     * finding only if it is of this kind.
     */
    static final Map<String, Set<NetworkModel.Block>> FINDING_KINDS = Map.ofEntries(
            Map.entry("repaired-one-message", kind(PAUSED, PINNED_TO_FULL, FOLLOW_CLOSES_VL0)),
            Map.entry("repaired-background", kind(PAUSED, FOLLOW_CLOSES_VL0)),
            Map.entry("repaired-background-two-tokens", kind(PAUSED, PINNED_TO_FULL, FOLLOW_CLOSES_VL0)),
            Map.entry("repaired-one-entry", kind(PAUSED, FOLLOW_CLOSES_VL0)),
            Map.entry("repaired-three-tokens", kind(PAUSED, PINNED_TO_FULL, FOLLOW_CLOSES_VL0)),
            Map.entry("repaired-failure", kind(PAUSED, PINNED_TO_FULL, FOLLOW_CLOSES_VL0, ESCAPE_BLOCKED)),
            Map.entry("repaired-failure-three-tokens", kind(PAUSED, FOLLOW_CLOSES_VL0)),
            Map.entry("repaired-failure-background", kind(PAUSED, PINNED_TO_FULL, FOLLOW_CLOSES_VL0)),
            Map.entry("repaired-deadlock", kind(PINNED_TO_FULL, FOLLOW_CLOSES_VL0)),
            Map.entry("repaired-long-flow", kind(PAUSED, PINNED_TO_FULL, FOLLOW_CLOSES_VL0)),
            Map.entry("repaired-incast", kind(PAUSED, PINNED_TO_FULL, FOLLOW_CLOSES_VL0)),
            Map.entry("repaired-three-flows", kind(PAUSED, PINNED_TO_FULL, FOLLOW_CLOSES_VL0)),
            Map.entry("repaired-no-background", kind(PAUSED, PINNED_TO_FULL, FOLLOW_CLOSES_VL0)),
            Map.entry("repaired-three-flows-dft2", kind(PINNED_TO_FULL, FOLLOW_CLOSES_VL0)),
            Map.entry("repaired-no-background-dft2", kind(PINNED_TO_FULL, FOLLOW_CLOSES_VL0)),
            Map.entry("repaired-three-flows-one-token", kind(PINNED_TO_FULL, FOLLOW_CLOSES_VL0)),
            Map.entry("repaired-three-flows-three-packets", kind(PAUSED, PINNED_TO_FULL, FOLLOW_CLOSES_VL0)),
            Map.entry("repaired-three-flows-four-packets", kind(PAUSED, PINNED_TO_FULL, FOLLOW_CLOSES_VL0)),
            Map.entry("repaired-ring", kind(PAUSED, FOLLOW_CLOSES_VL0)));

    /**
     * The further kinds of a stored deadlock: the other kinds of routing deadlock the finding's own
     * configuration reaches, each with its shortest trace stored beside the finding's
     * ({@code <finding>-NoRoutingDeadlock-<kindTag>.json}, found by breadth-first search for a
     * routing deadlock of none of the kinds already known, {@code DeadlockKinds}). With them a
     * finding's kinds are complete: every routing deadlock of its configuration is of one of them
     * (the search, repeated with every kind known, is exhausted; FabricFindingKindTest, slow tier),
     * so a search that meets the configuration's deadlocks in another order than breadth-first
     * (random or swarm walks) finds one it expects. A finding not listed has one kind.
     */
    static final Map<String, List<Set<NetworkModel.Block>>> FURTHER_KINDS = Map.of(
            "repaired-background-two-tokens", List.of(kind(PAUSED, FOLLOW_CLOSES_VL0),
                    kind(PINNED_TO_FULL, FOLLOW_CLOSES_VL0)),
            "repaired-one-entry", List.of(kind(PAUSED, PINNED_TO_FULL, FOLLOW_CLOSES_VL0)),
            "repaired-failure-three-tokens", List.of(kind(PINNED_TO_FULL, FOLLOW_CLOSES_VL0),
                    kind(PAUSED, PINNED_TO_FULL, FOLLOW_CLOSES_VL0, ESCAPE_BLOCKED),
                    kind(PAUSED, PINNED_TO_FULL, FOLLOW_CLOSES_VL0)),
            "repaired-three-tokens", List.of(kind(PAUSED, FOLLOW_CLOSES_VL0), kind(PINNED_TO_FULL, FOLLOW_CLOSES_VL0)),
            "repaired-failure-background", List.of(kind(PAUSED, PINNED_TO_FULL, FOLLOW_CLOSES_VL0, ESCAPE_BLOCKED),
                    kind(PINNED_TO_FULL, FOLLOW_CLOSES_VL0), kind(PAUSED, FOLLOW_CLOSES_VL0)),
            "repaired-three-flows", List.of(kind(PAUSED, FOLLOW_CLOSES_VL0), kind(PINNED_TO_FULL, FOLLOW_CLOSES_VL0)),
            "repaired-three-flows-dft2", List.of(kind(PAUSED, PINNED_TO_FULL, FOLLOW_CLOSES_VL0),
                    kind(PAUSED, FOLLOW_CLOSES_VL0)),
            "repaired-no-background-dft2", List.of(kind(PAUSED, PINNED_TO_FULL, FOLLOW_CLOSES_VL0)),
            "repaired-three-flows-one-token", List.of(kind(PAUSED, PINNED_TO_FULL, FOLLOW_CLOSES_VL0),
                    kind(PAUSED, FOLLOW_CLOSES_VL0)),
            "repaired-three-flows-three-packets", List.of(kind(PINNED_TO_FULL, FOLLOW_CLOSES_VL0),
                    kind(PAUSED, FOLLOW_CLOSES_VL0)));

    /**
     * @param finding a stored deadlock
     * @return its kinds: the one its stored traces end in, then its further kinds
     */
    static List<Set<NetworkModel.Block>> kinds(String finding) {
        List<Set<NetworkModel.Block>> all = new java.util.ArrayList<>();
        all.add(FINDING_KINDS.get(finding));
        all.addAll(FURTHER_KINDS.getOrDefault(finding, List.of()));
        return all;
    }

    /**
     * @param kind a kind
     * @return the tag of the file that stores its trace beside a finding's, e.g.
     *         {@code kind=paused_follow-closes-vl0}
     */
    public static String kindTag(Set<NetworkModel.Block> kind) {
        return kind.stream().sorted().map(NetworkModel.Block::label)
                .collect(java.util.stream.Collectors.joining("_", "kind=", ""));
    }

    /** The properties whose counterexample ends in the deadlocked state itself (the kind is read there). */
    static final Set<String> DEADLOCK_PROPERTIES = Set.of(DeadlockFreedom.standard().name(),
            FabricProperties.NO_ROUTING_DEADLOCK);

    private static Set<NetworkModel.Block> kind(NetworkModel.Block... reasons) {
        return java.util.Collections.unmodifiableSet(java.util.EnumSet.copyOf(List.of(reasons)));
    }

    /**
     * @param reasons a kind
     * @return it as written in notes, e.g. {@code {pinned-to-full, follow-closes-vl0}}
     */
    public static String kindText(Set<NetworkModel.Block> reasons) {
        return reasons.stream().sorted().map(NetworkModel.Block::label)
                .collect(java.util.stream.Collectors.joining(", ", "{", "}"));
    }

    /**
     * @param built a check of this entry
     * @return the stored deadlocks whose kinds its expected deadlock may have: every finding the
     *         configuration contains (variant {@code repaired}), or the variant's own when it is a
     *         stored finding
     */
    List<String> expectedFindings(CheckSpec<?> built) {
        if (REPAIRED_FINDINGS.contains(built.variant())) {
            return List.of(built.variant());
        }
        if (!built.variant().equals("repaired")) {
            return List.of();
        }
        Map<String, String> at = Params.of(built.parameters()).asMap();
        return REPAIRED_FINDINGS.stream().filter(f -> CONTAINMENT.contains(at, findingAt(f, at)))
                .toList();
    }

    @Override
    public <S> java.util.Optional<String> otherKind(CheckSpec<S> built, String property, S end) {
        if (!DEADLOCK_PROPERTIES.contains(property) || !(built.model() instanceof NetworkModel m)
                || !(end instanceof LayoutState state)) {
            return java.util.Optional.empty();
        }
        List<String> fs = expectedFindings(built);
        if (property.equals(DeadlockFreedom.standard().name())) {
            // A state with no successor at all: while a failure may still come, Fail is a successor, so
            // in a configuration with more failures than a finding the finding's deadlock is a routing
            // deadlock but not a stuck model, and the stuck state comes after the extra failure, whose
            // dead links change why heads cannot move. The kind is predicted only at equal failures.
            String failures = Params.of(built.parameters()).asMap().get(FAILURES.name());
            fs = fs.stream().filter(f -> resolve(f, Params.empty()).asMap().get(FAILURES.name()).equals(failures))
                    .toList();
        }
        if (fs.isEmpty()) {
            return java.util.Optional.empty();
        }
        Set<NetworkModel.Block> found = m.blocking(state);
        Map<String, String> at = Params.of(built.parameters()).asMap();
        if (fs.stream().anyMatch(f -> kindsAt(f, at).contains(found))) {
            return java.util.Optional.empty();
        }
        StringBuilder want = new StringBuilder();
        for (String f : fs) {
            for (Set<NetworkModel.Block> k : kindsAt(f, at)) {
                want.append(want.isEmpty() ? "" : " or ").append(kindText(k)).append(" (").append(f).append(')');
            }
        }
        return java.util.Optional.of(property + " is violated by another deadlock than the stored one"
                + (fs.size() > 1 ? "s" : "") + " this configuration contains: expected the kind " + want
                + " (why the stuck packets cannot move), found " + kindText(found)
                + "; the expectation does not cover it");
    }

    /**
     * The declared rule behind {@code repaired}'s expectations: a configuration that contains a
     * stored deadlock is expected to deadlock. It contains the configuration of a finding when a
     * symmetry of the fabric (an automorphism of the topology, the identity included, under which the
     * renamed finding's flows are flows of the configuration and route as they do: {@link
     * NetworkContainment}) maps the finding's flows into its flows, its packets per message, tokens, background
     * packets and failures are at least the finding's, and every other parameter (topology, xoff,
     * DFT size, thresholds, options, knock-outs) is equal, but for the DFT size of the findings of
     * {@link #DFT_AT_LEAST}, which counts "at least" (checked by replay): the finding's trace is a behaviour the
     * larger configuration still offers when the extra flows wait, the extra background stays out,
     * the extra tokens are not spent, the extra failures do not happen (a failure is a choice of the
     * environment, never forced) and the extra packets follow their message's entries as the
     * finding's last packet did. It is a prediction, not a theorem: where a check finds no
     * deadlock the verdict is UNEXPECTED (a finding about the rule).
     *
     * @param variant a variant
     * @param p       resolved parameters
     * @return the first finding of {@link #REPAIRED_FINDINGS} the configuration contains, for
     *         variant {@code repaired}
     */
    java.util.Optional<String> containedFinding(String variant, Params p) {
        if (!variant.equals("repaired")) {
            return java.util.Optional.empty();
        }
        return REPAIRED_FINDINGS.stream().filter(f -> CONTAINMENT.contains(p.asMap(), findingAt(f, p.asMap())))
                .findFirst();
    }

    /**
     * Stored deadlocks whose trace is a behaviour and a routing deadlock of the same kind at every
     * larger DFT size too, up to the parameter's largest (the paper's 8, seed 000, VI-A): no step of
     * the trace needs a DFT to be full and no stuck head is stuck for a full DFT. For these the DFT
     * size counts "at least" in the containment rule, like packets and tokens; unlike those, this is
     * not an argument but checked: FabricFindingKindTest replays each one's stored
     * {@code NoRoutingDeadlock} trace at every larger DFT size, where it is legal step for step and
     * ends in a routing deadlock of the finding's kind. {@code repaired-three-flows-three-packets} is
     * not one of them: its last step needs leaf2's DFT to be full (with a third entry leaf2 deflects
     * the packet instead), so its trace is a behaviour at two entries only (checked there too); its
     * further kinds are, {@link #DFT_AT_LEAST_KINDS}.
     */
    static final Set<String> DFT_AT_LEAST = Set.of("repaired-three-flows-dft2", "repaired-no-background-dft2",
            "repaired-three-flows-one-token", "repaired-three-flows-four-packets");

    /**
     * Stored deadlocks whose own trace needs the finding's DFT size but some of whose further kinds'
     * stored traces are, step for step, routing deadlocks of their kinds at every larger DFT size up
     * to the parameter's largest: at a larger DFT the finding is contained, and only these kinds are
     * expected there (FabricFindingKindTest replays each trace at each size). At
     * {@code repaired-three-flows-three-packets}' configuration with 3 to 8 entries breadth-first search
     * returns its {pinned-to-full, follow-closes-vl0} trace itself (16 steps).
     */
    static final Map<String, List<Set<NetworkModel.Block>>> DFT_AT_LEAST_KINDS = Map.of(
            "repaired-three-flows-three-packets", List.of(kind(PINNED_TO_FULL, FOLLOW_CLOSES_VL0),
                    kind(PAUSED, FOLLOW_CLOSES_VL0)));

    /**
     * @param finding a stored deadlock the configuration contains
     * @param at      the configuration's resolved parameters
     * @return the kinds its deadlock may have there: all the finding's, or at a larger DFT than a
     *         finding of {@link #DFT_AT_LEAST_KINDS} only those whose traces replay there
     */
    List<Set<NetworkModel.Block>> kindsAt(String finding, Map<String, String> at) {
        List<Set<NetworkModel.Block>> some = DFT_AT_LEAST_KINDS.get(finding);
        String d = DFT.name();
        if (some == null || at.get(d) == null) {
            return kinds(finding);
        }
        int own = Integer.parseInt(resolve(finding, Params.empty()).asMap().get(d));
        return Integer.parseInt(at.get(d)) > own ? some : kinds(finding);
    }

    /**
     * @param finding a stored deadlock
     * @param at      a configuration's resolved parameters
     * @return the finding's configuration as the containment rule compares it with {@code at}: its
     *         own, with {@code at}'s DFT size where that is larger and the finding is in
     *         {@link #DFT_AT_LEAST}
     */
    private Map<String, String> findingAt(String finding, Map<String, String> at) {
        Map<String, String> own = resolve(finding, Params.empty()).asMap();
        String d = DFT.name();
        if (!(DFT_AT_LEAST.contains(finding) || DFT_AT_LEAST_KINDS.containsKey(finding)) || at.get(d) == null
                || Integer.parseInt(at.get(d)) <= Integer.parseInt(own.get(d))) {
            return own;
        }
        Map<String, String> m = new java.util.LinkedHashMap<>(own);
        m.put(d, at.get(d));
        return m;
    }

    /**
     * The implications whose antecedent the configuration's constants rule out, each with why (a note of
     * {@code check}). Each such property's own test records whether a step met its antecedent
     * ({@code FabricProperties}); where none did the check reports it INCONCLUSIVE (VACUOUS), and these
     * rules declare where that is expected:
     * <ul>
     * <li>EcnMarksCongestion and DeflectionBeforeEcnMark judge a packet joining a buffer that holds ecn or
     * more; PFC pauses a buffer's upstream once it holds xoff (background counted, seed 004 §4), so where
     * ecn >= xoff no packet ever does;</li>
     * <li>InOrderAfterFailure judges deliveries after a failure: none without failures;</li>
     * <li>LongFlowsNeverDeflected judges a long flow's packets: none without a long flow;</li>
     * <li>ResumeAtXon judges a RESUME that clears a pause bit, NoPauseFlapping a PAUSE or RESUME that sets or
     * clears one: with pfc-hysteresis 1 there is no bit (the pause state is the occupancy's);</li>
     * <li>MisroutesBoundedByTokens and DeflectOnlyAboveThreshold judge a deflection, and DeflectionOffered a
     * first packet with a token at a buffer at the threshold: none where no packet has a token (tokens 0, or
     * every flow long), and none with one message over fewer background packets than the threshold (its first
     * packet leads it, so every buffer it joins holds background alone, below the threshold, and only a first
     * packet allocates: {@code ecn-first}'s defaults).</li>
     * </ul>
     *
     * @param built a check of this model
     * @return property name to why it is vacuous there
     */
    static Map<String, String> vacuities(CheckSpec<?> built) {
        FabricConfig c = ((NetworkModel) built.model()).config();
        Map<String, String> why = new java.util.LinkedHashMap<>();
        if (c.failures() == 0) {
            why.put(FabricProperties.IN_ORDER_AFTER_FAILURE, "failures = 0: no delivery follows a failure");
        }
        if (c.flows().stream().noneMatch(Flow::isLong)) {
            why.put(FabricProperties.LONG_FLOWS, "no long flow");
        }
        boolean noToken = java.util.stream.IntStream.range(0, c.flows().size()).allMatch(f -> c.initialTokens(f) == 0);
        if (noToken || c.flows().size() == 1 && c.background() < c.threshold()) {
            String deflection = noToken ? "no packet carries a token: nothing is deflected"
                    : "one message over " + c.background() + " background packets, below threshold = " + c.threshold()
                    + ": its first packet, which alone may allocate, joins buffers that hold background alone";
            why.put(FabricProperties.ABOVE_THRESHOLD, deflection);
            why.put(FabricProperties.TOKENS, deflection);
            why.put(FabricProperties.DEFLECTION_OFFERED, deflection);
        }
        // (with queueing egress an egress FIFO may hold more than xoff: PFC counts per ingress, not per FIFO)
        if (c.ecn() >= c.xoff() && c.options().queueing() == FabricOptions.Queueing.INGRESS) {
            String ecn = "ecn = " + c.ecn() + " >= xoff = " + c.xoff() + ": PFC pauses a buffer's upstream before it "
                    + "holds ecn packets, so no packet is ever marked";
            why.put(FabricProperties.DEFLECT_BEFORE_ECN, ecn);
            why.put(FabricProperties.ECN_MARKS_CONGESTION, ecn);
        }
        if (c.xon() == c.xoff() - 1) {
            String noBit = "pfc-hysteresis = 1: no pause bit, no PAUSE or RESUME to judge";
            why.put(FabricProperties.RESUME_AT_XON, noBit);
            why.put(FabricProperties.NO_PAUSE_FLAPPING, noBit);
        }
        return why;
    }

    @Override
    public Set<String> expectedVacuous(CheckSpec<?> built) {
        return vacuities(built).keySet();
    }

    @Override
    public List<ExpectationNote> expectations(CheckSpec<?> built) {
        List<ExpectationNote> notes = new java.util.ArrayList<>();
        containedFinding(built.variant(), Params.of(built.parameters())).ifPresent(f -> notes.add(containment(built, f)));
        // one line per reason, naming the properties it makes vacuous
        Map<String, List<String>> byReason = new java.util.LinkedHashMap<>();
        vacuities(built).forEach((p, why) -> byReason.computeIfAbsent(why, k -> new java.util.ArrayList<>()).add(p));
        byReason.forEach((why, props) -> notes.add(new ExpectationNote(ExpectationNote.Expectation.VACUOUS, props,
                " only vacuously here (INCONCLUSIVE, VACUOUS): " + why + " (docs/fabric.md, \"Vacuous properties\")")));
        return notes;
    }

    /** @return the note of a stored deadlock {@code f} the configuration contains */
    private ExpectationNote containment(CheckSpec<?> built, String f) {
        boolean dftAtLeast = DFT_AT_LEAST.contains(f) || DFT_AT_LEAST_KINDS.containsKey(f);
        List<String> keys = new java.util.ArrayList<>(List.of(FLOWS.name(), PACKETS.name(), TOKENS.name(), XOFF.name(),
                BACKGROUND.name(), FAILURES.name()));
        if (dftAtLeast) {
            keys.add(DFT.name());
        }
        StringBuilder where = new StringBuilder();
        for (String k : keys) {
            where.append(where.isEmpty() ? "" : " ").append(k).append('=').append(resolve(f, Params.empty())
                    .asMap().get(k));
        }
        Set<String> props = new TreeSet<>(variant(f).mustFail());
        props.add(EVENTUALLY_DELIVERED);
        Map<String, String> at = Params.of(built.parameters()).asMap();
        String renamed = CONTAINMENT.embedding(at, findingAt(f, at))
                .filter(e -> !e.identity()).map(e -> ", renamed by the fabric's symmetry " + e.renaming())
                .orElse("");
        return new ExpectationNote(ExpectationNote.Expectation.FAILS, List.copyOf(props), " here: this configuration contains the stored "
                + "deadlock of " + f + renamed + " (" + where + "; its flows and more, at least its packets, tokens, "
                + (dftAtLeast ? "background, failures and DFT size" : "background and failures")
                + ", every other parameter equal): the design " + name() + " " + built.variant()
                + " is not deadlock-free there (rule in docs/fabric.md, \"Where the design deadlocks\")");
    }

    /** Name of the liveness property: every message reaches its destination, under fair scheduling. */
    public static final String EVENTUALLY_DELIVERED = "EventuallyDelivered";

    /**
     * {@code <>(every message accepted)} under weak fairness of every sender and of every
     * (port, lane) buffer's head (forwarded or delivered, whatever route or lane it takes); PFC
     * pauses, routing choices, background and failures stay free. Every variant that stalls (after
     * reordering, or at a stale entry's black hole) fails it.
     */
    @Override
    @SuppressWarnings("unchecked")
    public java.util.Optional<LivenessSpec<?>> liveness(CheckSpec<?> built) {
        CheckSpec<LayoutState> spec = (CheckSpec<LayoutState>) built;
        NetworkModel m = (NetworkModel) spec.model();
        Liveness<LayoutState> delivered = Liveness.eventually(EVENTUALLY_DELIVERED, s -> s.test(m::allDelivered),
                Fairness.weakPer("Send", a -> a.name().equals("Send"), "flow"),
                Fairness.weakPer("Forward|Deliver", a -> a.name().equals("Forward") || a.name().equals("Deliver"),
                        "arc", "lane"));
        // the variant's own must-fail set, or the rule of a stored deadlock the configuration contains
        boolean fails = variant(spec.variant()).mustFail().contains(FabricProperties.PROGRESS)
                || containedFinding(spec.variant(), Params.of(spec.parameters())).isPresent();
        return java.util.Optional.of(new LivenessSpec<>(spec, List.of(delivered),
                fails ? Set.of(EVENTUALLY_DELIVERED) : Set.of()));
    }

    /**
     * @param p resolved parameters
     * @return the model configuration
     */
    static FabricConfig config(Params p) {
        Topology t = TopologySpecs.parse(TOPOLOGY.get(p), MAX_NODES);
        List<Flow> flows = Flow.parseList(FLOWS.get(p), t.hostCount());
        FabricOptions.LaneChange lane = FabricOptions.LaneChange.of(LANE_CHANGE.get(p));
        java.util.Set<FabricOptions.Knockout> off = java.util.EnumSet.noneOf(FabricOptions.Knockout.class);
        new FabricEntry().knockouts(p).forEach(k -> off.add(FabricOptions.Knockout.of(k)));
        FabricOptions options = new FabricOptions(FabricOptions.DftKey.of(DFT_KEY.get(p)),
                FabricOptions.UTurns.of(UTURNS.get(p)), lane, FabricOptions.Cleanup.of(CLEANUP.get(p)),
                ESCAPE.is(p, "on"), lane == FabricOptions.LaneChange.TABLE ? LaneRule.parse(LANE_RULE.get(p)) : null, off);
        FabricOptions.Queueing queueing = FabricOptions.Queueing.of(QUEUEING.get(p));
        if (queueing == FabricOptions.Queueing.EGRESS && lane == FabricOptions.LaneChange.TABLE) {
            throw new InputException("queueing = egress: expected lane-change follow or silent (a lane-rule table "
                    + "reads the ingress FIFOs the egress queueing does not have)");
        }
        options = options.withQueueing(queueing);
        String escapeAt = p.string(ESCAPE_AT, null);
        if (escapeAt != null) {
            FabricOptions.EscapeAt e = FabricOptions.EscapeAt.of(escapeAt);
            if (queueing != FabricOptions.Queueing.EGRESS) {
                throw new InputException("escape-at = " + escapeAt + ": expected queueing = egress (under queueing "
                        + "ingress a packet is routed, its lane change included, at the head of its FIFO)");
            }
            options = options.withEscapeAt(e);
        }
        String failDrops = p.string(FAIL_DROPS, null);
        if (failDrops != null) {
            FabricOptions.FailDrops d = FabricOptions.FailDrops.of(failDrops);
            if (d == FabricOptions.FailDrops.LINK && FAILURES.get(p) == 0) {
                throw new InputException("fail-drops = " + failDrops + ": expected failures = 1 (with no failure "
                        + "nothing is dropped, the reading changes nothing)");
            }
            options = options.withFailDrops(d);
        }
        int xon = XOFF.get(p) - HYSTERESIS.get(p);
        if (xon < 0) {
            throw new InputException("pfc-hysteresis = " + HYSTERESIS.get(p) + ": expected at most xoff = " + XOFF.get(p));
        }
        int held = Math.min(THRESHOLD.get(p), BACKGROUND.get(p));
        if (XOFF.get(p) <= held) {
            // no hysteresis (it is at least 1) resumes at or above the background: the conflict is
            // xoff against threshold and background, not the hysteresis
            throw new InputException("xoff = " + XOFF.get(p) + ": expected above min(threshold, background) = "
                    + held + ", the background packet(s) a buffer can hold for ever (PFC resumes at xoff - "
                    + "pfc-hysteresis, pfc-hysteresis at least 1): lower threshold or background below " + XOFF.get(p)
                    + ", or raise xoff above " + held);
        }
        if (xon < held) {
            throw new InputException("pfc-hysteresis = " + HYSTERESIS.get(p) + ": expected at most xoff - "
                    + held + " = " + (XOFF.get(p) - held) + " (resume at xon = " + xon + " is below the " + held
                    + " background packet(s) a buffer can hold for ever, min(threshold, background))");
        }
        return new FabricConfig(t, flows, PACKETS.get(p), DFT.get(p), TOKENS.get(p), THRESHOLD.get(p), ECN.get(p),
                XOFF.get(p), xon, BACKGROUND.get(p), FAILURES.get(p), options);
    }
}
