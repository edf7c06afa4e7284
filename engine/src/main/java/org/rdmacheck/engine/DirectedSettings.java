package org.rdmacheck.engine;

/**
 * Settings of a directed search ({@link DirectedSearch}): best-first by the model's
 * {@link org.rdmacheck.model.SearchHeuristic}, with a store of visited states.
 *
 * @param seed  orders the successors of each state before they join the open list (states of equal
 *              score are then taken in a different order per seed); the same seed gives the same
 *              search on any machine
 * @param depth the most steps of a path: a state reached in this many steps is checked, not expanded
 */
public record DirectedSettings(long seed, int depth) {

    /** the paths' length when none is given: as random walks' ({@link WalkSettings#DEFAULT_DEPTH}) */
    public static final int DEFAULT_DEPTH = WalkSettings.DEFAULT_DEPTH;

    /** Validates ranges. */
    public DirectedSettings {
        if (depth < 1) {
            throw new IllegalArgumentException("depth = " + depth + ": expected at least 1");
        }
    }

    /**
     * @param seed the seed
     * @return a search of that seed with paths of the default length
     */
    public static DirectedSettings seeded(long seed) {
        return new DirectedSettings(seed, DEFAULT_DEPTH);
    }

    /** @return the search's name, {@code directed} */
    public String mode() {
        return "directed";
    }

    /**
     * The generator seed for the successors of one state: the run's seed and the state's
     * fingerprint mixed (SplitMix64's finaliser).
     *
     * @param fingerprint the state's fingerprint
     * @return its generator's seed
     */
    long stateSeed(long fingerprint) {
        long z = seed * 0x9E3779B97F4A7C15L + fingerprint;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
