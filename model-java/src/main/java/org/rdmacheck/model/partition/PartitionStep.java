package org.rdmacheck.model.partition;

import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.layout.Expansion;
import org.rdmacheck.model.layout.Fifo;
import org.rdmacheck.model.layout.Field;

/**
 * The steps of the data-partition protocol on packed states (seed 003, III-B, Algorithms 1 and 2,
 * and the recovery from QP errors {@link DataPartition} describes): per QP, the sender's steps, the
 * network's and the receiver's, in that order. One per thread; nothing is allocated per state.
 */
final class PartitionStep implements PackedModel.Expander {

    private final DataPartition m;
    private final PartitionLayout f;
    private final PartitionConfig c;
    private final PartitionVariant variant;
    private final ChunkSplitter split;
    private final Expansion x;
    private final int chunks;
    private final int qps;
    /** the values of a delivered buffer being built */
    private final int[] delivery;
    private final boolean rnrError;
    private final boolean repost;
    private final boolean requeue;
    /** false under the {@code multi-qp-split} knock-out: the sender posts on QP 0 only */
    private final boolean acrossQps;
    private PackedModel.Sink sink;
    /** the QPs offered a chunk by {@link #offeredQps}, a bit each */
    private int offered;
    private final PackedModel.Sink offers = (code, next, length) -> {
        int kind = (int) (code & 15);
        if (kind == DataPartition.POST || kind == DataPartition.RESEND) {
            offered |= 1 << (int) (code >>> 4 & 255);
        }
    };
    /**
     * what every QP's sender step asks of the parent, found once per state on first use: per
     * transfer whether it may post (its next chunk exists and its data ID is free), and the chunks
     * waiting to be posted again in {@link DataPartition#resendOrder}
     */
    private final boolean[] mayPost;
    private final int[] waiting;
    private int waitingCount;
    private boolean senderKnown;

    PartitionStep(DataPartition m) {
        this.m = m;
        this.f = m.fields();
        this.c = m.config();
        this.variant = m.variant();
        this.split = m.splitter();
        this.x = new Expansion(f.layout);
        this.chunks = split.chunkCount();
        this.qps = c.qps();
        this.delivery = new int[f.delivered.words()];
        this.rnrError = variant == PartitionVariant.RNR_RETRY_ZERO || m.knockouts().contains(DataPartition.Knockout.RNR_RETRY);
        this.repost = variant != PartitionVariant.NO_RECEIVE_REPOST
                && !m.knockouts().contains(DataPartition.Knockout.RECEIVE_REPOST);
        this.requeue = !m.knockouts().contains(DataPartition.Knockout.CHUNK_REQUEUE);
        this.acrossQps = !m.knockouts().contains(DataPartition.Knockout.MULTI_QP_SPLIT);
        this.mayPost = new boolean[c.transfers()];
        this.waiting = new int[c.transfers() * chunks];
    }

    @Override
    public void successors(int[] state, int offset, PackedModel.Sink out) {
        this.sink = out;
        x.into(out); // every step begins with x.begin() and ends with one emit
        x.load(state, offset);
        senderKnown = false;
        for (int q = 0; q < qps; q++) {
            sender(state, offset, q);
            network(q);
            receiver(q);
        }
        x.into(null);
    }

    /**
     * The QPs the sender's steps post or re-post a chunk on from a state: the sender's step of
     * every QP, run as in {@link #successors}, its successors counted, not kept.
     *
     * @param state  packed values
     * @param offset the state's first value
     * @return a bit per QP offered a chunk (bit q for QP q)
     */
    int offeredQps(int[] state, int offset) {
        this.sink = offers;
        offered = 0;
        x.into(null);
        x.load(state, offset);
        senderKnown = false;
        for (int q = 0; q < qps; q++) {
            sender(state, offset, q);
        }
        return offered;
    }

