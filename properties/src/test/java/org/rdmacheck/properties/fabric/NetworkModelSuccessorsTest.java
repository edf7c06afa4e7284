package org.rdmacheck.properties.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Mechanism;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.catalog.VariantSpec;
import org.rdmacheck.properties.escapevl.EscapeVlEntry;
import org.rdmacheck.properties.iofd.IofdEntry;

/**
 * The network model's successors, state by state, pinned: per configuration a digest of every
 * successor of the first {@value #CAP} states reached breadth-first (each state's successors in the
 * order the model gives them, with their action codes and values), taken with the code before the
 * expansion's restructuring for the IOFD preset's speed (issue 36's last gate: the features a preset
 * lacks moved out of line, moves written as they are found); dft-one-failure, added later, with the
 * code after it, which gave the code before's digests on every other configuration. A restructuring
 * that keeps every digest changes no successor, no order and no code. Configurations: every variant's
 * defaults and every knock-out at each of its coverage scopes of {@code iofd}, {@code fabric} and
 * {@code escape-vl}, and 12 randomised IOFD configurations (seed 36: up to three flows, three packets,
 * two failures, every variant and knock-out), each keyed by its label, variant and resolved
 * parameters: a configuration the catalogue changes later is not compared (nor pinned), so only a
 * change of the successors fails this test.
 */
class NetworkModelSuccessorsTest {

    /** States expanded per configuration at most (a breadth-first prefix of the reachable ones). */
    private static final int CAP = 1_000;

    /** The digests of the code before the restructuring, per configuration. */
    private static final Map<String, String> PINNED = pinned();

    @Test
    void everyConfigurationsSuccessorsAreThoseOfTheCodeBefore() {
        Map<String, String> got = new TreeMap<>();
        for (ModelEntry e : List.of(new IofdEntry(), new FabricEntry(), new EscapeVlEntry())) {
            for (VariantSpec v : e.variants()) {
                put(got, e.name() + " " + v.name(), e, v.name(), Map.of());
            }
            for (Mechanism m : e.mechanisms()) {
                List<Map<String, String>> scopes = m.scopes();
                for (int i = 0; i < scopes.size(); i++) {
                    Map<String, String> p = new LinkedHashMap<>(scopes.get(i));
                    p.put("knockout", m.name());
                    put(got, e.name() + " -" + m.name(), e, m.variant() == null ? e.variants().get(0).name()
                            : m.variant(), p);
                }
            }
        }
        Random r = new Random(36);
        IofdEntry iofd = new IofdEntry();
        // fixed lists (the catalogue's when the digests were taken), so that a variant or a mechanism added
        // later leaves these configurations as they were
        List<String> variants = List.of("dft", "dft-one-message", "dft-three-tokens", "flow-keyed", "no-dft",
                "overwrite", "deflect-middle", "unlimited-tokens", "free-on-first");
        List<String> knockouts = List.of("dft-follow", "dft-free-on-end", "token-spending", "deflection-threshold",
                "tor-no-host-deflection", "long-flows-not-deflected", "back-pressure", "failure-cleanup",
                "dft-hit-waits");
        String[] topologies = {"leafspine:tors=2,spines=2,hosts=1", "leafspine:tors=3,spines=2,hosts=1",
            "leafspine:tors=2,spines=3,hosts=2"};
        for (int i = 0; i < 12; i++) {
            String topology = topologies[r.nextInt(topologies.length)];
            int hosts = topology.endsWith("hosts=2") ? 4 : topology.contains("tors=3") ? 3 : 2;
            List<String> flows = new ArrayList<>();
            for (int f = 1 + r.nextInt(3); f > 0; f--) {
                int s = r.nextInt(hosts);
                flows.add(s + "-" + (s + 1 + r.nextInt(hosts - 1)) % hosts + (r.nextInt(4) == 0 ? "L" : ""));
            }
            Map<String, String> p = new LinkedHashMap<>();
            p.put("topology", topology);
            p.put("flows", String.join(",", flows));
            p.put("packets", "" + (1 + r.nextInt(3)));
            p.put("dft", "" + r.nextInt(3));
            p.put("tokens", "" + r.nextInt(3));
            p.put("threshold", "" + (1 + r.nextInt(2)));
            p.put("background", "" + r.nextInt(3));
            p.put("failures", "" + r.nextInt(topology.contains("spines=3") ? 3 : 2)); // a spine must survive
            p.put("queue", "" + (2 + r.nextInt(2)));
            if (r.nextBoolean()) {
                p.put("knockout", knockouts.get(r.nextInt(knockouts.size())));
            }
            put(got, "iofd random", iofd, variants.get(r.nextInt(variants.size())), p);
        }
        StringBuilder all = new StringBuilder();
        got.forEach((k, v) -> all.append(String.format("        m.put(\"%s\", \"%s\");%n", k, v)));
        // the configurations pinned that the catalogue still has (one added since is not pinned; a variant
        // or scope removed is no longer compared)
        Map<String, String> expected = new TreeMap<>();
        Map<String, String> actual = new TreeMap<>();
        PINNED.forEach((k, v) -> {
            if (got.containsKey(k)) {
                expected.put(k, v);
                actual.put(k, got.get(k));
            }
        });
        assertTrue(expected.size() >= 40, () -> "only " + expected.size() + " of the " + PINNED.size()
                + " pinned configurations are still in the catalogue; digests now:\n" + all);
        assertEquals(expected, actual, () -> "digests now:\n" + all);
    }

