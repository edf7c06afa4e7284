package org.rdmacheck.model.dasr;

import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.layout.Expansion;
import org.rdmacheck.model.layout.Field;

/**
 * One thread's expansion of the persistent loop's states ({@link RateLoop}): one window end per set
 * of senders the window's links may mark. The machine moves on the observation the rates produce;
 * every sender applies the advertised n and, if it was marked and the new state forwards marks, a
 * CNP; the other reaction points see a CNP-free window (seed 004, 3.1). Feedback takes one hardware
 * RTT, well inside the next window (see {@link DcqcnGrid}), so nothing stays in flight.
 */
final class LoopStep implements PackedModel.Expander {

    private static final int RC = CongestionState.ReceiverCongestion.ordinal();
    private static final int BOTH = CongestionLocation.both.ordinal();

    private final DartReceiverModel m;
    private final RateLoop loop;
    private final DcqcnGrid grid;
    private final Expansion x;
    private final DartLayout f;
    private final int n;
    private final int k;
    private final boolean ecnInRc;
    private final Design design;
    private final int[] rates;

    LoopStep(DartReceiverModel m) {
        this.m = m;
        this.loop = m.loop().orElseThrow();
        this.grid = loop.grid();
        this.f = m.layoutFields();
        this.x = new Expansion(f.layout);
        this.n = m.senders();
        this.k = m.config().loop().k();
        this.ecnInRc = m.config().design().ecnInReceiverCongestion();
        this.design = m.config().design();
        this.rates = new int[n];
    }

    @Override
    public void successors(int[] state, int offset, PackedModel.Sink sink) {
        x.load(state, offset);
        for (int i = 0; i < n; i++) {
            rates[i] = loop.rate(x.get(f.applied[i]), x.get(f.rc[i]));
        }
        int modeBefore = x.get(f.mode);
        int counted = 0;
        for (Field a : f.auss) {
            counted += x.get(a) > 0 ? 1 : 0;
        }
        if (m.config().design().counting() == Design.SenderCounting.MESSAGES) {
            counted = 0;
            for (Field a : f.auss) {
                counted += x.get(a);
            }
        }
        boolean lineRate = loop.arrivals(rates) >= loop.lineRate();
        for (int marked : loop.markings(rates)) {
            boolean ecn = marked != 0;
            int next = m.next(modeBefore, ecn, lineRate);
            boolean forwards = next != RC || ecnInRc;
            int n1 = m.config().design().advertised(next, counted);
            x.begin();
            x.set(f.mode, next);
            for (int i = 0; i < n; i++) {
                x.set(f.applied[i], design.applies(x.get(f.applied[i]), n1));
                ReactionPoint r = new ReactionPoint(x.get(f.rc[i]), x.get(f.rt[i]), x.get(f.alpha[i]),
                        x.get(f.since[i]), x.get(f.credit[i]));
                r = forwards && (marked >> i & 1) != 0 ? r.cut() : r.quietWindow(grid);
                x.set(f.rc[i], r.rc());
                x.set(f.rt[i], r.rt());
                x.set(f.alpha[i], r.alpha());
                x.set(f.since[i], r.since());
                x.set(f.credit[i], r.credit());
            }
            for (Field t : f.sinceChange) {
                x.set(t, 2);   // n is applied at the window end it leaves
            }
            x.set(f.modeAge, next == modeBefore ? Math.min(k, x.get(f.modeAge) + 1) : 0);
            x.emit(DartReceiverModel.observeCode(BOTH, ecn, lineRate, marked), sink);
        }
    }
}