    /** Algorithm 1, lines 4-8, and the recovery's re-post and reconnection. */
    private void sender(int[] s, int o, int q) {
        if (x.is(f.qpError[q])) {
            x.begin();
            x.set(f.qpError[q], false);
            emit(DataPartition.RECONNECT, q, 0);
            return;
        }
        Fifo sq = f.sendQueue[q];
        int n = x.length(sq);
        // Algorithm 1, line 4: every QP in turn (the multi-qp-split knock-out: QP 0 alone)
        if (n < variant.postDepth() && (acrossQps || q == 0)) {
            if (!senderKnown) {
                knowSender(s, o);
            }
            for (int t = 0; t < mayPost.length; t++) {
                if (mayPost[t]) {
                    int i = x.get(f.nextChunk[t]);
                    x.begin();
                    x.set(f.nextChunk[t], i + 1);
                    x.append(sq, f.sendChunk.bits(t * chunks + i));
                    emit(DataPartition.POST, q, t * chunks + i);
                }
            }
            for (int k = 0; k < waitingCount; k++) {
                int ch = waiting[k];
                x.begin();
                x.set(f.resend[ch], false);
                x.append(sq, f.sendChunk.bits(ch));
                emit(DataPartition.RESEND, q, ch);
            }
        }
        if (n > 0 && f.landed.of(x.element(sq, 0)) == 1) {
            x.begin();
            x.removeAt(sq, 0);
            emit(DataPartition.SEND_COMPLETE, q, 0);
        }
    }

    /** The parent's transfers that may post and chunks waiting to be posted again: the same for every QP. */
    private void knowSender(int[] s, int o) {
        for (int t = 0; t < mayPost.length; t++) {
            mayPost[t] = x.get(f.nextChunk[t]) < chunks && m.dataIdFree(s, o, t);
        }
        int k = 0;
        for (int ch : m.resendOrder()) {
            if (x.is(f.resend[ch])) {
                waiting[k++] = ch;
            }
        }
        waitingCount = k;
        senderKnown = true;
    }

    /** Arrival into a posted receive buffer, RNR, and QP errors. */
    private void network(int q) {
        if (x.is(f.qpError[q])) {
            return;
        }
        Fifo sq = f.sendQueue[q];
        int n = x.length(sq);
        int j = -1;
        boolean landedUnacked = false;
        for (int k = 0; k < n; k++) {
            if (f.landed.of(x.element(sq, k)) == 0) {
                if (j < 0) {
                    j = k;
                }
            } else {
                landedUnacked = true;
            }
        }
        int posted = x.get(f.posted[q]);
        if (j >= 0 && posted > 0) {
            arrive(q, j, posted);
        }
        if (j >= 0 && posted == 0 && rnrError) {
            flush(q, 0);
            emit(DataPartition.RNR_ERROR, q, 0);
        }
        int errors = x.get(f.errorsLeft);
        if (errors > 0 && n > 0 && (!landedUnacked || variant == PartitionVariant.ERROR_AFTER_LANDING)) {
            flush(q, 1);
            emit(DataPartition.QP_ERROR, q, 0);
        }
    }

    /**
     * The receiver's NIC takes a posted receive work request for QP q's first chunk in flight and
     * writes the chunk into its buffer; under {@code repost-before-consume} the buffer may be one
     * whose earlier chunk reordering has not read yet: the NIC overwrites it.
     */
    private void arrive(int q, int j, int posted) {
        Fifo sq = f.sendQueue[q];
        Fifo cq = f.completions[q];
        int ch = f.sendChunk.of(x.element(sq, j));
        x.begin();
        x.setElement(sq, j, f.sendChunk.bits(ch) | f.landed.bits(1));
        x.set(f.posted[q], posted - 1);
        for (int i = 0, n = x.length(cq); i < n; i++) {
            if (f.reposted.of(x.element(cq, i)) == 1) {
                x.setElement(cq, i, f.cqChunk.bits(ch) | f.reposted.bits(1));
                break;
            }
        }
        x.append(cq, f.cqChunk.bits(ch));
        emit(DataPartition.ARRIVE, q, ch);
    }

