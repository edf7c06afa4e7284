package org.rdmacheck.properties.gbn;

import java.util.List;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.gbn.LossEvent;
import org.rdmacheck.model.gbn.TimeoutCause;

/**
 * A loss pattern after which the ACK timeout fires, with its classification and a shortest trace.
 *
 * @param losses   the packets lost before the timeout, sorted
 * @param causes   the seed 002 causes it exhibits (empty: a new cause)
 * @param newCause a name for the pattern when no seed cause fits, empty otherwise
 * @param initial  the trace's initial state
 * @param trace    the steps from the initial state; the last one is the Timeout
 */
public record TimeoutPattern(List<LossEvent> losses, List<TimeoutCause> causes, String newCause, LayoutState initial,
                             List<Transition<LayoutState>> trace) {
    /** Copies the lists. */
    public TimeoutPattern {
        losses = List.copyOf(losses);
        causes = List.copyOf(causes);
        trace = List.copyOf(trace);
    }

    /** @return whether no seed 002 cause fits */
    public boolean isNewCause() {
        return causes.isEmpty();
    }

    /** @return the classification as text: the seed causes joined with "+", or the new cause */
    public String label() {
        if (causes.isEmpty()) {
            return newCause;
        }
        StringBuilder sb = new StringBuilder();
        for (TimeoutCause c : causes) {
            sb.append(sb.length() == 0 ? "" : " + ").append(c.words());
        }
        return sb.toString();
    }
}
