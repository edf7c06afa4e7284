package org.rdmacheck.fluid;

import java.util.Arrays;

/**
 * A sampled solution in user units: time (µs), queue (KB), and per group R_C, R_T (Gb/s) and α.
 * Built by {@link Recorder}, which samples at a fixed interval.
 *
 * @param timesMicros sample times
 * @param queueKB     queue length
 * @param rateGbps    [group][sample] current rate R_C
 * @param targetGbps  [group][sample] target rate R_T
 * @param alpha       [group][sample] α
 */
public record Trajectory(double[] timesMicros, double[] queueKB, double[][] rateGbps, double[][] targetGbps,
                         double[][] alpha) {

    /** @return number of samples */
    public int size() {
        return timesMicros.length;
    }

    /** @return number of flow groups */
    public int groups() {
        return rateGbps.length;
    }

    /**
     * @param group group index
     * @param fromMicros window start
     * @param toMicros window end
     * @return mean R_C of the group over samples in [from, to]
     */
    public double meanRateGbps(int group, double fromMicros, double toMicros) {
        return mean(rateGbps[group], fromMicros, toMicros);
    }

    /** @param fromMicros window start  @param toMicros window end  @return mean queue (KB) */
    public double meanQueueKB(double fromMicros, double toMicros) {
        return mean(queueKB, fromMicros, toMicros);
    }

    private double mean(double[] v, double from, double to) {
        double s = 0;
        int n = 0;
        for (int i = 0; i < timesMicros.length; i++) {
            if (timesMicros[i] >= from && timesMicros[i] <= to) {
                s += v[i];
                n++;
            }
        }
        return n == 0 ? Double.NaN : s / n;
    }

    /** Samples the solution every {@code intervalMicros} (the step end at or after each sample time). */
    public static final class Recorder implements StateObserver {
        private final StateLayout layout;
        private final double packetKB;
        private final double interval;
        private double next;
        private int n;
        private double[] t = new double[256];
        private double[] q = new double[256];
        private double[][] rc;
        private double[][] rt;
        private double[][] al;

        /**
         * @param layout         state layout of the problem
         * @param packetKB       packet size, for unit conversion
         * @param intervalMicros sampling interval
         */
        public Recorder(StateLayout layout, double packetKB, double intervalMicros) {
            this.layout = layout;
            this.packetKB = packetKB;
            this.interval = intervalMicros;
            int g = layout.groups();
            rc = new double[g][256];
            rt = new double[g][256];
            al = new double[g][256];
        }

        @Override
        public void observe(double timeMicros, double[] y) {
            if (n > 0 && timeMicros <= t[n - 1]) {
                n--;  // a state reset (flow start) at the same time replaces the sample
            } else if (timeMicros < next - 1e-9) {
                return;
            } else {
                next = timeMicros + interval;
            }
            if (n == t.length) {
                grow();
            }
            t[n] = timeMicros;
            q[n] = Units.packetsToKb(Math.max(y[StateLayout.QUEUE], 0), packetKB);
            for (int j = 0; j < layout.groups(); j++) {
                rc[j][n] = Units.packetsPerMicroToGbps(y[layout.currentRate(j)], packetKB);
                rt[j][n] = Units.packetsPerMicroToGbps(y[layout.targetRate(j)], packetKB);
                al[j][n] = y[layout.alpha(j)];
            }
            n++;
        }

        private void grow() {
            int c = t.length * 2;
            t = Arrays.copyOf(t, c);
            q = Arrays.copyOf(q, c);
            for (int j = 0; j < layout.groups(); j++) {
                rc[j] = Arrays.copyOf(rc[j], c);
                rt[j] = Arrays.copyOf(rt[j], c);
                al[j] = Arrays.copyOf(al[j], c);
            }
        }

        /** @return the samples so far */
        public Trajectory trajectory() {
            int g = layout.groups();
            double[][] a = new double[g][];
            double[][] b = new double[g][];
            double[][] c = new double[g][];
            for (int j = 0; j < g; j++) {
                a[j] = Arrays.copyOf(rc[j], n);
                b[j] = Arrays.copyOf(rt[j], n);
                c[j] = Arrays.copyOf(al[j], n);
            }
            return new Trajectory(Arrays.copyOf(t, n), Arrays.copyOf(q, n), a, b, c);
        }
    }
}
