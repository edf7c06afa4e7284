package org.rdmacheck.model.dasr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.Words;
import org.rdmacheck.model.dasr.reference.ActiveUniqueSenderSet;
import org.rdmacheck.model.dasr.reference.DartCodec;
import org.rdmacheck.model.dasr.reference.DartState;
import org.rdmacheck.model.layout.LayoutState;

/**
 * The oracle of the port: {@link DartReceiverModel} (the layout model) against the object model
 * it replaces ({@code reference.DartReceiverModel}), explored breadth-first side by side. Every
 * state's successors must be the same decoded states with the same actions in the same order, so
 * the state graphs are equal (same decoded states, same labelled edges). Under the persistent
 * network the declared symmetric set must also partition the reachable states as the old sender
 * symmetry does. Configurations: every variant at its catalogue defaults, every knock-out, and a
 * randomised set (fixed seed); a configuration is compared over its first 150,000 states at most
 * (breadth-first, so a prefix of the graph by depth).
 */
class DartOracleTest {

    private static final int LIMIT = 150_000;

    private static DartConfig free(Design d, int senders, int messages, int tenants, int groups, boolean lookahead) {
        return new DartConfig(senders, messages, tenants, groups, lookahead, d);
    }

    private static DartConfig loop(Design d, int senders, int k, int ai, int bc) {
        return new DartConfig(senders, 2, 1, 2, true, d, new LoopParams(k, ai, bc));
    }

