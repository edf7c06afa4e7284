package org.rdmacheck.properties.gbn.timed;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.gbn.timed.TimedGoBackN;
import org.rdmacheck.model.gbn.timed.TimedLayout;
import org.rdmacheck.model.layout.LayoutState;

/**
 * What drove a run's transmissions beyond each packet's first, in seed 002's terms: the kind of a
 * {@code GoodputBound} violation, as the rule by trace extension compares it (a stored goodput trace extended
 * at a larger transfer vouches for a violation only if the same mechanisms put the excess on the wire). Read off
 * the run's steps: a {@code Send} of a sequence number below the highest sent is a resend, driven by the last
 * go-back before it (the sender's next sequence number lowered by a {@code ReceiveNak} or by a {@code Timeout});
 * a {@code Send} that puts two copies on the wire is a Send-Twice copy.
 */
public final class TimedGoodputDrivers {

    /** The sender's step that takes a NAK ({@code TimedGoBackN}'s action name). */
    static final String RECEIVE_NAK = "ReceiveNak";

    private TimedGoodputDrivers() {
    }

    /** A mechanism that puts a packet on the wire again. */
    public enum Driver {
        /** seed 002, II-A: a NAK sends the sender back to its PSN, and everything from there is resent */
        GO_BACK_ON_NAK,
        /** seed 002, II-A: the ACK timer expires and the sender resends from its oldest unacknowledged packet */
        GO_BACK_ON_TIMEOUT,
        /** seed 002, III-C (1): Send-Twice's second copy of a last packet */
        SEND_TWICE_COPY;

        /** @return the driver as notes write it, e.g. {@code go-back-on-nak} */
        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * @param model   the timed model the run is of
     * @param initial the run's initial state
     * @param steps   its transitions
     * @return the drivers of its transmissions beyond each packet's first, empty when there are none
     */
    public static Set<Driver> of(TimedGoBackN model, LayoutState initial, List<Transition<LayoutState>> steps) {
        TimedLayout g = model.fields();
        Set<Driver> out = EnumSet.noneOf(Driver.class);
        Driver goBack = null;
        LayoutState before = initial;
        for (Transition<LayoutState> t : steps) {
            LayoutState after = t.next();
            String name = t.action().name();
            if (after.get(g.next) < before.get(g.next)) {
                // a go-back: the sender's next sequence number lowered (by a NAK or the RTO, nothing else)
                goBack = name.equals(TimedGoBackN.TIMEOUT) ? Driver.GO_BACK_ON_TIMEOUT
                        : name.equals(RECEIVE_NAK) ? Driver.GO_BACK_ON_NAK : goBack;
            }
            if (name.equals(TimedGoBackN.SEND)) {
                if (before.get(g.next) < before.get(g.high) && goBack != null) {
                    out.add(goBack);
                }
                if (after.get(g.sent) - before.get(g.sent) > 1) {
                    out.add(Driver.SEND_TWICE_COPY);
                }
            }
            before = after;
        }
        return out;
    }
}
