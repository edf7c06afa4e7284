package org.rdmacheck.model.partition.sim;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.rdmacheck.model.topology.Topology;

/**
 * The QP-count / chunk-size trade-off of seed 003, IV (Figs. 7-12): completion time of one
 * transfer for every combination of QP count and chunk size, averaged over trials. In trial t the
 * QPs get random source ports (seed + t), QP i keeping its port as the QP count grows, and the
 * background flows are the same for every combination (paired comparison).
 *
 * @param topology        the network
 * @param src             sending host
 * @param dst             receiving host
 * @param hash            the switches' ECMP hash
 * @param dataBytes       bytes per transfer
 * @param chunkSizes      chunk sizes to try
 * @param qpCounts        QP counts to try
 * @param trials          trials per combination
 * @param seed            base seed
 * @param linkGbps        link rate (paths and NIC)
 * @param linkDelayMicros propagation delay per link; the round trip is twice the path's links
 * @param overheadMicros  per-chunk host overhead
 * @param backgroundFlows background flows over the equal-cost paths
 * @param backgroundMeanBytes mean background flow size
 * @param backgroundWindowMicros window in which background flows start
 * @param dynamic         dynamic chunk allocation (true) or static round-robin
 */
public record TradeoffSweep(Topology topology, int src, int dst, EcmpHash hash, long dataBytes,
                            List<Integer> chunkSizes, List<Integer> qpCounts, int trials, long seed, double linkGbps,
                            double linkDelayMicros, double overheadMicros, int backgroundFlows,
                            double backgroundMeanBytes, double backgroundWindowMicros, boolean dynamic) {

    /**
     * One combination's figures.
     *
     * @param qps           QPs
     * @param chunkBytes    chunk size
     * @param distinctPaths mean distinct paths the QPs reached
     * @param meanMillis    mean completion time
     * @param minMillis     least completion time over the trials
     * @param maxMillis     greatest completion time over the trials
     */
    public record Point(int qps, int chunkBytes, double distinctPaths, double meanMillis, double minMillis,
                        double maxMillis) {
    }

    /** Copies the lists. */
    public TradeoffSweep {
        chunkSizes = List.copyOf(chunkSizes);
        qpCounts = List.copyOf(qpCounts);
    }

    /** Told after every simulated trial; returns false to stop the sweep early (a time limit). */
    @FunctionalInterface
    public interface TrialListener {
        /**
         * @param done  trials simulated so far
         * @param total trials of the whole sweep
         * @return whether to go on
         */
        boolean trialDone(long done, long total);
    }

    /** @return one point per (QP count, chunk size), QP count major */
    public List<Point> run() {
        return run((done, total) -> true);
    }

    /**
     * @param listener told after every trial; when it returns false, or when the thread is
     *                 interrupted, the sweep ends at once (the point in progress is dropped)
     * @return one point per (QP count, chunk size) completed, QP count major (all of them unless
     *         the listener stopped the sweep)
     */
    public List<Point> run(TrialListener listener) {
        PathCensus census = new PathCensus(topology, src, dst, hash);
        int paths = (int) Math.min(Integer.MAX_VALUE, new EcmpRouter(topology, dst, hash).equalCostPaths(src));
        int maxQps = qpCounts.stream().mapToInt(Integer::intValue).max().orElse(1);
        List<List<List<Integer>>> routes = new ArrayList<>();
        for (int t = 0; t < trials; t++) {
            routes.add(census.paths(PathCensus.randomPorts(maxQps, new Random(seed + t))));
        }
        double rtt = 2 * (routes.get(0).get(0).size() - 1) * linkDelayMicros;
        List<Point> out = new ArrayList<>();
        long total = (long) qpCounts.size() * chunkSizes.size() * trials;
        long[] done = {0};
        for (int q : qpCounts) {
            for (int c : chunkSizes) {
                java.util.Optional<Point> p;
                try {
                    p = point(q, c, paths, rtt, routes, () -> listener.trialDone(++done[0], total));
                } catch (java.util.concurrent.CancellationException interrupted) {
                    return out;
                }
                if (p.isEmpty()) {
                    return out;
                }
                out.add(p.get());
            }
        }
        return out;
    }

    /** @return the point, or empty if {@code trialDone} said to stop */
    private java.util.Optional<Point> point(int qps, int chunk, int paths, double rtt,
                                            List<List<List<Integer>>> routes,
                                            java.util.function.BooleanSupplier trialDone) {
        double sum = 0;
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        double distinct = 0;
        for (int t = 0; t < trials; t++) {
            int[] qpPath = pathIndices(routes.get(t).subList(0, qps));
            CompletionTimeSim.Result r = CompletionTimeSim.run(new SimSettings(dataBytes, chunk, qpPath, paths,
                    linkGbps, linkGbps, rtt, overheadMicros, backgroundFlows, backgroundMeanBytes,
                    backgroundWindowMicros, dynamic, seed * 31 + t));
            double ms = r.completionMicros() / 1000;
            sum += ms;
            min = Math.min(min, ms);
            max = Math.max(max, ms);
            distinct += r.distinctPathsUsed();
            if (!trialDone.getAsBoolean()) {
                return java.util.Optional.empty();
            }
        }
        return java.util.Optional.of(new Point(qps, chunk, distinct / trials, sum / trials, min, max));
    }

    /** Numbers the distinct paths 0, 1, ... in order of first use. */
    private static int[] pathIndices(List<List<Integer>> qpRoutes) {
        Map<List<Integer>, Integer> index = new HashMap<>();
        int[] out = new int[qpRoutes.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = index.computeIfAbsent(qpRoutes.get(i), k -> index.size());
        }
        return out;
    }
}
