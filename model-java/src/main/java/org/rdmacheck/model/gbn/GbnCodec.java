package org.rdmacheck.model.gbn;

import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.model.StateCodec;
import org.rdmacheck.model.Words;

/**
 * Packed encoding of {@link GbnState}, two 16-bit fields to a 32-bit value: the scalar variables
 * in four values, then two data packets (PSNs) or two control packets (PSN and kind) per value.
 * PSNs are at most packets × messages = 1,024 in the catalogue; a state with a field beyond 16 bits
 * is refused rather than encoded ambiguously.
 */
public final class GbnCodec implements StateCodec<GbnState> {

    private static final int MASK = 0xFFFF;

    @Override
    public void encode(GbnState s, Words out) {
        List<Integer> data = s.data();
        List<Ctrl> ctrl = s.ctrl();
        int nData = data.size();
        int nCtrl = ctrl.size();
        int wide = s.next() | s.una() | s.epsn() | (s.ceLpsn() + 1) | (s.lastNak() + 1) | s.lossesLeft() << 1 | nData
                | nCtrl;
        if ((wide & ~MASK) != 0) {
            throw new IllegalArgumentException("Go-Back-N state with a field beyond 16 bits: " + s);
        }
        out.put(s.next() | s.una() << 16).put(s.epsn() | (s.ceLpsn() + 1) << 16)
                .put((s.lastNak() + 1) | s.lossesLeft() << 16 | (s.nakTimer() ? 1 << 31 : 0))
                .put(nData | nCtrl << 16);
        for (int i = 0; i < nData; i += 2) {
            int a = field(data.get(i));
            out.put(i + 1 < nData ? a | field(data.get(i + 1)) << 16 : a);
        }
        for (int i = 0; i < nCtrl; i += 2) {
            int a = ctrlField(ctrl.get(i));
            out.put(i + 1 < nCtrl ? a | ctrlField(ctrl.get(i + 1)) << 16 : a);
        }
    }

    private static int field(int v) {
        if ((v & ~MASK) != 0) {
            throw new IllegalArgumentException("PSN " + v + " beyond 16 bits");
        }
        return v;
    }

    private static int ctrlField(Ctrl c) {
        return field(c.psn() << 1 | c.kind().ordinal());
    }

    @Override
    public GbnState decode(Words.Reader in) {
        int v0 = in.next();
        int v1 = in.next();
        int v2 = in.next();
        int v3 = in.next();
        int nData = v3 & MASK;
        int nCtrl = v3 >>> 16;
        List<Integer> data = new ArrayList<>(nData);
        for (int i = 0; i < nData; i += 2) {
            int v = in.next();
            data.add(v & MASK);
            if (i + 1 < nData) {
                data.add(v >>> 16);
            }
        }
        List<Ctrl> ctrl = new ArrayList<>(nCtrl);
        for (int i = 0; i < nCtrl; i += 2) {
            int v = in.next();
            ctrl.add(ctrl(v & MASK));
            if (i + 1 < nCtrl) {
                ctrl.add(ctrl(v >>> 16));
            }
        }
        return new GbnState(v0 & MASK, v0 >>> 16, v1 & MASK, v2 < 0, (v1 >>> 16) - 1, (v2 & MASK) - 1, data, ctrl,
                (v2 >>> 16) & 0x7FFF);
    }

    private static Ctrl ctrl(int v) {
        return new Ctrl(Ctrl.Kind.values()[v & 1], v >> 1);
    }
}
