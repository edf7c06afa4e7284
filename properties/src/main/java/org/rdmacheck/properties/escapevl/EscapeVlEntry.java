package org.rdmacheck.properties.escapevl;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.fabric.FabricConfig;
import org.rdmacheck.model.fabric.FabricNet;
import org.rdmacheck.model.fabric.FabricOptions;
import org.rdmacheck.model.fabric.FabricOptions.EscapeRules;
import org.rdmacheck.model.fabric.Flow;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.topology.LeafSpine;
import org.rdmacheck.model.topology.Ring;
import org.rdmacheck.model.topology.Topology;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.Property;
import org.rdmacheck.properties.catalog.Mechanism;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.catalog.ParamSpec;
import org.rdmacheck.properties.catalog.VariantSpec;
import org.rdmacheck.properties.liveness.Fairness;
import org.rdmacheck.properties.liveness.Liveness;
import org.rdmacheck.properties.liveness.LivenessSpec;

/**
 * Catalogue entry {@code escape-vl}: the dynamic escape-lane model (seed 000 §IV-B) on a ring of
 * 3 or 4 switches or a 2x2 leaf-spine with the link leaf0-spine0 failed: the escape-vl preset of the
 * one network model ({@link FabricOptions.Preset#ESCAPE_VL}), its variants as lane rules.
 */
public final class EscapeVlEntry implements ModelEntry {

    /** Default workload per network for the deadlock variants: four one-packet messages. */
    public static final Map<String, String> WORKLOADS = Map.of(
            "ring3", "s0>s2:1,s0>s1:1,s1>s2:1,s2>s1:1",
            "ring4", "s0>s2:1,s2>s0:1,s1>s3:1,s3>s1:1",
            "leafspine", "leaf0>leaf1:1,leaf1>leaf0:1,spine0>leaf0:1,spine1>leaf1:1");

    /** Default workload per network for the ordering variants: a two-packet message and cross traffic. */
    public static final Map<String, String> ORDER_WORKLOADS = Map.of(
            "ring3", "s1>s2:2,s0>s2:1,s2>s1:1",
            "ring4", "s1>s3:2,s0>s2:1,s3>s1:1",
            "leafspine", "leaf1>leaf0:2,spine0>leaf0:1,leaf0>leaf1:1");

    /**
     * @param variant a variant
     * @return whether it is one of the ordering variants
     */
    public static boolean orderVariant(String variant) {
        return variant.equals("lane-change-order") || variant.equals("escape-follow");
    }

    @Override
    public String name() {
        return "escape-vl";
    }

    @Override
    public String description() {
        return "seed 000 IV-B: escape virtual lane vs deflection, finite per-lane buffers with back-pressure";
    }

    private static final ParamSpec.Choice NETWORK = ParamSpec.choice("network", "ring3",
            List.of("ring3", "ring4", "leafspine"), "a ring of 3 or 4 switches, or a 2x2 leaf-spine with leaf0-spine0 "
                    + "failed");
    private static final ParamSpec.Text WORKLOAD = ParamSpec.text("workload", "", "SRC>DST:PACKETS,...",
            "messages (empty: the network's default)");
    private static final ParamSpec.Int CAPACITY = ParamSpec.integer("capacity", 1, 1, 4,
            "packets per (link, lane) buffer");
    private static final ParamSpec.Int TOKENS = ParamSpec.integer("tokens", 1, 0, 4, "deflection tokens per packet");

    private static final ParamSpec.Choice VL1_ROUTES = ParamSpec.choice("vl1-routes", "tree", List.of("tree", "minimal"),
            "VL1's routes: the tree route (up*/down*), or any shortest path (minimal adaptive routing, whose "
                    + "dependencies may form cycles); VL0 keeps up*/down*");

    @Override
    public List<ParamSpec> parameters() {
        return List.of(NETWORK, WORKLOAD, CAPACITY, TOKENS, VL1_ROUTES);
    }

