package org.rdmacheck.properties.fabric;

import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.fabric.FabricNet;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.fabric.Route;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.Property;

/**
 * What the composed fabric must guarantee (seed 000 §IV), as named properties of {@link NetworkModel}.
 * Each is written once on the packed values and the action code; on state objects it is evaluated
 * on the state's values and the action's code.
 */
public final class FabricProperties {

    /** No packet reaches its receiver ahead of an earlier packet of its message. */
    public static final String IN_ORDER = "InOrderDelivery";
    /** Before any failure every delivery is exactly the next packet (no loss, no duplicate). */
    public static final String EXACTLY_ONCE = "NoLossNoDuplicationFaultFree";
    /** After a failure, what the receivers accept is still each message in order. */
    public static final String IN_ORDER_AFTER_FAILURE = "InOrderAfterFailure";
    /** No DFT entry remains once every message is delivered. */
    public static final String NO_LEAK = "NoDftLeak";
    /** Every DFT entry belongs to a message still on its way (a packet in flight or still to send):
     * no entry outlives the transmission that allocated it. */
    public static final String NO_STALE = "NoStaleDftEntry";
    /** A packet is ECN-marked on its ECMP port only when deflection was not available to it
     * (seed 000 §IV-B: the light-weight IOFD acts before the heavy-weight ECN response). */
    public static final String DEFLECT_BEFORE_ECN = "DeflectionBeforeEcnMark";
    /** No reachable state has packets in buffers none of which can move (seed 000 §IV-B: the routing
     * deadlock escape lanes exist to prevent; a stall after a discarded packet is not one). */
    public static final String NO_ROUTING_DEADLOCK = "NoRoutingDeadlock";
    /** Non-degeneracy of the lane rule: a congested first packet with a token, a free DFT entry and
     * another port with room is offered a deflection (a rule that keeps Dart's IOFD). */
    public static final String DEFLECTION_OFFERED = "DeflectionOffered";
    /** A switch chooses to deflect only when the packet's ECMP VL1 buffer is at or above the threshold. */
    public static final String ABOVE_THRESHOLD = "DeflectOnlyAboveThreshold";
    /** Every packet is delivered to its own destination host (ToRs never deflect to hosts). */
    public static final String TO_DESTINATION = "DeliveredToDestination";
    /** No packet of a long flow is misrouted. */
    public static final String LONG_FLOWS = "LongFlowsNeverDeflected";
    /** Every misroute spends one of the packet's tokens. */
    public static final String TOKENS = "MisroutesBoundedByTokens";
    /** From every reachable state every message can still be delivered (AG EF). */
    public static final String PROGRESS = "EveryMessageDelivered";

    private FabricProperties() {
    }

    /**
     * @param model the configured model
     * @return every property, in report order
     */
    public static List<Property<LayoutState>> all(NetworkModel model) {
        var topology = model.net().topology();
        var flows = model.config().flows();
        int threshold = model.config().threshold();
        PackedModel.StepTest inOrder = (from, o, code, to) -> !NetworkModel.isDelivery(code)
                || NetworkModel.seq(code) <= model.expected(from, o, NetworkModel.flow(code));
        PackedModel.StepTest exactlyOnce = (from, o, code, to) -> !NetworkModel.isDelivery(code)
                || model.failed(from, o) != FabricNet.NONE
                || NetworkModel.seq(code) == model.expected(from, o, NetworkModel.flow(code));
        PackedModel.StepTest afterFailure = (from, o, code, to) -> !NetworkModel.isDelivery(code)
                || model.failed(from, o) == FabricNet.NONE
                || NetworkModel.seq(code) <= model.expected(from, o, NetworkModel.flow(code));
        PackedModel.StateTest noLeak = (s, o) -> !model.allDelivered(s, o) || model.dftsEmpty(s, o);
        PackedModel.StateTest noStale = model::noStaleEntry;
        PackedModel.StepTest beforeEcn = (from, o, code, to) -> !routed(code)
                || NetworkModel.route(code) != Route.NORMAL || !NetworkModel.ecnMarked(code)
                || !NetworkModel.couldDeflect(code);
        PackedModel.StateTest moves = model::someBufferedPacketMoves;
        PackedModel.StateTest offered = model::deflectionOffered;
        PackedModel.StepTest aboveThreshold = (from, o, code, to) -> !routed(code)
                || NetworkModel.route(code) != Route.ALLOCATE
                || model.occupancy(from, o, model.net().ecmpArc(model.failed(from, o), model.at(code),
                        NetworkModel.flow(code)), 1) >= threshold;
        PackedModel.StepTest toDestination = (from, o, code, to) -> !NetworkModel.isDelivery(code)
                || topology.arcTo(NetworkModel.arc(code)) == flows.get(NetworkModel.flow(code)).dst();
        PackedModel.StepTest longFlows = (from, o, code, to) -> !misroute(code)
                || !flows.get(NetworkModel.flow(code)).isLong();
        PackedModel.StepTest tokens = (from, o, code, to) -> !misroute(code)
                || NetworkModel.tokens(code) >= 1 && NetworkModel.tokensLeft(code) == NetworkModel.tokens(code) - 1;
        PackedModel.StateTest done = model::allDelivered;
        List<Property<LayoutState>> ps = new ArrayList<>();
        ps.add(step(IN_ORDER, model, inOrder));
        ps.add(step(EXACTLY_ONCE, model, exactlyOnce));
        ps.add(step(IN_ORDER_AFTER_FAILURE, model, afterFailure));
        ps.add(new Invariant<LayoutState>(NO_LEAK, s -> s.test(noLeak)).withPacked(noLeak));
        ps.add(new Invariant<LayoutState>(NO_STALE, s -> s.test(noStale)).withPacked(noStale));
        ps.add(step(DEFLECT_BEFORE_ECN, model, beforeEcn));
        ps.add(new Invariant<LayoutState>(NO_ROUTING_DEADLOCK, s -> s.test(moves)).withPacked(moves));
        ps.add(new Invariant<LayoutState>(DEFLECTION_OFFERED, s -> s.test(offered)).withPacked(offered));
        ps.add(step(ABOVE_THRESHOLD, model, aboveThreshold));
        ps.add(step(TO_DESTINATION, model, toDestination));
        ps.add(step(LONG_FLOWS, model, longFlows));
        ps.add(step(TOKENS, model, tokens));
        ps.add(DeadlockFreedom.standard());
        ps.add(new Progress<LayoutState>(PROGRESS, s -> s.test(done)).withPacked(done));
        return ps;
    }

    /** A step property written once on packed values; the object form finds the action's code. */
    private static ActionProperty<LayoutState> step(String name, NetworkModel model, PackedModel.StepTest test) {
        return new ActionProperty<LayoutState>(name, (from, a, to) -> from.test(test, model.code(a), to))
                .withPacked(test);
    }

    private static boolean routed(long code) {
        int k = NetworkModel.kind(code);
        return k == 0 || k == 1;
    }

    private static boolean misroute(long code) {
        return routed(code) && NetworkModel.route(code).misroute();
    }
}
