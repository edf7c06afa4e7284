package org.rdmacheck.model.layout;

import java.util.List;
import java.util.Set;

/**
 * A transition group of a model written on a {@link StateLayout}: the actions of one name, with
 * the slots they may read (their guard and their effect) and the slots they may write. As in
 * LTSmin's PINS dependency matrix, two groups whose footprints do not overlap are independent,
 * which is what partial-order reduction and caching need to know without knowing the model.
 *
 * @param action the name of the group's actions
 * @param reads  the slots its guard and effect read
 * @param writes the slots it may change
 */
public record Footprint(String action, Set<Slot> reads, Set<Slot> writes) {

    /** Copies the sets. */
    public Footprint {
        reads = Set.copyOf(reads);
        writes = Set.copyOf(writes);
    }

    /**
     * @param action the actions' name
     * @param reads  slots read
     * @param writes slots written
     * @return the footprint
     */
    public static Footprint of(String action, List<? extends Slot> reads, List<? extends Slot> writes) {
        return new Footprint(action, Set.copyOf(reads), Set.copyOf(writes));
    }

    /**
     * @param other another group
     * @return whether either writes a slot the other reads or writes (they are then dependent)
     */
    public boolean dependsOn(Footprint other) {
        for (Slot s : writes) {
            if (other.reads.contains(s) || other.writes.contains(s)) {
                return true;
            }
        }
        for (Slot s : other.writes) {
            if (reads.contains(s)) {
                return true;
            }
        }
        return false;
    }
}
