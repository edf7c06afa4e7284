package org.rdmacheck.model.partition;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Transition;

/**
 * Multi-QP data partition (seed 003, III-B, Algorithms 1 and 2). {@code transfers} transfers of
 * {@code size} bytes each are in flight at once over the same {@code qps} queue pairs. The sender
 * posts a chunk on a QP only when the QP's last send completed (Algorithm 1, line 6), taking the
 * next chunk of any transfer that still has one (the split function of that transfer); a QP's
 * completion delivers its chunk to the receiver's reordering function (Algorithm 2, line 9) and
 * frees the QP. QPs complete in any order: every interleaving is explored.
 *
 * <p>Modelling choice: a completion is one step (receive completion, reordering, and the sender's
 * work completion). Splitting it would add states but no behaviour the properties can observe,
 * since the sender only reuses a QP after its completion either way.
 *
 * @param size      bytes per transfer
 * @param chunk     bytes per chunk
 * @param qps       queue pairs shared by all transfers
 * @param transfers transfers (data IDs) in flight at once
 * @param variant   the protocol variant
 */
public record DataPartition(int size, int chunk, int qps, int transfers, PartitionVariant variant)
        implements Model<PartitionState> {

    /** Validates the parameters. */
    public DataPartition {
        if (size < 1 || chunk < 1 || qps < 1 || transfers < 1) {
            throw new IllegalArgumentException("size, chunk, qps and transfers must be positive");
        }
    }

    /** @return the sender's split function */
    public ChunkSplitter splitter() {
        return new ChunkSplitter(size, chunk, variant);
    }

    /** @return the receiver's reordering function */
    public Reassembler reassembler() {
        return new Reassembler(chunk, variant);
    }

    @Override
    public List<PartitionState> initialStates() {
        return List.of(PartitionState.initial(transfers, qps));
    }

    @Override
    public void successors(PartitionState s, Consumer<Transition<PartitionState>> sink) {
        int chunks = splitter().chunkCount();
        for (int q = 0; q < qps; q++) {
            if (s.qps().get(q).size() >= variant.postDepth()) {
                continue;
            }
            for (int t = 0; t < transfers; t++) {
                int i = s.nextChunk().get(t);
                if (i < chunks) {
                    sink.accept(new Transition<>(Action.of("Post", "qp", q, "transfer", t, "chunk", i), post(s, q, t)));
                }
            }
        }
        for (int q = 0; q < qps; q++) {
            if (!s.qps().get(q).isEmpty()) {
                ChunkMessage m = s.qps().get(q).get(0);
                sink.accept(new Transition<>(Action.of("Complete", "qp", q, "dataId", m.dataId(),
                        "offset", m.offset()), complete(s, q)));
            }
        }
    }

    /** Algorithm 1, lines 6-8: the QP's last send completed, so split transfer t's next chunk and post it. */
    private PartitionState post(PartitionState s, int q, int t) {
        int i = s.nextChunk().get(t);
        List<Integer> next = new ArrayList<>(s.nextChunk());
        next.set(t, i + 1);
        List<List<ChunkMessage>> qp = new ArrayList<>(s.qps());
        List<ChunkMessage> queue = new ArrayList<>(qp.get(q));
        queue.add(splitter().message(t, i));
        qp.set(q, queue);
        return new PartitionState(next, qp, s.buffers(), s.received(), s.delivered(), s.outside());
    }

    /** Algorithm 2, lines 7-9: QP q's oldest chunk completes and the receiver reorders it. */
    private PartitionState complete(PartitionState s, int q) {
        List<List<ChunkMessage>> qp = new ArrayList<>(s.qps());
        List<ChunkMessage> queue = qp.get(q);
        ChunkMessage m = queue.get(0);
        qp.set(q, queue.subList(1, queue.size()));
        int id = m.dataId();
        Reassembler.Placement p = reassembler().receive(s.buffers().get(id), s.received().get(id), m);
        List<List<Integer>> buffers = new ArrayList<>(s.buffers());
        buffers.set(id, p.buffer());
        List<Integer> received = new ArrayList<>(s.received());
        received.set(id, p.received());
        List<Delivery> delivered = new ArrayList<>(s.delivered());
        if (p.completed() != null) {
            delivered.add(p.completed());
        }
        List<OutsideWrite> outside = new ArrayList<>(s.outside());
        outside.addAll(p.outside());
        return new PartitionState(s.nextChunk(), qp, buffers, received, delivered, outside);
    }

    /** The sender has split and posted every chunk and every QP's last send completed. */
    @Override
    public boolean isFinal(PartitionState s) {
        return s.nextChunk().stream().allMatch(n -> n == splitter().chunkCount()) && s.allQpsIdle();
    }

    /**
     * Every transfer completed: the sender is done, the receiver holds no partial buffer, and the
     * application received one buffer per transfer.
     *
     * @param s a state
     * @return whether it is a goal state of the Progress property
     */
    public boolean allTransfersComplete(PartitionState s) {
        return isFinal(s) && s.allBuffersFree() && s.delivered().size() == transfers;
    }

    @Override
    public java.util.Optional<org.rdmacheck.model.StateCodec<PartitionState>> codec() {
        return java.util.Optional.of(new PartitionCodec());
    }

    /**
     * The queue pairs are interchangeable: a chunk may be posted on any QP with room and QPs
     * complete in any order (seed 003, III-B), and no property names a QP.
     */
    @Override
    public java.util.Optional<org.rdmacheck.model.Symmetry<PartitionState>> symmetry() {
        return java.util.Optional.of(new org.rdmacheck.model.Symmetry<>() {
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
                List<List<ChunkMessage>> renamed = new ArrayList<>(s.qps());
                for (int q = 0; q < qps; q++) {
                    renamed.set(permutation[q], s.qps().get(q));
                }
                return new PartitionState(s.nextChunk(), renamed, s.buffers(), s.received(), s.delivered(),
                        s.outside());
            }
        });
    }
}