    /**
     * {@link #NO_DUPLICATE} is structural: in every rule of the preset the destination removes the head packet it
     * delivers, so no variant delivers a packet twice. It guards the model's delivery step (seed 000, IV: "none
     * lost, none twice"); a planted double delivery fails it (EscapeVlDuplicateDeliveryTest).
     */
    @Override
    public java.util.Map<String, String> structuralProperties() {
        return java.util.Map.of(NO_DUPLICATE, "every rule removes the head packet it delivers, so no variant delivers "
                + "a packet twice; it guards the model's delivery step (a planted double delivery fails it)");
    }

    @Override
    public List<VariantSpec> variants() {
        return List.of(
                new VariantSpec("dart", "escape VL0 never deflected; deflection on VL1; VL1 -> VL0 only", Set.of()),
                new VariantSpec("one-lane", "a single lane with deflection", Set.of("DeadlockFree", "AllDelivered")),
                // Forced return from VL0 deadlocks: on the ring of 4 the static checker's knot (rdmacheck deadlock
                // --topology ring:n=4,hosts=1 --routing tree-escape-return --orientation root --tokens 1) is 10 full
                // channels, and a 10-packet workload reaches it by injection alone (stored counterexample, 10 steps,
                // 46,906,231 states). The defaults (ring of 3, 4 packets) are too small to show it: the ring of 3 has
                // no knot at all, so DeadlockFree holds there.
                new VariantSpec("escape-return", "a VL0 packet returns to VL1 at its next hop (escape bypasses one"
                        + " hop); holds on the ring of 3, deadlocks on the ring of 4 with 10 packets", Set.of()),
                new VariantSpec("unlimited-tokens", "Dart's lanes, but a deflection spends no token: still "
                        + "deadlock-free, and a packet may be deflected for ever (livelock)", Set.of()),
                new VariantSpec("escape-deflect", "the escape lane deflects too", Set.of("DeadlockFree", "AllDelivered")),
                new VariantSpec("lane-change-order", "no deflection; a blocked packet moves to VL0: can a message reorder?",
                        Set.of("InOrderDelivery")),
                new VariantSpec("escape-follow", "no deflection; the first packet of a message to take VL0 is its oldest in"
                        + " flight and records the switch; later packets take VL0 there", Set.of()));
    }

    /**
     * Knock-out switch names and the network model's switches: no move to VL0 leaves the escape lane
     * unused, which is the network model's escape lane knocked out.
     */
    private static final Map<String, FabricOptions.Knockout> SWITCHES = Map.of(
            "escape-move", FabricOptions.Knockout.ESCAPE_LANE,
            "updown-vl0", FabricOptions.Knockout.UPDOWN_VL0,
            "escape-follow", FabricOptions.Knockout.ESCAPE_FOLLOW,
            "no-return-from-vl0", FabricOptions.Knockout.NO_RETURN_FROM_VL0);

    private static Set<FabricOptions.Knockout> knockoutSet(Set<String> names) {
        Set<FabricOptions.Knockout> out = java.util.EnumSet.noneOf(FabricOptions.Knockout.class);
        names.forEach(n -> out.add(SWITCHES.get(n)));
        return out;
    }

    /**
     * The escape lane's mechanisms (seed 000 §IV-B). The move to the escape lane is what breaks the
     * deflection deadlocks of {@code one-lane}; up*&#47;down* on VL0 is what makes the escape lane
     * itself free of cycles (a ring of 4 with minimal routing on VL0 has the clockwise cycle); the
     * order-restoring rule is what keeps a message in order across lane changes.
     */
    @Override
    public List<Mechanism> mechanisms() {
        return List.of(
                new Mechanism("escape-move", "move to the escape lane", "seed 000, IV-B", "DeadlockFree", "dart",
                        Map.of(), "a blocked VL1 packet never moves to VL0 (deflection on VL1 only)"),
                new Mechanism("updown-vl0", "up*/down* routing on the escape lane VL0", "seed 000, IV-B", "DeadlockFree",
                        "dart", Map.of("network", "ring4", "tokens", "0"),
                        "VL0 routes on any shortest path (minimal adaptive) instead of the up*/down* tree"),
                new Mechanism("escape-follow", "later packets follow their message onto the escape lane",
                        "seed 000, IV-B (order across lanes)", "InOrderDelivery", "escape-follow", Map.of(),
                        "the order-restoring rule is dropped: any packet may move to VL0 (lane-change-order's rule)"),
                // seed 000, IV-B: "flows that traverse the escape VLs never flow back to non-escape VLs". On the
                // variant that keeps order, a packet back on VL1 can overtake its message's packets still on VL0
                new Mechanism("no-return-from-vl0", "flows that traverse the escape VLs never flow back",
                        "seed 000, IV-B", "InOrderDelivery", "escape-follow", Map.of(),
                        "a VL0 packet may go back to VL1 on its tree route"));
    }

