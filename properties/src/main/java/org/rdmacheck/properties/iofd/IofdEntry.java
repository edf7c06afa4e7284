package org.rdmacheck.properties.iofd;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.fabric.FabricOptions;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.fabric.Flow;
import org.rdmacheck.model.topology.Topology;
import org.rdmacheck.model.topology.TopologySpecs;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.catalog.ExpectationNote;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.catalog.ParamSpec;
import org.rdmacheck.properties.catalog.VariantSpec;
import org.rdmacheck.properties.catalog.VariantSpec.Origin;
import org.rdmacheck.properties.liveness.Fairness;
import org.rdmacheck.properties.liveness.Liveness;
import org.rdmacheck.properties.liveness.LivenessSpec;

/** In-order flow deflection with the deflected flow table (seed 000 §IV-A/B/C). */
public final class IofdEntry implements ModelEntry {

    /** Largest topology (nodes) accepted: the model keeps a queue per arc in every state. */
    static final int MAX_NODES = 200;

    @Override
    public String name() {
        return "iofd";
    }

    @Override
    public String description() {
        return "in-order flow deflection with the deflected flow table, tokens and threshold (seed 000 IV-A/B/C)";
    }

    private static final ParamSpec.Text TOPOLOGY = ParamSpec.text("topology", "leafspine:tors=2,spines=2,hosts=1",
            "leafspine:tors=T,spines=S,hosts=H|fattree:k=K", "the fabric (hosts are numbered first)");
    private static final ParamSpec.Text FLOWS = ParamSpec.text("flows", "0-1", "SRC-DST[L],...",
            "messages by host index, comma-separated; L = long flow");
    private static final ParamSpec.Int PACKETS = ParamSpec.integer("packets", 2, 1, 8, "packets per message");
    private static final ParamSpec.Int DFT = ParamSpec.integer("dft", 2, 0, 8, "DFT entries per switch (seed: 8)");
    private static final ParamSpec.Int TOKENS = ParamSpec.integer("tokens", 2, 0, 8,
            "deflection tokens of a short message's packets (seed: 4)");
    private static final ParamSpec.Int THRESHOLD = ParamSpec.integer("threshold", 1, 1, 16,
            "deflection threshold in packets");
    private static final ParamSpec.Int ECN = ParamSpec.integer("ecn", 2, 1, 64,
            "ECN marking threshold in packets (at or below threshold: DeflectionThresholdBelowEcn fails)");
    private static final ParamSpec.Int QUEUE = ParamSpec.integer("queue", 3, 1, 32, "output queue capacity in packets");
    private static final ParamSpec.Int BACKGROUND = ParamSpec.integer("background", 1, 0, 8,
            "background packets injected nondeterministically");
    private static final ParamSpec.Int FAILURES = ParamSpec.integer("failures", 1, 0, 2, "switch failures (non-ToR)");

    @Override
    public List<ParamSpec> parameters() {
        return List.of(TOPOLOGY, FLOWS, PACKETS, DFT, TOKENS, THRESHOLD, ECN, QUEUE, BACKGROUND, FAILURES);
    }

