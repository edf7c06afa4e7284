package org.rdmacheck.model.dasr.reference;

import org.rdmacheck.model.dasr.*;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import org.rdmacheck.model.PackedSymmetry;
import org.rdmacheck.model.Symmetry;
import org.rdmacheck.model.Words;

/**
 * Renaming of the senders 1..n-1 of the persistent loop (one tenant, no incast groups): element i
 * of the symmetric set is sender i + 1; sender 0, behind the network bottleneck, keeps its name.
 * The canonical member of a class ({@link #packed}) has senders 1..n-1 in ascending order of their
 * data: everything a state says about one sender, none of it naming another.
 *
 * @param senders n, the number of senders
 */
record SenderSymmetry(int senders) implements Symmetry<DartState>, PackedSymmetry {

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

    @Override
    public Optional<PackedSymmetry> packed() {
        return Optional.of(this);
    }

    /**
     * Sorts senders 1..n-1 of a {@link DartCodec} encoding by their data - in-flight count, fresh,
     * failed, applied n, ACK, reaction point, membership of each announced group, count in each
     * AUSS - and writes the state with sender k renamed to its rank. Senders with equal data are
     * interchangeable, so the result is the same for every member of a class, and it is the
     * encoding of one of its members (group lists and AUSS entries re-sorted by the new names).
     */
    @Override
    public void canonical(int[] v, int length, Words out) {
        Layout at = Layout.of(v, senders);
        int[][] key = new int[senders][];
        for (int s = 1; s < senders; s++) {
            key[s] = at.key(v, s);
        }
        Integer[] order = new Integer[senders - 1];
        for (int i = 0; i < order.length; i++) {
            order[i] = i + 1;
        }
        Arrays.sort(order, (a, b) -> Arrays.compare(key[a], key[b]));
        int[] old = new int[senders];   // new name -> old name
        int[] rename = new int[senders]; // old name -> new name
        for (int i = 0; i < order.length; i++) {
            old[i + 1] = order[i];
            rename[order[i]] = i + 1;
        }
        out.put(v[0]);
        at.putPerSender(v, at.flight, old, out);
        out.put(at.groups.length);
        for (int g : at.groups) {
            int[] members = new int[v[g]];
            for (int j = 0; j < members.length; j++) {
                members[j] = rename[v[g + 1 + j]];
            }
            Arrays.sort(members);
            out.put(members.length).put(members, 0, members.length);
        }
        out.put(at.auss.length);
        for (int t : at.auss) {
            int n = v[t];
            long[] entries = new long[n]; // new name, then count, sortable as one long
            for (int j = 0; j < n; j++) {
                entries[j] = (long) rename[v[t + 1 + 2 * j]] << 32 | v[t + 2 + 2 * j];
            }
            Arrays.sort(entries);
            out.put(n);
            for (long e : entries) {
                out.put((int) (e >>> 32)).put((int) e);
            }
        }
        for (int list : new int[] {at.fresh, at.failed, at.applied, at.ack}) {
            at.putPerSender(v, list, old, out);
        }
        out.put(v, at.ecnEcho, at.rp); // ECN echo and the per-tenant sinceChange
        out.put(senders);
        for (int j = 0; j < senders; j++) {
            int r = at.rp + 1 + 5 * old[j];
            out.put(v, r, r + 5);
        }
        out.put(v, at.rp + 1 + 5 * senders, length);
    }

    /** Where the runs of an encoding are: each field's position (of its length, for lists). */
    private record Layout(int flight, int[] groups, int[] auss, int fresh, int failed, int applied, int ack,
                          int ecnEcho, int rp) {

        static Layout of(int[] v, int senders) {
            int flight = 1;
            int at = flight + 1 + v[flight];
            int[] groups = new int[v[at++]];
            for (int g = 0; g < groups.length; g++) {
                groups[g] = at;
                at += 1 + v[at];
            }
            int[] auss = new int[v[at++]];
            for (int t = 0; t < auss.length; t++) {
                auss[t] = at;
                at += 1 + 2 * v[at];
            }
            int fresh = at;
            int failed = fresh + 1 + v[fresh];
            int applied = failed + 1 + v[failed];
            int ack = applied + 1 + v[applied];
            int ecnEcho = ack + 1 + v[ack];
            int rp = ecnEcho + 1 + 1 + v[ecnEcho + 1]; // after ECN echo and sinceChange
            for (int list : new int[] {flight, fresh, failed, applied, ack, rp}) {
                if (v[list] != senders) {
                    throw new IllegalStateException("per-sender list of " + v[list] + " entries, expected " + senders);
                }
            }
            return new Layout(flight, groups, auss, fresh, failed, applied, ack, ecnEcho, rp);
        }

        /** @return everything the encoding says about sender s, in a fixed order, naming no sender */
        int[] key(int[] v, int s) {
            int[] k = new int[5 + 5 + groups.length + auss.length];
            int i = 0;
            for (int list : new int[] {flight, fresh, failed, applied, ack}) {
                k[i++] = v[list + 1 + s];
            }
            System.arraycopy(v, rp + 1 + 5 * s, k, i, 5);
            i += 5;
            for (int g : groups) {
                boolean member = false;
                for (int j = 0; j < v[g]; j++) {
                    member |= v[g + 1 + j] == s;
                }
                k[i++] = member ? 1 : 0;
            }
            for (int t : auss) {
                int count = 0;
                for (int j = 0; j < v[t]; j++) {
                    if (v[t + 1 + 2 * j] == s) {
                        count = v[t + 2 + 2 * j];
                    }
                }
                k[i++] = count;
            }
            return k;
        }

        void putPerSender(int[] v, int list, int[] old, Words out) {
            out.put(v[list]);
            for (int o : old) {
                out.put(v[list + 1 + o]);
            }
        }
    }
}