    /**
     * @param variant a variant
     * @return its lane rules (VL1 on the tree route)
     */
    static EscapeRules rules(String variant) {
        return switch (variant) {
            // deflectVl1, deflectVl0, toEscape, fromEscape, followEscape, tokenCost, minimal VL1
            case "dart" -> new EscapeRules(true, false, true, false, false, 1, false);
            case "one-lane" -> new EscapeRules(true, false, false, false, false, 1, false);
            case "escape-return" -> new EscapeRules(true, false, true, true, false, 1, false);
            case "escape-deflect" -> new EscapeRules(true, true, true, false, false, 1, false);
            case "unlimited-tokens" -> new EscapeRules(true, false, true, false, false, 0, false);
            case "lane-change-order" -> new EscapeRules(false, false, true, false, false, 1, false);
            case "escape-follow" -> new EscapeRules(false, false, true, false, true, 1, false);
            default -> throw new InputException("unknown variant '" + variant + "' for escape-vl");
        };
    }

    /**
     * A switch network of the model: its topology and the links failed from the start.
     *
     * @param topology the topology
     * @param failed   names of its failed links ({@code A-B})
     */
    public record Net(Topology topology, List<String> failed) {
        /** @return the network's name */
        public String name() {
            return topology.name() + (failed.isEmpty() ? "" : " fail " + String.join(",", failed));
        }
    }

    /**
     * @param network ring3, ring4 or leafspine
     * @return the switch network
     */
    public static Net network(String network) {
        return switch (network) {
            case "ring3" -> new Net(Ring.build(3, 0), List.of());
            case "ring4" -> new Net(Ring.build(4, 0), List.of());
            case "leafspine" -> new Net(LeafSpine.build(2, 2, 1), List.of("leaf0-spine0"));
            default -> throw new InputException("network = '" + network + "': expected ring3, ring4 or leafspine");
        };
    }

    /**
     * Parses {@code SRC>DST:PACKETS} items separated by commas (e.g. {@code s1>s2:2,s2>s1:1}): one
     * message each, from a source switch to a destination switch; packet ids run message by message.
     *
     * @param text    the workload
     * @param network the network naming the switches
     * @return the messages, each with its own length
     * @throws InputException for a malformed item, an unknown switch, a message to itself or more than 12 packets
     */
    public static List<Flow> workload(String text, Net network) {
        Topology t = network.topology();
        List<Flow> flows = new ArrayList<>();
        int packets = 0;
        for (String item : text.split(",", -1)) {
            String it = item.trim();
            int gt = it.indexOf('>');
            int colon = it.indexOf(':');
            if (gt <= 0 || colon < gt) {
                throw new InputException("workload item '" + it + "': expected SRC>DST:PACKETS");
            }
            int src = switchId(it.substring(0, gt), network);
            int dst = switchId(it.substring(gt + 1, colon), network);
            int count;
            try {
                count = Integer.parseInt(it.substring(colon + 1));
            } catch (NumberFormatException e) {
                count = -1;
            }
            if (count < 1 || src == dst) {
                throw new InputException("workload item '" + it + "': expected distinct switches and PACKETS >= 1");
            }
            packets += count;
            flows.add(new Flow(src, dst, false, count));
        }
        if (packets > 12) {
            throw new InputException("workload '" + text + "': " + packets + " packets, expected at most 12");
        }
        return flows;
    }

    private static int switchId(String name, Net network) {
        Topology t = network.topology();
        for (int v = 0; v < t.nodeCount(); v++) {
            if (!t.isHost(v) && t.nodeName(v).equals(name)) {
                return v;
            }
        }
        throw new InputException("switch '" + name + "': not in " + network.name());
    }

