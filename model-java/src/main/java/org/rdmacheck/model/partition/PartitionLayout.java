package org.rdmacheck.model.partition;

import org.rdmacheck.model.layout.Fifo;
import org.rdmacheck.model.layout.Field;
import org.rdmacheck.model.layout.Slot;
import org.rdmacheck.model.layout.StateLayout;
import org.rdmacheck.model.layout.SymmetricSet;

/**
 * The declared state of the data-partition protocol (seed 003, III-B), one slot per variable of
 * {@code specs/partition/Spec.tla}. A chunk is named by its number {@code c = t * chunkCount + i}
 * (chunk i of transfer t): its header and payload follow from the split function, so a send work
 * request and a receive completion are a chunk number and a flag.
 *
 * <p>Bounds, and why they hold:
 * <ul>
 *   <li>a send queue holds at most the post depth (1, or 2 under {@code no-completion-wait}): the
 *       posting guard;</li>
 *   <li>a QP's receive completions: each one not yet re-posted holds one of the QP's
 *       {@code receiveWrs} buffers (an arrival takes a posted one, a re-post needs a consumed one),
 *       so {@code receiveWrs} bound them; under {@code repost-before-consume} a re-posted completion
 *       holds none, and the bound is the arrivals: every chunk lands at most once there (a QP
 *       error or an RNR error flushes only chunks still in flight, since the variant posts one
 *       chunk per QP and forbids errors after landing), so the chunk count bounds them. An
 *       append past the capacity ends the run with an error naming the queue, never silently;</li>
 *   <li>the delivered buffers, a set kept in ascending order (data ID, then the bytes): each was
 *       completed by a reorder of an arrival, and arrivals are at most the chunk count plus one
 *       per QP error (an error after landing re-sends a landed chunk). The one combination where
 *       arrivals are not bounded so, {@code no-completion-wait} with the {@code rnr-retry}
 *       knock-out (an RNR error re-queues a landed chunk), is bounded by the declared capacity and
 *       ends with that error should it be exceeded. A delivered buffer is the data ID and
 *       {@code size} bytes: an element wider than 32 bits beyond the defaults, stored as a wide
 *       FIFO element ({@link Fifo#words});</li>
 *   <li>a reassembly buffer's count of received bytes stays below the total size (reaching it
 *       completes the data ID); a byte written past a buffer lies less than a chunk past it.</li>
 * </ul>
 * The QPs form a symmetric set: QP q's block is its send queue, error flag, posted receive work
 * requests and receive completions; nothing else names a QP.
 */
public final class PartitionLayout {

    final StateLayout layout;
    /** per transfer: the next chunk the split function returns (chunkCount when all are split) */
    final Field[] nextChunk;
    /** per QP: send work requests outstanding, oldest first (elements: {@link #sendChunk}, {@link #landed}) */
    final Fifo[] sendQueue;
    final Field sendChunk;
    final Field landed;
    /** per chunk number: flushed by a QP error and waiting to be posted again */
    final Field[] resend;
    final Field[] qpError;
    final Field errorsLeft;
    /** per QP: receive work requests posted with an empty buffer */
    final Field[] posted;
    /** per QP: receive completions not yet reordered, oldest first (elements: {@link #cqChunk}, {@link #reposted}) */
    final Fifo[] completions;
    final Field cqChunk;
    final Field reposted;
    /** per data ID: whether its reassembly buffer is allocated */
    final Field[] allocated;
    /** per data ID, per byte position: the buffer's byte (0: a hole) */
    final Field[][] buffer;
    final Field[] received;
    /** the buffers handed to the application, a set in ascending order (elements: data ID and bytes) */
    final Fifo delivered;
    final Field deliveredId;
    final Field[] deliveredData;
    /** per data ID, per position past the buffer (size + k): written there */
    final Field[] outside;
    final SymmetricSet qps;
    /** the capacity of a receive completion queue and of the delivered set */
    final int completionCapacity;
    final int deliveredCapacity;

    PartitionLayout(PartitionConfig c, PartitionVariant variant) {
        int chunks = new ChunkSplitter(c, variant).chunkCount();
        int all = c.transfers() * chunks;
        int bytes = c.transfers() * c.size();
        completionCapacity = variant == PartitionVariant.REPOST_BEFORE_CONSUME ? all : c.receiveWrs();
        deliveredCapacity = all + c.errors();
        StateLayout.Builder b = StateLayout.builder();
        nextChunk = b.integers("nextChunk", c.transfers(), 0, chunks);
        sendChunk = StateLayout.Builder.component("chunk", 0, all - 1);
        landed = StateLayout.Builder.component("landed", 0, 1);
        sendQueue = new Fifo[c.qps()];
        for (int q = 0; q < c.qps(); q++) {
            sendQueue[q] = b.fifo("sendQueues[" + q + "]", variant.postDepth(), sendChunk, landed);
        }
        resend = b.booleans("resend", all);
        qpError = b.booleans("qpError", c.qps());
        errorsLeft = b.integer("errorsLeft", 0, c.errors());
        posted = b.integers("posted", c.qps(), 0, c.receiveWrs());
        cqChunk = StateLayout.Builder.component("chunk", 0, all - 1);
        reposted = StateLayout.Builder.component("reposted", 0, 1);
        completions = new Fifo[c.qps()];
        for (int q = 0; q < c.qps(); q++) {
            completions[q] = b.fifo("completions[" + q + "]", completionCapacity, cqChunk, reposted);
        }
        allocated = b.booleans("allocated", c.ids());
        buffer = new Field[c.ids()][];
        for (int id = 0; id < c.ids(); id++) {
            buffer[id] = b.integers("buffers[" + id + "]", c.size(), 0, bytes);
        }
        received = b.integers("received", c.ids(), 0, c.size() - 1);
        deliveredId = StateLayout.Builder.component("dataId", 0, c.ids() - 1);
        deliveredData = new Field[c.size()];
        Field[] element = new Field[c.size() + 1];
        element[0] = deliveredId;
        for (int k = 0; k < c.size(); k++) {
            deliveredData[k] = StateLayout.Builder.component("data[" + k + "]", 0, bytes);
            element[k + 1] = deliveredData[k];
        }
        delivered = b.fifo("delivered", deliveredCapacity, element);
        outside = b.booleans("outside", c.ids() * Math.max(0, c.chunk() - 1));
        Slot[][] blocks = new Slot[c.qps()][];
        for (int q = 0; q < c.qps(); q++) {
            blocks[q] = new Slot[] {sendQueue[q], qpError[q], posted[q], completions[q]};
        }
        qps = b.symmetric("qps", blocks);
        layout = b.build();
    }

    /** @return the layout */
    public StateLayout layout() {
        return layout;
    }
}