    @Override
    public List<VariantSpec> variants() {
        // A reordered packet is discarded by the RC receiver as a sequence error; go-back-N is left
        // out of this model, so each reordering variant also stalls (deadlock, no progress).
        Set<String> reorder = Set.of(IofdProperties.IN_ORDER, IofdProperties.EXACTLY_ONCE,
                IofdProperties.IN_ORDER_AFTER_FAILURE, DeadlockFreedom.standard().name(), IofdProperties.PROGRESS);
        Set<String> reorderNoStall = Set.of(IofdProperties.IN_ORDER, IofdProperties.EXACTLY_ONCE,
                IofdProperties.IN_ORDER_AFTER_FAILURE);
        return List.of(
                new VariantSpec("dft", "DFT entries keyed by (message, tokens on arrival) so that the passes of a "
                        + "looping message stay apart; allocated by a message's first packet, freed by its last, "
                        + "never overwritten; bounded tokens. In order, but deflection without escape lanes is not "
                        + "deadlock-free: two opposing 3-packet messages fill both queues between a leaf and a spine "
                        + "while each head needs the other (escape lanes: model fabric)",
                        Set.of(DeadlockFreedom.standard().name(), IofdProperties.PROGRESS), Origin.REPAIR,
                        Map.of("flows", "0-1,1-0", "queue", "2", "packets", "3", "failures", "0")),
                new VariantSpec("dft-one-message", "the repaired DFT (as dft) with a single 4-packet message and 1 "
                        + "token: background on spine0's port to the destination ToR makes the first packet deflect "
                        + "back to leaf0, spending its token, and the second follows its entry; the third and fourth "
                        + "fill leaf0's queue to spine0, whose head is pinned by its entry to spine0's full queue to "
                        + "leaf0, whose head has no token left and needs leaf0's: one link deadlocks",
                        Set.of(DeadlockFreedom.standard().name(), IofdProperties.PROGRESS), Origin.REPAIR,
                        Map.of("flows", "0-1", "queue", "2", "packets", "4", "tokens", "1", "failures", "0")),
                new VariantSpec("dft-one-message-queue-three", "the repaired DFT (as dft) with a single 6-packet "
                        + "message and queues of 3: dft-one-message's deadlock one queue size up (seed 000 IV-A, "
                        + "IV-C). Background on spine0's port to the destination ToR makes the first packet deflect "
                        + "back to leaf0 and the second and third follow its entry; the first comes back to spine0 "
                        + "and is deflected again with its last token, filling spine0's queue to leaf0; the fourth "
                        + "to sixth fill leaf0's queue to spine0, whose head is pinned by the entry to spine0's full "
                        + "queue to leaf0, whose head needs leaf0's: a message of twice the queue deadlocks one link",
                        Set.of(DeadlockFreedom.standard().name(), IofdProperties.PROGRESS), Origin.REPAIR,
                        Map.of("flows", "0-1", "queue", "3", "packets", "6", "failures", "0")),
                new VariantSpec("dft-one-message-queue-three-one-token", "the repaired DFT (as dft) with a single "
                        + "6-packet message, queues of 3 and 1 token: dft-one-message's deadlock one queue size up, "
                        + "with one deflection (seed 000 IV-A, IV-C). Background on spine0's port to the destination "
                        + "ToR makes the first packet deflect back to leaf0 with its only token, and the second and "
                        + "third follow its entry, filling spine0's queue to leaf0; the fourth to sixth fill leaf0's "
                        + "queue to spine0, whose head is pinned by the entry to spine0's full queue to leaf0, whose "
                        + "head has no token left and needs leaf0's: a message of twice the queue deadlocks one link",
                        Set.of(DeadlockFreedom.standard().name(), IofdProperties.PROGRESS), Origin.REPAIR,
                        Map.of("flows", "0-1", "queue", "3", "packets", "6", "tokens", "1", "failures", "0")),
                new VariantSpec("dft-one-failure", "the repaired DFT (as dft) at dft's defaults with one switch "
                        + "failure: a deadlock that needs the failure (seed 000 IV-C). spine1 fails, so every path runs "
                        + "through spine0, whose queue to leaf0 holds background; spine0 deflects both first packets "
                        + "back to their leaves, taking its two DFT entries; leaf0's queue to spine0 fills with h0's "
                        + "later packets, pinned by the entry to spine0's full queue to leaf0, whose head needs "
                        + "leaf0's; leaf1's queue to spine0 fills with h1's packets, which cannot deflect again: "
                        + "leaf0 and spine0 block each other through a DFT entry and the background packet",
                        Set.of(DeadlockFreedom.standard().name(), IofdProperties.PROGRESS), Origin.REPAIR,
                        Map.of("flows", "0-1,1-0", "queue", "2", "packets", "3", "failures", "1")),
                stepPastDft("dft-three-entries", "a 3-entry DFT",
                        Map.of("flows", "0-1,1-0", "queue", "2", "packets", "3", "failures", "0", "dft", "3")),
                stepPastDft("dft-two-background", "2 background packets",
                        Map.of("flows", "0-1,1-0", "queue", "2", "packets", "3", "failures", "0", "background", "2")),
                stepPastDft("dft-four-packets", "4-packet messages",
                        Map.of("flows", "0-1,1-0", "queue", "2", "packets", "4", "failures", "0")),
                stepPastDft("dft-four-tokens", "4 tokens",
                        Map.of("flows", "0-1,1-0", "queue", "2", "packets", "3", "failures", "0", "tokens", "4")),
                new VariantSpec("dft-three-entries-two-background", "the repaired DFT (as dft) at dft's defaults "
                        + "with a 3-entry DFT and 2 background packets: a deadlock on the link leaf1-spine0 where "
                        + "every stored trace that replays extends only to deadlocks on other buffers (docs/iofd.md). "
                        + "Background on leaf1's port to h1 makes the destination ToR deflect h0's first packet back "
                        + "to spine0 twice, one entry per pass (the key holds the tokens); a second background packet "
                        + "on leaf1's port to spine1 makes leaf1 deflect h1's first packet to spine0 as it is sent, "
                        + "taking the third entry: leaf1's queue to spine0 holds h0's first packet, with no token "
                        + "left and spine0's full queue to leaf1 as its port, and h1's first; that queue holds h0's "
                        + "second and third packets, pinned by h0's entry at leaf1 to leaf1's full queue to spine0",
                        Set.of(DeadlockFreedom.standard().name(), IofdProperties.PROGRESS), Origin.REPAIR,
                        Map.of("flows", "0-1,1-0", "queue", "2", "packets", "3", "failures", "0", "dft", "3",
                                "background", "2")),
                new VariantSpec("dft-four-tokens-two-background-five-packets",
                        "the repaired DFT (as dft) at dft's defaults with 4 tokens, 2 background packets and 5-packet "
                        + "messages: a deadlock on the link leaf1-spine0 at the source side, where no stored trace "
                        + "extends (docs/iofd.md). Background on leaf1's port to spine1, h1's ECMP uplink, makes leaf1 "
                        + "deflect h1's first packet to spine0 as it is sent, and background on spine0's port to leaf0 "
                        + "makes spine0 deflect it back: the packet bounces between leaf1 and spine0, one entry per "
                        + "pass at each (the key holds the tokens), until its last token is spent and both tables are "
                        + "full; h1's later packets follow the entries: leaf1's queue to spine0 holds h1's third and "
                        + "fourth, pinned by h1's entry at spine0 to spine0's full queue to leaf1, whose head, h1's "
                        + "second, is pinned by h1's entry at leaf1 to leaf1's full queue to spine0; h0's packets wait "
                        + "at spine0, its table full",
                        Set.of(DeadlockFreedom.standard().name(), IofdProperties.PROGRESS), Origin.REPAIR,
                        Map.of("flows", "0-1,1-0", "queue", "2", "packets", "5", "failures", "0", "tokens", "4",
                                "background", "2")),
                new VariantSpec("dft-four-tokens-three-background",
                        "the repaired DFT (as dft) at dft's defaults with 4 tokens and 3 background packets: "
                        + "dft-four-tokens-two-background-five-packets' shape with 3-packet messages, where no stored "
                        + "trace extends (docs/iofd.md). Background on leaf1's port to spine1, h1's ECMP uplink, makes "
                        + "leaf1 deflect h1's first packet to spine0 as it is sent, and background on spine0's port to "
                        + "leaf0 makes spine0 deflect it back: the packet bounces between leaf1 and spine0, one entry "
                        + "per pass at each (the key holds the tokens), until its last token is spent and both tables "
                        + "are full; a third background packet on leaf1's port to spine0 leaves that queue room for "
                        + "one packet, h1's third, pinned by h1's entry at spine0 to spine0's full queue to leaf1, "
                        + "whose head, h1's second, is pinned by h1's entry at leaf1 back to leaf1's full queue to "
                        + "spine0; h0's packets wait at spine0, its table full",
                        Set.of(DeadlockFreedom.standard().name(), IofdProperties.PROGRESS), Origin.REPAIR,
                        Map.of("flows", "0-1,1-0", "queue", "2", "packets", "3", "failures", "0", "tokens", "4",
                                "background", "3")),
                new VariantSpec("dft-five-tokens", "the repaired DFT (as dft) at dft's defaults with 5 tokens: the "
                        + "grid of scope iofd grown past 4 tokens, where no stored trace extends (docs/iofd.md). "
                        + "Background on leaf1's port to h1 makes the destination ToR deflect h0's first packet back "
                        + "to spine1 twice, one entry per pass (the key holds the tokens), and h0's second packet "
                        + "follows the first entry back; spine1 deflects h0's first packet to leaf0 and h1's first "
                        + "back to leaf1, taking both its entries: leaf1's queue to spine1 holds h1's later packets, "
                        + "pinned by h1's entry at spine1 to spine1's full queue to leaf1, whose head, h0's second "
                        + "packet, is pinned by h0's entry at leaf1 to leaf1's full queue to spine1: the link "
                        + "leaf1-spine1 deadlocks both ways",
                        Set.of(DeadlockFreedom.standard().name(), IofdProperties.PROGRESS), Origin.REPAIR,
                        Map.of("flows", "0-1,1-0", "queue", "2", "packets", "3", "failures", "0", "tokens", "5")),
                stepPastOneMessage("dft-one-message-two-tokens", "2 tokens",
                        Map.of("flows", "0-1", "queue", "2", "packets", "4", "tokens", "2", "failures", "0")),
                stepPastOneMessage("dft-one-message-two-background", "2 background packets",
                        Map.of("flows", "0-1", "queue", "2", "packets", "4", "tokens", "1", "failures", "0",
                                "background", "2")),
                new VariantSpec("dft-three-tokens", "the repaired DFT (as dft) with 3 tokens: two opposing 3-packet "
                        + "messages deadlock in another way than with 2, every stuck head pinned by its message's DFT "
                        + "entry to a full queue and none held by ECMP alone: h0's first packet, deflected twice at "
                        + "leaf1 and once at spine1, leaves two entries at leaf1 that pin h0's later packets to "
                        + "leaf1's full queue to spine1, whose head, h1's second packet, is pinned by h1's entry at "
                        + "spine1 to spine1's full queue to leaf1, whose head is h0's second packet: the link "
                        + "leaf1-spine1 deadlocks both ways",
                        Set.of(DeadlockFreedom.standard().name(), IofdProperties.PROGRESS), Origin.REPAIR,
                        Map.of("flows", "0-1,1-0", "queue", "2", "packets", "3", "tokens", "3", "failures", "0")),
                new VariantSpec("dft-three-tokens-three-entries", "the repaired DFT (as dft) with 3 tokens and a "
                        + "3-entry DFT: dft-three-tokens one entry up, where no stored trace extends to a deadlock "
                        + "(docs/iofd.md). Background on leaf1's port to h1 makes leaf1 deflect h0's first packet "
                        + "back to spine1 with each of its 3 tokens, one entry per pass (the key holds the tokens), "
                        + "and h0's later packets follow the entries back up: leaf1's queue to spine1 holds h0's "
                        + "third packet, whose ECMP port at spine1 is spine1's full queue to leaf1, and h1's first; "
                        + "that queue holds h0's second, pinned by its entry at leaf1 to leaf1's full queue to "
                        + "spine1, and h0's first with no token left: the link leaf1-spine1 deadlocks both ways",
                        Set.of(DeadlockFreedom.standard().name(), IofdProperties.PROGRESS), Origin.REPAIR,
                        Map.of("flows", "0-1,1-0", "queue", "2", "packets", "3", "tokens", "3", "failures", "0",
                                "dft", "3")),
                new VariantSpec("dft-three-tokens-four-entries", "the repaired DFT (as dft) with 3 tokens and a "
                        + "4-entry DFT: dft-three-tokens-three-entries one entry up, where its trace is no behaviour "
                        + "(h1's first packet, sent with a free entry, deflects). leaf1 deflects h0's first packet "
                        + "three times (spine0, spine1, spine0) and h1's first once, taking all four entries; h1's "
                        + "second follows its entry into leaf1's queue to spine0 behind h0's first, which has no "
                        + "token left and needs spine0's full queue to leaf1, whose head, h0's second, is pinned by "
                        + "h0's entry to leaf1's full queue to spine0: the link leaf1-spine0 deadlocks both ways, and "
                        + "no step needs the full table, so a larger DFT deadlocks the same way",
                        Set.of(DeadlockFreedom.standard().name(), IofdProperties.PROGRESS), Origin.REPAIR,
                        Map.of("flows", "0-1,1-0", "queue", "2", "packets", "3", "tokens", "3", "failures", "0",
                                "dft", "4")),
                new VariantSpec("dft-three-tokens-three-entries-four-packets", "the repaired DFT (as dft) with 3 "
                        + "tokens, a 3-entry DFT and 4-packet messages: dft-three-tokens-three-entries one packet up, "
                        + "where no stored trace extends (docs/iofd.md). Background on leaf1's port to h1 makes the "
                        + "destination ToR deflect h0's first packet back to spine0 (an entry keyed by its 3 tokens) "
                        + "and h0's second follows it; spine0 returns the first by ECMP and leaf1 deflects it again, "
                        + "to spine1 (a second entry, keyed by 2), and h1's first packet, sent while leaf1's ECMP "
                        + "port to spine1 holds it, takes the third entry to spine0: leaf1's queue to spine0 holds "
                        + "h0's second packet, whose ECMP port at spine0 is spine0's full queue to leaf1 and which, "
                        + "not a first packet, may not deflect, and h1's first; spine0's queue to leaf1 holds h0's "
                        + "third and fourth, pinned by h0's 3-token entry at leaf1 to leaf1's full queue to spine0: "
                        + "the link leaf1-spine0 deadlocks both ways",
                        Set.of(DeadlockFreedom.standard().name(), IofdProperties.PROGRESS), Origin.REPAIR,
                        Map.of("flows", "0-1,1-0", "queue", "2", "packets", "4", "tokens", "3", "failures", "0",
                                "dft", "3")),
                new VariantSpec("flow-keyed", "DFT entries keyed by the message id alone, as seed 000 IV-A states "
                        + "it: a message that loops back through a switch is reordered", reorder, Origin.PAPER,
                        Map.of()),
                new VariantSpec("no-dft", "packet-by-packet deflection without a DFT (DIBS-style, the paper's "
                        + "contrast)", reorder, Origin.MUTATION, Map.of()),
                new VariantSpec("overwrite", "a full DFT overwrites an entry: two flows, one entry, one token",
                        plus(reorder, IofdProperties.NO_OVERWRITE), Origin.MUTATION,
                        Map.of("flows", "0-1,1-0", "dft", "1", "tokens", "1", "failures", "0")),
                new VariantSpec("deflect-middle", "a middle packet may be chosen for deflection: reorders, and the "
                        + "entry it allocates is never freed", plus(reorder, IofdProperties.NO_LEAK),
                        Origin.MUTATION, Map.of()),
                new VariantSpec("unlimited-tokens", "misroutes spend no token: a packet may loop forever, and with "
                        + "equal tokens on every pass the (message, tokens) key no longer keeps the passes apart, so "
                        + "the repair reorders and leaks", plus(plus(reorderNoStall, IofdProperties.TOKENS),
                        IofdProperties.PROGRESS, IofdProperties.NO_LEAK), Origin.MUTATION, Map.of()),
                new VariantSpec("free-on-first", "the entry is freed when the first packet leaves: later packets "
                        + "take the ECMP path (reorder), and a looping first packet's later entry is never freed",
                        plus(reorder, IofdProperties.NO_LEAK), Origin.MUTATION, Map.of()));
    }

