package org.rdmacheck.model.partition;

/**
 * Sizes of a data-partition configuration (seed 003, III-B).
 *
 * @param size       bytes per transfer
 * @param chunk      bytes per chunk (the last chunk may be shorter)
 * @param qps        queue pairs shared by all transfers
 * @param transfers  transfers the sender carries, one after another per data ID
 * @param ids        size of the data-ID space: transfer {@code t} carries data ID {@code t mod ids},
 *                   so a transfer reuses the ID of transfer {@code t - ids}
 * @param receiveWrs receive work requests (and receive buffers) per QP at the receiver
 * @param errors     QP errors the network may cause (the fault budget)
 */
public record PartitionConfig(int size, int chunk, int qps, int transfers, int ids, int receiveWrs, int errors) {

    /** Validates the sizes. */
    public PartitionConfig {
        if (size < 1 || chunk < 1 || qps < 1 || transfers < 1 || ids < 1 || receiveWrs < 1 || errors < 0) {
            throw new IllegalArgumentException("size, chunk, qps, transfers, ids and receiveWrs must be positive, "
                    + "errors non-negative");
        }
    }

    /**
     * The configuration of the first model: every transfer has its own data ID, one receive work
     * request per QP, no QP errors.
     *
     * @param size      bytes per transfer
     * @param chunk     bytes per chunk
     * @param qps       queue pairs
     * @param transfers transfers
     * @return the configuration
     */
    public static PartitionConfig faultFree(int size, int chunk, int qps, int transfers) {
        return new PartitionConfig(size, chunk, qps, transfers, transfers, 1, 0);
    }

    /** @param t a transfer  @return the data ID it carries */
    public int dataId(int t) {
        return t % ids;
    }
}