    /**
     * The escape-vl preset of the one network model: buffers of {@code capacity} packets (the PFC
     * pause at capacity, no hysteresis: credit back-pressure), no background, no failure, no
     * threshold, the variant's lane rules, VL1 on the tree or minimal routes, a DFT entry per message
     * per switch for the order-restoring rule's records.
     *
     * @param variant the variant
     * @param p       resolved parameters
     * @return the network model's configuration
     */
    public static FabricConfig networkConfig(String variant, Params p) {
        Net net = network(NETWORK.get(p));
        String wl = WORKLOAD.get(p);
        return config(net, variant, wl.isEmpty() ? (orderVariant(variant) ? ORDER_WORKLOADS : WORKLOADS)
                .get(NETWORK.get(p)) : wl, CAPACITY.get(p), TOKENS.get(p), VL1_ROUTES.get(p).equals("minimal"),
                knockoutSet(new EscapeVlEntry().knockouts(p)));
    }

    /**
     * The escape-vl preset on any switch network.
     *
     * @param net       the network
     * @param variant   the variant (its lane rules)
     * @param workload  {@code SRC>DST:PACKETS,...}
     * @param capacity  packets per (arc, lane) buffer
     * @param tokens    deflection tokens per packet
     * @param minimal   whether VL1 routes on every shortest path instead of the tree
     * @param knockouts the mechanisms switched off
     * @return the network model's configuration
     */
    public static FabricConfig config(Net net, String variant, String workload, int capacity, int tokens,
                                      boolean minimal, Set<FabricOptions.Knockout> knockouts) {
        List<Flow> flows = workload(workload, net);
        EscapeRules r = rules(variant);
        if (minimal) {
            r = new EscapeRules(r.deflectVl1(), r.deflectVl0(), r.toEscape(), r.fromEscape(), r.followEscape(),
                    r.tokenCost(), true);
        }
        int packets = flows.stream().mapToInt(Flow::packets).max().orElse(1);
        FabricOptions o = FabricOptions.escapeVl(r, !variant.equals("one-lane"), knockouts);
        return new FabricConfig(net.topology(), flows, packets, r.followEscape() ? flows.size() : 0, tokens,
                1, 1, capacity, capacity - 1, 0, 0, o, net.failed());
    }

    @Override
    public CheckSpec<LayoutState> build(String variant, Params params) {
        variant(variant);
        Params p = resolve(params);
        NetworkModel model = new NetworkModel(networkConfig(variant, p));
        return new CheckSpec<>(name(), variant, p.asMap(), model, properties(model, variant),
                variant(variant).mustFail());
    }

    /** Name of the safety property: no packet is delivered twice. */
    public static final String NO_DUPLICATE = "NoDuplicateDelivery";

    /**
     * The preset's properties, in report order: deadlock freedom, progress, no packet delivered twice
     * (every variant), and on the ordering variants delivery in order.
     *
     * @param model   the escape-vl preset of the network model (a test may plant a bug in it)
     * @param variant its variant
     * @return the properties
     */
    public static List<Property<LayoutState>> properties(NetworkModel model, String variant) {
        List<Property<LayoutState>> props = new ArrayList<>();
        props.add(DeadlockFreedom.standard());
        PackedModel.StateTest done = model::allDelivered;
        props.add(new Progress<LayoutState>("AllDelivered", s -> s.test(done)).withPacked(done));
        // seed 000 IV-A/B: "none twice". A Deliver step whose packet the pre-state already records as
        // delivered: the fabric's and IOFD's NoLossNoDuplicationFaultFree in the same form (the
        // Deliver step against the pre-state's delivery record), on the preset's record of one bit per
        // packet, which a second delivery leaves as it was (so no state property can see it)
        PackedModel.StepTest once = (from, o, code, to) -> !NetworkModel.isDelivery(code)
                || !model.delivered(from, o, NetworkModel.flow(code), NetworkModel.seq(code));
        props.add(new ActionProperty<LayoutState>(NO_DUPLICATE, (from, a, to) -> {
            if (!a.name().equals("Deliver")) {
                return true;
            }
            int packet = (Integer) a.params().get("packet");
            return !from.test((s, o) -> model.delivered(s, o, model.flowOfPacket(packet), model.seqOfPacket(packet)));
        }).withPacked(once));
        if (orderVariant(variant)) {
            // a packet is delivered only after every earlier packet of its message
            PackedModel.StepTest inOrder = (from, o, code, to) -> !NetworkModel.isDelivery(code)
                    || model.earlierDelivered(from, o, NetworkModel.flow(code), NetworkModel.seq(code));
            props.add(new ActionProperty<LayoutState>("InOrderDelivery", (from, a, to) -> {
                if (!a.name().equals("Deliver")) {
                    return true;
                }
                int packet = (Integer) a.params().get("packet");
                return from.test((s, o) -> model.earlierDelivered(s, o, model.flowOfPacket(packet),
                        model.seqOfPacket(packet)));
            }).withPacked(inOrder));
        }
        return props;
    }

