package org.rdmacheck.properties.gbn;

import java.util.List;
import org.rdmacheck.model.gbn.GbnModel;
import org.rdmacheck.model.gbn.GbnPacked;
import org.rdmacheck.model.gbn.GbnState;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.Property;

/** What must hold for RoCEv2 loss recovery (issue: Go-Back-N; seed 002, II-III). */
public final class GbnProperties {

    /** In-order, exactly-once delivery to the application. */
    public static final String IN_ORDER = "InOrderExactlyOnce";
    /** The sender never releases a packet the receiver has not received. */
    public static final String NO_UNRECEIVED_RELEASE = "NoUnreceivedRelease";
    /** Completion (all delivered, all acknowledged) is reachable from every state. */
    public static final String PROGRESS = "Completion";
    /** The ACK timeout never fires. */
    public static final String NO_TIMEOUT = "NoTimeout";
    /** liveness under fairness: every behaviour fair to the protocol's actions finishes */
    public static final String DELIVERED = "Delivered";

    private GbnProperties() {
    }

    /**
     * @param model the configured model
     * @return the properties, in report order
     */
    public static List<Property<GbnState>> of(GbnModel model) {
        int total = model.config().total();
        // each property also on the packed encoding (GbnPacked), for the explorer's packed path
        return List.of(
                new ActionProperty<GbnState>(IN_ORDER, (from, action, to) -> inOrder(from, action.name(),
                        action.params().get("psn"), to)).withPacked(GbnProperties::inOrder),
                new Invariant<GbnState>(NO_UNRECEIVED_RELEASE, s -> s.una() <= s.epsn())
                        .withPacked((s, o) -> GbnPacked.una(s, o) <= GbnPacked.epsn(s, o)),
                DeadlockFreedom.standard(),
                new Progress<GbnState>(PROGRESS, model::done)
                        .withPacked((s, o) -> GbnPacked.una(s, o) == total && GbnPacked.epsn(s, o) == total),
                new ActionProperty<GbnState>(NO_TIMEOUT, (from, action, to) -> !action.name().equals(GbnModel.TIMEOUT))
                        .withPacked((from, o, action, to) -> !GbnPacked.isTimeout(action)));
    }

    /** {@link #inOrder(GbnState, String, Object, GbnState)} on packed states and an action code. */
    static boolean inOrder(int[] from, int offset, long action, int[] to) {
        int e = GbnPacked.epsn(from, offset);
        int after = GbnPacked.epsn(to, 0);
        return after == e || after == e + 1 && GbnPacked.isReceiveData(action) && GbnPacked.psn(action) == e;
    }

    /**
     * The application sees PSN e exactly when the receiver moves EPSN from e to e+1 on receiving
     * packet e; EPSN never moves otherwise, so every PSN is delivered once and in order.
     */
    static boolean inOrder(GbnState from, String action, Object psn, GbnState to) {
        if (to.epsn() == from.epsn()) {
            return true;
        }
        return to.epsn() == from.epsn() + 1 && action.equals("ReceiveData") && psn instanceof Integer p
                && p == from.epsn();
    }
}
