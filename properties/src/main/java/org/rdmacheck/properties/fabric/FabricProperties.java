package org.rdmacheck.properties.fabric;

import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.fabric.DftSlot;
import org.rdmacheck.model.fabric.FabricModel;
import org.rdmacheck.model.fabric.FabricNet;
import org.rdmacheck.model.fabric.FabricState;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.Property;

/** What the composed fabric must guarantee (seed 000 §IV), as named properties of {@link FabricModel}. */
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
    public static List<Property<FabricState>> all(FabricModel model) {
        int packets = model.config().packets();
        List<Property<FabricState>> ps = new ArrayList<>();
        ps.add(new ActionProperty<>(IN_ORDER, (s, a, t) -> !isDelivery(a) || seq(a) <= expected(s, a)));
        ps.add(new ActionProperty<>(EXACTLY_ONCE, (s, a, t) -> !isDelivery(a) || s.failed() != FabricNet.NONE
                || seq(a) == expected(s, a)));
        ps.add(new ActionProperty<>(IN_ORDER_AFTER_FAILURE, (s, a, t) -> !isDelivery(a) || s.failed() == FabricNet.NONE
                || seq(a) <= expected(s, a)));
        ps.add(new Invariant<>(NO_LEAK, s -> !s.allDelivered(packets) || s.dftsEmpty()));
        ps.add(new Invariant<>(NO_STALE, s -> noStale(s, packets)));
        ps.add(new ActionProperty<>(DEFLECT_BEFORE_ECN, (s, a, t) -> !"normal".equals(a.params().get("route"))
                || !(boolean) a.params().get("ecn") || !(boolean) a.params().get("couldDeflect")));
        ps.add(new Invariant<>(NO_ROUTING_DEADLOCK, model::someBufferedPacketMoves));
        ps.add(new Invariant<>(DEFLECTION_OFFERED, model::deflectionOffered));
        ps.add(new ActionProperty<>(ABOVE_THRESHOLD, (s, a, t) -> !"deflect-allocate".equals(a.params().get("route"))
                || model.occupancy(s, model.net().ecmpArc(s.failed(), (int) a.params().get("at"), flow(a)), 1)
                >= model.config().threshold()));
        ps.add(new ActionProperty<>(TO_DESTINATION, (s, a, t) -> !isDelivery(a)
                || model.net().topology().arcTo((int) a.params().get("arc")) == model.config().flows().get(flow(a)).dst()));
        ps.add(new ActionProperty<>(LONG_FLOWS, (s, a, t) -> !isMisroute(a)
                || !model.config().flows().get(flow(a)).isLong()));
        ps.add(new ActionProperty<>(TOKENS, (s, a, t) -> !isMisroute(a)
                || (int) a.params().get("tokens") >= 1
                && (int) a.params().get("tokensLeft") == (int) a.params().get("tokens") - 1));
        ps.add(DeadlockFreedom.standard());
        ps.add(new Progress<>(PROGRESS, s -> s.allDelivered(packets)));
        return ps;
    }

    private static boolean noStale(FabricState s, int packets) {
        for (List<DftSlot> table : s.dft()) {
            for (DftSlot d : table) {
                int sent = s.sent().get(d.flow());
                if (!(sent > 0 && sent < packets) && !s.inFlight(d.flow())) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean isDelivery(Action a) {
        return a.name().equals("Deliver");
    }

    private static boolean isMisroute(Action a) {
        Object r = a.params().get("route");
        return "deflect-allocate".equals(r) || "dft-hit".equals(r);
    }

    private static int flow(Action a) {
        return (int) a.params().get("flow");
    }

    private static int seq(Action a) {
        return (int) a.params().get("seq");
    }

    private static int expected(FabricState s, Action a) {
        return s.expected().get((int) a.params().get("flow"));
    }
}
