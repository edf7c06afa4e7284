package org.rdmacheck.model.layout;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.rdmacheck.model.Action;

/**
 * The check that a transition group reads only the slots its footprint declares
 * ({@link Footprint#reads}), by what a read does rather than by watching the code: a group G that
 * does not read a field X behaves the same in a state s and in s with X changed to another value v:
 * its steps from s[X := v] are its steps from s, with the same actions and the same values in the
 * slots G declares written (X excepted). A guard of G that tests X shows up as a step gained or
 * lost; an effect that computes a written slot from X as that slot written otherwise. The slots
 * outside G's writes, X included, are not compared: that they stay unchanged is the write audit's
 * to check ({@link WriteAudit}, on reachable states), and in a changed state that breaks the
 * model's own invariants (a pause bit that disagrees with its buffer's occupancy) a step may repair
 * them, which no reachable state shows. The header's scalar fields are changed, each to its bounds and its neighbours; the
 * FIFOs are not (a FIFO read left out of a footprint is not found here).
 *
 * <p>The changed state need not be reachable: a footprint declares what a group depends on in every
 * state, as LTSmin's dependency matrix does. A perturbed state the model cannot expand (it throws)
 * is skipped and counted. States are expanded through the model's object successors, which use an
 * expander of their own (never an exploring thread's).
 */
public final class ReadAudit {

    private final LayoutModel model;
    private final StateLayout layout;
    /** per group: the fields it declares read, and the slots it declares written (in layout order) */
    private final Map<String, Set<Field>> reads = new HashMap<>();
    private final Map<String, List<Slot>> writes = new HashMap<>();
    /** the header's fields */
    private final List<Field> fields = new ArrayList<>();
    private long skipped;

    /** An undeclared read: the group, the field, the state's value and the value that changed the group's steps. */
    public record Finding(String group, Field field, int from, int to, String detail) { }

    /** @param model a model written on a layout, with its footprints */
    public ReadAudit(LayoutModel model) {
        this.model = model;
        this.layout = model.layout();
        Map<String, Set<Slot>> written = new HashMap<>();
        for (Footprint f : model.footprints()) {
            Set<Field> r = reads.computeIfAbsent(f.action(), k -> new HashSet<>());
            f.reads().forEach(s -> {
                if (s instanceof Field x) {
                    r.add(x);
                }
            });
            written.computeIfAbsent(f.action(), k -> new HashSet<>()).addAll(f.writes());
        }
        written.forEach((g, w) -> writes.put(g, layout.slots().stream().filter(w::contains).toList()));
        for (Field f : layout.fields()) {
            if (f.position() < layout.header()) {
                fields.add(f);
            }
        }
    }

    /** @return the header fields changed in each state */
    public List<Field> fields() {
        return List.copyOf(fields);
    }

    /** @return changed states skipped because the model could not expand them */
    public long skipped() {
        return skipped;
    }

    /**
     * Changes each header field of one state to each of its other values among its bounds and its
     * neighbours, and compares the steps of every group that does not declare the field read.
     *
     * @param s the state's packed values (from 0)
     * @return the first undeclared read found, empty when none
     */
    public Optional<Finding> check(int[] s) {
        return check(s, fields);
    }

