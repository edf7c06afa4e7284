package org.rdmacheck.model.layout;

import java.util.List;
import java.util.Set;

/**
 * A transition group of a model written on a {@link StateLayout}: the actions of one name, with
 * the slots they may read (their guard and their effect) and the slots they may write. As in
 * LTSmin's PINS dependency matrix, two groups whose footprints do not overlap are independent,
 * which is what partial-order reduction and caching need to know without knowing the model.
 *
 * @param action     the name of the group's actions
 * @param reads      the slots its guard and effect read
 * @param writes     the slots it may change
 * @param lastResort whether the group is enabled only in states where no other group is (an
 *                   ACK timeout that fires only when nothing else can happen): a partial-order
 *                   reduction then needs no enabling set for it, since a state's other enabled
 *                   transition it keeps stays enabled (tests check the claim on reachable states)
 */
public record Footprint(String action, Set<Slot> reads, Set<Slot> writes, boolean lastResort) {

    /** Copies the sets. */
    public Footprint {
        reads = Set.copyOf(reads);
        writes = Set.copyOf(writes);
    }

    /**
     * A group that is not a last resort.
     *
     * @param action the actions' name
     * @param reads  slots read
     * @param writes slots written
     */
    public Footprint(String action, Set<Slot> reads, Set<Slot> writes) {
        this(action, reads, writes, false);
    }

    /** @return this group, declared enabled only where no other group is ({@link #lastResort()}) */
    public Footprint asLastResort() {
        return new Footprint(action, reads, writes, true);
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
