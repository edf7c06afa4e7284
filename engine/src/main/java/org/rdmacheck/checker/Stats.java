package org.rdmacheck.checker;

/**
 * Statistics of one check.
 *
 * @param checker              which checker produced them ({@code explorer}, {@code tlc}, ...)
 * @param distinctStates       distinct states found
 * @param transitions          transitions (successor states generated, duplicates included)
 * @param depth                number of breadth-first levels reached (initial states are level 1, as in TLC)
 * @param wallMillis           wall-clock time
 * @param threads              worker threads used
 * @param collisionProbability optimistic probability that a fingerprint collision hid a state
 *                             (TLC's estimate n·(g−n)/2^64); 0 when full states were stored, NaN if unknown
 */
public record Stats(String checker, long distinctStates, long transitions, int depth, long wallMillis, int threads,
                    double collisionProbability) {

    /**
     * @param checker checker name
     * @return statistics of a check that explored nothing
     */
    public static Stats empty(String checker) {
        return new Stats(checker, 0, 0, 0, 0, 0, Double.NaN);
    }

    /** @return distinct states per second of wall time */
    public double statesPerSecond() {
        return wallMillis <= 0 ? distinctStates * 1000.0 : distinctStates * 1000.0 / wallMillis;
    }

    /**
     * TLC's optimistic fingerprint-collision estimate for n distinct states out of g generated.
     *
     * @param distinct  n
     * @param generated g
     * @return n·(g−n)/2^64
     */
    public static double fingerprintCollisionBound(long distinct, long generated) {
        return (double) distinct * (double) Math.max(0, generated - distinct) / 18446744073709551616.0;
    }
}