    /** A stored deadlock one step past {@code dft}'s, where that trace is no deadlock (docs/iofd.md). */
    private static VariantSpec stepPastDft(String name, String step, Map<String, String> parameters) {
        return new VariantSpec(name, "the repaired DFT (as dft) at dft's defaults with " + step + ": one step past "
                + "dft's stored deadlock, where its trace is no deadlock (IofdFindingKindTest), the design deadlocks "
                + "again (docs/iofd.md, one step past the stored deadlocks)",
                Set.of(DeadlockFreedom.standard().name(), IofdProperties.PROGRESS), Origin.REPAIR, parameters);
    }

    /** A stored deadlock one step past {@code dft-one-message}'s, where that trace is no deadlock (docs/iofd.md). */
    private static VariantSpec stepPastOneMessage(String name, String step, Map<String, String> parameters) {
        return new VariantSpec(name, "the repaired DFT (as dft) at dft-one-message's configuration with " + step
                + ": one step past that stored deadlock, where its trace is no deadlock (IofdFindingKindTest), the "
                + "single message deadlocks again (docs/iofd.md, one step past the stored deadlocks)",
                Set.of(DeadlockFreedom.standard().name(), IofdProperties.PROGRESS), Origin.REPAIR, parameters);
    }

    /**
     * Stored deadlocks left out of {@code rdmacheck all}: {@code dft-two-background}'s configuration has 1.6 M
     * states, {@code dft-three-entries-two-background}'s 1.9 M, {@code dft-five-tokens}' 2.5 M and
     * {@code dft-four-tokens-two-background-five-packets}'s more than 50 M,
     * {@code dft-three-tokens-three-entries-four-packets}' 3.3 M and {@code dft-four-tokens-three-background}'s more
     * than 3.1 M (their progress
     * and liveness analyses take minutes of a loaded core). {@code check iofd --variant V} runs each; their stored
     * traces replay in the default tier.
     */
    static final Set<String> NOT_IN_ALL = Set.of("dft-two-background", "dft-three-entries-two-background",
            "dft-five-tokens", "dft-four-tokens-two-background-five-packets", "dft-four-tokens-three-background",
            "dft-three-tokens-three-entries-four-packets");

