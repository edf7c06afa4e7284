package org.rdmacheck.model.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.layout.LayoutModel;
import org.rdmacheck.model.layout.LayoutState;

/**
 * The oracle of the textbook models' port: each layout model against the object model it
 * replaces ({@code reference}), explored breadth-first side by side: every state's successors must
 * be the same decoded states (the old record as the new view shows it) with the same actions in
 * the same order, and the same states final. Configurations: every variant's defaults, the known
 * frontiers, and a randomised set (fixed seed).
 */
class ExamplesOracleTest {

    private static final int LIMIT = 200_000;

    record Pair(String label, Model<Object> old, LayoutModel now, Function<Object, Object> view) {
        @Override
        public String toString() {
            return label;
        }
    }

    @SuppressWarnings("unchecked")
    private static <S> Arguments pair(String label, Model<S> old, LayoutModel now, Function<S, Object> view) {
        return Arguments.of(new Pair(label, (Model<Object>) old, now, (Function<Object, Object>) view));
    }

    static Stream<Arguments> configurations() {
        List<Arguments> out = new ArrayList<>();
        for (int[] c : new int[][] {{6, 3}, {1, 1}, {5, 1}, {4, 4}, {7, 2}}) {
            for (boolean reorder : new boolean[] {false, true}) {
                out.add(pair("fifo " + c[0] + "/" + c[1] + (reorder ? " reorder" : ""),
                        new org.rdmacheck.model.examples.reference.BoundedFifo(c[0], c[1], reorder),
                        new BoundedFifo(c[0], c[1], reorder), ExamplesOracleTest::view));
            }
        }
        for (boolean b : new boolean[] {false, true}) {
            out.add(pair("corridor " + b, new org.rdmacheck.model.examples.reference.Corridor(b), new Corridor(b),
                    ExamplesOracleTest::view));
        }
        for (int n = 2; n <= 7; n++) {
            for (boolean ordered : new boolean[] {false, true}) {
                out.add(pair("philosophers " + n + (ordered ? " ordered" : " naive"),
                        new org.rdmacheck.model.examples.reference.DiningPhilosophers(n, ordered),
                        new DiningPhilosophers(n, ordered), ExamplesOracleTest::view));
            }
        }
        List<int[]> abp = new ArrayList<>(List.of(new int[] {2, 1, 2}, new int[] {2, 2, 2}, new int[] {3, 2, 3},
                new int[] {4, 1, 2}, new int[] {2, 2, 3}));
        SplittableRandom r = new SplittableRandom(20261126L);
        for (int i = 0; i < 10; i++) {
            abp.add(new int[] {1 + r.nextInt(5), 1 + r.nextInt(3), 2 + r.nextInt(4)});
        }
        for (int[] c : abp) {
            out.add(pair("abp " + c[0] + "/" + c[1] + "/" + c[2],
                    new org.rdmacheck.model.examples.reference.AlternatingBit(c[0], c[1], c[2]),
                    new AlternatingBit(c[0], c[1], c[2]), ExamplesOracleTest::view));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("configurations")
    void sameStateGraphAsTheObjectModel(Pair p) {
        Map<Object, Boolean> seen = new HashMap<>();
        ArrayDeque<Object> queue = new ArrayDeque<>();
        ArrayDeque<LayoutState> nowQueue = new ArrayDeque<>();
        Object init = p.old().initialStates().get(0);
        seen.put(p.view().apply(init), true);
        queue.add(init);
        nowQueue.add(p.now().initialStates().get(0));
        long edges = 0;
        while (!queue.isEmpty()) {
            Object s = queue.poll();
            LayoutState t = nowQueue.poll();
            assertEquals(p.view().apply(s), p.now().view(t), p.label());
            assertEquals(p.old().isFinal(s), p.now().isFinal(t), () -> p.label() + ": final at " + s);
            List<Transition<Object>> want = new ArrayList<>();
            p.old().successors(s, want::add);
            List<Transition<LayoutState>> got = new ArrayList<>();
            p.now().successors(t, got::add);
            assertEquals(want.size(), got.size(), () -> p.label() + ": successors of " + s + ": " + want + " against "
                    + got);
            for (int k = 0; k < want.size(); k++) {
                Transition<Object> w = want.get(k);
                Transition<LayoutState> g = got.get(k);
                assertEquals(w.action(), g.action(), p.label());
                Object next = p.view().apply(w.next());
                assertEquals(next, p.now().view(g.next()), () -> p.label() + ": " + w.action() + " from " + s);
                edges++;
                if (seen.size() < LIMIT && seen.putIfAbsent(next, true) == null) {
                    queue.add(w.next());
                    nowQueue.add(g.next());
                }
            }
        }
        System.out.printf("%s: %d states, %d edges%n", p.label(), seen.size(), edges);
        assertTrue(seen.size() > 1, p.label());
    }

    static Object view(org.rdmacheck.model.examples.reference.BoundedFifo.State s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("sent", s.sent());
        m.put("channel", s.channel());
        m.put("received", s.received());
        m.put("inOrder", s.inOrder());
        return m;
    }

    static Object view(org.rdmacheck.model.examples.reference.Corridor.State s) {
        return Map.of("sideA", s.sideA(), "sideB", s.sideB(), "passed", s.passed());
    }

    static Object view(org.rdmacheck.model.examples.reference.DiningPhilosophers.Table t) {
        return Map.of("phases", t.phases().stream().map(Enum::name).toList());
    }

    static Object view(org.rdmacheck.model.examples.reference.AlternatingBit.State s) {
        return Map.of("current", s.current(), "accepted", s.accepted(), "channel", s.channel(), "wrong", s.wrong());
    }
}
