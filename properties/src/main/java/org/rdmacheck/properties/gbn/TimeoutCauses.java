package org.rdmacheck.properties.gbn;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.rdmacheck.model.gbn.GbnConfig;
import org.rdmacheck.model.gbn.GoBackN;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.gbn.LossEvent;
import org.rdmacheck.model.gbn.TimeoutCause;

/**
 * Enumerates every loss pattern after which the ACK timeout fires first, by breadth-first search
 * over the model's states paired with the losses taken so far ({@link FirstTimeoutSearch}), and classifies each into the four
 * causes of seed 002, III-A (or names it as a new cause). Each pattern comes with a shortest trace.
 */
public final class TimeoutCauses {

    private TimeoutCauses() {
    }

    /**
     * @param model the configured model (its loss budget bounds the patterns)
     * @return every pattern that ends in a first timeout, sorted by losses
     */
    public static List<TimeoutPattern> analyse(GoBackN model) {
        return analyse(model, FirstTimeoutSearch.Limit.NONE);
    }

    /**
     * @param model the configured model (its loss budget bounds the patterns)
     * @param limit when to give up
     * @return every pattern that ends in a first timeout, sorted by losses
     * @throws FirstTimeoutSearch.LimitReachedException when the limit stops the search
     */
    public static List<TimeoutPattern> analyse(GoBackN model, FirstTimeoutSearch.Limit limit) {
        Map<String, TimeoutPattern> found = new TreeMap<>();
        new FirstTimeoutSearch<LayoutState, List<LossEvent>>(model, GoBackN.TIMEOUT,
                (from, losses, t) -> withLoss(losses, LossEvent.of(t.action())))
                .run(List.of(), (state, losses, trace) -> found.computeIfAbsent(losses.toString(),
                        k -> pattern(model.config(), losses, trace.get())), limit);
        return List.copyOf(found.values());
    }

    private static List<LossEvent> withLoss(List<LossEvent> losses, LossEvent e) {
        if (e == null) {
            return losses;
        }
        List<LossEvent> l = new ArrayList<>(losses);
        l.add(e);
        Collections.sort(l);
        return List.copyOf(l);
    }

    private static TimeoutPattern pattern(GbnConfig config, List<LossEvent> losses,
                                          FirstTimeoutSearch.Trace<LayoutState> trace) {
        List<TimeoutCause> causes = TimeoutCause.classify(losses, config);
        String name = causes.isEmpty() ? newCauseName(losses, config) : "";
        return new TimeoutPattern(losses, causes, name, trace.initial(), trace.steps());
    }

    /**
     * Names a pattern no seed cause fits.
     *
     * @param losses the losses
     * @param config the configuration
     * @return a short name
     */
    static String newCauseName(List<LossEvent> losses, GbnConfig config) {
        boolean allData = losses.stream().allMatch(e -> e.channel().equals("DATA"));
        if (allData && losses.size() >= 2) {
            return TimeoutCause.NEW_CAUSE_WORDS + " " + losses;
        }
        return "new: " + losses;
    }
}
