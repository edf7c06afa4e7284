package org.rdmacheck.model.partition;

import java.util.Arrays;
import java.util.stream.Collectors;
import org.rdmacheck.model.InputException;

/**
 * Configurations of the data-partition protocol (seed 003, III-B). The first is the design as the
 * paper describes it; the others are the mistakes the custom header is there to prevent.
 */
public enum PartitionVariant {
    /** The custom header carries data ID, total size and offset; the receiver places by offset. */
    PAPER("paper"),
    /** The header carries no data ID: the receiver reassembles every chunk into one buffer. */
    NO_DATA_ID("no-data-id"),
    /** The receiver ignores the header offset and appends chunks in arrival order. */
    ARRIVAL_OFFSET("arrival-offset"),
    /** The receiver handles every chunk as full-size, including a shorter last chunk. */
    LAST_CHUNK_FULL_SIZE("last-chunk-full-size"),
    /** The sender posts on a QP without waiting for its last completion (up to two outstanding). */
    NO_COMPLETION_WAIT("no-completion-wait"),
    /**
     * The receiver re-posts a receive work request as soon as it sees its completion (Algorithm 2,
     * line 8 taken literally before line 9) with the same buffer, before reordering copied the
     * chunk out: the NIC may write the next chunk over it.
     */
    REPOST_BEFORE_CONSUME("repost-before-consume"),
    /** The receiver never re-posts a receive work request (Algorithm 2 without line 8). */
    NO_RECEIVE_REPOST("no-receive-repost"),
    /**
     * A QP error may also strike after the chunk landed, while its ACK is on the way (a lost ACK
     * exhausts the retry count just as a lost chunk does); the sender cannot tell the two apart
     * and posts the flushed chunk again.
     */
    ERROR_AFTER_LANDING("error-after-landing"),
    /**
     * The sender reuses a data ID as soon as it polled every send completion of the transfer that
     * held it, not once the receiver completed that transfer.
     */
    REUSE_ON_SEND_COMPLETION("reuse-on-send-completion"),
    /**
     * The QPs are created with an RNR retry count of 0: a chunk that reaches a QP with no receive
     * work request posted moves the QP to the error state at once instead of being retried.
     */
    RNR_RETRY_ZERO("rnr-retry-zero");

    private final String id;

    PartitionVariant(String id) {
        this.id = id;
    }

    /**
     * @return how many chunks the sender lets a QP have outstanding: one in the paper's design
     *         (Algorithm 1, line 6), two when it does not wait for the completion (bounded so that
     *         the state space stays finite)
     */
    public int postDepth() {
        return this == NO_COMPLETION_WAIT ? 2 : 1;
    }

    /** @return the variant's name on the command line and in TLA+ ({@code Variant} constant) */
    public String id() {
        return id;
    }

    /**
     * @param id a variant name
     * @return the variant
     * @throws InputException if unknown
     */
    public static PartitionVariant of(String id) {
        for (PartitionVariant v : values()) {
            if (v.id.equals(id)) {
                return v;
            }
        }
        throw new InputException("unknown partition variant '" + id + "': expected one of "
                + Arrays.stream(values()).map(PartitionVariant::id).collect(Collectors.joining(", ")));
    }
}