    @Override
    public List<Run> allRuns() {
        return ModelEntry.super.allRuns().stream().filter(r -> !NOT_IN_ALL.contains(r.variant())).toList();
    }

    @Override
    public List<org.rdmacheck.properties.catalog.Mechanism> mechanisms() {
        Map<String, String> oneFlow = Map.of("flows", "0-1", "queue", "3", "packets", "2", "failures", "0");
        return List.of(
                mechanism("dft-follow", "DFT lookup: a packet matching an entry follows it", "seed 000, IV-A Fig. 7",
                        IofdProperties.IN_ORDER, oneFlow, "entries are allocated and freed but never consulted"),
                mechanism("dft-free-on-end", "DFT entry de-allocated by the end packet", "seed 000, IV-A",
                        IofdProperties.NO_LEAK, oneFlow, "no packet ever frees an entry"),
                mechanism("token-spending", "deflection tokens: a misroute removes one", "seed 000, IV-A",
                        IofdProperties.TOKENS, oneFlow, "misroutes spend no token"),
                mechanism("deflection-threshold", "deflection threshold", "seed 000, IV-B",
                        IofdProperties.ABOVE_THRESHOLD, oneFlow,
                        "a first packet may be deflected at any length of its ECMP queue"),
                mechanism("tor-no-host-deflection", "ToR switches deflect back to the network, not to end-nodes",
                        "seed 000, IV-A", IofdProperties.TOR_TO_HOST, oneFlow, "deflection ports include hosts"),
                mechanism("long-flows-not-deflected", "IOFD does not misroute long flows (zero tokens)",
                        "seed 000, IV-B", IofdProperties.LONG_FLOWS,
                        Map.of("flows", "0-1L", "queue", "3", "packets", "2", "failures", "0"),
                        "long flows' packets carry a short flow's tokens"),
                mechanism("back-pressure", "lossless back pressure: packets queue up at upstream routers",
                        "seed 000, IV-C", IofdProperties.EXACTLY_ONCE,
                        Map.of("flows", "0-1", "queue", "2", "packets", "3", "failures", "0"),
                        "a packet sent into a full queue is dropped"),
                mechanism("failure-cleanup", "a failure drops the in-flight messages together with their DFT state",
                        "seed 000, IV-C", IofdProperties.NO_LEAK,
                        Map.of("flows", "0-1", "queue", "3", "packets", "2", "failures", "1"),
                        "survivors keep the dropped messages' entries"),
                mechanism("dft-hit-waits", "a packet whose DFT port is full waits (no local re-route)",
                        "seed 000, IV-A", IofdProperties.IN_ORDER,
                        Map.of("flows", "0-1", "queue", "3", "packets", "3", "failures", "0", "background", "2"),
                        "a DFT hit whose port is full falls back to ECMP"));
    }

    private static org.rdmacheck.properties.catalog.Mechanism mechanism(String name, String title, String ref,
            String purpose, Map<String, String> coverage, String description) {
        return new org.rdmacheck.properties.catalog.Mechanism(name, title, ref, purpose, "dft", coverage, description);
    }

    @Override
    public Map<String, String> structuralProperties() {
        return Map.of(
                IofdProperties.CAPACITY, "restates the router's guard: an entry is allocated only when one is free "
                        + "(overwrite replaces one)",
                IofdProperties.LONG_FLOWS, "restates the router's guard: long flows start with no token and a "
                        + "misroute needs one",
                IofdProperties.TOR_TO_HOST, "restates the router's guard: deflection ports exclude hosts",
                IofdProperties.ABOVE_THRESHOLD, "restates the router's guard: a switch chooses to deflect only at "
                        + "or above the threshold",
                IofdProperties.BELOW_ECN, "compares two parameters: fails exactly when threshold >= ecn is "
                        + "configured (a configuration check, not a behaviour)");
    }

    private static Set<String> plus(Set<String> s, String... more) {
        Set<String> r = new TreeSet<>(s);
        r.addAll(List.of(more));
        return r;
    }

    /**
     * Larger proofs of the repaired design (variant dft), smallest first: the default run, the seed's DFT size and
     * token count, two flows with four tokens, and two flows (one long) on the k=4 fat-tree with a
     * switch failure. The benchmark {@code IofdScaleBenchmark} prints their figures; the slow test
     * proves them.
     *
     * @return the runs, all of variant {@code dft}
     */
    public static List<Run> scaleRuns() {
        return List.of(
                scale(Map.of()),
                scale(Map.of("dft", "8", "tokens", "4")),
                scale(Map.of("topology", "fattree:k=4", "flows", "0-15")),
                scale(Map.of("topology", "leafspine:tors=2,spines=2,hosts=2", "flows", "0-2,3-1", "tokens", "4")),
                scale(Map.of("topology", "fattree:k=4", "flows", "0-15,5-10L")));
    }

    /** A run of variant dft over the single-flow scope (one 2-packet message, queues of 3, one failure). */
    private static Run scale(Map<String, String> params) {
        Map<String, String> m = new java.util.LinkedHashMap<>(Map.of("flows", "0-1", "queue", "3", "packets", "2",
                "failures", "1"));
        m.putAll(params);
        return new Run("dft", Params.of(m));
    }

    @Override
    public CheckSpec<LayoutState> build(String variant, Params params) {
        Params p = resolve(variant, params);
        NetworkModel model = new NetworkModel(networkConfig(variant, p));
        int ecn = ECN.get(p);
        Set<String> mustFail = new TreeSet<>(variant(variant).mustFail());
        if (model.config().failures() == 0) {
            mustFail.remove(IofdProperties.IN_ORDER_AFTER_FAILURE); // vacuous without failures
        }
        if (design(variant)) {
            // the design and its stored deadlocks: a deadlock is expected only where a stored one is contained
            mustFail.removeAll(STALL);
            if (!containedFindings(p.asMap()).isEmpty()) {
                mustFail.addAll(STALL);
            }
        }
        return new CheckSpec<>(name(), variant, p.asMap(), model, IofdProperties.all(model, ecn), mustFail);
    }

    /** What a deadlock of the design violates. */
    private static final Set<String> STALL = Set.of(DeadlockFreedom.standard().name(), IofdProperties.PROGRESS);

    /** The stored deadlocks of the design {@code dft}: variants carrying the configuration and the trace of each. */
    static final List<String> DFT_FINDINGS = List.of("dft-one-message", "dft-one-failure", "dft", "dft-three-tokens",
            "dft-three-entries", "dft-two-background", "dft-four-packets", "dft-four-tokens", "dft-five-tokens",
            "dft-three-entries-two-background", "dft-one-message-two-tokens", "dft-one-message-two-background",
            "dft-one-message-queue-three", "dft-one-message-queue-three-one-token", "dft-three-tokens-three-entries",
            "dft-three-tokens-four-entries", "dft-four-tokens-two-background-five-packets",
            "dft-four-tokens-three-background", "dft-three-tokens-three-entries-four-packets");

