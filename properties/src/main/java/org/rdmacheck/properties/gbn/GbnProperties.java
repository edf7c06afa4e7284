package org.rdmacheck.properties.gbn;

import java.util.List;
import org.rdmacheck.model.gbn.GbnModel;
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
        return List.of(
                new ActionProperty<GbnState>(IN_ORDER, (from, action, to) -> inOrder(from, action.name(),
                        action.params().get("psn"), to)),
                new Invariant<GbnState>(NO_UNRECEIVED_RELEASE, s -> s.una() <= s.epsn()),
                DeadlockFreedom.standard(),
                new Progress<GbnState>(PROGRESS, model::done),
                new ActionProperty<GbnState>(NO_TIMEOUT, (from, action, to) -> !action.name().equals(GbnModel.TIMEOUT)));
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
