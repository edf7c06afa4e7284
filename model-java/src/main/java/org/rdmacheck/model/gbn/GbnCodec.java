package org.rdmacheck.model.gbn;

import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.model.StateCodec;
import org.rdmacheck.model.Words;

/**
 * Packed encoding of {@link GbnState}: the scalar variables, then the channel lengths and contents
 * (one value per data packet, kind and PSN of a control packet in one value).
 */
public final class GbnCodec implements StateCodec<GbnState> {

    @Override
    public void encode(GbnState s, Words out) {
        out.put(s.next()).put(s.una()).put(s.epsn()).put(s.nakTimer()).put(s.ceLpsn()).put(s.lastNak())
                .put(s.lossesLeft()).put(s.data().size()).put(s.ctrl().size());
        for (int psn : s.data()) {
            out.put(psn);
        }
        for (Ctrl c : s.ctrl()) {
            out.put(c.psn() << 1 | c.kind().ordinal());
        }
    }

    @Override
    public GbnState decode(Words.Reader in) {
        int next = in.next();
        int una = in.next();
        int epsn = in.next();
        boolean nakTimer = in.nextBoolean();
        int ceLpsn = in.next();
        int lastNak = in.next();
        int losses = in.next();
        int nData = in.next();
        int nCtrl = in.next();
        List<Integer> data = new ArrayList<>(nData);
        for (int i = 0; i < nData; i++) {
            data.add(in.next());
        }
        List<Ctrl> ctrl = new ArrayList<>(nCtrl);
        for (int i = 0; i < nCtrl; i++) {
            int v = in.next();
            ctrl.add(new Ctrl(Ctrl.Kind.values()[v & 1], v >> 1));
        }
        return new GbnState(next, una, epsn, nakTimer, ceLpsn, lastNak, data, ctrl, losses);
    }
}