    /**
     * @param variant a variant
     * @return whether it is the design {@code dft} or one of its stored deadlocks (the same rules, other defaults):
     *         their expectations follow the containment rule at every configuration but their own defaults too
     */
    static boolean design(String variant) {
        return variant.equals("dft") || DFT_FINDINGS.contains(variant);
    }

    /** The kind most findings end in: a head whose port is paused, and one pinned by its entry to a full queue. */
    private static final Set<NetworkModel.Block> PAUSED_PINNED = kind(NetworkModel.Block.PAUSED,
            NetworkModel.Block.PINNED_TO_FULL);

    /**
     * The kind of each stored deadlock: why its stuck head packets cannot move
     * ({@link NetworkModel#blocking} of the state its stored trace ends in; checked against the
     * stored traces by IofdFindingKindTest). A containing configuration's deadlock counts as a
     * finding only if it is of that finding's kind.
     */
    static final Map<String, Set<NetworkModel.Block>> FINDING_KINDS = Map.ofEntries(
            Map.entry("dft-one-message", PAUSED_PINNED),
            Map.entry("dft-one-failure", PAUSED_PINNED),
            Map.entry("dft-three-entries", PAUSED_PINNED),
            Map.entry("dft-two-background", PAUSED_PINNED),
            Map.entry("dft-four-packets", PAUSED_PINNED),
            Map.entry("dft-four-tokens", PAUSED_PINNED),
            Map.entry("dft-five-tokens", PAUSED_PINNED),
            Map.entry("dft-three-entries-two-background", PAUSED_PINNED),
            Map.entry("dft-four-tokens-two-background-five-packets", PAUSED_PINNED),
            Map.entry("dft-four-tokens-three-background", PAUSED_PINNED),
            Map.entry("dft-three-tokens-three-entries-four-packets", PAUSED_PINNED),
            Map.entry("dft-one-message-two-tokens", PAUSED_PINNED),
            Map.entry("dft-one-message-two-background", PAUSED_PINNED),
            Map.entry("dft-one-message-queue-three", PAUSED_PINNED),
            Map.entry("dft-one-message-queue-three-one-token", PAUSED_PINNED),
            Map.entry("dft-three-tokens-three-entries", PAUSED_PINNED),
            Map.entry("dft-three-tokens-four-entries", PAUSED_PINNED),
            Map.entry("dft", PAUSED_PINNED),
            Map.entry("dft-three-tokens", kind(NetworkModel.Block.PINNED_TO_FULL)));

    /**
     * Findings whose kinds the breadth-first search does not show complete: its search for a deadlock of none of
     * their kinds stopped at the explorer's 50,000,000-state limit ({@code dft-four-tokens-two-background-five-packets}:
     * its further kinds found after 1,456,633 and 9,709,466 states, then the limit, 115 s at a load average of
     * about 15; {@code dft-four-tokens-three-background}: after 1,458,079 and 3,084,070 states, then the limit,
     * 994 s of wall at a load average of about 20, -Xmx3g, one thread). Their kinds are complete by the bound
     * instead ({@link #kindsCompleteByBound}): both are failure-free and declare all three kinds a failure-free
     * deadlock of the design can have. IofdFindingKindTest checks their declared kinds' shortest traces and the
     * bound, and skips the final exhaustion.
     */
    static final Set<String> KINDS_OPEN = Set.of("dft-four-tokens-two-background-five-packets",
            "dft-four-tokens-three-background");

    /**
     * The reasons a stuck head packet of a failure-free configuration of the design can have, a model fault aside
     * ({@link NetworkModel.Block#UNEXPLAINED}): its ECMP port paused, or its DFT entry pinning it to a full queue
     * (seed 000 IV-A). The IOFD preset's router gives no other ({@code NetworkModel}'s {@code reason}): no route
     * and a link down need a failure, a forbidden U-turn needs U-turns forbidden (IOFD allows them), the lane-rule
     * table's wait needs the table rule (IOFD changes lanes silently, with one lane), and the escape lane's reasons
     * are not read for the IOFD preset (no escape lane). IofdFindingKindTest checks it on every reachable state of
     * two configurations.
     */
    static final Set<NetworkModel.Block> FAILURE_FREE_REASONS = kind(NetworkModel.Block.PAUSED,
            NetworkModel.Block.PINNED_TO_FULL);

    /**
     * The bound on a finding's kinds: a deadlock of the design whose every stuck head has a modelled reason (the only
     * deadlocks the rules grant: a dead end with none is {@link ModelEntry.Unexplained}) has a kind that is a
     * non-empty set of the reasons its heads can have, so at a failure-free configuration one of the three non-empty
     * subsets of {@link #FAILURE_FREE_REASONS}. A finding that declares all three has its kinds complete without an
     * exhaustive search; what only the search would add is that its configuration has no unexplained dead end.
     *
     * @param finding a stored deadlock of dft
     * @return whether its configuration has no failure and it declares every non-empty subset of the reasons
     */
    static boolean kindsCompleteByBound(String finding) {
        Params p = new IofdEntry().resolve(finding, Params.empty());
        if (FAILURES.get(p) != 0) {
            return false;
        }
        Set<Set<NetworkModel.Block>> declared = new java.util.HashSet<>(kinds(finding));
        return declared.equals(Set.of(kind(NetworkModel.Block.PAUSED), kind(NetworkModel.Block.PINNED_TO_FULL),
                FAILURE_FREE_REASONS));
    }

    /**
     * The further kinds of a stored deadlock, as {@code fabric}'s ({@code FabricEntry.FURTHER_KINDS}):
     * the other kinds of deadlock the finding's own configuration reaches, each with its shortest
     * trace stored beside the finding's ({@code <finding>-DeadlockFree-<kindTag>.json}, found by
     * breadth-first search for a state with no successor of none of the kinds already known,
     * {@code DeadlockKinds.shortestStuckOfAnotherKind}). With them a finding's kinds are complete:
     * every deadlock of its configuration is of one of them (IofdFindingKindTest). A finding not
     * listed has one kind.
     */
    static final Map<String, List<Set<NetworkModel.Block>>> FURTHER_KINDS = Map.ofEntries(
            Map.entry("dft-one-failure", List.of(kind(NetworkModel.Block.PINNED_TO_FULL))),
            Map.entry("dft-two-background", List.of(kind(NetworkModel.Block.PAUSED),
                    kind(NetworkModel.Block.PINNED_TO_FULL))),
            Map.entry("dft-four-tokens", List.of(kind(NetworkModel.Block.PAUSED),
                    kind(NetworkModel.Block.PINNED_TO_FULL))),
            Map.entry("dft-five-tokens", List.of(kind(NetworkModel.Block.PAUSED),
                    kind(NetworkModel.Block.PINNED_TO_FULL))),
            Map.entry("dft-three-entries-two-background", List.of(kind(NetworkModel.Block.PINNED_TO_FULL),
                    kind(NetworkModel.Block.PAUSED))),
            Map.entry("dft-three-tokens", List.of(kind(NetworkModel.Block.PAUSED, NetworkModel.Block.PINNED_TO_FULL),
                    kind(NetworkModel.Block.PAUSED))),
            Map.entry("dft-three-tokens-three-entries", List.of(kind(NetworkModel.Block.PINNED_TO_FULL),
                    kind(NetworkModel.Block.PAUSED))),
            Map.entry("dft-three-tokens-four-entries", List.of(kind(NetworkModel.Block.PINNED_TO_FULL),
                    kind(NetworkModel.Block.PAUSED))),
            Map.entry("dft-four-tokens-two-background-five-packets", List.of(kind(NetworkModel.Block.PAUSED),
                    kind(NetworkModel.Block.PINNED_TO_FULL))),
            Map.entry("dft-four-tokens-three-background", List.of(kind(NetworkModel.Block.PAUSED),
                    kind(NetworkModel.Block.PINNED_TO_FULL))),
            Map.entry("dft-three-tokens-three-entries-four-packets", List.of(kind(NetworkModel.Block.PINNED_TO_FULL),
                    kind(NetworkModel.Block.PAUSED))));

