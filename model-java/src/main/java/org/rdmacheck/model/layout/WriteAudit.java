package org.rdmacheck.model.layout;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The check that a transition writes only the slots its transition group declares
 * ({@link Footprint#writes}): on the packed values of the state before and after a step, every
 * scalar field outside the group's writes is compared through one mask per header value, and
 * every FIFO outside them by its length and packed values. A group declared by several footprints
 * writes their union. Partial-order reduction reads independence off the footprints, so an
 * undeclared write can make it unsound; reads cannot be observed this way.
 */
public final class WriteAudit {

    private final StateLayout layout;
    private final Map<String, Integer> index = new LinkedHashMap<>();
    private final List<int[]> unwrittenBits = new ArrayList<>();
    private final List<Field[]> unwrittenFields = new ArrayList<>();
    private final List<Fifo[]> unwrittenFifos = new ArrayList<>();
    /** per group, per FIFO position: whether the group declares it written */
    private final List<boolean[]> writtenFifo = new ArrayList<>();

    /** @param model a model written on a layout, with its footprints */
    public WriteAudit(LayoutModel model) {
        this.layout = model.layout();
        Map<String, Set<Slot>> writes = new LinkedHashMap<>();
        for (Footprint f : model.footprints()) {
            writes.computeIfAbsent(f.action(), k -> new HashSet<>()).addAll(f.writes());
        }
        for (Map.Entry<String, Set<Slot>> e : writes.entrySet()) {
            index.put(e.getKey(), index.size());
            List<Field> fields = new ArrayList<>();
            for (Field f : layout.fields()) {
                if (!e.getValue().contains(f)) {
                    fields.add(f);
                }
            }
            List<Fifo> fifos = new ArrayList<>();
            boolean[] written = new boolean[layout.fifos().size()];
            for (int k = 0; k < written.length; k++) {
                Fifo q = layout.fifos().get(k);
                written[k] = e.getValue().contains(q);
                if (!written[k]) {
                    fifos.add(q);
                }
            }
            writtenFifo.add(written);
            unwrittenBits.add(layout.bitsOf(fields));
            unwrittenFields.add(fields.toArray(new Field[0]));
            unwrittenFifos.add(fifos.toArray(new Fifo[0]));
        }
    }

    /**
     * @param group a transition group's name ({@link LayoutModel#group})
     * @return its index for {@link #undeclared}, or -1 when no footprint declares it
     */
    public int group(String group) {
        Integer g = index.get(group);
        return g == null ? -1 : g;
    }

    /**
     * @param group the step's group ({@link #group})
     * @param a     packed values of the state before
     * @param ao    its first value
     * @param b     packed values of the state after
     * @param bo    its first value
     * @return the first slot the step changes outside the group's declared writes, empty when none
     */
    public Optional<Slot> undeclared(int group, int[] a, int ao, int[] b, int bo) {
        if (!StateLayout.sameOn(unwrittenBits.get(group), a, ao, b, bo)) {
            for (Field f : unwrittenFields.get(group)) {
                if (f.get(a, ao) != f.get(b, bo)) {
                    return Optional.of(f);
                }
            }
        }
        if (layout.compact()) {
            return undeclaredCompact(writtenFifo.get(group), a, ao, b, bo);
        }
        for (Fifo q : unwrittenFifos.get(group)) {
            int n = q.length(a, ao);
            if (n != q.length(b, bo)) {
                return Optional.of(q);
            }
            if (n == 0) {
                continue;
            }
            int sa = ao + layout.start(a, ao, q);
            int sb = bo + layout.start(b, bo, q);
            for (int i = 0, end = q.values(n); i < end; i++) {
                if (a[sa + i] != b[sb + i]) {
                    return Optional.of(q);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The compact encoding holds each non-empty FIFO in one value (its position as a tag, its length,
     * its elements), in order of position: the two states' lists are merged, and a FIFO outside the
     * writes must have the same value in both, or be empty in both.
     */
    private Optional<Slot> undeclaredCompact(boolean[] written, int[] a, int ao, int[] b, int bo) {
        int h = layout.header();
        int ia = ao + h;
        int ib = bo + h;
        int ea = ia + layout.nonEmptyFifos(a, ao);
        int eb = ib + layout.nonEmptyFifos(b, bo);
        while (ia < ea || ib < eb) {
            int ta = ia < ea ? layout.fifoOf(a[ia]) : Integer.MAX_VALUE;
            int tb = ib < eb ? layout.fifoOf(b[ib]) : Integer.MAX_VALUE;
            int t = Math.min(ta, tb);
            if (!written[t] && (ta != tb || a[ia] != b[ib])) {
                return Optional.of(layout.fifos().get(t));
            }
            ia += ta == t ? 1 : 0;
            ib += tb == t ? 1 : 0;
        }
        return Optional.empty();
    }
}
