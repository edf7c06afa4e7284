package org.rdmacheck.fluid;

/**
 * The solution's recent past, for the delayed terms x(t - τ*) of seed 004 (7)-(9): a ring buffer
 * of accepted step ends (t, y, y') covering at least τ* plus two steps, read back by cubic Hermite
 * interpolation (the continuous output of the method of steps, fourth-order like RK4). Before the
 * first stored point the past is the initial state (nothing was sent before the start).
 * Mutable; owned by one solve.
 */
final class DelayHistory {

    private final int dim;
    private final int capacity;
    private final double[] times;
    private final double[][] states;
    private final double[][] slopes;
    private int newest = -1;
    private int size;
    private long resets;

    /**
     * @param dim      state dimension
     * @param capacity number of step ends to keep
     */
    DelayHistory(int dim, int capacity) {
        this.dim = dim;
        this.capacity = capacity;
        this.times = new double[capacity];
        this.states = new double[capacity][dim];
        this.slopes = new double[capacity][dim];
    }

    /** @return whether nothing is stored yet */
    boolean isEmpty() {
        return size == 0;
    }

    /**
     * @return how often a stored point was replaced (a state reset): interpolated values read
     *         before a reset may differ after it, values read between appends never do
     */
    long resets() {
        return resets;
    }

    /** @return time of the newest stored point */
    double newestTime() {
        return times[newest];
    }

    /** Stores a step end, replacing the newest point if it has the same time (a state reset). */
    void append(double t, double[] y, double[] yDot) {
        if (size > 0 && Math.abs(t - times[newest]) <= 1e-9 * Math.max(1, Math.abs(t))) {
            store(newest, t, y, yDot);
            resets++;
            return;
        }
        newest = (newest + 1) % capacity;
        size = Math.min(size + 1, capacity);
        store(newest, t, y, yDot);
    }

    private void store(int i, double t, double[] y, double[] yDot) {
        times[i] = t;
        System.arraycopy(y, 0, states[i], 0, dim);
        System.arraycopy(yDot, 0, slopes[i], 0, dim);
    }

    /**
     * Interpolates the stored past at time s into {@code out}.
     *
     * @param s   a time not after the newest stored point (the method of steps guarantees this
     *            when the step is at most τ*)
     * @param out receives the state at s
     */
    void at(double s, double[] out) {
        int oldest = (newest - size + 1 + capacity) % capacity;
        if (s <= times[oldest]) {
            if (size < capacity || s >= times[oldest] - 1e-9) {
                System.arraycopy(states[oldest], 0, out, 0, dim);
                return;
            }
            throw new IllegalStateException("delay history too short for t = " + s);
        }
        if (s >= times[newest]) {
            System.arraycopy(states[newest], 0, out, 0, dim);
            return;
        }
        // steps are (nearly) uniform: guess the interval from the newest spacing, then correct
        int prev = (newest - 1 + capacity) % capacity;
        double h = times[newest] - times[prev];
        int back = h > 0 ? (int) ((times[newest] - s) / h) : 0;
        back = Math.max(0, Math.min(back, size - 2));
        int hi = (newest - back + capacity) % capacity;
        while (hi != oldest && times[(hi - 1 + capacity) % capacity] >= s) {
            hi = (hi - 1 + capacity) % capacity;
        }
        while (hi != newest && times[hi] < s) {
            hi = (hi + 1) % capacity;
        }
        hermite((hi - 1 + capacity) % capacity, hi, s, out);
    }

    private void hermite(int lo, int hi, double s, double[] out) {
        double h = times[hi] - times[lo];
        double th = (s - times[lo]) / h;
        double th2 = th * th;
        double th3 = th2 * th;
        double h00 = 2 * th3 - 3 * th2 + 1;
        double h10 = th3 - 2 * th2 + th;
        double h01 = -2 * th3 + 3 * th2;
        double h11 = th3 - th2;
        double[] y0 = states[lo];
        double[] y1 = states[hi];
        double[] f0 = slopes[lo];
        double[] f1 = slopes[hi];
        for (int i = 0; i < dim; i++) {
            out[i] = h00 * y0[i] + h10 * h * f0[i] + h01 * y1[i] + h11 * h * f1[i];
        }
    }
}