    /**
     * @param finding a stored deadlock of dft
     * @return its kinds: the one its stored trace ends in, then its further kinds
     */
    static List<Set<NetworkModel.Block>> kinds(String finding) {
        List<Set<NetworkModel.Block>> all = new java.util.ArrayList<>();
        all.add(FINDING_KINDS.get(finding));
        all.addAll(FURTHER_KINDS.getOrDefault(finding, List.of()));
        return all;
    }

    private static Set<NetworkModel.Block> kind(NetworkModel.Block... reasons) {
        return java.util.Collections.unmodifiableSet(java.util.EnumSet.copyOf(List.of(reasons)));
    }

    /**
     * The network model of a check: its own, or for a check whose model wraps it (a test's planted model) the
     * one its variant and parameters build, whose {@link NetworkModel#blocking} reads the same states.
     */
    private NetworkModel network(CheckSpec<?> built) {
        return built.model() instanceof NetworkModel m ? m
                : (NetworkModel) build(built.variant(), Params.of(built.parameters())).model();
    }

    /**
     * Which deadlock a dead end is: its kind (why its stuck head packets cannot move, {@link NetworkModel#blocking})
     * and its identity (the cycle of buffers its heads wait for and the failed element, seed 000 IV-A/IV-C, up to the
     * configuration's symmetries: {@link org.rdmacheck.properties.fabric.DeadlockIdentity}).
     *
     * @param reasons  the kind
     * @param identity the cycle and the failure, in the least image under the configuration's renamings
     */
    public record Deadlock(Set<NetworkModel.Block> reasons, org.rdmacheck.properties.fabric.DeadlockIdentity identity) {

        /** @return e.g. {@code {paused, pinned-to-full} on leaf0->spine1, spine1->leaf0} */
        @Override
        public String toString() {
            return org.rdmacheck.properties.fabric.FabricEntry.kindText(reasons) + " on " + identity;
        }
    }

    /** The renamings of a configuration onto itself (the routes compared, as containment compares them). */
    private static final org.rdmacheck.properties.fabric.NetworkContainment SYMMETRIES =
            new org.rdmacheck.properties.fabric.NetworkContainment(FLOWS.name(), Set.of(), false,
                    p -> networkConfig("dft", p));

    /** A dead end's deadlock ({@link Deadlock}): its kind and its cycle of buffers, up to symmetry. */
    @Override
    public <S> java.util.Optional<Object> violationKind(CheckSpec<S> built, String property, S initial,
                                                         List<org.rdmacheck.model.Transition<S>> steps) {
        S end = steps.isEmpty() ? initial : steps.get(steps.size() - 1).next();
        if (!(end instanceof LayoutState state)) {
            return java.util.Optional.empty();
        }
        NetworkModel m = network(built);
        Set<NetworkModel.Block> why = m.blocking(state);
        int[] v = new int[state.length()];
        state.copyTo(v, 0);
        if (property.equals(DeadlockFreedom.standard().name()) && (why.isEmpty()
                || why.contains(NetworkModel.Block.UNEXPLAINED) || m.someBufferedPacketMoves(v, 0))) {
            // every stored deadlock's kind names a modelled reason per stuck head (kinds(f) is never empty)
            return java.util.Optional.of(new Unexplained("the dead end is not explained by the routing rules ("
                    + (why.isEmpty() ? "no buffered head packet is stuck for a modelled reason"
                    : why.contains(NetworkModel.Block.UNEXPLAINED) ? "a stuck head packet has no modelled reason"
                    : "a buffered head packet has a move by the rules, yet the state has no successor")
                    + "): a fault of the model, not a stored deadlock"));
        }
        return java.util.Optional.of(new Deadlock(why, org.rdmacheck.properties.fabric.DeadlockIdentity
                .of(m, state, e -> SYMMETRIES.symmetriesAt(Params.of(built.parameters()).asMap(), e))));
    }

    @Override
    public <S> java.util.Optional<String> otherKind(CheckSpec<S> built, String property, S end) {
        if (!property.equals(DeadlockFreedom.standard().name()) || !(end instanceof LayoutState state)) {
            return java.util.Optional.empty();
        }
        NetworkModel m = network(built);
        List<String> fs = design(built.variant()) ? containedFindings(Params.of(built.parameters()).asMap())
                : List.of();
        Set<NetworkModel.Block> found = m.blocking(state);
        if (fs.isEmpty() || fs.stream().anyMatch(f -> kinds(f).contains(found))) {
            return java.util.Optional.empty();
        }
        StringBuilder want = new StringBuilder();
        for (String f : fs) {
            for (Set<NetworkModel.Block> k : kinds(f)) {
                want.append(want.isEmpty() ? "" : " or ").append(org.rdmacheck.properties.fabric.FabricEntry
                        .kindText(k)).append(" (").append(f).append(')');
            }
        }
        return java.util.Optional.of(property + " is violated by another deadlock than the stored one"
                + (fs.size() > 1 ? "s" : "") + " this configuration contains: expected the kind " + want
                + " (why the stuck packets cannot move), found "
                + org.rdmacheck.properties.fabric.FabricEntry.kindText(found) + "; the expectation does not cover it");
    }

