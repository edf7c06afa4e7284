package org.rdmacheck.model.partition.reference;

import org.rdmacheck.model.partition.PartitionConfig;
import org.rdmacheck.model.partition.PartitionVariant;
import org.rdmacheck.model.partition.SymbolicData;

/**
 * A receive completion the receiver has not yet handed to its reordering function: a chunk sitting
 * in the receive buffer of a consumed receive work request (seed 003, Algorithm 2, line 7).
 *
 * @param chunk    what the buffer holds now
 * @param reposted whether the receiver already re-posted the buffer's receive work request
 *                 (Algorithm 2, line 8) before reordering (line 9) copied the chunk out; only
 *                 variant {@code repost-before-consume} does so, and then the NIC may overwrite the
 *                 buffer with the next chunk
 */
public record ReceiveCompletion(ChunkMessage chunk, boolean reposted) {

    /** @param chunk a chunk the NIC placed  @return its completion, buffer not re-posted */
    public static ReceiveCompletion of(ChunkMessage chunk) {
        return new ReceiveCompletion(chunk, false);
    }

    /** @return the same completion with its buffer re-posted */
    public ReceiveCompletion repost() {
        return new ReceiveCompletion(chunk, true);
    }

    /** @param other the chunk the NIC wrote over this one  @return the completion reading it */
    public ReceiveCompletion overwrittenBy(ChunkMessage other) {
        return new ReceiveCompletion(other, reposted);
    }
}