    /**
     * Puts the configuration's digest under its label, its variant and its resolved parameters: a
     * configuration whose catalogue defaults or scope change later is another key (not pinned), so a
     * change of the catalogue never fails this test, only a change of the successors.
     */
    private static void put(Map<String, String> got, String label, ModelEntry e, String variant,
                            Map<String, String> params) {
        CheckSpec<?> spec = e.build(variant, Params.of(params));
        got.put(label + " " + variant + " " + new TreeMap<>(spec.parameters()), digest(spec));
    }

    /** The digest of the configuration's first CAP states' successors, in order. */
    private static String digest(CheckSpec<?> spec) {
        NetworkModel model = (NetworkModel) spec.model();
        PackedModel.Expander x = model.expander();
        Set<List<Integer>> seen = new HashSet<>();
        List<int[]> queue = new ArrayList<>();
        for (LayoutState s : model.initialStates()) {
            int[] v = new int[s.length()];
            s.copyTo(v, 0);
            if (seen.add(key(v))) {
                queue.add(v);
            }
        }
        long[] h = {0x9E3779B97F4A7C15L, 0};
        for (int i = 0; i < queue.size() && i < CAP; i++) {
            int parent = i;
            x.successors(queue.get(i), 0, (code, next, length) -> {
                long d = h[0] ^ parent * 0xC2B2AE3D27D4EB4FL ^ code;
                d *= 0x100000001B3L;
                for (int j = 0; j < length; j++) {
                    d = (d ^ next[j]) * 0x100000001B3L;
                }
                h[0] = (d ^ length ^ d >>> 29) * 0xBF58476D1CE4E5B9L;
                h[1]++;
                int[] v = Arrays.copyOf(next, length);
                if (seen.add(key(v))) {
                    queue.add(v);
                }
            });
        }
        return String.format("%016x/%d", h[0], h[1]);
    }

    private static List<Integer> key(int[] v) {
        return Arrays.stream(v).boxed().toList();
    }

