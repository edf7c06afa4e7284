package org.rdmacheck.properties.iofd;

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
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.iofd.DftEntry;
import org.rdmacheck.model.iofd.IofdModel;
import org.rdmacheck.model.iofd.IofdState;
import org.rdmacheck.model.iofd.IofdVariant;
import org.rdmacheck.model.iofd.Packet;
import org.rdmacheck.model.layout.LayoutState;

/**
 * The iofd preset of the one network model against the iofd object model it replaces: the same
 * states (in the iofd model's trace shape) and the same labelled edges (every state's successors as
 * (action, state) pairs, with multiplicity), explored in lock step breadth-first, on every
 * variant's defaults, every knock-out at its coverage scope and randomised configurations.
 */
class IofdPresetEquivalenceTest {

    private final IofdEntry entry = new IofdEntry();

    /** Explores both in lock step; returns the states compared. */
    static int compare(String variant, Params p, int cap) {
        IofdModel old = new IofdModel(IofdEntry.config(IofdVariant.of(variant), p));
        NetworkModel now = new NetworkModel(IofdEntry.networkConfig(variant, p));
        IofdState o0 = old.initialStates().get(0);
        LayoutState n0 = now.initialStates().get(0);
        assertEquals(view(o0), now.view(n0).toString(), "initial state");
        Set<String> seen = new HashSet<>();
        ArrayDeque<Object[]> queue = new ArrayDeque<>();
        seen.add(view(o0));
        queue.add(new Object[] {o0, n0});
        int n = 0;
        while (!queue.isEmpty() && n < cap) {
            Object[] pair = queue.poll();
            IofdState os = (IofdState) pair[0];
            LayoutState ns = (LayoutState) pair[1];
            n++;
            assertEquals(old.isFinal(os), now.isFinal(ns));
            Map<String, IofdState> oNext = new LinkedHashMap<>();
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
                assertEquals(tr.action(), now.action(now.code(tr.action())), "code of " + tr.action());
            });
            Collections.sort(oEdges);
            Collections.sort(nEdges);
            assertEquals(oEdges, nEdges, variant + " " + p.asMap() + ": successors of " + view(os));
            for (Map.Entry<String, IofdState> e : oNext.entrySet()) {
                String v = view(e.getValue());
                if (seen.add(v)) {
                    queue.add(new Object[] {e.getValue(), nNext.get(e.getKey())});
                }
            }
        }
        return n;
    }

    /** The object state in the shape the preset's view writes. */
    static String view(IofdState s) {
        List<Object> queues = new ArrayList<>();
        for (List<Packet> q : s.queues()) {
            List<Object> l = new ArrayList<>();
            for (Packet p : q) {
                l.add(map("flow", p.flow(), "seq", p.seq(), "tokens", p.tokens()));
            }
            queues.add(l);
        }
        List<Object> dft = new ArrayList<>();
        for (List<DftEntry> t : s.dft()) {
            List<Object> l = new ArrayList<>();
            for (DftEntry d : t) {
                l.add(map("flow", d.flow(), "tokens", d.tokens(), "arc", d.arc()));
            }
            dft.add(l);
        }
        return map("queues", queues, "background", s.background(), "dft", dft, "sent", s.sent(),
                "expected", s.expected(), "failed", s.failed()).toString();
    }

    private static Map<String, Object> map(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    private Params params(String variant, Map<String, String> p) {
        return entry.resolve(variant, Params.of(p));
    }

    @Test
    void everyVariantsDefaults() {
        for (var v : entry.variants()) {
            int n = compare(v.name(), params(v.name(), Map.of()), 6_000);
            assertTrue(n > 100, v.name() + ": " + n);
        }
    }

    @Test
    void everyKnockoutAtItsScope() {
        for (var m : entry.mechanisms()) {
            Map<String, String> p = new LinkedHashMap<>(m.coverage());
            p.put("knockout", m.name());
            compare(m.variant(), params(m.variant(), p), 4_000);
        }
    }

    @Test
    void randomisedConfigurations() {
        Random r = new Random(36);
        List<String> variants = entry.variants().stream().map(v -> v.name()).toList();
        List<String> knockouts = entry.mechanisms().stream().map(m -> m.name()).toList();
        int compared = 0;
        for (int i = 0; i < 30; i++) {
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
            p.put("threshold", "" + (1 + r.nextInt(2)));
            p.put("queue", "" + (1 + r.nextInt(3)));
            p.put("background", "" + r.nextInt(3));
            p.put("failures", "" + r.nextInt(3));
            if (r.nextBoolean()) {
                p.put("knockout", knockouts.get(r.nextInt(knockouts.size())));
            }
            String variant = variants.get(r.nextInt(variants.size()));
            Params ps;
            try {
                ps = params(variant, p);
                new IofdModel(IofdEntry.config(IofdVariant.of(variant), ps));
            } catch (InputException e) {
                continue; // a failure that disconnects a flow: not a configuration
            }
            compared += compare(variant, ps, 2_500);
        }
        assertTrue(compared > 20_000, "states compared: " + compared);
    }

    /** {@code mvn -B test -Pslow -pl model-java,properties -Dtest=IofdPresetEquivalenceTest}: longer prefixes (300,000 states). */
    @Test
    @Tag("slow")
    void everyVariantsDefaultsLongerPrefixes() {
        for (var v : entry.variants()) {
            compare(v.name(), params(v.name(), Map.of()), 300_000);
        }
    }
}
