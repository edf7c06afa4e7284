package org.rdmacheck.engine.liveness;

/**
 * The time limit of a liveness check, for its analysis phase: the labelling and the fair-cycle
 * searches call {@link #check()} now and then, and the check ends Inconclusive when it is passed.
 */
final class Deadline {

    /** Thrown when the limit is passed; caught by {@link LivenessChecker}. */
    static final class Passed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Passed() {
            super("time limit reached during the liveness analysis", null, false, false);
        }
    }

    /** No limit. */
    static final Deadline NONE = new Deadline(Long.MAX_VALUE);

    private final long endNanos;

    private Deadline(long endNanos) {
        this.endNanos = endNanos;
    }

    /**
     * @param remainingMillis time left, in milliseconds (at most 0: already passed)
     * @return a deadline that many milliseconds from now
     */
    static Deadline in(long remainingMillis) {
        if (remainingMillis >= Long.MAX_VALUE / 2_000_000) {
            return NONE;
        }
        return new Deadline(System.nanoTime() + Math.max(0, remainingMillis) * 1_000_000);
    }

    /** @throws Passed if the limit is passed */
    void check() {
        if (endNanos != Long.MAX_VALUE && System.nanoTime() - endNanos > 0) {
            throw new Passed();
        }
    }
}
