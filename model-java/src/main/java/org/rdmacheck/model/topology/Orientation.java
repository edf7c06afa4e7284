package org.rdmacheck.model.topology;

import java.util.Locale;
import org.rdmacheck.model.InputException;

/**
 * How up*&#47;down* routing ({@link UpDown}) orients links: a total order on nodes, and an arc is
 * "up" when it enters a higher node. Because the order is total, a route that never turns from
 * down to up cannot close a cycle (Autonet up*&#47;down*; seed 000 §IV-B cites it as [43]).
 */
public enum Orientation {
    /**
     * By tier (hosts 0, ToR/leaf 1, aggregation/spine 2, core 3), ties broken by distance from a
     * root (the first top-tier node) and then by id: the valley-free routing of Clos fabrics.
     */
    TIER,
    /**
     * By distance from a single root (the first top-tier node), ties broken by id: classic
     * Autonet up*&#47;down*, connected on every connected graph, including fabrics with failed links
     * where {@link #TIER} strands some switches.
     */
    ROOT;

    /**
     * @param text {@code tier} or {@code root}
     * @return the orientation
     * @throws InputException naming the value and the accepted names
     */
    public static Orientation parse(String text) {
        for (Orientation o : values()) {
            if (o.name().equalsIgnoreCase(text)) {
                return o;
            }
        }
        throw new InputException("orientation '" + text + "': expected tier or root");
    }

    /** @return the lower-case name */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
