package org.rdmacheck.engine;

/**
 * Settings of a random-walk search ({@link RandomWalks}), TLC's {@code -simulate} in the explorer:
 * walks from the initial states, each step a successor chosen at random, each walk at most
 * {@code depth} steps long. Walk {@code i} draws its choices from a generator seeded by
 * {@code (seed, i)} alone, so a walk, and a violation it finds, is the same on any machine and for
 * any number of threads.
 *
 * @param seed     the seed of the walks
 * @param depth    the most steps of one walk (a walk also ends at a state without successors)
 * @param maxWalks stop after this many walks ({@link Long#MAX_VALUE}: only the time and step limits stop it)
 */
public record WalkSettings(long seed, int depth, long maxWalks) {

    /** the walks' length when none is given: ten times the depth of the stored fabric deadlocks */
    public static final int DEFAULT_DEPTH = 200;

    /** Validates ranges. */
    public WalkSettings {
        if (depth < 1) {
            throw new IllegalArgumentException("depth = " + depth + ": expected at least 1");
        }
        if (maxWalks < 1) {
            throw new IllegalArgumentException("maxWalks = " + maxWalks + ": expected at least 1");
        }
    }

    /**
     * @param seed the seed
     * @return walks of the default depth, without a walk limit
     */
    public static WalkSettings seeded(long seed) {
        return new WalkSettings(seed, DEFAULT_DEPTH, Long.MAX_VALUE);
    }

    /** @param d the most steps of a walk  @return a copy */
    public WalkSettings withDepth(int d) {
        return new WalkSettings(seed, d, maxWalks);
    }

    /** @param n the most walks  @return a copy */
    public WalkSettings withMaxWalks(long n) {
        return new WalkSettings(seed, depth, n);
    }

    /**
     * The seed of one walk: the run's seed and the walk's number mixed (SplitMix64's finaliser),
     * so that neighbouring walks draw unrelated choices.
     *
     * @param walk the walk's number, from 0
     * @return its generator's seed
     */
    public long walkSeed(long walk) {
        long z = seed * 0x9E3779B97F4A7C15L + (walk + 1) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
