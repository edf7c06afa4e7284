package org.rdmacheck.model.dasr.reference;

import org.rdmacheck.model.dasr.*;

import java.util.ArrayList;
import java.util.List;

/** A mutable copy of a {@link DartState} used while building one successor. */
final class Draft {

    CongestionState mode;
    final List<Integer> flight;
    final List<List<Integer>> announced;
    final List<ActiveUniqueSenderSet> auss;
    final List<Boolean> fresh;
    final List<Boolean> failed;
    final List<Integer> applied;
    final List<Integer> ack;
    boolean ecnEcho;
    final List<Integer> sinceChange;
    final List<ReactionPoint> rp;
    int modeAge;

    Draft(DartState s) {
        mode = s.mode();
        flight = new ArrayList<>(s.flight());
        announced = new ArrayList<>();
        for (List<Integer> g : s.announced()) {
            announced.add(new ArrayList<>(g));
        }
        auss = new ArrayList<>(s.auss());
        fresh = new ArrayList<>(s.fresh());
        failed = new ArrayList<>(s.failed());
        applied = new ArrayList<>(s.applied());
        ack = new ArrayList<>(s.ack());
        ecnEcho = s.ecnEcho();
        sinceChange = new ArrayList<>(s.sinceChange());
        rp = new ArrayList<>(s.rp());
        modeAge = s.modeAge();
    }

    DartState build() {
        return new DartState(mode, flight, announced, auss, fresh, failed, applied, ack, ecnEcho, sinceChange,
                rp, modeAge);
    }

    boolean isAnnounced(int sender) {
        for (List<Integer> g : announced) {
            if (g.contains(sender)) {
                return true;
            }
        }
        return false;
    }

    void unannounce(int sender) {
        for (List<Integer> g : announced) {
            g.remove(Integer.valueOf(sender));
        }
    }
}
