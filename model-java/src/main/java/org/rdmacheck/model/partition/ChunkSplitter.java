package org.rdmacheck.model.partition;

/**
 * The sender's split function (seed 003, III-B): cuts a transfer of {@code size} bytes into chunks
 * of {@code chunk} bytes (the last one shorter when {@code chunk} does not divide {@code size}) and
 * prefixes each with the custom header (data ID, total size, offset).
 *
 * @param config  the sizes and the data-ID space
 * @param variant which header the sender writes
 */
public record ChunkSplitter(PartitionConfig config, PartitionVariant variant) {

    private int size() {
        return config.size();
    }

    private int chunk() {
        return config.chunk();
    }

    /**
     * @param t a transfer
     * @return the data ID its header carries: {@code t mod ids}, or 0 for every transfer when the
     *         header has no data ID (every chunk looks alike to the receiver)
     */
    public int headerId(int t) {
        return variant == PartitionVariant.NO_DATA_ID ? 0 : config.dataId(t);
    }

    /** @return chunks per transfer, ceil(size / chunk) */
    public int chunkCount() {
        return (size() + chunk() - 1) / chunk();
    }

    /**
     * @param i chunk index
     * @return its payload length: {@code chunk}, or what is left for the last chunk
     */
    public int chunkLength(int i) {
        return Math.min(chunk(), size() - i * chunk());
    }

    /**
     * @param t transfer
     * @param i chunk index
     * @param k byte index in the chunk, below {@link #chunkLength}
     * @return byte k of chunk i of transfer t (its symbolic value, {@link SymbolicData})
     */
    public int payload(int t, int i, int k) {
        return SymbolicData.value(size(), t, i * chunk() + k);
    }
}
