package org.rdmacheck.model.gbn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.StateCodec;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.Words;
import org.rdmacheck.model.layout.LayoutState;

/**
 * The oracle of the port: the layout model {@link GoBackN} against the object model
 * ({@code GbnModel}) and the hand-packed copy ({@code GbnPacked}) it replaces. From the initial
 * state, both are explored breadth-first side by side; every state's successors must be the same
 * (decoded into named values), with the same actions, in the same order, so the state graphs are
 * equal: the same decoded states and the same labelled edges. Slow (minutes): {@code mvn -B test -pl
 * model-java -Dtest='*OracleTest' -DexcludedTestGroups=}. Configurations: every catalogue
 * variant at its defaults, and a randomised set of larger ones (fixed seeds).
 */
@Tag("slow")
class GoBackNOracleTest {

    /** States compared per configuration at most (breadth-first: a prefix of the graph by depth). */
    private static final int LIMIT = 150_000;

    static Stream<Arguments> configurations() {
        List<Arguments> out = new ArrayList<>();
        for (String v : List.of("gbn", "gb0", "st", "ce", "improved")) {
            out.add(Arguments.of(v + " defaults", new GbnConfig(3, 1, 2, GbnVariant.of(v), DuplicatePolicy.ACK,
                    NakPolicy.INTERVAL), 1, 4));
        }
        out.add(Arguments.of("improved-ignore defaults", new GbnConfig(3, 1, 2, GbnVariant.IMPROVED,
                DuplicatePolicy.IGNORE, NakPolicy.INTERVAL), 1, 4));
        SplittableRandom rnd = new SplittableRandom(20261126L);
        for (int i = 0; i < 24; i++) {
            GbnVariant v = GbnVariant.values()[rnd.nextInt(GbnVariant.values().length)];
            int packets = 1 + rnd.nextInt(5);
            int messages = 1 + rnd.nextInt(packets <= 2 ? 3 : 2);
            int ackInterval = rnd.nextInt(4);
            int losses = rnd.nextInt(packets * messages <= 4 ? 4 : 3);
            int capacity = 2 + rnd.nextInt(3);
            DuplicatePolicy d = rnd.nextBoolean() ? DuplicatePolicy.ACK : DuplicatePolicy.IGNORE;
            NakPolicy n = rnd.nextBoolean() ? NakPolicy.INTERVAL : NakPolicy.PER_EPSN;
            out.add(Arguments.of("random " + i, new GbnConfig(packets, messages, ackInterval, v, d, n), losses,
                    capacity));
        }
        // larger: two messages of up to six packets, two or three losses
        for (int i = 0; i < 6; i++) {
            GbnVariant v = GbnVariant.values()[rnd.nextInt(GbnVariant.values().length)];
            out.add(Arguments.of("larger " + i, new GbnConfig(3 + rnd.nextInt(4), 2, rnd.nextInt(4), v,
                    rnd.nextBoolean() ? DuplicatePolicy.ACK : DuplicatePolicy.IGNORE,
                    rnd.nextBoolean() ? NakPolicy.INTERVAL : NakPolicy.PER_EPSN), 2 + rnd.nextInt(2), 3 + rnd.nextInt(2)));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}: {1} L={2} C={3}")
    @MethodSource("configurations")
    void sameStateGraphAsTheObjectAndPackedModels(String label, GbnConfig config, int losses, int capacity) {
        GbnModel old = new GbnModel(config, losses, capacity);
        GoBackN now = new GoBackN(config, losses, capacity);
        PackedModel oldPacked = old.packed().orElseThrow();
        PackedModel.Expander oldExpander = oldPacked.expander();
        StateCodec<GbnState> codec = old.codec().orElseThrow();
        Map<Map<String, Object>, Boolean> seen = new HashMap<>();
        ArrayDeque<GbnState> queue = new ArrayDeque<>();
        ArrayDeque<LayoutState> nowQueue = new ArrayDeque<>();
        GbnState init = old.initialStates().get(0);
        assertEquals(named(init), now.initialStates().get(0).named(), label + ": initial state");
        seen.put(named(init), true);
        queue.add(init);
        nowQueue.add(now.initialStates().get(0));
        long edges = 0;
        while (!queue.isEmpty()) {
            GbnState s = queue.poll();
            LayoutState t = nowQueue.poll();
            assertEquals(named(s), t.named(), label);
            assertEquals(old.isFinal(s), now.isFinal(t), () -> label + ": final at " + s);
            assertEquals(old.done(s), now.done(t), () -> label + ": done at " + s);
            List<Transition<GbnState>> want = new ArrayList<>();
            old.successors(s, want::add);
            List<Transition<LayoutState>> got = new ArrayList<>();
            now.successors(t, got::add);
            List<Transition<GbnState>> packedWant = packedSuccessors(oldExpander, oldPacked, codec, s);
            assertEquals(want.size(), got.size(), () -> label + ": successors of " + s);
            assertEquals(want.size(), packedWant.size(), () -> label + ": packed successors of " + s);
            for (int k = 0; k < want.size(); k++) {
                Transition<GbnState> w = want.get(k);
                Transition<LayoutState> g = got.get(k);
                int kk = k;
                assertEquals(w.action(), g.action(), () -> label + ": action " + kk + " of " + s);
                assertEquals(packedWant.get(k).action(), g.action(), () -> label + ": packed action " + kk + " of " + s);
                Map<String, Object> next = named(w.next());
                assertEquals(next, g.next().named(), () -> label + ": " + w.action() + " from " + s);
                assertEquals(named(packedWant.get(k).next()), g.next().named(), () -> label + ": packed " + w.action());
                edges++;
                if (seen.size() < LIMIT && seen.putIfAbsent(next, true) == null) {
                    queue.add(w.next());
                    nowQueue.add(g.next());
                }
            }
        }
        System.out.printf("%s: %d states%s, %d edges compared%n", label, seen.size(),
                seen.size() >= LIMIT ? " (limit)" : "", edges);
        assertTrue(seen.size() > 1 && edges >= seen.size() - 1, label);
    }

    private static List<Transition<GbnState>> packedSuccessors(PackedModel.Expander e, PackedModel p,
                                                               StateCodec<GbnState> codec, GbnState s) {
        Words w = new Words();
        codec.encode(s, w);
        int[] v = new int[w.length()];
        w.copyTo(v, 0);
        List<Transition<GbnState>> out = new ArrayList<>();
        e.successors(v, 0, (code, next, length) -> out.add(new Transition<>(p.action(code),
                codec.decode(Words.reader(next, 0)))));
        return out;
    }

    /** The old state as the named values the layout shows. */
    static Map<String, Object> named(GbnState s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("next", s.next());
        m.put("una", s.una());
        m.put("epsn", s.epsn());
        m.put("nakTimer", s.nakTimer());
        m.put("ceLpsn", s.ceLpsn());
        m.put("lastNak", s.lastNak());
        m.put("data", List.copyOf(s.data()));
        List<Object> ctrl = new ArrayList<>();
        for (Ctrl c : s.ctrl()) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("kind", c.kind().name());
            e.put("psn", c.psn());
            ctrl.add(e);
        }
        m.put("ctrl", ctrl);
        m.put("lossesLeft", s.lossesLeft());
        return m;
    }
}
