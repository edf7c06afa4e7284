package org.rdmacheck.model.dasr;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.rdmacheck.model.Symmetry;

/**
 * Renaming of the senders 1..n-1 of the persistent loop (one tenant, no incast groups): element i
 * of the symmetric set is sender i + 1; sender 0, behind the network bottleneck, keeps its name.
 *
 * @param senders n, the number of senders
 */
record SenderSymmetry(int senders) implements Symmetry<DartState> {

    @Override
    public String elements() {
        return "senders 1.." + (senders - 1);
    }

    @Override
    public int size() {
        return senders - 1;
    }

    @Override
    public DartState permute(DartState s, int[] permutation) {
        int[] to = new int[senders];
        for (int i = 1; i < senders; i++) {
            to[i] = permutation[i - 1] + 1;
        }
        List<List<Integer>> announced = new ArrayList<>();
        for (List<Integer> g : s.announced()) {
            List<Integer> r = new ArrayList<>();
            g.forEach(x -> r.add(to[x]));
            r.sort(null);
            announced.add(r);
        }
        List<ActiveUniqueSenderSet> auss = new ArrayList<>();
        for (ActiveUniqueSenderSet a : s.auss()) {
            TreeMap<Integer, Integer> m = new TreeMap<>();
            a.inFlight().forEach((k, v) -> m.put(to[k], v));
            auss.add(new ActiveUniqueSenderSet(m));
        }
        return new DartState(s.mode(), rename(s.flight(), to), announced, auss, rename(s.fresh(), to),
                rename(s.failed(), to), rename(s.applied(), to), rename(s.ack(), to), s.ecnEcho(), s.sinceChange(),
                rename(s.rp(), to), s.modeAge());
    }

    private static <T> List<T> rename(List<T> perSender, int[] to) {
        List<T> out = new ArrayList<>(perSender);
        for (int i = 0; i < perSender.size(); i++) {
            out.set(to[i], perSender.get(i));
        }
        return out;
    }
}
