package org.rdmacheck.model.partition.reference;

import org.rdmacheck.model.partition.PartitionConfig;
import org.rdmacheck.model.partition.PartitionVariant;
import org.rdmacheck.model.partition.SymbolicData;

import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.model.StateCodec;
import org.rdmacheck.model.Words;

/** Packed encoding of {@link PartitionState}: every field in record order, lists prefixed by their length. */
public final class PartitionCodec implements StateCodec<PartitionState> {

    @Override
    public void encode(PartitionState s, Words out) {
        out.putInts(s.nextChunk()).put(s.sendQueues().size());
        for (List<SendRequest> q : s.sendQueues()) {
            out.put(q.size());
            for (SendRequest r : q) {
                put(r.chunk(), out);
                out.put(r.landed());
            }
        }
        out.put(s.resend().size());
        s.resend().forEach(c -> put(c, out));
        out.putBooleans(s.qpError()).put(s.errorsLeft()).putInts(s.posted()).put(s.completions().size());
        for (List<ReceiveCompletion> q : s.completions()) {
            out.put(q.size());
            for (ReceiveCompletion c : q) {
                put(c.chunk(), out);
                out.put(c.reposted());
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

    private static void put(ChunkMessage m, Words out) {
        out.put(m.dataId()).put(m.totalSize()).put(m.offset()).putInts(m.payload());
    }

    private static ChunkMessage chunk(Words.Reader in) {
        return new ChunkMessage(in.next(), in.next(), in.next(), in.nextInts());
    }

    @Override
    public PartitionState decode(Words.Reader in) {
        List<Integer> nextChunk = in.nextInts();
        int nq = in.next();
        List<List<SendRequest>> sendQueues = new ArrayList<>(nq);
        for (int i = 0; i < nq; i++) {
            int n = in.next();
            List<SendRequest> q = new ArrayList<>(n);
            for (int j = 0; j < n; j++) {
                q.add(new SendRequest(chunk(in), in.nextBoolean()));
            }
            sendQueues.add(q);
        }
        int nr = in.next();
        List<ChunkMessage> resend = new ArrayList<>(nr);
        for (int i = 0; i < nr; i++) {
            resend.add(chunk(in));
        }
        List<Boolean> qpError = in.nextBooleans();
        int errorsLeft = in.next();
        List<Integer> posted = in.nextInts();
        int nc = in.next();
        List<List<ReceiveCompletion>> completions = new ArrayList<>(nc);
        for (int i = 0; i < nc; i++) {
            int n = in.next();
            List<ReceiveCompletion> q = new ArrayList<>(n);
            for (int j = 0; j < n; j++) {
                q.add(new ReceiveCompletion(chunk(in), in.nextBoolean()));
            }
            completions.add(q);
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
        return new PartitionState(nextChunk, sendQueues, resend, qpError, errorsLeft, posted, completions, buffers,
                received, delivered, outside);
    }
}
