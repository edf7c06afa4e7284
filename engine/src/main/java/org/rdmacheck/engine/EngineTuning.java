package org.rdmacheck.engine;

/**
 * Memory thresholds of the explorer that depend on the heap's size, with package-private
 * overrides so that tests reach the paths of a large heap's runs (matching candidates early,
 * compact levels from a given level on) on small models. Results never depend on them.
 */
final class EngineTuning {

    /** when at least 0: the bytes of candidates a worker keeps before matching them at once */
    static volatile long candidateBudgetOverride = -1;
    /** when at least 0: the bytes of store and level structures past which levels become compact */
    static volatile long compactAboveOverride = -1;

    /** when positive: the states of a compact frontier's segment, as a power of two */
    static volatile int segmentBitsOverride = -1;

    /** when positive: the entries the one-thread search appends to a level-table stripe before the next */
    static volatile int stripeFillOverride = -1;

    private EngineTuning() {
    }

    /** @return bytes of candidates a worker keeps before it matches them into the level table at once */
    static long candidateBudget(int threads) {
        long o = candidateBudgetOverride;
        // a level's candidates (duplicates included) would otherwise outgrow its distinct new states
        return o >= 0 ? o : Math.max(8L << 20, Runtime.getRuntime().maxMemory() / (32L * threads));
    }

    /** @return the entries appended to a level-table stripe before the next ({@link LevelTable#appendPacked}) */
    static int stripeFill() {
        int o = stripeFillOverride;
        return o > 0 ? o : 1 << LevelTable.LOCAL_BITS;
    }

    /** @return log2 of the states in a segment of a compact level's frontier ({@link PackedStates}) */
    static int segmentBits() {
        int o = segmentBitsOverride;
        return o > 0 ? o : 16;
    }

    /**
     * @return the bytes of store and level structures past which levels become compact: a quarter
     * of the heap limit (levels grow, and with their values the next ones would soon not fit)
     */
    static double compactAbove(double maxHeapFraction) {
        long o = compactAboveOverride;
        return o >= 0 ? o : maxHeapFraction * Runtime.getRuntime().maxMemory() / 4;
    }
}
