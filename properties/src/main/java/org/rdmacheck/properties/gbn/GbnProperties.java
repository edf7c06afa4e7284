package org.rdmacheck.properties.gbn;

import java.util.List;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.gbn.GbnLayout;
import org.rdmacheck.model.gbn.GoBackN;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.Property;
import org.rdmacheck.properties.Reads;

/**
 * What must hold for RoCEv2 loss recovery (seed 002, II-III). Each predicate is written once on the
 * packed values through the model's layout; on a state object it is evaluated on the state's values.
 */
public final class GbnProperties {

    /** In-order, exactly-once delivery to the application. */
    public static final String IN_ORDER = "InOrderExactlyOnce";
    /** The sender never releases a packet the receiver has not received. */
    public static final String NO_UNRECEIVED_RELEASE = "NoUnreceivedRelease";
    /** Completion (all delivered, all acknowledged) is reachable from every state. */
    public static final String PROGRESS = "Completion";
    /** The ACK timeout never fires. */
    public static final String NO_TIMEOUT = "NoTimeout";
    /**
     * The RTO never fires while the receiver waits for a packet other than a message's last one
     * (seed 002, III-A reasons 3 and 4: a gap the receiver knows of, whose NAK was lost or
     * suppressed, or whose retransmission was lost again; III-C: Check-EPSN NAKs it again). A
     * timeout with every packet received (reason 2) or only a message's last packet missing
     * (reason 1) is Send-Twice's business, not this property's.
     */
    public static final String NO_STALLED_GAP = "NoStalledGap";
    /** liveness under fairness: every behaviour fair to the protocol's actions finishes */
    public static final String DELIVERED = "Delivered";

    private GbnProperties() {
    }

    /**
     * @param model the configured model
     * @return the properties, in report order
     */
    public static List<Property<LayoutState>> of(GoBackN model) {
        GbnLayout g = model.fields();
        PackedModel.StateTest released = (s, o) -> g.una.get(s, o) <= g.epsn.get(s, o);
        PackedModel.StateTest done = model::done;
        // the application sees PSN e exactly when the receiver moves EPSN from e to e+1 on receiving
        // packet e; EPSN never moves otherwise, so every PSN is delivered once and in order
        PackedModel.StepTest inOrder = (from, o, action, to) -> {
            int e = g.epsn.get(from, o);
            int after = g.epsn.get(to, 0);
            return after == e || after == e + 1 && GoBackN.isReceiveData(action) && GoBackN.psn(action) == e;
        };
        int total = model.config().total();
        java.util.function.IntPredicate tail = e -> e == total || model.config().isLast(e);
        return List.of(
                new ActionProperty<LayoutState>(IN_ORDER, (from, action, to) -> {
                    int e = from.get(g.epsn);
                    int after = to.get(g.epsn);
                    return after == e || after == e + 1 && action.name().equals("ReceiveData")
                            && action.params().get("psn") instanceof Integer p && p == e;
                }).withPacked(inOrder).withReads(Reads.of(List.of(g.epsn), "ReceiveData")),
                new Invariant<LayoutState>(NO_UNRECEIVED_RELEASE, s -> s.test(released)).withPacked(released)
                        .withReads(Reads.of(List.of(g.una, g.epsn))),
                DeadlockFreedom.standard(),
                new Progress<LayoutState>(PROGRESS, s -> s.test(done)).withPacked(done),
                new ActionProperty<LayoutState>(NO_TIMEOUT, (from, action, to) -> !action.name().equals(GoBackN.TIMEOUT))
                        .withPacked((from, o, action, to) -> !GoBackN.isTimeout(action))
                        .withReads(Reads.of(List.of(), GoBackN.TIMEOUT)),
                new ActionProperty<LayoutState>(NO_STALLED_GAP, (from, action, to) ->
                        !action.name().equals(GoBackN.TIMEOUT) || tail.test(from.get(g.epsn)))
                        .withPacked((from, o, action, to) -> !GoBackN.isTimeout(action)
                                || tail.test(g.epsn.get(from, o)))
                        .withReads(Reads.of(List.of(g.epsn), GoBackN.TIMEOUT)));
    }
}