    /**
     * @param s  the state's packed values (from 0)
     * @param of the header fields to change
     * @return the first undeclared read found, empty when none
     */
    public Optional<Finding> check(int[] s, List<Field> of) {
        int length = layout.length(s, 0);
        Map<String, List<Step>> before = steps(s, length);
        for (Field x : of) {
            int cur = x.get(s, 0);
            for (int v : others(x, cur)) {
                int[] p = Arrays.copyOf(s, length);
                x.set(p, 0, v);
                Map<String, List<Step>> after;
                try {
                    after = steps(p, length);
                } catch (RuntimeException | AssertionError cannotExpand) {
                    skipped++;
                    continue;
                }
                Set<String> groups = new TreeSet<>(before.keySet());
                groups.addAll(after.keySet());
                for (String g : groups) {
                    Set<Field> r = reads.get(g);
                    if (r == null || r.contains(x)) {
                        continue; // no footprint (the reduction takes it as reading everything), or declared
                    }
                    List<Slot> w = writes.get(g);
                    List<Step> expected = new ArrayList<>();
                    for (Step t : before.getOrDefault(g, List.of())) {
                        expected.add(new Step(t.action, project(t.next, w, x)));
                    }
                    List<Step> got = new ArrayList<>();
                    for (Step t : after.getOrDefault(g, List.of())) {
                        got.add(new Step(t.action, project(t.next, w, x)));
                    }
                    if (!same(expected, got)) {
                        return Optional.of(new Finding(g, x, cur, v, "group " + g + " behaves differently when "
                                + x.name() + " is " + v + " instead of " + cur + " (" + difference(expected, got)
                                + "), and its footprint does not declare " + x.name() + " read"));
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** @return the field's other values to try: its bounds and its neighbours */
    private static int[] others(Field x, int cur) {
        Set<Integer> out = new java.util.LinkedHashSet<>();
        for (int v : new int[] {x.min(), x.max(), cur - 1, cur + 1}) {
            if (v >= x.min() && v <= x.max() && v != cur) {
                out.add(v);
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    private Map<String, List<Step>> steps(int[] s, int length) {
        Map<String, List<Step>> out = new LinkedHashMap<>();
        model.successors(new LayoutState(layout, s, 0, length), t -> {
            int[] next = new int[t.next().length()];
            t.next().copyTo(next, 0);
            out.computeIfAbsent(model.group(t.action()), k -> new ArrayList<>()).add(new Step(t.action(), next));
        });
        return out;
    }

    /** @return what differs between two sorted lists of steps: their number, an action, or a written slot */
    private static String difference(List<Step> expected, List<Step> got) {
        if (expected.size() != got.size()) {
            return got.size() + " steps instead of " + expected.size();
        }
        for (int i = 0; i < got.size(); i++) {
            if (!expected.get(i).action.equals(got.get(i).action)) {
                return "step " + got.get(i).action + " instead of " + expected.get(i).action;
            }
            if (!Arrays.equals(expected.get(i).next, got.get(i).next)) {
                return "step " + got.get(i).action + " writes its slots otherwise";
            }
        }
        return "the same steps in another order";
    }

    /**
     * @return a successor's values on the slots its group declares written, but {@code x}: fields'
     *         values, FIFOs' lengths and elements
     */
    private int[] project(int[] next, List<Slot> w, Field x) {
        IntList out = new IntList();
        for (Slot slot : w) {
            if (slot == x) {
                continue;
            }
            if (slot instanceof Field f) {
                out.add(f.get(next, 0));
            } else if (slot instanceof Fifo q) {
                int[] e = layout.elements(next, 0, q);
                out.add(e.length);
                for (int v : e) {
                    out.add(v);
                }
            }
        }
        return out.toArray();
    }

    /** A growing list of ints. */
    private static final class IntList {
        private int[] a = new int[16];
        private int n;

        void add(int v) {
            if (n == a.length) {
                a = Arrays.copyOf(a, 2 * n);
            }
            a[n++] = v;
        }

        int[] toArray() {
            return Arrays.copyOf(a, n);
        }
    }

    private static boolean same(List<Step> a, List<Step> b) {
        if (a.size() != b.size()) {
            return false;
        }
        a.sort(Step.ORDER);
        b.sort(Step.ORDER);
        for (int i = 0; i < a.size(); i++) {
            if (!a.get(i).action.equals(b.get(i).action) || !Arrays.equals(a.get(i).next, b.get(i).next)) {
                return false;
            }
        }
        return true;
    }

    /** A step: its action and successor's values. */
    private record Step(Action action, int[] next) {
        private static String key(Action a) {
            return a.name() + new java.util.TreeMap<>(a.params());
        }

        static final java.util.Comparator<Step> ORDER = (p, q) -> {
            int c = key(p.action).compareTo(key(q.action));
            return c != 0 ? c : Arrays.compare(p.next, q.next);
        };
    }
}
