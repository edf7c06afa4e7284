package org.rdmacheck.fluid.scenario;

/**
 * Time-weighted statistics of the queue over a window.
 *
 * @param meanKB mean
 * @param stdKB  standard deviation
 * @param minKB  minimum
 * @param maxKB  maximum
 */
public record QueueStats(double meanKB, double stdKB, double minKB, double maxKB) {

    /** Accumulates samples (value, duration) falling in [from, to]. Mutable. */
    static final class Window {
        private final double from;
        private final double to;
        private double sum;
        private double sumSq;
        private double span;
        private double min = Double.POSITIVE_INFINITY;
        private double max = Double.NEGATIVE_INFINITY;

        Window(double fromMicros, double toMicros) {
            this.from = fromMicros;
            this.to = toMicros;
        }

        /** Adds the step (prev, t] with the queue value at t. */
        void add(double prev, double t, double q) {
            double dt = Math.min(t, to) - Math.max(prev, from);
            if (dt <= 0) {
                return;
            }
            sum += q * dt;
            sumSq += q * q * dt;
            span += dt;
            min = Math.min(min, q);
            max = Math.max(max, q);
        }

        /** @param scale multiplier to the output unit  @return the statistics */
        QueueStats stats(double scale) {
            double mean = sum / span;
            double std = Math.sqrt(Math.max(sumSq / span - mean * mean, 0));
            return new QueueStats(mean * scale, std * scale, min * scale, max * scale);
        }
    }
}
