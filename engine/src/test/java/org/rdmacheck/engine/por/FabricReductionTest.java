package org.rdmacheck.engine.por;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.trace.TraceReplayer;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.engine.Reduction;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.layout.Field;
import org.rdmacheck.model.layout.Fifo;
import org.rdmacheck.model.layout.Footprint;
import org.rdmacheck.model.layout.LayoutModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.layout.Slot;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Property;
import org.rdmacheck.properties.Reads;
import org.rdmacheck.properties.catalog.Catalog;

/**
 * The fabric's footprints and its properties' read declarations on randomised configurations
 * (topologies, flows, thresholds, lane rules, cleanup, failures and knock-outs; fixed seeds, each
 * printed in the test's name): the safety-preserving reduction gives every property the full
 * search's verdict, the deadlock-preserving one the deadlock verdict, every reduced counterexample
 * replays; on every reachable state every changed slot is declared written by its group, a group
 * disabled there stays disabled after every step that changes none of the slots the model names as
 * its enabling ones, and every step that leaves a property's declared slots unchanged (and, for an
 * action property, is not an action it judges) neither changes an invariant's truth nor violates an
 * action property.
 */
class FabricReductionTest {

    private static final int CONFIGURATIONS = 12;
    private static final long MAX_STATES = 40_000;
    /** the step audit works on state objects and evaluates every property twice per edge */
    private static final int AUDITED_STATES = 6_000;

    static Stream<Arguments> configurations() {
        return IntStream.range(0, CONFIGURATIONS).mapToObj(seed -> Arguments.of(seed, configuration(seed)));
    }

    /** A random configuration of the fabric, small enough to explore in full. */
    static Map<String, String> configuration(long seed) {
        Random r = new Random(0x5ca1eL + seed);
        Map<String, String> p = new LinkedHashMap<>();
        int tors = 2 + r.nextInt(2);
        p.put("topology", "leafspine:tors=" + tors + ",spines=2,hosts=1");
        List<String> flows = new ArrayList<>();
        int n = 1 + r.nextInt(2);
        for (int f = 0; f < n; f++) {
            int src = r.nextInt(tors);
            int dst = (src + 1 + r.nextInt(tors - 1)) % tors;
            flows.add(src + "-" + dst + (r.nextInt(4) == 0 ? "L" : ""));
        }
        p.put("flows", String.join(",", flows));
        p.put("packets", String.valueOf(1 + r.nextInt(n == 1 ? 3 : 2)));
        p.put("tokens", String.valueOf(r.nextInt(4)));
        p.put("dft", String.valueOf(1 + r.nextInt(2)));
        int threshold = 1 + r.nextInt(2);
        p.put("threshold", String.valueOf(threshold));
        p.put("ecn", String.valueOf(1 + r.nextInt(3)));
        int xoff = threshold + 1 + r.nextInt(2);
        p.put("xoff", String.valueOf(xoff));
        int hysteresis = 1 + r.nextInt(xoff);
        int background = r.nextInt(3);
        // a resume threshold below the background a buffer can hold for ever is refused
        p.put("pfc-hysteresis", String.valueOf(Math.min(hysteresis, xoff - Math.min(threshold, background))));
        p.put("background", String.valueOf(background));
        p.put("failures", String.valueOf(r.nextInt(2)));
        p.put("dft-key", r.nextBoolean() ? "message" : "message-tokens");
        p.put("uturns", r.nextBoolean() ? "allowed" : "forbidden");
        p.put("cleanup", r.nextBoolean() ? "none" : "flush");
        p.put("escape", r.nextInt(4) == 0 ? "off" : "on");
        String lane = List.of("silent", "follow", "table").get(r.nextInt(3));
        p.put("lane-change", lane);
        if (lane.equals("table")) {
            StringBuilder rule = new StringBuilder();
            // columns: (VL1 open, VL0 open) any of S/E/W, (VL1 open, VL0 full) S or W, (VL1 blocked, VL0 open) E or W
            for (int row = 0; row < 7; row++) {
                rule.append(row == 0 ? "" : ".").append("SEW".charAt(r.nextInt(3))).append("SW".charAt(r.nextInt(2)))
                        .append("EW".charAt(r.nextInt(2)));
            }
            p.put("lane-rule", rule.toString());
        }
        List<String> knockouts = Catalog.find("fabric").mechanisms().stream().map(m -> m.name()).toList();
        if (r.nextInt(3) == 0) {
            p.put("knockout", knockouts.get(r.nextInt(knockouts.size())));
        }
        return p;
    }

    @SuppressWarnings("unchecked")
    private static CheckSpec<LayoutState> spec(Map<String, String> params) {
        return (CheckSpec<LayoutState>) Catalog.find("fabric").build("repaired", Params.of(params)).withoutProgress();
    }

