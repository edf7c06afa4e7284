package org.rdmacheck.model.partition.sim;

import java.util.List;
import java.util.OptionalDouble;

/**
 * The figures seed 003, IV draws from its sweeps, computed from a {@link TradeoffSweep}'s points:
 * how much several QPs save over one, at how many QPs the gain stops, and how completion time
 * moves with chunk size.
 */
public final class TradeoffFindings {

    private TradeoffFindings() {
    }

    /**
     * @param points  sweep points
     * @param qps     a QP count
     * @param chunk   a chunk size
     * @return the mean completion time there, if swept
     */
    public static OptionalDouble millis(List<TradeoffSweep.Point> points, int qps, int chunk) {
        return points.stream().filter(p -> p.qps() == qps && p.chunkBytes() == chunk)
                .mapToDouble(TradeoffSweep.Point::meanMillis).findFirst();
    }

    /**
     * The paper's headline figure ("the completion time can decrease 81.03% at most"): over the
     * chunk sizes, the largest relative saving of the best QP count over a single QP.
     *
     * @param points sweep points (must include one QP)
     * @return the saving in [0, 1), or NaN without single-QP points
     */
    public static double bestReductionVsSingleQp(List<TradeoffSweep.Point> points) {
        double best = Double.NaN;
        for (TradeoffSweep.Point one : points) {
            if (one.qps() != 1) {
                continue;
            }
            double min = points.stream().filter(p -> p.chunkBytes() == one.chunkBytes())
                    .mapToDouble(TradeoffSweep.Point::meanMillis).min().orElse(one.meanMillis());
            double r = 1 - min / one.meanMillis();
            best = Double.isNaN(best) ? r : Math.max(best, r);
        }
        return best;
    }

    /**
     * Where more QPs stop helping: the least QP count whose completion time is within
     * {@code tolerance} of the best over all QP counts, for one chunk size.
     *
     * @param points    sweep points
     * @param chunk     chunk size
     * @param tolerance e.g. 0.05 for 5%
     * @return the QP count, or -1 if the chunk size was not swept
     */
    public static int saturatingQps(List<TradeoffSweep.Point> points, int chunk, double tolerance) {
        double min = points.stream().filter(p -> p.chunkBytes() == chunk)
                .mapToDouble(TradeoffSweep.Point::meanMillis).min().orElse(Double.NaN);
        return points.stream().filter(p -> p.chunkBytes() == chunk && p.meanMillis() <= (1 + tolerance) * min)
                .mapToInt(TradeoffSweep.Point::qps).min().orElse(-1);
    }

    /**
     * @param points sweep points
     * @param qps    a QP count
     * @return completion time with the largest chunk over that with the smallest (above 1: smaller
     *         chunks finish sooner), NaN if not swept
     */
    public static double largeOverSmallChunk(List<TradeoffSweep.Point> points, int qps) {
        List<TradeoffSweep.Point> row = points.stream().filter(p -> p.qps() == qps).toList();
        if (row.isEmpty()) {
            return Double.NaN;
        }
        TradeoffSweep.Point small = row.stream().min((a, b) -> Integer.compare(a.chunkBytes(), b.chunkBytes())).get();
        TradeoffSweep.Point large = row.stream().max((a, b) -> Integer.compare(a.chunkBytes(), b.chunkBytes())).get();
        return large.meanMillis() / small.meanMillis();
    }
}