    /**
     * Per stored deadlock, the parameters a configuration may have more of and still contain it: only where
     * replay proves it (IofdFindingKindTest replays the finding's stored trace at every larger value of each,
     * together, up to each parameter's largest, where it is legal step for step and ends in a deadlock of the
     * finding's kind). Nowhere else: a larger value is another configuration. More tokens change the trace's own
     * steps (every packet carries its tokens, and a head with a token left may deflect where the finding's had
     * none), more background packets or a failure more leave a successor at the trace's end (Background, Fail),
     * and so do more packets where the source ToR's queue has room; a larger queue or threshold is no behaviour of
     * the trace at all. {@code dft-one-message}, {@code dft-one-failure} and {@code dft-two-background} end with
     * the source ToR's queue full,
     * so their extra packets wait at the sender; the traces of {@code dft-one-message}, its two neighbours and
     * {@code dft-three-entries} never need a full DFT (nor those of {@code dft-three-tokens-four-entries} and
     * {@code dft-three-entries-two-background}, whose ends wait on a DFT hit or a head with no token).
     * {@code dft-four-tokens-two-background-five-packets} ends with the source ToR's queue to spine0 full and h1's
     * next packet pinned there by its entry, so more packets wait at the sender; with a free entry its end has a
     * successor. {@code dft-four-tokens-three-background} ends the same way (h1's next packet pinned to leaf1's full
     * queue to spine0, h0's next to leaf0's full queue to spine0), so more packets wait at the sender as well.
     */
    static final Map<String, Set<String>> AT_LEAST = Map.ofEntries(
            Map.entry("dft-one-message", Set.of(PACKETS.name(), DFT.name())),
            Map.entry("dft-one-failure", Set.of(PACKETS.name())),
            Map.entry("dft-three-entries", Set.of(DFT.name())),
            Map.entry("dft-two-background", Set.of(PACKETS.name())),
            Map.entry("dft-one-message-two-tokens", Set.of(PACKETS.name(), DFT.name())),
            Map.entry("dft-one-message-two-background", Set.of(PACKETS.name(), DFT.name())),
            Map.entry("dft-one-message-queue-three", Set.of(PACKETS.name(), DFT.name())),
            Map.entry("dft-one-message-queue-three-one-token", Set.of(PACKETS.name(), DFT.name())),
            Map.entry("dft-three-tokens-four-entries", Set.of(DFT.name())),
            Map.entry("dft-three-entries-two-background", Set.of(DFT.name())),
            Map.entry("dft-four-tokens-two-background-five-packets", Set.of(PACKETS.name())),
            Map.entry("dft-four-tokens-three-background", Set.of(PACKETS.name())));

    /**
     * Parameters the IOFD preset's graph does not read, ignored by the containment rule: the preset marks no
     * ECN ({@code NetworkModel} marks for the fabric only), so {@code ecn} changes no state and no step; it is
     * read only by {@code DeflectionThresholdBelowEcn}, a configuration check listed as structural.
     * IofdFindingKindTest replays every stored trace at the smallest, other and largest {@code ecn}.
     */
    static final Set<String> NOT_IN_GRAPH = Set.of(ECN.name());

    /** The containment rule per finding, up to the fabric's symmetries, routes compared (IOFD has no escape lane). */
    private static final Map<String, org.rdmacheck.properties.fabric.NetworkContainment> CONTAINMENT =
            containments();

    private static Map<String, org.rdmacheck.properties.fabric.NetworkContainment> containments() {
        Map<String, org.rdmacheck.properties.fabric.NetworkContainment> m = new java.util.HashMap<>();
        for (String f : DFT_FINDINGS) {
            m.put(f, new org.rdmacheck.properties.fabric.NetworkContainment(FLOWS.name(),
                    AT_LEAST.getOrDefault(f, Set.of()), false, p -> networkConfig("dft", p)));
        }
        return Map.copyOf(m);
    }

    /**
     * @param finding a stored deadlock
     * @param at      a configuration's resolved parameters
     * @return the finding's configuration as the rule compares it with {@code at}: its own, with {@code at}'s
     *         values of the parameters the graph does not read
     */
    private Map<String, String> findingAt(String finding, Map<String, String> at) {
        Map<String, String> m = new java.util.LinkedHashMap<>(resolve(finding, Params.empty()).asMap());
        for (String k : NOT_IN_GRAPH) {
            if (at.containsKey(k)) {
                m.put(k, at.get(k));
            }
        }
        return m;
    }

    /**
     * The declared rule behind the design's expectations, as for {@code fabric}'s {@code repaired}
     * (docs/fabric.md, "Where the design deadlocks"): a configuration of {@code dft} (or of one of its stored
     * deadlocks) that contains a stored deadlock (the finding's flows and more, at least the finding's values of
     * the parameters of {@link #AT_LEAST}, {@code ecn} free, every other parameter equal) is expected to
     * deadlock; everywhere else every property is expected to hold.
     *
     * @param at resolved parameters
     * @return the findings the configuration contains, smallest first
     */
    List<String> containedFindings(Map<String, String> at) {
        return DFT_FINDINGS.stream().filter(f -> CONTAINMENT.get(f).contains(at, findingAt(f, at))).toList();
    }

    /**
     * @param p resolved parameters of a design variant
     * @return the first finding the configuration contains
     */
    java.util.Optional<String> containedFinding(Params p) {
        return containedFindings(p.asMap()).stream().findFirst();
    }