    @ParameterizedTest(name = "seed {0}: {1}")
    @MethodSource("configurations")
    void reducedSearchesGiveTheFullVerdicts(int seed, Map<String, String> params) {
        CheckSpec<LayoutState> spec = spec(params);
        ExplorerSettings s = ExplorerSettings.defaults().withThreads(2).withMaxStates(MAX_STATES);
        ExplorationReport full = new Explorer(s).check(spec);
        if (!full.complete()) {
            return; // beyond this tier's budget
        }
        ExplorationReport safety = new Explorer(s.withReduction(Reduction.SAFETY)).check(spec);
        ExplorationReport deadlock = new Explorer(s.withReduction(Reduction.DEADLOCK)).check(spec);
        String at = "seed " + seed + " " + params;
        assertEquals(Reduction.SAFETY, safety.reduction().applied(), at + ": every property declares its reads");
        for (int p = 0; p < full.results().size(); p++) {
            CheckResult f = full.results().get(p);
            CheckResult r = safety.results().get(p);
            assertEquals(f.getClass(), r.getClass(), at + " " + f.property() + ": " + r);
            CheckResult d = deadlock.results().get(p);
            if (f.property().equals("DeadlockFree")) {
                assertEquals(f.getClass(), d.getClass(), at);
            }
            for (CheckResult x : List.of(r, d)) {
                if (x instanceof CheckResult.Violated v) {
                    assertTrue(f instanceof CheckResult.Violated, at + " " + x.property());
                    assertTrue(TraceReplayer.replay(spec, v.counterexample()).reproduces(), at + " " + x.property());
                }
            }
        }
        assertTrue(safety.stats().distinctStates() <= full.stats().distinctStates(), at);
        assertTrue(deadlock.stats().distinctStates() <= full.stats().distinctStates(), at);
    }

    @ParameterizedTest(name = "seed {0}: {1}")
    @MethodSource("configurations")
    void footprintsAndReadDeclarationsAreHonestOnEveryReachableStep(int seed, Map<String, String> params) {
        CheckSpec<LayoutState> spec = spec(params);
        LayoutModel m = (LayoutModel) spec.model();
        Map<String, Set<Slot>> writes = new HashMap<>();
        m.footprints().forEach(f -> writes.computeIfAbsent(f.action(), k -> new HashSet<>()).addAll(f.writes()));
        Map<String, Slot> byName = new HashMap<>();
        m.layout().slots().forEach(x -> byName.put(x.name(), x));
        List<Invariant<LayoutState>> invariants = new ArrayList<>();
        List<ActionProperty<LayoutState>> steps = new ArrayList<>();
        for (Property<LayoutState> p : spec.properties()) {
            if (p instanceof Invariant<LayoutState> in) {
                invariants.add(in);
            } else if (p instanceof ActionProperty<LayoutState> ap) {
                steps.add(ap);
            }
        }
        String at = "seed " + seed + " " + params;
        List<Footprint> footprints = m.footprints();
        Map<LayoutState, Set<String>> enabledIn = new HashMap<>();
        Set<LayoutState> seen = new HashSet<>(m.initialStates());
        ArrayDeque<LayoutState> queue = new ArrayDeque<>(seen);
        List<String> wrong = new ArrayList<>();
        while (!queue.isEmpty() && seen.size() < AUDITED_STATES && wrong.size() < 5) {
            LayoutState s = queue.poll();
            List<Transition<LayoutState>> ts = new ArrayList<>();
            m.successors(s, ts::add);
            Set<String> enabled = enabledIn.computeIfAbsent(s, x -> enabledGroups(m, x));
            int[] values = new int[s.length()];
            s.copyTo(values, 0);
            for (int k = 0; k < footprints.size(); k++) {
                String group = footprints.get(k).action();
                List<Slot> keep = new ArrayList<>();
                if (enabled.contains(group) || !m.enablingSlots(values, 0, k, keep::add)) {
                    continue;
                }
                for (Transition<LayoutState> t : ts) {
                    boolean kept = keep.stream().noneMatch(slot -> changed(slot, s, t.next()));
                    if (kept && enabledIn.computeIfAbsent(t.next(), x -> enabledGroups(m, x)).contains(group)) {
                        wrong.add(group + " is enabled after " + t.action() + ", which changes none of " + keep);
                    }
                }
            }
            for (Transition<LayoutState> t : ts) {
                Set<Slot> declared = writes.get(m.group(t.action()));
                for (Slot slot : m.layout().slots()) {
                    if (changed(slot, s, t.next()) && !declared.contains(slot)) {
                        wrong.add(t.action() + " changes " + slot.name());
                    }
                }
                for (Invariant<LayoutState> in : invariants) {
                    Reads reads = in.reads().orElseThrow();
                    if (unchanged(reads, byName, s, t.next()) && in.test(s) != in.test(t.next())) {
                        wrong.add(t.action() + " changes " + in.name() + " but none of the slots it reads");
                    }
                }
                for (ActionProperty<LayoutState> ap : steps) {
                    Reads reads = ap.reads().orElseThrow();
                    if (!reads.actions().contains(t.action().name()) && unchanged(reads, byName, s, t.next())
                            && !ap.test(s, t.action(), t.next())) {
                        wrong.add(t.action() + " violates " + ap.name() + ", which declares neither it nor the slots");
                    }
                }
                if (seen.add(t.next())) {
                    queue.add(t.next());
                }
            }
        }
        assertEquals(List.of(), wrong, at);
    }

    private static Set<String> enabledGroups(LayoutModel m, LayoutState s) {
        Set<String> groups = new HashSet<>();
        m.successors(s, t -> groups.add(m.group(t.action())));
        return groups;
    }

    private static boolean unchanged(Reads reads, Map<String, Slot> byName, LayoutState a, LayoutState b) {
        for (String name : reads.slots()) {
            if (changed(byName.get(name), a, b)) {
                return false;
            }
        }
        return true;
    }

    private static boolean changed(Slot slot, LayoutState a, LayoutState b) {
        if (slot instanceof Field f) {
            return a.get(f) != b.get(f);
        }
        Fifo q = (Fifo) slot;
        return !Arrays.equals(a.elements(q), b.elements(q));
    }
}