    /** Name of the liveness property: every packet is eventually delivered, under fair scheduling. */
    public static final String EVENTUALLY_DELIVERED = "EventuallyDelivered";

    /** Weak fairness of every packet: a packet that can move (be injected, forwarded, deflected, delivered) does. */
    public static final Fairness PACKETS_FAIR = Fairness.weakPer("every move", a -> true, "packet");

    /**
     * {@code <>(all delivered)} under weak fairness of every packet: freedom from livelock as well
     * as from deadlock, the routing choice (forward, deflect, escape) left free. Variants that
     * deadlock fail it; {@code unlimited-tokens} fails it with a packet deflected for ever.
     */
    @Override
    @SuppressWarnings("unchecked")
    public java.util.Optional<LivenessSpec<?>> liveness(CheckSpec<?> built) {
        CheckSpec<LayoutState> spec = (CheckSpec<LayoutState>) built;
        NetworkModel m = (NetworkModel) spec.model();
        Liveness<LayoutState> delivered = Liveness.eventually(EVENTUALLY_DELIVERED, s -> s.test(m::allDelivered),
                PACKETS_FAIR);
        boolean fails = variant(spec.variant()).mustFail().contains("AllDelivered")
                || m.config().options().escapeRules().tokenCost() == 0 && m.config().tokens() > 0;
        return java.util.Optional.of(new LivenessSpec<>(spec, List.of(delivered),
                fails ? Set.of(EVENTUALLY_DELIVERED) : Set.of()));
    }

    /**
     * The networks and default workloads of the TLA+ twin (specs/escape-vl/EscapeVlNets.tla):
     * {@code ring3}, {@code ring4} (the up*&#47;down* knock-out's network), {@code leafspine} and their
     * ordering workloads {@code ring3order}, {@code ring4order}, {@code leafspineorder}.
     *
     * @return name to (network, workload)
     */
    public static Map<String, Map.Entry<FabricNet, List<Flow>>> tlaNets() {
        Map<String, Map.Entry<FabricNet, List<Flow>>> m = new java.util.LinkedHashMap<>();
        for (String net : List.of("ring3", "ring4", "leafspine")) {
            Net n = network(net);
            for (String name : List.of(net, net + "order")) {
                List<Flow> flows = workload((name.endsWith("order") ? ORDER_WORKLOADS : WORKLOADS).get(net), n);
                m.put(name, Map.entry(new FabricNet(n.topology(), flows, n.failed()), flows));
            }
        }
        return m;
    }

    @Override
    public List<Run> allRuns() {
        List<Run> runs = new ArrayList<>();
        for (VariantSpec v : variants()) {
            runs.add(new Run(v.name(), Params.of(Map.of("network", "ring3"))));
        }
        // the leaf-spine with a failed link: the variants that hold (must-fail ones would overwrite
        // the ring's counterexample files; the agreement test checks them on this network)
        for (String v : List.of("dart", "escape-return", "escape-follow")) {
            runs.add(new Run(v, Params.of(Map.of("network", "leafspine"))));
        }
        return runs;
    }
}
