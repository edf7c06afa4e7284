package org.rdmacheck.model.partition.reference;

import org.rdmacheck.model.partition.PartitionConfig;
import org.rdmacheck.model.partition.PartitionVariant;
import org.rdmacheck.model.partition.SymbolicData;

import java.util.Optional;
import org.rdmacheck.model.PackedSymmetry;
import org.rdmacheck.model.Symmetry;
import org.rdmacheck.model.Words;

/**
 * The queue pairs are interchangeable: a chunk may be posted on any QP with room, QPs deliver and
 * fail in any order (seed 003, III-B), and no property names a QP. A QP's data is its block: its
 * send queue, error flag, posted receive work requests and receive completions; nothing else in a
 * state names a QP. The canonical member of a class has its QPs' blocks in ascending order
 * ({@link #packed}): sorting, not trying the {@code qps!} renamings.
 *
 * @param qps the number of queue pairs
 */
record QpSymmetry(int qps) implements Symmetry<PartitionState>, PackedSymmetry {

    @Override
    public String elements() {
        return "qps";
    }

    @Override
    public int size() {
        return qps;
    }

    @Override
    public PartitionState permute(PartitionState s, int[] permutation) {
        StateEdit e = new StateEdit(s);
        for (int q = 0; q < qps; q++) {
            int r = permutation[q];
            e.sendQueues.set(r, s.sendQueues().get(q));
            e.qpError.set(r, s.qpError().get(q));
            e.posted.set(r, s.posted().get(q));
            e.completions.set(r, s.completions().get(q));
        }
        return e.build();
    }

    @Override
    public Optional<PackedSymmetry> packed() {
        return Optional.of(this);
    }

    /**
     * Sorts the QP blocks of a {@link PartitionCodec} encoding. Blocks compare by send queue, then
     * error flag, posted count and completions, each as its run of values (runs are
     * length-prefixed, so distinct runs differ at some value or in length). Equal blocks are
     * interchangeable, so the sorted encoding is the same for every member of a class, and it is
     * the encoding of the renaming that sends the k-th least QP to k.
     */
    @Override
    public void canonical(int[] v, int length, Words out) {
        Layout at = Layout.of(v, qps);
        int[] order = new int[qps];
        for (int i = 0; i < qps; i++) {
            int q = i;
            int j = i;
            while (j > 0 && at.compare(v, order[j - 1], q) > 0) {
                order[j] = order[j - 1];
                j--;
            }
            order[j] = q;
        }
        out.put(v, 0, at.queue[0]);
        for (int q : order) {
            out.put(v, at.queue[q], at.queue[q + 1]);
        }
        out.put(v, at.queue[qps], at.error);
        for (int q : order) {
            out.put(v[at.error + q]);
        }
        out.put(v, at.error + qps, at.posted);
        for (int q : order) {
            out.put(v[at.posted + q]);
        }
        out.put(v, at.posted + qps, at.completions[0]);
        for (int q : order) {
            out.put(v, at.completions[q], at.completions[q + 1]);
        }
        out.put(v, at.completions[qps], length);
    }

    /**
     * Where the per-QP runs of an encoding are: QP q's send queue is {@code queue[q]..queue[q+1]},
     * its error flag {@code error + q}, its posted count {@code posted + q}, its completions
     * {@code completions[q]..completions[q+1]}.
     */
    private record Layout(int[] queue, int error, int posted, int[] completions) {

        static Layout of(int[] v, int qps) {
            int at = 1 + v[0]; // nextChunk
            at++; // the number of send queues
            int[] queue = new int[qps + 1];
            for (int q = 0; q < qps; q++) {
                queue[q] = at;
                int n = v[at++];
                for (int r = 0; r < n; r++) {
                    at = skipChunk(v, at) + 1; // the chunk, then landed
                }
            }
            queue[qps] = at;
            int resend = v[at++];
            for (int r = 0; r < resend; r++) {
                at = skipChunk(v, at);
            }
            int error = at + 1; // the flags follow their list length
            int posted = error + qps + 2; // then errorsLeft, the posted list's length, the counts
            at = posted + qps + 1; // past the number of completion queues
            int[] completions = new int[qps + 1];
            for (int q = 0; q < qps; q++) {
                completions[q] = at;
                int n = v[at++];
                for (int r = 0; r < n; r++) {
                    at = skipChunk(v, at) + 1; // the chunk, then reposted
                }
            }
            completions[qps] = at;
            return new Layout(queue, error, posted, completions);
        }

        /** @return the position after a chunk: data ID, total size, offset, payload length, payload */
        private static int skipChunk(int[] v, int at) {
            return at + 4 + v[at + 3];
        }

        int compare(int[] v, int a, int b) {
            int c = compareRuns(v, queue[a], queue[a + 1], queue[b], queue[b + 1]);
            if (c == 0) {
                c = Integer.compare(v[error + a], v[error + b]);
            }
            if (c == 0) {
                c = Integer.compare(v[posted + a], v[posted + b]);
            }
            if (c == 0) {
                c = compareRuns(v, completions[a], completions[a + 1], completions[b], completions[b + 1]);
            }
            return c;
        }

        private static int compareRuns(int[] v, int a, int aEnd, int b, int bEnd) {
            int c = java.util.Arrays.compare(v, a, aEnd, v, b, bEnd);
            return Integer.signum(c);
        }
    }
}
