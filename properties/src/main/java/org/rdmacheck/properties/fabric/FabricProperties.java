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

    private static int seq(Action a) {
        return (int) a.params().get("seq");
    }

    private static int expected(FabricState s, Action a) {
        return s.expected().get((int) a.params().get("flow"));
    }
}
