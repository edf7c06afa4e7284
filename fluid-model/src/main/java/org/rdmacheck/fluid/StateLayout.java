package org.rdmacheck.fluid;

/**
 * Names the indices of the state vector: the bottleneck queue q first, then for each flow group
 * its current rate R_C, target rate R_T and α (seed 004 Table 1). A group stands for
 * {@code multiplicity} identical flows: one group of N is equations (5)-(9); N groups of one are
 * the per-flow form with the queue equation (11).
 */
public final class StateLayout {

    /** index of the queue length q (packets) */
    public static final int QUEUE = 0;
    private static final int PER_GROUP = 3;

    private final int groups;

    /** @param groups number of flow groups (≥ 1) */
    public StateLayout(int groups) {
        if (groups < 1) {
            throw new FluidInputException("flow groups = " + groups + ": expected at least 1");
        }
        this.groups = groups;
    }

    /** @return number of flow groups */
    public int groups() {
        return groups;
    }

    /** @return dimension of the state vector */
    public int dimension() {
        return 1 + PER_GROUP * groups;
    }

    /** @param group group index  @return index of its current rate R_C (packets/µs) */
    public int currentRate(int group) {
        return 1 + PER_GROUP * group;
    }

    /** @param group group index  @return index of its target rate R_T (packets/µs) */
    public int targetRate(int group) {
        return 2 + PER_GROUP * group;
    }

    /** @param group group index  @return index of its α */
    public int alpha(int group) {
        return 3 + PER_GROUP * group;
    }

    /** @param index a state index  @return its name, e.g. {@code q} or {@code Rc[1]} */
    public String name(int index) {
        if (index == QUEUE) {
            return "q";
        }
        int g = (index - 1) / PER_GROUP;
        return switch ((index - 1) % PER_GROUP) {
            case 0 -> "Rc[" + g + "]";
            case 1 -> "Rt[" + g + "]";
            default -> "alpha[" + g + "]";
        };
    }
}
