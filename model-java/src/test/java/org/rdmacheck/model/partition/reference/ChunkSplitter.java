package org.rdmacheck.model.partition.reference;

import org.rdmacheck.model.partition.PartitionConfig;
import org.rdmacheck.model.partition.PartitionVariant;
import org.rdmacheck.model.partition.SymbolicData;

import java.util.ArrayList;
import java.util.List;

/**
 * The sender's split function (seed 003, III-B): cuts a transfer of {@code size} bytes into chunks
 * of {@code chunk} bytes (the last one shorter when {@code chunk} does not divide {@code size}) and
 * prefixes each with the custom header.
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
     * @return chunk {@code i} of transfer {@code t} with its header
     */
    public ChunkMessage message(int t, int i) {
        List<Integer> payload = new ArrayList<>();
        for (int k = 0; k < chunkLength(i); k++) {
            payload.add(SymbolicData.value(size(), t, i * chunk() + k));
        }
        return new ChunkMessage(headerId(t), size(), i * chunk(), payload);
    }
}
