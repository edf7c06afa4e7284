package org.rdmacheck.model.partition.reference;

import org.rdmacheck.model.partition.PartitionConfig;
import org.rdmacheck.model.partition.PartitionVariant;
import org.rdmacheck.model.partition.SymbolicData;

/**
 * A send work request the sender posted on a QP and whose send completion it has not yet polled
 * (seed 003, Algorithm 1, line 6: the QP is busy until then).
 *
 * @param chunk  the chunk it carries
 * @param landed whether the receiver's NIC has placed it in a receive buffer (its ACK, and so the
 *               send completion, is on the way back); false while it is in flight
 */
public record SendRequest(ChunkMessage chunk, boolean landed) {

    /** @param chunk a chunk  @return a request in flight */
    public static SendRequest inFlight(ChunkMessage chunk) {
        return new SendRequest(chunk, false);
    }

    /** @return the same request once its chunk landed at the receiver */
    public SendRequest land() {
        return new SendRequest(chunk, true);
    }
}