    static Stream<Arguments> configurations() {
        Design paper = Design.paper();
        Design persistent = paper.withNetwork(Design.Network.PERSISTENT_COMBINED);
        List<Arguments> out = new ArrayList<>();
        out.add(Arguments.of("dart defaults", free(paper, 2, 2, 1, 2, true)));
        out.add(Arguments.of("dart two tenants", free(paper, 1, 1, 2, 2, true)));
        out.add(Arguments.of("count-messages defaults",
                free(paper.withCounting(Design.SenderCounting.MESSAGES), 2, 2, 1, 1, true)));
        out.add(Arguments.of("early-removal defaults",
                free(paper.withEndRule(Design.EndRule.REMOVE_ON_FIRST_END), 2, 2, 1, 1, true)));
        out.add(Arguments.of("shared-lookahead defaults",
                free(paper.withLookaheadScope(Design.LookaheadScope.SHARED), 1, 1, 2, 2, true)));
        out.add(Arguments.of("forward-ecn defaults", free(paper.withEcnInReceiverCongestion(true), 2, 2, 1, 2, true)));
        out.add(Arguments.of("no-timeout defaults", free(paper.withSoftStateTimeouts(false), 2, 2, 1, 2, true)));
        out.add(Arguments.of("persistent defaults", loop(persistent, 3, 8, 2, 36)));
        out.add(Arguments.of("persistent-hysteresis defaults",
                loop(persistent.withMachine(ReceiverMachine.hysteresis()), 3, 8, 2, 36)));
        out.add(Arguments.of("persistent-overload-marks defaults",
                loop(paper.withNetwork(Design.Network.PERSISTENT_COMBINED_OVERLOAD_MARKS), 3, 8, 2, 36)));
        for (ReceiverMachine.Target t : ReceiverMachine.Target.values()) {
            out.add(Arguments.of("knock-out " + t, free(paper.withMachine(paper.machine().without(EnumSet.of(t))),
                    2, 2, 1, 0, true)));
        }
        out.add(Arguments.of("knock-out look-ahead",
                free(paper.withLookaheadScope(Design.LookaheadScope.IGNORED), 2, 2, 1, 1, true)));
        SplittableRandom r = new SplittableRandom(20261126L);
        for (int i = 0; i < 14; i++) {
            Design d = paper.withCounting(r.nextBoolean() ? Design.SenderCounting.UNIQUE_SENDERS
                            : Design.SenderCounting.MESSAGES)
                    .withEndRule(r.nextInt(3) == 0 ? Design.EndRule.REMOVE_ON_FIRST_END : Design.EndRule.DECREMENT)
                    .withLookaheadScope(Design.LookaheadScope.values()[r.nextInt(3)])
                    .withEcnInReceiverCongestion(r.nextInt(3) == 0)
                    .withSoftStateTimeouts(r.nextInt(4) != 0)
                    .withMachine(r.nextBoolean() ? ReceiverMachine.paper() : ReceiverMachine.hysteresis());
            out.add(Arguments.of("random " + i, free(d, 1 + r.nextInt(3), 1 + r.nextInt(3), 1 + r.nextInt(2),
                    r.nextInt(4), r.nextInt(4) != 0)));
        }
        for (int i = 0; i < 6; i++) {
            Design d = paper.withNetwork(r.nextBoolean() ? Design.Network.PERSISTENT_COMBINED
                            : Design.Network.PERSISTENT_COMBINED_OVERLOAD_MARKS)
                    .withMachine(r.nextBoolean() ? ReceiverMachine.paper() : ReceiverMachine.hysteresis())
                    .withEcnInReceiverCongestion(r.nextInt(3) == 0);
            out.add(Arguments.of("random loop " + i, loop(d, 2 + r.nextInt(3), 1 + r.nextInt(8), r.nextInt(6),
                    1 + r.nextInt(8))));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("configurations")
    void sameStateGraphAsTheObjectModel(String label, DartConfig config) {
        var old = new org.rdmacheck.model.dasr.reference.DartReceiverModel(config);
        DartReceiverModel now = new DartReceiverModel(config);
        Map<Object, Boolean> seen = new HashMap<>();
        ArrayDeque<DartState> queue = new ArrayDeque<>();
        ArrayDeque<LayoutState> nowQueue = new ArrayDeque<>();
        DartState init = old.initialStates().get(0);
        assertEquals(view(init), now.view(now.initialStates().get(0)), label + ": initial state");
        seen.put(view(init), true);
        queue.add(init);
        nowQueue.add(now.initialStates().get(0));
        long edges = 0;
        // symmetry: the old canonical form and the new one partition the states alike
        Map<List<Long>, LayoutState> oldClass = new HashMap<>();
        Map<List<Long>, List<Long>> classes = new HashMap<>();
        Map<List<Long>, List<Long>> back = new HashMap<>();
        while (!queue.isEmpty()) {
            DartState s = queue.poll();
            LayoutState t = nowQueue.poll();
            assertEquals(view(s), now.view(t), label);
            if (old.symmetry().isPresent()) {
                List<Long> a = oldCanonical(old, s);
                List<Long> b = newCanonical(now, t);
                assertEquals(classes.computeIfAbsent(a, k -> b), b, () -> label + ": symmetry classes at " + s);
                assertEquals(back.computeIfAbsent(b, k -> a), a, () -> label + ": symmetry classes at " + s);
                oldClass.putIfAbsent(a, t);
            }
            List<Transition<DartState>> want = new ArrayList<>();
            old.successors(s, want::add);
            List<Transition<LayoutState>> got = new ArrayList<>();
            now.successors(t, got::add);
            assertEquals(want.size(), got.size(), () -> label + ": successors of " + s + ": " + want + " against "
                    + got);
            for (int k = 0; k < want.size(); k++) {
                Transition<DartState> w = want.get(k);
                Transition<LayoutState> g = got.get(k);
                int kk = k;
                assertEquals(w.action(), g.action(), () -> label + ": action " + kk + " of " + s);
                assertEquals(now.code(g.action()), code(now, t, kk), () -> label + ": code of " + g.action());
                Object next = view(w.next());
                assertEquals(next, now.view(g.next()), () -> label + ": " + w.action() + " from " + s);
                edges++;
                if (seen.size() < LIMIT && seen.putIfAbsent(next, true) == null) {
                    queue.add(w.next());
                    nowQueue.add(g.next());
                }
            }
        }
        System.out.printf("%s: %d states%s, %d edges compared%s%n", label, seen.size(),
                seen.size() >= LIMIT ? " (limit)" : "", edges,
                old.symmetry().isPresent() ? ", " + classes.size() + " symmetry classes" : "");
        assertTrue(seen.size() > 1, label);
    }

    private static long code(DartReceiverModel m, LayoutState s, int k) {
        long[] out = new long[1];
        int[] count = {0};
        m.expander().successors(DartReceiverModel.values(s), 0, (code, next, length) -> {
            if (count[0]++ == k) {
                out[0] = code;
            }
        });
        return out[0];
    }

    private static List<Long> oldCanonical(org.rdmacheck.model.dasr.reference.DartReceiverModel m, DartState s) {
        Words w = new Words();
        new DartCodec().encode(s, w);
        int[] v = new int[w.length()];
        w.copyTo(v, 0);
        Words c = new Words();
        m.symmetry().orElseThrow().packed().orElseThrow().canonical(v, v.length, c);
        return asList(c);
    }

    private static List<Long> newCanonical(DartReceiverModel m, LayoutState s) {
        int[] v = DartReceiverModel.values(s);
        Words c = new Words();
        m.symmetry().orElseThrow().packed().orElseThrow().canonical(v, v.length, c);
        return asList(c);
    }

    private static List<Long> asList(Words w) {
        List<Long> out = new ArrayList<>();
        for (long x : w.toArray()) {
            out.add(x);
        }
        return out;
    }

    /** The old state as the new model's view shows it. */
    static Map<String, Object> view(DartState s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("mode", s.mode().name());
        m.put("flight", s.flight());
        m.put("announced", s.announced());
        List<Object> auss = new ArrayList<>();
        for (ActiveUniqueSenderSet a : s.auss()) {
            auss.add(Map.of("inFlight", new LinkedHashMap<>(a.inFlight())));
        }
        m.put("auss", auss);
        m.put("fresh", s.fresh());
        m.put("failed", s.failed());
        m.put("applied", s.applied());
        m.put("ack", s.ack());
        m.put("ecnEcho", s.ecnEcho());
        m.put("sinceChange", s.sinceChange());
        List<Object> rp = new ArrayList<>();
        for (ReactionPoint r : s.rp()) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("rc", r.rc());
            x.put("rt", r.rt());
            x.put("alpha", r.alpha());
            x.put("since", r.since());
            x.put("credit", r.credit());
            rp.add(x);
        }
        m.put("rp", rp);
        m.put("modeAge", s.modeAge());
        return m;
    }
}
