package org.rdmacheck.model.gbn.timed;

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
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.gbn.DuplicatePolicy;
import org.rdmacheck.model.gbn.GbnConfig;
import org.rdmacheck.model.gbn.GbnVariant;
import org.rdmacheck.model.gbn.NakPolicy;
import org.rdmacheck.model.layout.LayoutState;

/**
 * The oracle of the timed port: {@link TimedGoBackN} (the layout model) against the object model
 * {@code TimedGbnModel} it replaces, explored breadth-first side by side. Every state's successors
 * must be the same decoded states with the same actions in the same order, so the state graphs are
 * equal (same decoded states, same labelled edges). Configurations: every catalogue variant at its
 * defaults and a randomised set (fixed seed); a configuration is compared over its first 150,000
 * states at most (breadth-first, so a prefix of the graph by depth).
 */
@Tag("slow")
class TimedGoBackNOracleTest {

    private static final int LIMIT = 150_000;

    private static TimedConfig config(GbnVariant v, int packets, int messages, int ackInterval, DuplicatePolicy d,
                                      NakPolicy n, int losses, int dups, boolean reorder, int delayMin, int delayMax,
                                      long tick, int timeout, int nakTicks, int psnBits, int window, int maxRtos,
                                      int goodput) {
        return new TimedConfig(new GbnConfig(packets, messages, ackInterval, v, d, n), losses, dups,
                reorder ? Delivery.REORDER : Delivery.FIFO, delayMin, delayMax, tick, timeout, nakTicks, psnBits, window,
                maxRtos, goodput);
    }

    private static TimedConfig defaults(GbnVariant v, int packets, int messages, long tick, int timeout, int psnBits,
                                        boolean reorder) {
        return config(v, packets, messages, 0, DuplicatePolicy.ACK, NakPolicy.INTERVAL, 1, 0, reorder, 1, 2, tick,
                timeout, 6, psnBits, 4, 1, 33);
    }