    private static Map<String, String> pinned() {
        Map<String, String> m = new TreeMap<>();
        m.put("escape-vl -escape-follow escape-follow {capacity=1, knockout=escape-follow, network=ring3, tokens=1, vl1-routes=tree, workload=}",
                "85a541a98b7c3ef7/1857");
        m.put("escape-vl -escape-move dart {capacity=1, knockout=escape-move, network=ring3, tokens=1, vl1-routes=tree, workload=}",
                "954c30b999456958/3225");
        m.put("escape-vl -no-return-from-vl0 escape-follow {capacity=1, knockout=no-return-from-vl0, network=ring3, tokens=1, vl1-routes=tree, workload=}",
                "e9c4a25f66ab6b4f/3218");
        m.put("escape-vl -updown-vl0 dart {capacity=1, knockout=updown-vl0, network=ring4, tokens=0, vl1-routes=tree, workload=}",
                "42f88823e66ab384/6231");
        m.put("escape-vl dart dart {capacity=1, network=ring3, tokens=1, vl1-routes=tree, workload=}",
                "f4fd2133c3c1e7f3/6198");
        m.put("escape-vl escape-deflect escape-deflect {capacity=1, network=ring3, tokens=1, vl1-routes=tree, workload=}",
                "f5ecc5ae5d5c4fe4/6449");
        m.put("escape-vl escape-follow escape-follow {capacity=1, network=ring3, tokens=1, vl1-routes=tree, workload=}",
                "4b16a87606bf6389/2316");
        m.put("escape-vl escape-return escape-return {capacity=1, network=ring3, tokens=1, vl1-routes=tree, workload=}",
                "11cfb53584eec590/6103");
        m.put("escape-vl lane-change-order lane-change-order {capacity=1, network=ring3, tokens=1, vl1-routes=tree, workload=}",
                "7b2f4474e7c40268/1857");
        m.put("escape-vl one-lane one-lane {capacity=1, network=ring3, tokens=1, vl1-routes=tree, workload=}",
                "59750c7d9073c1e4/3225");
        m.put("escape-vl unlimited-tokens unlimited-tokens {capacity=1, network=ring3, tokens=1, vl1-routes=tree, workload=}",
                "2ee9b99e22d9b207/6493");
        m.put("fabric -deflection-threshold repaired {background=1, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=0, flows=0-1, knockout=deflection-threshold, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=2, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=3}",
                "ea34ceaa340df9aa/3684");
        m.put("fabric -deflection-threshold repaired {background=1, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=0, flows=0-1, knockout=deflection-threshold, lane-change=table, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=2, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=3}",
                "ea34ceaa340df9aa/3684");
        m.put("fabric -dft-follow repaired {background=1, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=0, flows=0-1, knockout=dft-follow, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=3, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=3}",
                "c9075d474b369a98/2305");
        m.put("fabric -dft-follow repaired {background=1, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=0, flows=0-1, knockout=dft-follow, lane-change=table, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=3, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=3}",
                "c9075d474b369a98/2305");
        m.put("fabric -dft-free-on-end repaired {background=1, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=0, flows=0-1, knockout=dft-free-on-end, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=2, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=3}",
                "ffc2c9e920f9b248/748");
        m.put("fabric -dft-free-on-end repaired {background=2, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=0, flows=0-1, knockout=dft-free-on-end, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=2, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=2}",
                "f045f45c07df1ef3/3456");
        m.put("fabric -dft-hit-waits repaired {background=2, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=0, flows=0-1, knockout=dft-hit-waits, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=3, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=3}",
                "ffeff63611363b19/4231");
        m.put("fabric -dft-hit-waits repaired {background=2, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=0, flows=0-1, knockout=dft-hit-waits, lane-change=table, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=3, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=3}",
                "ffeff63611363b19/4231");
        m.put("fabric -escape-access lane-silent {background=1, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=0, flows=0-1,1-0, knockout=escape-access, lane-change=silent, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=3, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=3, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=3}",
                "3d2e6c6fa64d818a/4722");
        m.put("fabric -escape-lane repaired {background=2, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=0, flows=0-1,1-0, knockout=escape-lane, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=2, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=1, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=2}",
                "4d9491be7138cbca/6068");
        m.put("fabric -failure-cleanup repaired {background=1, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=1, flows=0-1, knockout=failure-cleanup, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=3, pfc-hysteresis=2, queueing=ingress, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=3}",
                "d80f841a0ad8e958/4346");
        m.put("fabric -long-flows-not-deflected repaired {background=1, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=0, flows=0-1L, knockout=long-flows-not-deflected, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=2, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=3, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=3}",
                "ba73b2c89e6a25e8/1102");
        m.put("fabric -no-return-from-vl0 repaired {background=1, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=0, flows=0-1, knockout=no-return-from-vl0, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=3, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=2}",
                "b0cdd55b321f3cc9/2388");
        m.put("fabric -pfc-counts-background repaired {background=1, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=1, flows=0-1, knockout=pfc-counts-background, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=3, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=3}",
                "e3b9e07ac3f6f4b7/4276");
        m.put("fabric -pfc-counts-background repaired {background=1, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=1, flows=0-1, knockout=pfc-counts-background, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=3, pfc-hysteresis=2, queueing=ingress, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=3}",
                "60fad4f88e198eb6/4240");
        m.put("fabric -pfc-pause repaired {background=1, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=0, flows=0-1, knockout=pfc-pause, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=3, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=2}",
                "6668a24a500238e0/2307");
        m.put("fabric -token-spending repaired {background=1, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=0, flows=0-1, knockout=token-spending, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=2, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=3}",
                "570cc23f2a97126d/531");
        m.put("fabric -tor-no-host-deflection repaired {background=1, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=0, flows=0-1, knockout=tor-no-host-deflection, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=2, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=3}",
                "643313f14bcc3c4f/729");
        m.put("fabric ecn-first ecn-first {background=1, cleanup=flush, dft=2, dft-key=message-tokens, ecn=1, escape=on, failures=0, flows=0-1, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=2, pfc-hysteresis=1, queueing=ingress, threshold=2, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=3}",
                "c14fb2b4f80cf2d7/370");
        m.put("fabric lane-silent lane-silent {background=1, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=0, flows=0-1,1-0, lane-change=silent, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=2, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=2}",
                "f57de798dae6ac7c/4033");
        m.put("fabric message-key message-key {background=1, cleanup=flush, dft=2, dft-key=message, ecn=2, escape=on, failures=0, flows=0-1, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=3, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=3}",
                "a87c65175fe0ea12/2320");
        m.put("fabric message-key-no-uturn message-key-no-uturn {background=3, cleanup=flush, dft=2, dft-key=message, ecn=2, escape=on, failures=0, flows=0-1, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=2, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=3, topology=leafspine:tors=3,spines=2,hosts=1, uturns=forbidden, xoff=3}",
                "4def0af0e2da2a57/8421");
        m.put("fabric no-cleanup no-cleanup {background=1, cleanup=none, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=1, flows=0-1, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=2, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=3}",
                "dd5d7ad70840fb25/3559");
        m.put("fabric paper paper {background=1, cleanup=none, dft=2, dft-key=message, ecn=2, escape=on, failures=1, flows=0-1, lane-change=silent, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=3, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=3}",
                "1b533e0d870a13a9/4128");
        m.put("fabric repaired repaired {background=2, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=0, flows=0-1,1-0, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=2, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=1, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=2}",
                "dfea1e1172f371ab/6069");
        m.put("fabric repaired-background repaired-background {background=3, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=0, flows=0-1,1-0, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=2, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=1, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=2}",
                "6fe09d1178b673dc/7773");
        m.put("fabric repaired-background-two-tokens repaired-background-two-tokens {background=3, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=0, flows=0-1,1-0, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=2, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=2}",
                "c15fe211fb3de50a/7775");
        m.put("fabric repaired-deadlock repaired-deadlock {background=1, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=0, flows=0-1,1-0, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=3, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=3, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=3}",
                "036e585718e30a60/4754");
        m.put("fabric repaired-failure repaired-failure {background=1, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=1, flows=0-1,1-0, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=2, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=2}",
                "0009877d3b6cefa1/6664");
        m.put("fabric repaired-failure-background repaired-failure-background {background=2, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=1, flows=0-1,1-0, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=2, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=2}",
                "011a43457ea207ff/9551");
        m.put("fabric repaired-failure-three-tokens repaired-failure-three-tokens {background=1, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=1, flows=0-1,1-0, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=2, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=3, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=2}",
                "3ab943e37d08bd63/6664");
        m.put("fabric repaired-incast repaired-incast {background=2, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=0, flows=0-2,1-2, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=2, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=1, topology=leafspine:tors=3,spines=2,hosts=1, uturns=allowed, xoff=2}",
                "2667d14f21aad299/6753");
        m.put("fabric repaired-long-flow repaired-long-flow {background=2, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=1, flows=0-1L,1-0, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=2, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=4, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=2}",
                "298e3974241ad643/9142");
        m.put("fabric repaired-no-background repaired-no-background {background=0, cleanup=flush, dft=1, dft-key=message-tokens, ecn=2, escape=on, failures=0, flows=0-2,1-2,2-0, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=3, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=2, topology=leafspine:tors=3,spines=2,hosts=1, uturns=allowed, xoff=3}",
                "4366c2c724cab401/5460");
        m.put("fabric repaired-no-background-dft2 repaired-no-background-dft2 {background=0, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=0, flows=0-2,1-2,2-0, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=3, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=2, topology=leafspine:tors=3,spines=2,hosts=1, uturns=allowed, xoff=3}",
                "ef8dc1b543402091/5474");
        m.put("fabric repaired-one-entry repaired-one-entry {background=2, cleanup=flush, dft=1, dft-key=message-tokens, ecn=2, escape=on, failures=0, flows=0-1,1-0, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=2, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=2}",
                "32559e56cfc311d6/6071");
        m.put("fabric repaired-one-message repaired-one-message {background=2, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=0, flows=0-1, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=3, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=1, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=2}",
                "4a2f4154951189a1/4063");
        m.put("fabric repaired-ring repaired-ring {background=2, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=0, flows=0-1,1-2,3-0, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=2, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=1, topology=ring:n=4,hosts=1, uturns=allowed, xoff=2}",
                "2ff3cc0be2bd1211/8522");
        m.put("fabric repaired-three-flows repaired-three-flows {background=1, cleanup=flush, dft=1, dft-key=message-tokens, ecn=2, escape=on, failures=0, flows=0-2,1-2,2-0, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=2, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=2, topology=leafspine:tors=3,spines=2,hosts=1, uturns=allowed, xoff=3}",
                "7a83afa15c653c05/6155");
        m.put("fabric repaired-three-flows-dft2 repaired-three-flows-dft2 {background=1, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=0, flows=0-2,1-2,2-0, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=2, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=2, topology=leafspine:tors=3,spines=2,hosts=1, uturns=allowed, xoff=3}",
                "bebcc5fac9bf033b/6168");
        m.put("fabric repaired-three-flows-four-packets repaired-three-flows-four-packets {background=0, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=0, flows=0-2,1-2,2-0, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=4, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=1, topology=leafspine:tors=3,spines=2,hosts=1, uturns=allowed, xoff=3}",
                "c44525e5de5b93e8/5596");
        m.put("fabric repaired-three-flows-one-token repaired-three-flows-one-token {background=2, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=0, flows=0-2,1-2,2-0, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=2, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=1, topology=leafspine:tors=3,spines=2,hosts=1, uturns=allowed, xoff=3}",
                "1d1cacab50ff344b/9322");
        m.put("fabric repaired-three-flows-three-packets repaired-three-flows-three-packets {background=1, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=0, flows=0-2,1-2,2-0, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=3, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=1, topology=leafspine:tors=3,spines=2,hosts=1, uturns=allowed, xoff=3}",
                "43ac160c5abbb094/6590");
        m.put("fabric repaired-three-tokens repaired-three-tokens {background=2, cleanup=flush, dft=2, dft-key=message-tokens, ecn=2, escape=on, failures=0, flows=0-1,1-0, lane-change=follow, lane-rule=SSE.SSW.SSW.SSW.SSW.EWE.EWE, packets=2, pfc-hysteresis=1, queueing=ingress, threshold=1, tokens=3, topology=leafspine:tors=2,spines=2,hosts=1, uturns=allowed, xoff=2}",
                "2fe785b241ac5fe9/6071");
        m.put("iofd -back-pressure dft {background=1, dft=2, ecn=2, failures=0, flows=0-1, knockout=back-pressure, packets=3, queue=2, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1}",
                "29a85537c9d67806/2315");
        m.put("iofd -deflection-threshold dft {background=1, dft=2, ecn=2, failures=0, flows=0-1, knockout=deflection-threshold, packets=2, queue=3, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1}",
                "fb14d8053120ce48/3684");
        m.put("iofd -dft-follow dft {background=1, dft=2, ecn=2, failures=0, flows=0-1, knockout=dft-follow, packets=2, queue=3, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1}",
                "d7ef9242b1470b53/686");
        m.put("iofd -dft-free-on-end dft {background=1, dft=2, ecn=2, failures=0, flows=0-1, knockout=dft-free-on-end, packets=2, queue=3, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1}",
                "ecacf4b49539b064/748");
        m.put("iofd -dft-hit-waits dft {background=2, dft=2, ecn=2, failures=0, flows=0-1, knockout=dft-hit-waits, packets=3, queue=3, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1}",
                "a32a410a50c36b50/4231");
        m.put("iofd -failure-cleanup dft {background=1, dft=2, ecn=2, failures=1, flows=0-1, knockout=failure-cleanup, packets=2, queue=3, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1}",
                "8a3bfa14da0b1218/2516");
        m.put("iofd -long-flows-not-deflected dft {background=1, dft=2, ecn=2, failures=0, flows=0-1L, knockout=long-flows-not-deflected, packets=2, queue=3, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1}",
                "7f94cf2ade532156/714");
        m.put("iofd -token-spending dft {background=1, dft=2, ecn=2, failures=0, flows=0-1, knockout=token-spending, packets=2, queue=3, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1}",
                "42698a01aaa0e0eb/1277");
        m.put("iofd -tor-no-host-deflection dft {background=1, dft=2, ecn=2, failures=0, flows=0-1, knockout=tor-no-host-deflection, packets=2, queue=3, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1}",
                "2802cf66e8692891/729");
        m.put("iofd deflect-middle deflect-middle {background=1, dft=2, ecn=2, failures=1, flows=0-1, packets=2, queue=3, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1}",
                "87bbfb0ec0bcea5e/3897");
        m.put("iofd dft dft {background=1, dft=2, ecn=2, failures=0, flows=0-1,1-0, packets=3, queue=2, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1}",
                "f1c520ed7d2745b2/4657");
        m.put("iofd dft-one-failure dft-one-failure {background=1, dft=2, ecn=2, failures=1, flows=0-1,1-0, packets=3, queue=2, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1}",
                "68387aa5eaf53a54/5590");
        m.put("iofd dft-one-message dft-one-message {background=1, dft=2, ecn=2, failures=0, flows=0-1, packets=4, queue=2, threshold=1, tokens=1, topology=leafspine:tors=2,spines=2,hosts=1}",
                "a00cb8bed04e6de9/2527");
        m.put("iofd dft-three-tokens dft-three-tokens {background=1, dft=2, ecn=2, failures=0, flows=0-1,1-0, packets=3, queue=2, threshold=1, tokens=3, topology=leafspine:tors=2,spines=2,hosts=1}",
                "f916904d2f324b07/4657");
        m.put("iofd flow-keyed flow-keyed {background=1, dft=2, ecn=2, failures=1, flows=0-1, packets=2, queue=3, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1}",
                "665d7349c211d7e5/2583");
        m.put("iofd free-on-first free-on-first {background=1, dft=2, ecn=2, failures=1, flows=0-1, packets=2, queue=3, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1}",
                "a3dd589460b511da/2587");
        m.put("iofd no-dft no-dft {background=1, dft=2, ecn=2, failures=1, flows=0-1, packets=2, queue=3, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1}",
                "de216e89d481bda3/3889");
        m.put("iofd overwrite overwrite {background=1, dft=1, ecn=2, failures=0, flows=0-1,1-0, packets=2, queue=3, threshold=1, tokens=1, topology=leafspine:tors=2,spines=2,hosts=1}",
                "d30f18b19ef2c9a3/4090");
        m.put("iofd random deflect-middle {background=2, dft=1, ecn=2, failures=0, flows=0-1L,1-0, packets=2, queue=2, threshold=1, tokens=1, topology=leafspine:tors=2,spines=2,hosts=1}",
                "f141a3bc81fdc62d/6600");
        m.put("iofd random dft-three-tokens {background=0, dft=0, ecn=2, failures=0, flows=2-0,0-2L, knockout=failure-cleanup, packets=2, queue=2, threshold=1, tokens=2, topology=leafspine:tors=2,spines=3,hosts=2}",
                "1d4f6d3872833c41/600");
        m.put("iofd random dft-three-tokens {background=1, dft=1, ecn=2, failures=0, flows=0-1,1-0, packets=2, queue=3, threshold=2, tokens=1, topology=leafspine:tors=2,spines=2,hosts=1}",
                "4dfaa85f238fb3a1/4251");
        m.put("iofd random dft-three-tokens {background=2, dft=2, ecn=2, failures=0, flows=2-1,0-1, packets=1, queue=3, threshold=1, tokens=0, topology=leafspine:tors=3,spines=2,hosts=1}",
                "082dab50ca0bf1af/5011");
        m.put("iofd random flow-keyed {background=0, dft=1, ecn=2, failures=0, flows=2-0,0-1, packets=3, queue=3, threshold=2, tokens=2, topology=leafspine:tors=3,spines=2,hosts=1}",
                "26efce17b9ea6a16/3631");
        m.put("iofd random flow-keyed {background=1, dft=2, ecn=2, failures=1, flows=0-2,0-1,2-0L, packets=1, queue=2, threshold=1, tokens=1, topology=leafspine:tors=3,spines=2,hosts=1}",
                "0c99c4509706d451/5377");
        m.put("iofd random flow-keyed {background=2, dft=2, ecn=2, failures=1, flows=0-2,3-1,0-3, knockout=dft-follow, packets=2, queue=2, threshold=1, tokens=1, topology=leafspine:tors=2,spines=3,hosts=2}",
                "cf0dfbbf80be9ebc/12386");
        m.put("iofd random free-on-first {background=2, dft=2, ecn=2, failures=0, flows=2-0L,1-0, knockout=dft-follow, packets=3, queue=2, threshold=2, tokens=0, topology=leafspine:tors=3,spines=2,hosts=1}",
                "133ccdd35af866a0/6500");
        m.put("iofd random no-dft {background=0, dft=2, ecn=2, failures=2, flows=3-2,1-0, knockout=tor-no-host-deflection, packets=1, queue=3, threshold=1, tokens=2, topology=leafspine:tors=2,spines=3,hosts=2}",
                "32ed17e10d6b22a2/165");
        m.put("iofd random overwrite {background=2, dft=1, ecn=2, failures=0, flows=1-0L,1-0,1-0, packets=2, queue=3, threshold=2, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1}",
                "714ee1a72e1e8203/8117");
        m.put("iofd random unlimited-tokens {background=1, dft=1, ecn=2, failures=1, flows=3-2, packets=3, queue=2, threshold=1, tokens=1, topology=leafspine:tors=2,spines=3,hosts=2}",
                "8132e028080b9cdb/2536");
        m.put("iofd random unlimited-tokens {background=1, dft=2, ecn=2, failures=1, flows=2-0L, knockout=dft-free-on-end, packets=3, queue=2, threshold=1, tokens=2, topology=leafspine:tors=3,spines=2,hosts=1}",
                "83b52eddf28fdbb0/3354");
        m.put("iofd unlimited-tokens unlimited-tokens {background=1, dft=2, ecn=2, failures=1, flows=0-1, packets=2, queue=3, threshold=1, tokens=2, topology=leafspine:tors=2,spines=2,hosts=1}",
                "e4746abad000159b/2567");
        return m;
    }
}
