package org.rdmacheck.properties.escapevl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.escapevl.EscapeNetwork;
import org.rdmacheck.model.escapevl.EscapeVl;
import org.rdmacheck.model.escapevl.LaneRules;
import org.rdmacheck.model.escapevl.Workload;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.topology.LeafSpine;
import org.rdmacheck.model.topology.Ring;

/**
 * The escape-vl preset of the one network model against the escape-vl object model it replaces:
 * the same states up to a delivered packet's tokens (the object model keeps them; the network model
 * drops a packet as it leaves the network, and its view shows 0) and the same labelled edges (every
 * state's successors as (action, state) pairs, with multiplicity), explored in lock step
 * breadth-first, on every variant's defaults on every network, every knock-out at its coverage
 * scope and randomised configurations (fixed seed).
 */
class EscapeVlPresetEquivalenceTest {

    private final EscapeVlEntry entry = new EscapeVlEntry();

    static EscapeVl old(String variant, Params p) {
        String net = p.asMap().get("network");
        EscapeNetwork network = switch (net) {
            case "ring3" -> new EscapeNetwork(Ring.build(3, 0), List.of());
            case "ring4" -> new EscapeNetwork(Ring.build(4, 0), List.of());
            default -> new EscapeNetwork(LeafSpine.build(2, 2, 1), List.of("leaf0-spine0"));
        };
        String wl = p.asMap().get("workload");
        Workload workload = Workload.parse(wl.isEmpty() ? (EscapeVlEntry.orderVariant(variant)
                ? EscapeVlEntry.ORDER_WORKLOADS : EscapeVlEntry.WORKLOADS).get(net) : wl, network);
        LaneRules rules = switch (variant) {
            case "dart" -> LaneRules.DART;
            case "one-lane" -> LaneRules.ONE_LANE_DEFLECT;
            case "escape-return" -> LaneRules.ESCAPE_RETURN;
            case "escape-deflect" -> LaneRules.ESCAPE_DEFLECT;
            case "unlimited-tokens" -> LaneRules.DART_UNLIMITED_TOKENS;
            case "lane-change-order" -> LaneRules.ESCAPE_ONLY;
            default -> LaneRules.ESCAPE_FOLLOW;
        };
        Set<EscapeVl.Knockout> ko = java.util.EnumSet.noneOf(EscapeVl.Knockout.class);
        for (String k : new EscapeVlEntry().knockouts(p)) {
            ko.add(switch (k) {
                case "escape-move" -> EscapeVl.Knockout.ESCAPE_MOVE;
                case "updown-vl0" -> EscapeVl.Knockout.UPDOWN_VL0;
                default -> EscapeVl.Knockout.ESCAPE_FOLLOW;
            });
        }
        return new EscapeVl(network, rules, workload, Integer.parseInt(p.asMap().get("capacity")),
                Integer.parseInt(p.asMap().get("tokens")), ko, p.asMap().get("vl1-routes").equals("minimal"));
    }

    /** Explores both in lock step; returns the states compared. */
    static int compare(String variant, Params p, int cap) {
        EscapeVl old = old(variant, p);
        NetworkModel now = new NetworkModel(EscapeVlEntry.networkConfig(variant, p));
        EscapeVl.State o0 = old.initialStates().get(0);
        LayoutState n0 = now.initialStates().get(0);
        assertEquals(view(o0), now.view(n0).toString(), "initial state");
        Set<String> seen = new HashSet<>();
        ArrayDeque<Object[]> queue = new ArrayDeque<>();
        seen.add(view(o0));
        queue.add(new Object[] {o0, n0});
        int n = 0;
        long[] edges = {0};
        while (!queue.isEmpty() && n < cap) {
            Object[] pair = queue.poll();
            EscapeVl.State os = (EscapeVl.State) pair[0];
            LayoutState ns = (LayoutState) pair[1];
            n++;
            assertEquals(old.isFinal(os), now.isFinal(ns));
            Map<String, EscapeVl.State> oNext = new LinkedHashMap<>();
            List<String> oEdges = new ArrayList<>();
            old.successors(os, tr -> {
                String k = tr.action() + " -> " + view(tr.next());
                oEdges.add(k);
                oNext.put(k, tr.next());
            });
            List<String> nEdges = new ArrayList<>();
            Map<String, LayoutState> nNext = new LinkedHashMap<>();
            now.successors(ns, tr -> {
                String k = tr.action() + " -> " + now.view(tr.next());
                nEdges.add(k);
                nNext.put(k, tr.next());
            });
            Collections.sort(oEdges);
            Collections.sort(nEdges);
            edges[0] += nEdges.size();
            assertEquals(oEdges, nEdges, variant + " " + p.asMap() + ": successors of " + view(os));
            for (Map.Entry<String, EscapeVl.State> e : oNext.entrySet()) {
                String v = view(e.getValue());
                if (seen.add(v)) {
                    queue.add(new Object[] {e.getValue(), nNext.get(e.getKey())});
                }
            }
        }
        System.out.printf("equivalence %s %s: %d states, %d edges, %s%n", variant, p.asMap(), n, edges[0],
                queue.isEmpty() ? "complete" : "prefix");
        return n;
    }

