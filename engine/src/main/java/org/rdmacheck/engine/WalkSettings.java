package org.rdmacheck.engine;

/**
 * Settings of a random-walk search ({@link RandomWalks}), TLC's {@code -simulate} in the explorer:
 * walks from the initial states, each step a successor chosen at random, each walk at most
 * {@code depth} steps long. Walk {@code i} draws its choices from a generator seeded by
 * {@code (seed, i)} alone, so a walk, and a violation it finds, is the same on any machine and for
 * any number of threads.
 *
 * <p>A swarm search (Holzmann, Joshi and Groce, "Swarm verification", ASE 2008) biases each walk
 * differently: every action name is, for that walk, favoured or held back (drawn from the walk's
 * seed and the name), and a walk takes a favoured action 64 times as often as a held-back one.
 * Walks that hold back deliveries and favour sends and background traffic pile packets up in
 * buffers, which uniform walks rarely do; every enabled step stays possible, so a swarm walk is
 * a behaviour of the model as any walk is.
 *
 * @param seed     the seed of the walks
 * @param depth    the most steps of one walk (a walk also ends at a state without successors)
 * @param maxWalks stop after this many walks ({@link Long#MAX_VALUE}: only the time and step limits stop it)
 * @param swarm    whether each walk biases the action names ({@code --search swarm})
 */
public record WalkSettings(long seed, int depth, long maxWalks, boolean swarm) {

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

    /** how much more often a walk of a swarm takes a favoured action than a held-back one */
    static final int FAVOURED = 64;

    /**
     * Uniform walks.
     *
     * @param seed     the seed of the walks
     * @param depth    the most steps of one walk
     * @param maxWalks stop after this many walks
     */
    public WalkSettings(long seed, int depth, long maxWalks) {
        this(seed, depth, maxWalks, false);
    }

    /**
     * @param seed the seed
     * @return uniform walks of the default depth, without a walk limit
     */
    public static WalkSettings seeded(long seed) {
        return new WalkSettings(seed, DEFAULT_DEPTH, Long.MAX_VALUE, false);
    }

    /** @param d the most steps of a walk  @return a copy */
    public WalkSettings withDepth(int d) {
        return new WalkSettings(seed, d, maxWalks, swarm);
    }

    /** @param n the most walks  @return a copy */
    public WalkSettings withMaxWalks(long n) {
        return new WalkSettings(seed, depth, n, swarm);
    }

    /** @param biased whether each walk biases the action names  @return a copy */
    public WalkSettings withSwarm(boolean biased) {
        return new WalkSettings(seed, depth, maxWalks, biased);
    }

    /** @return the search's name: {@code random} or {@code swarm} */
    public String mode() {
        return swarm ? "swarm" : "random";
    }

    /**
     * The weight of an action in one walk of a swarm: {@link #FAVOURED} or 1, drawn from the walk's
     * seed and the action's name alone.
     *
     * @param walkSeed the walk's seed ({@link #walkSeed})
     * @param action   an action name
     * @return its weight in that walk
     */
    static int weight(long walkSeed, String action) {
        long z = walkSeed + (action.hashCode() + 1L) * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        return (z & 1) == 0 ? FAVOURED : 1;
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
