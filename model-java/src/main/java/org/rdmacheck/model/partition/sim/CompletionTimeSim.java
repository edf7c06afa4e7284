package org.rdmacheck.model.partition.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * A fluid, event-driven completion-time model of seed 003's multi-QP transfer. Each path's
 * bottleneck and the sender's NIC are shared max-min fairly by the chunks in transmission and the
 * background flows on them. A QP has at most one chunk outstanding: after a chunk's last byte
 * leaves, the QP waits one round trip plus the per-chunk host overhead for the completion, then
 * takes the next chunk (dynamic) or its next pre-assigned chunk (static).
 *
 * <p>Simplification: the equal-cost paths are independent bottlenecks (in a leaf-spine they are
 * link-disjoint between the leaves; in a fat-tree paths through one aggregation switch share its
 * uplink, which this model does not see).
 */
public final class CompletionTimeSim {

    private static final double EPS = 1e-9;

    /**
     * The outcome of one run.
     *
     * @param completionMicros time until the last chunk's completion
     * @param chunksPerQp      chunks each QP carried
     * @param distinctPathsUsed distinct paths the QPs were pinned to
     */
    public record Result(double completionMicros, long[] chunksPerQp, int distinctPathsUsed) {
    }

    private static final class Flow {
        final int qp;          // -1 for background
        final int[] resources;
        double remaining;

        Flow(int qp, int[] resources, double remaining) {
            this.qp = qp;
            this.resources = resources;
            this.remaining = remaining;
        }
    }

    private final SimSettings s;
    private final List<Flow> active = new ArrayList<>();
    private final List<double[]> arrivals = new ArrayList<>(); // {start, path, bytes}
    private final double[] wakeAt;
    private final long[] nextStatic;
    private final long[] carried;
    private long nextDynamic;
    private long completed;
    private double now;

    private CompletionTimeSim(SimSettings s) {
        this.s = s;
        this.wakeAt = new double[s.qps()];
        Arrays.fill(wakeAt, Double.NaN);
        this.nextStatic = new long[s.qps()];
        for (int q = 0; q < s.qps(); q++) {
            nextStatic[q] = q;
        }
        this.carried = new long[s.qps()];
    }

    /**
     * @param settings the experiment
     * @return its outcome
     */
    public static Result run(SimSettings settings) {
        return new CompletionTimeSim(settings).simulate();
    }

    private Result simulate() {
        scheduleBackground();
        for (int q = 0; q < s.qps(); q++) {
            postNext(q);
        }
        int arrival = 0;
        while (completed < s.chunks()) {
            if (Thread.currentThread().isInterrupted()) {
                // a caller's time limit: each event costs O(flows), so large runs must be stoppable
                throw new java.util.concurrent.CancellationException("partition simulation interrupted");
            }
            while (arrival < arrivals.size() && arrivals.get(arrival)[0] <= now + EPS) {
                double[] a = arrivals.get(arrival++);
                active.add(new Flow(-1, new int[] {1 + (int) a[1]}, a[2]));
            }
            double[] rate = rates();
            double dt = arrival < arrivals.size() ? arrivals.get(arrival)[0] - now : Double.POSITIVE_INFINITY;
            for (int i = 0; i < active.size(); i++) {
                if (rate[i] > 0) {
                    dt = Math.min(dt, active.get(i).remaining / rate[i]);
                }
            }
            for (double w : wakeAt) {
                if (!Double.isNaN(w)) {
                    dt = Math.min(dt, w - now);
                }
            }
            advance(Math.max(0, dt), rate);
        }
        return new Result(now, carried.clone(), (int) Arrays.stream(s.qpPath()).distinct().count());
    }

    private void advance(double dt, double[] rate) {
        now += dt;
        List<Flow> still = new ArrayList<>();
        for (int i = 0; i < active.size(); i++) {
            Flow f = active.get(i);
            f.remaining -= rate[i] * dt;
            if (f.remaining > EPS * Math.max(1, rate[i])) {
                still.add(f);
            } else if (f.qp >= 0) {
                wakeAt[f.qp] = now + s.rttMicros() + s.overheadMicros();
            }
        }
        active.clear();
        active.addAll(still);
        for (int q = 0; q < s.qps(); q++) {
            if (!Double.isNaN(wakeAt[q]) && wakeAt[q] <= now + EPS) {
                wakeAt[q] = Double.NaN;
                completed++;
                postNext(q);
            }
        }
    }

    /** Algorithm 1, lines 6-8: the QP's last chunk completed; post the next one, if any. */
    private void postNext(int q) {
        long i;
        if (s.dynamic()) {
            i = nextDynamic < s.chunks() ? nextDynamic++ : -1;
        } else {
            i = nextStatic[q] < s.chunks() ? nextStatic[q] : -1;
            nextStatic[q] += s.qps();
        }
        if (i < 0) {
            return;
        }
        carried[q]++;
        double len = Math.min(s.chunkBytes(), s.dataBytes() - i * s.chunkBytes());
        active.add(new Flow(q, new int[] {0, 1 + s.qpPath()[q]}, len));
    }

    private void scheduleBackground() {
        Random rnd = new Random(s.seed());
        boolean[] used = new boolean[s.equalCostPaths()];
        for (int p : s.qpPath()) {
            used[p] = true;
        }
        for (int b = 0; b < s.backgroundFlows(); b++) {
            double start = rnd.nextDouble() * s.backgroundWindowMicros();
            int path = rnd.nextInt(s.equalCostPaths());
            double bytes = -s.backgroundMeanBytes() * Math.log(1 - rnd.nextDouble());
            if (used[path]) { // flows on paths no QP uses cannot slow the transfer
                arrivals.add(new double[] {start, path, Math.max(1, bytes)});
            }
        }
        arrivals.sort(Comparator.comparingDouble(a -> a[0]));
    }

    private double[] rates() {
        double[] cap = new double[1 + s.equalCostPaths()];
        Arrays.fill(cap, bytesPerMicro(s.pathGbps()));
        cap[0] = bytesPerMicro(s.nicGbps());
        List<int[]> res = new ArrayList<>(active.size());
        active.forEach(f -> res.add(f.resources));
        return MaxMinShare.rates(cap, res);
    }

    /** @param gbps a rate  @return bytes per microsecond */
    static double bytesPerMicro(double gbps) {
        return gbps * 1000 / 8;
    }
}
