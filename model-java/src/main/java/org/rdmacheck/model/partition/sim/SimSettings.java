package org.rdmacheck.model.partition.sim;

/**
 * One completion-time experiment: a transfer split into chunks over QPs, each QP pinned to one of
 * the equal-cost paths by ECMP.
 *
 * @param dataBytes        bytes to transfer (seed 003, IV: 10 MB)
 * @param chunkBytes       bytes per chunk (seed 003, IV: 1K .. 128K)
 * @param qpPath           for each QP, the index of its path in [0, equalCostPaths)
 * @param equalCostPaths   equal-cost paths between the hosts; background flows spread over all of them
 * @param pathGbps         capacity of each path's bottleneck (seed 003, IV: 40 Gbps)
 * @param nicGbps          capacity of the sender's NIC, shared by all its QPs
 * @param rttMicros        round trip from the end of a chunk's transmission to its completion
 * @param overheadMicros   per-chunk host cost: posting the work request and polling the completion
 * @param backgroundFlows  background flows, each on a uniformly random path
 * @param backgroundMeanBytes mean background flow size (exponentially distributed)
 * @param backgroundWindowMicros background flows start uniformly at random in [0, window)
 * @param dynamic          true: the next chunk goes to whichever QP completes (seed 003, III-B);
 *                         false: chunks are dealt round-robin up front (the static scheme of Fig. 2)
 * @param seed             seed of the background flows
 */
public record SimSettings(long dataBytes, int chunkBytes, int[] qpPath, int equalCostPaths, double pathGbps,
                          double nicGbps, double rttMicros, double overheadMicros, int backgroundFlows,
                          double backgroundMeanBytes, double backgroundWindowMicros, boolean dynamic, long seed) {

    /** Validates ranges. */
    public SimSettings {
        if (dataBytes < 1 || chunkBytes < 1 || qpPath.length < 1 || equalCostPaths < 1) {
            throw new IllegalArgumentException("data, chunk, QPs and paths must be positive");
        }
        for (int p : qpPath) {
            if (p < 0 || p >= equalCostPaths) {
                throw new IllegalArgumentException("QP path " + p + " outside [0, " + equalCostPaths + ")");
            }
        }
        if (!(pathGbps > 0 && nicGbps > 0 && rttMicros >= 0 && overheadMicros >= 0 && backgroundFlows >= 0
                && backgroundMeanBytes > 0 && backgroundWindowMicros > 0)) {
            throw new IllegalArgumentException("rates, sizes and the window must be positive, delays non-negative");
        }
        qpPath = qpPath.clone();
    }

    /** @return QPs */
    public int qps() {
        return qpPath.length;
    }

    /** @return chunks in the transfer */
    public long chunks() {
        return (dataBytes + chunkBytes - 1) / chunkBytes;
    }

    @Override
    public int[] qpPath() {
        return qpPath.clone();
    }
}
