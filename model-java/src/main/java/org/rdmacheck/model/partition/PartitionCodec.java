package org.rdmacheck.model.partition;

import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.model.StateCodec;
import org.rdmacheck.model.Words;

/** Packed encoding of {@link PartitionState}: chunk cursors, QPs of chunk messages, buffers, results. */
public final class PartitionCodec implements StateCodec<PartitionState> {

    @Override
    public void encode(PartitionState s, Words out) {
        out.putInts(s.nextChunk()).put(s.qps().size());
        for (List<ChunkMessage> q : s.qps()) {
            out.put(q.size());
            for (ChunkMessage m : q) {
                out.put(m.dataId()).put(m.totalSize()).put(m.offset()).putInts(m.payload());
            }
        }
        out.put(s.buffers().size());
        for (List<Integer> b : s.buffers()) {
            out.putInts(b);
        }
        out.putInts(s.received()).put(s.delivered().size());
        for (Delivery d : s.delivered()) {
            out.put(d.dataId()).putInts(d.data());
        }
        out.put(s.outside().size());
        for (OutsideWrite w : s.outside()) {
            out.put(w.dataId()).put(w.position());
        }
    }

    @Override
    public PartitionState decode(Words.Reader in) {
        List<Integer> nextChunk = in.nextInts();
        int nq = in.next();
        List<List<ChunkMessage>> qps = new ArrayList<>(nq);
        for (int i = 0; i < nq; i++) {
            int n = in.next();
            List<ChunkMessage> q = new ArrayList<>(n);
            for (int j = 0; j < n; j++) {
                q.add(new ChunkMessage(in.next(), in.next(), in.next(), in.nextInts()));
            }
            qps.add(q);
        }
        int nb = in.next();
        List<List<Integer>> buffers = new ArrayList<>(nb);
        for (int i = 0; i < nb; i++) {
            buffers.add(in.nextInts());
        }
        List<Integer> received = in.nextInts();
        int nd = in.next();
        List<Delivery> delivered = new ArrayList<>(nd);
        for (int i = 0; i < nd; i++) {
            delivered.add(new Delivery(in.next(), in.nextInts()));
        }
        int no = in.next();
        List<OutsideWrite> outside = new ArrayList<>(no);
        for (int i = 0; i < no; i++) {
            outside.add(new OutsideWrite(in.next(), in.next()));
        }
        return new PartitionState(nextChunk, qps, buffers, received, delivered, outside);
    }
}
