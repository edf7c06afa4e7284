package org.rdmacheck.model.iofd;

import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.model.StateCodec;
import org.rdmacheck.model.Words;

/** Packed encoding of {@link IofdState}: queues of packets, background, DFTs, per-flow counters. */
public final class IofdCodec implements StateCodec<IofdState> {

    @Override
    public void encode(IofdState s, Words out) {
        out.put(s.queues().size());
        for (List<Packet> q : s.queues()) {
            out.put(q.size());
            for (Packet p : q) {
                out.put(p.flow()).put(p.seq()).put(p.tokens());
            }
        }
        out.putInts(s.background());
        out.put(s.dft().size());
        for (List<DftEntry> t : s.dft()) {
            out.put(t.size());
            for (DftEntry e : t) {
                out.put(e.flow()).put(e.tokens()).put(e.arc());
            }
        }
        out.putInts(s.sent()).putInts(s.expected()).putInts(s.failed());
    }

    @Override
    public IofdState decode(Words.Reader in) {
        int nq = in.next();
        List<List<Packet>> queues = new ArrayList<>(nq);
        for (int i = 0; i < nq; i++) {
            int n = in.next();
            List<Packet> q = new ArrayList<>(n);
            for (int j = 0; j < n; j++) {
                q.add(new Packet(in.next(), in.next(), in.next()));
            }
            queues.add(q);
        }
        List<Integer> background = in.nextInts();
        int nd = in.next();
        List<List<DftEntry>> dft = new ArrayList<>(nd);
        for (int i = 0; i < nd; i++) {
            int n = in.next();
            List<DftEntry> t = new ArrayList<>(n);
            for (int j = 0; j < n; j++) {
                t.add(new DftEntry(in.next(), in.next(), in.next()));
            }
            dft.add(t);
        }
        return new IofdState(queues, background, dft, in.nextInts(), in.nextInts(), in.nextInts());
    }
}