    /**
     * QP q enters the error state: its send work requests complete in error and their chunks go
     * back to the sender (unless the re-queue is knocked out), its posted receive work requests
     * are flushed.
     */
    private void flush(int q, int cost) {
        Fifo sq = f.sendQueue[q];
        x.begin();
        if (requeue) {
            for (int k = 0, n = x.length(sq); k < n; k++) {
                x.set(f.resend[f.sendChunk.of(x.element(sq, k))], true);
            }
        }
        x.clear(sq);
        x.set(f.posted[q], 0);
        x.set(f.qpError[q], true);
        x.set(f.errorsLeft, x.get(f.errorsLeft) - cost);
    }

    /** Algorithm 2, lines 7-9. */
    private void receiver(int q) {
        Fifo cq = f.completions[q];
        int n = x.length(cq);
        if (n > 0) {
            reorder(q, f.cqChunk.of(x.element(cq, 0)));
        }
        if (x.is(f.qpError[q])) {
            return;
        }
        if (repost && m.consumedBuffers(x, q) > 0) {
            x.begin();
            x.set(f.posted[q], x.get(f.posted[q]) + 1);
            emit(DataPartition.POST_RECEIVE, q, 0);
        }
        if (variant == PartitionVariant.REPOST_BEFORE_CONSUME) {
            for (int i = 0; i < n; i++) {
                int e = x.element(cq, i);
                if (f.reposted.of(e) == 0) {
                    x.begin();
                    x.setElement(cq, i, e | f.reposted.bits(1));
                    x.set(f.posted[q], x.get(f.posted[q]) + 1);
                    emit(DataPartition.POST_RECEIVE_EARLY, q, 0);
                    break;
                }
            }
        }
    }

    /**
     * Algorithm 2, lines 7 and 9: the receiver polls QP q's oldest receive completion and reorders
     * its chunk: on a data ID's first chunk it allocates the total size from the header, places
     * the bytes at the header's offset, counts them, and completes the data ID (hands the buffer
     * to the application and frees it) once the count reaches the total size.
     */
    private void reorder(int q, int ch) {
        int t = ch / chunks;
        int i = ch % chunks;
        int id = split.headerId(t);
        int size = c.size();
        x.begin();
        x.removeAt(f.completions[q], 0);
        x.set(f.allocated[id], true);
        int received = x.get(f.received[id]);
        Field[] buf = f.buffer[id];
        // arrival-offset: the next free position is the bytes received so far, not the header offset
        int at = variant == PartitionVariant.ARRIVAL_OFFSET ? received : i * c.chunk();
        // last-chunk-full-size: the length is taken as the chunk size, not the completion's count
        int payload = split.chunkLength(i);
        int len = variant == PartitionVariant.LAST_CHUNK_FULL_SIZE ? c.chunk() : payload;
        for (int k = 0; k < len; k++) {
            int pos = at + k;
            int value = k < payload ? split.payload(t, i, k) : SymbolicData.HOLE;
            if (pos < size) {
                x.set(buf[pos], value);
            } else {
                x.set(f.outside[id * (c.chunk() - 1) + pos - size], true);
            }
        }
        int total = received + len;
        if (total >= size) {
            f.deliveredId.set(delivery, 0, id);
            for (int k = 0; k < size; k++) {
                f.deliveredData[k].set(delivery, 0, x.now(buf[k]));
                x.set(buf[k], SymbolicData.HOLE);
            }
            x.insertSorted(f.delivered, delivery);
            x.set(f.allocated[id], false);
            x.set(f.received[id], 0);
        } else {
            x.set(f.received[id], total);
        }
        emit(DataPartition.REORDER, q, ch);
    }

    private void emit(int kind, int q, int chunk) {
        x.emit(DataPartition.code(kind, q, chunk), sink);
    }
}
