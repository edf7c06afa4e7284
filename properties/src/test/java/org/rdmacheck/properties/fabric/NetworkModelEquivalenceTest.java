package org.rdmacheck.properties.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.fabric.DftSlot;
import org.rdmacheck.model.fabric.FabricConfig;
import org.rdmacheck.model.fabric.FabricModel;
import org.rdmacheck.model.fabric.FabricPacket;
import org.rdmacheck.model.fabric.FabricState;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.LayoutState;

/**
 * The network model on the declared layout against the object model it replaces: the same decoded
 * state set and the same labelled edges (every state's successors, as (action, state) pairs, with
 * multiplicity), explored in lock step breadth-first, on every variant's defaults, every knock-out
 * at its coverage scope and randomised larger configurations.
 */
class NetworkModelEquivalenceTest {

    private final FabricEntry entry = new FabricEntry();

    /** Explores both in lock step; returns the states compared. */
    static int compare(FabricConfig config, int cap) {
        FabricModel old = new FabricModel(config);
        NetworkModel now = new NetworkModel(config);
        assertEquals(old.initialStates().size(), now.initialStates().size());
        FabricState o0 = old.initialStates().get(0);
        LayoutState n0 = now.initialStates().get(0);
        assertEquals(view(o0), now.view(n0).toString(), "initial state");
        Set<String> seen = new HashSet<>();
        ArrayDeque<Object[]> queue = new ArrayDeque<>();
        seen.add(view(o0));
        queue.add(new Object[] {o0, n0});
        int n = 0;
        org.rdmacheck.model.PackedModel.Expander expander = now.expander();
        while (!queue.isEmpty() && n < cap) {
            Object[] pair = queue.poll();
            FabricState os = (FabricState) pair[0];
            LayoutState ns = (LayoutState) pair[1];
            n++;
            assertEquals(old.isFinal(os), now.isFinal(ns));
            assertEquals(old.someBufferedPacketMoves(os), ns.test(now::someBufferedPacketMoves), "routing deadlock at " + view(os));
            assertEquals(old.deflectionOffered(os), ns.test(now::deflectionOffered), "deflection offered at " + view(os));
            assertEquals(old.laneRuleCells(os), now.laneRuleCells(ns), "lane-rule cells at " + view(os));
            // the answers an expansion finds on the way equal the ones computed afresh
            int[] values = new int[ns.length()];
            ns.copyTo(values, 0);
            boolean moves = now.someBufferedPacketMoves(values, 0);
            boolean offered = now.deflectionOffered(values, 0);
            expander.successors(values, 0, (code, next, length) -> { });
            assertEquals(moves, now.someBufferedPacketMoves(values, 0), "routing deadlock after expansion");
            assertEquals(offered, now.deflectionOffered(values, 0), "deflection offered after expansion");
            Map<String, FabricState> oNext = new LinkedHashMap<>();
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
                assertEquals(old.laneRuleCell(os, tr.action()), now.laneRuleCell(ns, tr.action()), "cell of " + k);
            });
            assertEquals(oEdges, nEdges, "successors of " + view(os));
            for (Map.Entry<String, FabricState> e : oNext.entrySet()) {
                String v = view(e.getValue());
                if (seen.add(v)) {
                    queue.add(new Object[] {e.getValue(), nNext.get(e.getKey())});
                }
            }
        }
        return n;
    }

    /** The object state in the shape {@link NetworkModel#view} writes. */
    static String view(FabricState s) {
        List<Object> buffers = new ArrayList<>();
        for (List<FabricPacket> b : s.buffers()) {
            List<Object> l = new ArrayList<>();
            for (FabricPacket p : b) {
                l.add(map("flow", p.flow(), "seq", p.seq(), "tokens", p.tokens()));
            }
            buffers.add(l);
        }
        List<Object> dft = new ArrayList<>();
        for (List<DftSlot> t : s.dft()) {
            List<Object> l = new ArrayList<>();
            for (DftSlot d : t) {
                l.add(map("flow", d.flow(), "tokens", d.tokens(), "arc", d.arc(), "lane", d.lane()));
            }
            dft.add(l);
        }
        return map("buffers", buffers, "background", s.background(), "dft", dft, "sent", s.sent(),
                "expected", s.expected(), "failed", s.failed()).toString();
    }

    private static Map<String, Object> map(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    private FabricConfig config(String variant, Map<String, String> params) {
        return FabricEntry.config(entry.resolve(variant, Params.of(params)));
    }

    @Test
    void everyVariantsDefaultsBeginTheSame() {
        for (var v : entry.variants()) {
            int n = compare(config(v.name(), Map.of()), 4_000);
            assertTrue(n > 100, v.name() + ": " + n);
        }
    }

    @Test
    void everyKnockoutAtItsScope() {
        for (var m : entry.mechanisms()) {
            Map<String, String> p = new LinkedHashMap<>(m.coverage());
            p.put("knockout", m.name());
            compare(config(m.variant(), p), 3_000);
        }
    }

    @Test
    void tableRulesAndTheFollowTable() {
        for (String rule : List.of(FabricEntry.FOLLOW_TABLE, "EWE.EWE.EWE.EWE.EWE.EWE.EWE", "SSE.SSE.SSE.SSE.SSE.SWE.SWE",
                "WWE.SWW.SSE.SWE.SSW.EWW.ESE")) {
            compare(config("repaired", Map.of("lane-change", "table", "lane-rule", rule, "flows", "0-1,1-0",
                    "packets", "3", "tokens", "3", "failures", "0")), 3_000);
        }
    }

    @Test
    void randomisedLargerConfigurations() {
        Random r = new Random(36);
        String[] laneChanges = {"silent", "follow", "table"};
        String[] rules = {FabricEntry.FOLLOW_TABLE, "SEE.SSE.SWE.ESE.SSE.EWE.SWE", "ESE.SWE.ESE.SSE.EWE.SSE.EWE"};
        List<String> knockouts = entry.mechanisms().stream().map(m -> m.name()).toList();
        int compared = 0;
        for (int i = 0; i < 24; i++) {
            Map<String, String> p = new LinkedHashMap<>();
            int tors = 2 + r.nextInt(2);
            int perTor = 1 + r.nextInt(2);
            p.put("topology", "leafspine:tors=" + tors + ",spines=" + (2 + r.nextInt(2)) + ",hosts=" + perTor);
            int hosts = tors * perTor;
            List<String> flows = new ArrayList<>();
            for (int f = 0, n = 1 + r.nextInt(3); f < n; f++) {
                int a = r.nextInt(hosts);
                int b = (a + 1 + r.nextInt(hosts - 1)) % hosts;
                flows.add(a + "-" + b + (r.nextInt(5) == 0 ? "L" : ""));
            }
            p.put("flows", String.join(",", flows));
            p.put("packets", "" + (1 + r.nextInt(3)));
            p.put("dft", "" + r.nextInt(3));
            p.put("tokens", "" + r.nextInt(4));
            int th = 1 + r.nextInt(2);
            p.put("threshold", "" + th);
            p.put("ecn", "" + (1 + r.nextInt(3)));
            p.put("xoff", "" + (th + 1 + r.nextInt(2)));
            p.put("background", "" + r.nextInt(3));
            p.put("failures", "" + r.nextInt(2));
            p.put("dft-key", r.nextBoolean() ? "message" : "message-tokens");
            p.put("uturns", r.nextBoolean() ? "allowed" : "forbidden");
            String lc = laneChanges[r.nextInt(3)];
            p.put("lane-change", lc);
            if (lc.equals("table")) {
                p.put("lane-rule", rules[r.nextInt(rules.length)]);
            }
            p.put("cleanup", r.nextBoolean() ? "none" : "flush");
            p.put("escape", r.nextInt(4) == 0 ? "off" : "on");
            if (r.nextBoolean()) {
                p.put("knockout", knockouts.get(r.nextInt(knockouts.size())));
            }
            FabricConfig c;
            try {
                c = config("repaired", p);
            } catch (InputException e) {
                continue; // a failure that disconnects a flow: not a configuration
            }
            compared += compare(c, 2_500);
        }
        assertTrue(compared > 20_000, "states compared: " + compared);
    }

    /** {@code mvn -B test -Pslow -pl model-java,properties -Dtest=NetworkModelEquivalenceTest}: larger prefixes. */
    @Test
    @Tag("slow")
    void randomisedConfigurationsLongerPrefixes() {
        Random r = new Random(37);
        for (int i = 0; i < 30; i++) {
            Map<String, String> p = new LinkedHashMap<>();
            p.put("topology", "leafspine:tors=3,spines=" + (2 + r.nextInt(2)) + ",hosts=1");
            p.put("flows", r.nextBoolean() ? "0-1,1-0" : "0-2,1-2,2-0L");
            p.put("packets", "" + (2 + r.nextInt(2)));
            p.put("tokens", "" + (1 + r.nextInt(3)));
            p.put("failures", "" + r.nextInt(2));
            p.put("lane-change", r.nextBoolean() ? "silent" : "follow");
            try {
                compare(config(r.nextBoolean() ? "repaired" : "paper", p), 40_000);
            } catch (InputException e) {
                // a failure that disconnects a flow: not a configuration
            }
        }
    }

    @Test
    @Tag("slow")
    void repairedAtItsDefaultsCompletely() {
        assertEquals(433_073, compare(config("repaired", Map.of()), Integer.MAX_VALUE));
    }
}