    /**
     * The implications a configuration's constants keep from ever meeting their antecedent (as the
     * fabric's, docs/fabric.md "Vacuous properties"): reported INCONCLUSIVE (VACUOUS), never VERIFIED.
     */
    static Map<String, String> vacuities(CheckSpec<?> built) {
        Map<String, String> why = new java.util.LinkedHashMap<>();
        if (!(built.model() instanceof NetworkModel m)) {
            return why; // a check of another model built on this entry's expectations (a planted test model)
        }
        org.rdmacheck.model.fabric.FabricConfig c = m.config();
        if (c.failures() == 0) {
            why.put(IofdProperties.IN_ORDER_AFTER_FAILURE, "failures = 0: no delivery follows a failure");
        }
        if (c.flows().stream().noneMatch(org.rdmacheck.model.fabric.Flow::isLong)) {
            why.put(IofdProperties.LONG_FLOWS, "no long flow");
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
        vacuities(built).forEach((p, why) -> notes.add(ExpectationNote.of(ExpectationNote.Expectation.VACUOUS, p,
                " only vacuously here (INCONCLUSIVE, VACUOUS): " + why + " (docs/fabric.md, \"Vacuous properties\")")));
        if (!design(built.variant())) {
            return notes;
        }
        List<String> fs = containedFindings(Params.of(built.parameters()).asMap());
        if (fs.isEmpty()) {
            return notes;
        }
        StringBuilder which = new StringBuilder();
        for (String f : fs) {
            Map<String, String> at = resolve(f, Params.empty()).asMap();
            StringBuilder where = new StringBuilder();
            for (String k : List.of(FLOWS.name(), PACKETS.name(), TOKENS.name(), QUEUE.name(), BACKGROUND.name(),
                    FAILURES.name())) {
                where.append(where.isEmpty() ? "" : " ").append(k).append('=').append(at.get(k));
            }
            Set<String> more = new TreeSet<>(AT_LEAST.getOrDefault(f, Set.of()));
            which.append(which.isEmpty() ? "" : " and ").append(f.equals("dft") ? "dft's defaults" : f)
                    .append(" (").append(where).append(more.isEmpty() ? "" : ", at least its " + String.join(" and ",
                            more)).append(')');
        }
        Set<String> props = new TreeSet<>(STALL);
        props.add(EVENTUALLY_DELIVERED);
        notes.add(new ExpectationNote(ExpectationNote.Expectation.FAILS, List.copyOf(props),
                " here: this configuration contains the stored deadlock"
                + (fs.size() > 1 ? "s" : "") + " of " + which + " (" + (fs.size() > 1 ? "each one's" : "its")
                + " flows and more, every other parameter equal but where stated and ecn, which the preset does not "
                + "read): the design is not deadlock-free there (rule in docs/iofd.md)"));
        return notes;
    }

    /**
     * The parameters whose larger values a stored deadlock's trace is replayed at by the extension rule
     * ({@link #traceExtension}): each is a count the trace's steps carry or use (a packet's tokens, a later
     * packet, a background packet, a table entry, a switch failure), so the trace's actions still name steps at
     * a larger value.
     */
    static final Set<String> EXTENDED = Set.of(PACKETS.name(), TOKENS.name(), BACKGROUND.name(), DFT.name(),
            FAILURES.name());

    /** Action parameters that carry a packet's tokens: at a larger token count they are larger. */
    static final Set<String> SCALED_FIELDS = Set.of("tokens", "tokensLeft");

    /** States the extension's search may store from a replayed finding's last state (per finding). */
    static final long EXTENSION_STATES = 200_000;

    /**
     * The rule by trace extension (docs/iofd.md, "Deadlocks by trace extension"): at a configuration of the
     * design whose flows include a stored deadlock's, with at least its packets, tokens, background packets,
     * DFT entries and failures and every other parameter equal ({@code ecn} free), a deadlock is the finding's when its
     * trace, replayed here by its actions, extends within the bounds to a deadlock of this configuration.
     *
     * @param built a check of the design
     * @return the rule with the findings it may extend here, smallest first; empty for the mutations, for a
     *         knock-out, or where no finding's configuration lies below this one
     */
    @Override
    public java.util.Optional<org.rdmacheck.properties.catalog.TraceExtensionRule> traceExtension(
            CheckSpec<?> built) {
        Map<String, String> at = built.parameters();
        if (!design(built.variant()) || at.containsKey(KNOCKOUT_PARAM)) {
            return java.util.Optional.empty();
        }
        List<String> below = DFT_FINDINGS.stream().filter(f -> org.rdmacheck.properties.catalog.Containment
                .contains(at, findingAt(f, at), FLOWS.name(), EXTENDED)).toList();
        if (below.isEmpty()) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(new org.rdmacheck.properties.catalog.TraceExtensionRule(below,
                DeadlockFreedom.standard().name(), Set.of(DeadlockFreedom.standard().name(), IofdProperties.PROGRESS,
                EVENTUALLY_DELIVERED), SCALED_FIELDS, EXTENSION_STATES));
    }

    /** Name of the liveness property: every message reaches its destination, under fair scheduling. */
    public static final String EVENTUALLY_DELIVERED = "EventuallyDelivered";

    /** Weak fairness of every output queue's head (forwarded or delivered, whatever route it takes). */
    public static final Fairness QUEUES_FAIR = Fairness.weakPer("Forward|Deliver",
            a -> a.name().equals("Forward") || a.name().equals("Deliver"), "arc");

    /** Weak fairness of every sender: a sender that can hand its next packet to its ToR does so. */
    public static final Fairness SENDERS_FAIR = Fairness.weakPer("Send", a -> a.name().equals("Send"), "flow");

    /**
     * {@code <>(every message accepted)} under weak fairness of every sender and every queue head:
     * the scheduler is fair, routing choices, background and failures are free. Unlike
     * {@link IofdProperties#PROGRESS} (a goal that stays reachable) it fails on a message that is
     * deflected for ever (a livelock: {@code unlimited-tokens}); every variant that stalls fails it
     * as well.
     */
    @Override
    @SuppressWarnings("unchecked")
    public java.util.Optional<LivenessSpec<?>> liveness(CheckSpec<?> built) {
        CheckSpec<LayoutState> spec = (CheckSpec<LayoutState>) built;
        NetworkModel m = (NetworkModel) spec.model();
        Liveness<LayoutState> delivered = Liveness.eventually(EVENTUALLY_DELIVERED, s -> s.test(m::allDelivered),
                SENDERS_FAIR, QUEUES_FAIR);
        boolean fails = design(spec.variant()) ? containedFinding(Params.of(spec.parameters())).isPresent()
                : variant(spec.variant()).mustFail().contains(IofdProperties.PROGRESS)
                        || spec.variant().equals("unlimited-tokens");
        return java.util.Optional.of(new LivenessSpec<>(spec, List.of(delivered),
                fails ? Set.of(EVENTUALLY_DELIVERED) : Set.of()));
    }

    /**
     * The IOFD preset of the one network model: one lane (no escape lane), the queue capacity as the
     * PFC pause threshold (a full queue holds its upstream back), the variants as the DFT's rules or
     * its key, the knock-outs as the network model's (back pressure is the PFC pause).
     *
     * @param variant the variant
     * @param p       resolved parameters
     * @return the network model's configuration
     */
    public static org.rdmacheck.model.fabric.FabricConfig networkConfig(String variant, Params p) {
        Topology t = topology(p);
        List<Flow> flows = Flow.parseList(FLOWS.get(p), t.hostCount());
        java.util.Set<FabricOptions.Knockout> off = java.util.EnumSet.noneOf(FabricOptions.Knockout.class);
        for (String k : new IofdEntry().knockouts(p)) {
            off.add(FabricOptions.Knockout.of(k.equals("back-pressure") ? "pfc-pause" : k));
        }
        FabricOptions.DftRules rules = switch (variant) {
            case "no-dft" -> FabricOptions.DftRules.NO_DFT;
            case "overwrite" -> FabricOptions.DftRules.OVERWRITE;
            case "deflect-middle" -> FabricOptions.DftRules.DEFLECT_MIDDLE;
            case "free-on-first" -> FabricOptions.DftRules.FREE_ON_FIRST;
            case "dft", "dft-one-message", "dft-one-message-queue-three", "dft-one-message-queue-three-one-token",
                    "dft-three-tokens-three-entries",
                    "dft-three-tokens-four-entries", "dft-one-failure", "dft-three-tokens", "dft-three-entries",
                    "dft-two-background", "dft-four-packets", "dft-four-tokens", "dft-five-tokens",
                    "dft-three-entries-two-background", "dft-one-message-two-tokens",
                    "dft-four-tokens-two-background-five-packets",
                    "dft-four-tokens-three-background", "dft-three-tokens-three-entries-four-packets",
                    "dft-one-message-two-background", "flow-keyed", "unlimited-tokens" ->
                    FabricOptions.DftRules.DESIGN;
            default -> throw new org.rdmacheck.model.InputException("variant '" + variant + "': expected one of "
                    + String.join(", ", new IofdEntry().variants().stream().map(VariantSpec::name).toList()));
        };
        if (variant.equals("unlimited-tokens")) {
            off.add(FabricOptions.Knockout.TOKEN_SPENDING);
        }
        FabricOptions.DftKey key = variant.equals("flow-keyed") ? FabricOptions.DftKey.MESSAGE
                : FabricOptions.DftKey.MESSAGE_TOKENS;
        FabricOptions o = new FabricOptions(key, FabricOptions.UTurns.ALLOWED, FabricOptions.LaneChange.SILENT,
                FabricOptions.Cleanup.FLUSH, false, null, off, rules, FabricOptions.Preset.IOFD);
        int queue = QUEUE.get(p);
        return new org.rdmacheck.model.fabric.FabricConfig(t, flows, PACKETS.get(p), DFT.get(p), TOKENS.get(p),
                THRESHOLD.get(p), ECN.get(p), queue, queue - 1, BACKGROUND.get(p), FAILURES.get(p), o);
    }

    private static Topology topology(Params p) {
        return TopologySpecs.parse(TOPOLOGY.get(p), MAX_NODES);
    }
}