    /** The object state in the shape the preset's view writes: a delivered packet's tokens shown as 0. */
    static String view(EscapeVl.State s) {
        List<Integer> tokens = new ArrayList<>(s.tokens());
        for (int p = 0; p < tokens.size(); p++) {
            if (s.status().get(p) == EscapeVl.DELIVERED) {
                tokens.set(p, 0);
            }
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("buffers", s.buffers());
        m.put("status", s.status());
        m.put("tokens", tokens);
        m.put("escapeAt", s.escapeAt());
        return m.toString();
    }

    private Params params(String variant, Map<String, String> p) {
        return entry.resolve(Params.of(p));
    }

    @Test
    void everyVariantsDefaultsOnEveryNetwork() {
        for (var v : entry.variants()) {
            for (String net : List.of("ring3", "ring4", "leafspine")) {
                for (String routes : List.of("tree", "minimal")) {
                    int n = compare(v.name(), params(v.name(), Map.of("network", net, "vl1-routes", routes)), 200_000);
                    assertTrue(n > 100, v.name() + " " + net + ": " + n);
                }
            }
        }
    }

    @Test
    void everyKnockoutAtItsScope() {
        for (var m : entry.mechanisms()) {
            Map<String, String> p = new LinkedHashMap<>(m.coverage());
            p.put("knockout", m.name());
            compare(m.variant(), params(m.variant(), p), 200_000);
        }
    }

    @Test
    void randomisedConfigurations() {
        Random r = new Random(36);
        List<String> variants = entry.variants().stream().map(v -> v.name()).toList();
        List<String> knockouts = entry.mechanisms().stream().map(m -> m.name()).toList();
        Map<String, List<String>> switches = Map.of("ring3", List.of("s0", "s1", "s2"),
                "ring4", List.of("s0", "s1", "s2", "s3"), "leafspine", List.of("leaf0", "leaf1", "spine0", "spine1"));
        int compared = 0;
        for (int i = 0; i < 30; i++) {
            Map<String, String> p = new LinkedHashMap<>();
            String net = List.of("ring3", "ring4", "leafspine").get(r.nextInt(3));
            p.put("network", net);
            List<String> sw = switches.get(net);
            List<String> msgs = new ArrayList<>();
            for (int m = 0, n = 1 + r.nextInt(3); m < n; m++) {
                int a = r.nextInt(sw.size());
                int b = (a + 1 + r.nextInt(sw.size() - 1)) % sw.size();
                msgs.add(sw.get(a) + ">" + sw.get(b) + ":" + (1 + r.nextInt(3)));
            }
            p.put("workload", String.join(",", msgs));
            p.put("capacity", "" + (1 + r.nextInt(2)));
            p.put("tokens", "" + r.nextInt(3));
            p.put("vl1-routes", r.nextBoolean() ? "tree" : "minimal");
            if (r.nextBoolean()) {
                p.put("knockout", knockouts.get(r.nextInt(knockouts.size())));
            }
            String variant = variants.get(r.nextInt(variants.size()));
            Params ps;
            try {
                ps = params(variant, p);
                old(variant, ps);
            } catch (InputException e) {
                continue;
            }
            compared += compare(variant, ps, 30_000);
        }
        assertTrue(compared > 20_000, "states compared: " + compared);
    }
}
