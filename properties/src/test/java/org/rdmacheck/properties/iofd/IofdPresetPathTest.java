package org.rdmacheck.properties.iofd;

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
import org.junit.jupiter.api.Test;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Mechanism;
import org.rdmacheck.properties.catalog.VariantSpec;

/**
 * The IOFD preset's own path of the network model (its successors written without the general path's
 * lanes, PFC hysteresis and planted rules) against the general path ({@link
 * NetworkModel#withGeneralPathOnly}): on every state reached (up to a cap per configuration), both give
 * the same successors, in the same order, with the same action codes and values. Configurations: every
 * variant's defaults, every knock-out at its coverage scope, and randomised ones (seed 36: up to three
 * flows, three packets, two failures, every variant and knock-out).
 */
class IofdPresetPathTest {

    /** States compared per configuration at most (a breadth-first prefix of the reachable ones). */
    private static final int CAP = 3_000;

    @Test
    void everyVariantsDefaultsGiveTheSameSuccessorsOnBothPaths() {
        for (VariantSpec v : new IofdEntry().variants()) {
            compare(v.name(), Map.of());
        }
    }

    @Test
    void everyKnockoutAtItsScopeGivesTheSameSuccessorsOnBothPaths() {
        for (Mechanism m : new IofdEntry().mechanisms()) {
            for (Map<String, String> scope : m.scopes()) {
                Map<String, String> p = new LinkedHashMap<>(scope);
                p.put("knockout", m.name());
                compare(m.variant() == null ? "dft" : m.variant(), p);
            }
        }
    }

    @Test
    void randomisedConfigurationsGiveTheSameSuccessorsOnBothPaths() {
        Random r = new Random(36);
        List<String> variants = new IofdEntry().variants().stream().map(VariantSpec::name).toList();
        List<String> knockouts = new IofdEntry().mechanisms().stream().map(Mechanism::name).toList();
        String[] topologies = {"leafspine:tors=2,spines=2,hosts=1", "leafspine:tors=3,spines=2,hosts=1",
            "leafspine:tors=2,spines=3,hosts=2"};
        for (int i = 0; i < 20; i++) {
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
            compare(variants.get(r.nextInt(variants.size())), p);
        }
    }

    /** Explores the configuration on the preset's path and compares each state's successors with the general path's. */
    private static void compare(String variant, Map<String, String> params) {
        CheckSpec<?> spec = new IofdEntry().build(variant, Params.of(params));
        NetworkModel preset = (NetworkModel) spec.model();
        NetworkModel general = NetworkModel.withGeneralPathOnly(preset.config());
        PackedModel.Expander a = preset.expander();
        PackedModel.Expander b = general.expander();
        Set<List<Integer>> seen = new HashSet<>();
        List<int[]> queue = new ArrayList<>();
        for (LayoutState s : preset.initialStates()) {
            int[] v = new int[s.length()];
            s.copyTo(v, 0);
            if (seen.add(key(v))) {
                queue.add(v);
            }
        }
        long transitions = 0;
        for (int i = 0; i < queue.size() && i < CAP; i++) {
            int[] s = queue.get(i);
            List<String> fromPreset = new ArrayList<>();
            a.successors(s, 0, (code, next, length) -> {
                int[] v = Arrays.copyOf(next, length);
                fromPreset.add(code + " " + Arrays.toString(v));
                if (seen.add(key(v))) {
                    queue.add(v);
                }
            });
            List<String> fromGeneral = new ArrayList<>();
            b.successors(s, 0, (code, next, length) -> fromGeneral.add(code + " "
                    + Arrays.toString(Arrays.copyOf(next, length))));
            assertEquals(fromGeneral, fromPreset, () -> variant + " " + params + ": successors of "
                    + Arrays.toString(s));
            transitions += fromPreset.size();
        }
        assertTrue(transitions > 0, variant + " " + params + ": no transition compared");
    }

    private static List<Integer> key(int[] v) {
        return Arrays.stream(v).boxed().toList();
    }
}
