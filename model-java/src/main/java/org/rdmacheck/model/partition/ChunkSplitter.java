package org.rdmacheck.model.partition;

import java.util.ArrayList;
import java.util.List;

/**
 * The sender's split function (seed 003, III-B): cuts a transfer of {@code size} bytes into chunks
 * of {@code chunk} bytes (the last one shorter when {@code chunk} does not divide {@code size}) and
 * prefixes each with the custom header.
 *
 * @param size    bytes per transfer
 * @param chunk   bytes per chunk
 * @param variant which header the sender writes
 */
public record ChunkSplitter(int size, int chunk, PartitionVariant variant) {

    /** Validates sizes. */
    public ChunkSplitter {
        if (size < 1 || chunk < 1) {
            throw new IllegalArgumentException("size and chunk must be positive: " + size + ", " + chunk);
        }
    }

    /** @return chunks per transfer, ceil(size / chunk) */
    public int chunkCount() {
        return (size + chunk - 1) / chunk;
    }

    /**
     * @param i chunk index
     * @return its payload length: {@code chunk}, or what is left for the last chunk
     */
    public int chunkLength(int i) {
        return Math.min(chunk, size - i * chunk);
    }

    /**
     * @param t transfer
     * @param i chunk index
     * @return chunk {@code i} of transfer {@code t} with its header
     */
    public ChunkMessage message(int t, int i) {
        List<Integer> payload = new ArrayList<>();
        for (int k = 0; k < chunkLength(i); k++) {
            payload.add(SymbolicData.value(size, t, i * chunk + k));
        }
        // Without a data ID field every chunk looks alike to the receiver: model it as ID 0.
        int id = variant == PartitionVariant.NO_DATA_ID ? 0 : t;
        return new ChunkMessage(id, size, i * chunk, payload);
    }
}
