package org.rdmacheck.model.escapevl;

import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.model.StateCodec;
import org.rdmacheck.model.Words;

/** Packed encoding of {@link EscapeVl.State}: buffers, then the per-packet lists. */
public final class EscapeVlCodec implements StateCodec<EscapeVl.State> {

    @Override
    public void encode(EscapeVl.State s, Words out) {
        out.put(s.buffers().size());
        for (List<Integer> b : s.buffers()) {
            out.putInts(b);
        }
        out.putInts(s.status()).putInts(s.tokens()).putInts(s.escapeAt());
    }

    @Override
    public EscapeVl.State decode(Words.Reader in) {
        int n = in.next();
        List<List<Integer>> buffers = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            buffers.add(in.nextInts());
        }
        return new EscapeVl.State(buffers, in.nextInts(), in.nextInts(), in.nextInts());
    }
}