    static Stream<Arguments> configurations() {
        List<Arguments> out = new ArrayList<>();
        for (GbnVariant v : GbnVariant.values()) {
            out.add(Arguments.of(v.word() + " defaults", defaults(v, 2, 2, 1024, 2, 3, false)));
        }
        out.add(Arguments.of("improved-short-rto defaults", defaults(GbnVariant.IMPROVED, 2, 2, 4096, 1, 3, false)));
        out.add(Arguments.of("improved-psn-wrap defaults", defaults(GbnVariant.IMPROVED, 4, 1, 1024, 2, 2, true)));
        out.add(Arguments.of("gbn-no-rto defaults", defaults(GbnVariant.GBN, 2, 2, 1024, 0, 3, false)));
        SplittableRandom r = new SplittableRandom(20261126L);
        for (int i = 0; i < 16; i++) {
            GbnVariant v = GbnVariant.values()[r.nextInt(GbnVariant.values().length)];
            int delayMin = 1 + r.nextInt(2);
            out.add(Arguments.of("random " + i, config(v, 1 + r.nextInt(3), 1 + r.nextInt(2), r.nextInt(3),
                    r.nextBoolean() ? DuplicatePolicy.ACK : DuplicatePolicy.IGNORE,
                    r.nextBoolean() ? NakPolicy.INTERVAL : NakPolicy.PER_EPSN, r.nextInt(3), r.nextInt(2),
                    r.nextInt(3) == 0, delayMin, delayMin + r.nextInt(2), r.nextBoolean() ? 1024 : 4096,
                    r.nextInt(4), 2 + r.nextInt(7), 2 + r.nextInt(3), 1 + r.nextInt(4), r.nextInt(3),
                    25 + r.nextInt(26))));
        }
        // larger: longer transfers, two losses, network copies, wider windows
        for (int i = 0; i < 6; i++) {
            GbnVariant v = GbnVariant.values()[r.nextInt(GbnVariant.values().length)];
            out.add(Arguments.of("larger " + i, config(v, 2 + r.nextInt(3), 2, r.nextInt(3),
                    r.nextBoolean() ? DuplicatePolicy.ACK : DuplicatePolicy.IGNORE,
                    r.nextBoolean() ? NakPolicy.INTERVAL : NakPolicy.PER_EPSN, 2, r.nextInt(2), r.nextInt(3) == 0,
                    1, 2 + r.nextInt(2), 1024, 2 + r.nextInt(2), 4 + r.nextInt(5), 3 + r.nextInt(2), 4 + r.nextInt(5),
                    1 + r.nextInt(2), 25 + r.nextInt(26))));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("configurations")
    void sameStateGraphAsTheObjectModel(String label, TimedConfig config) {
        TimedGbnModel old = new TimedGbnModel(config);
        TimedGoBackN now = new TimedGoBackN(config);
        Map<Map<String, Object>, Boolean> seen = new HashMap<>();
        ArrayDeque<TimedState> queue = new ArrayDeque<>();
        ArrayDeque<LayoutState> nowQueue = new ArrayDeque<>();
        TimedState init = old.initialStates().get(0);
        assertEquals(named(init), now.initialStates().get(0).named(), label + ": initial state");
        seen.put(named(init), true);
        queue.add(init);
        nowQueue.add(now.initialStates().get(0));
        long edges = 0;
        while (!queue.isEmpty()) {
            TimedState s = queue.poll();
            LayoutState t = nowQueue.poll();
            assertEquals(named(s), t.named(), label);
            assertEquals(old.isFinal(s), now.isFinal(t), () -> label + ": final at " + s);
            List<Transition<TimedState>> want = new ArrayList<>();
            old.successors(s, want::add);
            List<Transition<LayoutState>> got = new ArrayList<>();
            now.successors(t, got::add);
            assertEquals(want.size(), got.size(), () -> label + ": successors of " + s + ": " + want + " against "
                    + got);
            for (int k = 0; k < want.size(); k++) {
                Transition<TimedState> w = want.get(k);
                Transition<LayoutState> g = got.get(k);
                int kk = k;
                assertEquals(w.action(), g.action(), () -> label + ": action " + kk + " of " + s);
                Map<String, Object> next = named(w.next());
                assertEquals(next, g.next().named(), () -> label + ": " + w.action() + " from " + s);
                edges++;
                if (seen.size() < LIMIT && seen.putIfAbsent(next, true) == null) {
                    queue.add(w.next());
                    nowQueue.add(g.next());
                }
            }
        }
        System.out.printf("%s: %d states%s, %d edges compared%n", label, seen.size(),
                seen.size() >= LIMIT ? " (limit)" : "", edges);
        assertTrue(seen.size() > 1, label);
    }

    /** The old state as the named values the layout shows. */
    static Map<String, Object> named(TimedState s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("next", s.next());
        m.put("high", s.high());
        m.put("una", s.una());
        m.put("rto", s.rto());
        m.put("busy", s.busy());
        m.put("epsn", s.epsn());
        m.put("nak", s.nak());
        m.put("ce", s.ce());
        m.put("ceLpsn", s.ceLpsn());
        m.put("lastNak", s.lastNak());
        List<Object> data = new ArrayList<>();
        for (Packet p : s.data()) {
            data.add(Map.of("seq", p.seq(), "age", p.age()));
        }
        m.put("data", data);
        List<Object> ctrl = new ArrayList<>();
        for (Reply r : s.ctrl()) {
            ctrl.add(Map.of("kind", r.kind().name(), "n", r.n(), "age", r.age()));
        }
        m.put("ctrl", ctrl);
        m.put("lossesLeft", s.lossesLeft());
        m.put("dupsLeft", s.dupsLeft());
        m.put("good", s.good());
        m.put("timeouts", s.timeouts());
        m.put("sent", s.sent());
        return m;
    }
}
