package org.rdmacheck.model.dasr.reference;

import org.rdmacheck.model.dasr.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.rdmacheck.model.StateCodec;
import org.rdmacheck.model.Words;

/** Packed encoding of {@link DartState}: mode, per-sender lists, announcements, AUSS contents, reaction points. */
public final class DartCodec implements StateCodec<DartState> {

    @Override
    public void encode(DartState s, Words out) {
        out.put(s.mode().ordinal()).putInts(s.flight());
        out.put(s.announced().size());
        for (List<Integer> g : s.announced()) {
            out.putInts(g);
        }
        out.put(s.auss().size());
        for (ActiveUniqueSenderSet a : s.auss()) {
            out.put(a.inFlight().size());
            for (Map.Entry<Integer, Integer> e : a.inFlight().entrySet()) {
                out.put(e.getKey()).put(e.getValue());
            }
        }
        out.putBooleans(s.fresh()).putBooleans(s.failed()).putInts(s.applied()).putInts(s.ack())
                .put(s.ecnEcho()).putInts(s.sinceChange());
        out.put(s.rp().size());
        for (ReactionPoint r : s.rp()) {
            out.put(r.rc()).put(r.rt()).put(r.alpha()).put(r.since()).put(r.credit());
        }
        out.put(s.modeAge());
    }

    @Override
    public DartState decode(Words.Reader in) {
        CongestionState mode = CongestionState.values()[in.next()];
        List<Integer> flight = in.nextInts();
        int ng = in.next();
        List<List<Integer>> announced = new ArrayList<>(ng);
        for (int i = 0; i < ng; i++) {
            announced.add(in.nextInts());
        }
        int na = in.next();
        List<ActiveUniqueSenderSet> auss = new ArrayList<>(na);
        for (int i = 0; i < na; i++) {
            int n = in.next();
            TreeMap<Integer, Integer> m = new TreeMap<>();
            for (int j = 0; j < n; j++) {
                m.put(in.next(), in.next());
            }
            auss.add(new ActiveUniqueSenderSet(m));
        }
        List<Boolean> fresh = in.nextBooleans();
        List<Boolean> failed = in.nextBooleans();
        List<Integer> applied = in.nextInts();
        List<Integer> ack = in.nextInts();
        boolean ecnEcho = in.nextBoolean();
        List<Integer> sinceChange = in.nextInts();
        int nr = in.next();
        List<ReactionPoint> rp = new ArrayList<>(nr);
        for (int i = 0; i < nr; i++) {
            rp.add(new ReactionPoint(in.next(), in.next(), in.next(), in.next(), in.next()));
        }
        return new DartState(mode, flight, announced, auss, fresh, failed, applied, ack, ecnEcho, sinceChange, rp,
                in.next());
    }
}
