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
 * lacks moved out of line, moves written as they are found). A restructuring that keeps every digest
 * changes no successor, no order and no code. Configurations: every variant's defaults and every
 * knock-out at each of its coverage scopes of {@code iofd}, {@code fabric} and {@code escape-vl}, and
 * 12 randomised IOFD configurations (seed 36: up to three flows, three packets, two failures, every
 * variant and knock-out).
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
                got.put(e.name() + " " + v.name(), digest(e, v.name(), Map.of()));
            }
            for (Mechanism m : e.mechanisms()) {
                List<Map<String, String>> scopes = m.scopes();
                for (int i = 0; i < scopes.size(); i++) {
                    Map<String, String> p = new LinkedHashMap<>(scopes.get(i));
                    p.put("knockout", m.name());
                    got.put(e.name() + " -" + m.name() + " " + i, digest(e, m.variant() == null ? e.variants().get(0).name()
                            : m.variant(), p));
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
            got.put("iofd random " + i, digest(iofd, variants.get(r.nextInt(variants.size())), p));
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
        assertTrue(expected.size() >= 80, () -> "only " + expected.size() + " of the " + PINNED.size()
                + " pinned configurations are still in the catalogue; digests now:\n" + all);
        assertEquals(expected, actual, () -> "digests now:\n" + all);
    }

    /** The digest of the configuration's first CAP states' successors, in order. */
    private static String digest(ModelEntry e, String variant, Map<String, String> params) {
        CheckSpec<?> spec = e.build(variant, Params.of(params));
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
        m.put("escape-vl -escape-follow 0", "85a541a98b7c3ef7/1857");
        m.put("escape-vl -escape-move 0", "954c30b999456958/3225");
        m.put("escape-vl -no-return-from-vl0 0", "e9c4a25f66ab6b4f/3218");
        m.put("escape-vl -updown-vl0 0", "42f88823e66ab384/6231");
        m.put("escape-vl dart", "f4fd2133c3c1e7f3/6198");
        m.put("escape-vl escape-deflect", "f5ecc5ae5d5c4fe4/6449");
        m.put("escape-vl escape-follow", "4b16a87606bf6389/2316");
        m.put("escape-vl escape-return", "11cfb53584eec590/6103");
        m.put("escape-vl lane-change-order", "7b2f4474e7c40268/1857");
        m.put("escape-vl one-lane", "59750c7d9073c1e4/3225");
        m.put("escape-vl unlimited-tokens", "2ee9b99e22d9b207/6493");
        m.put("fabric -deflection-threshold 0", "ea34ceaa340df9aa/3684");
        m.put("fabric -deflection-threshold 1", "ea34ceaa340df9aa/3684");
        m.put("fabric -dft-follow 0", "c9075d474b369a98/2305");
        m.put("fabric -dft-follow 1", "c9075d474b369a98/2305");
        m.put("fabric -dft-free-on-end 0", "ffc2c9e920f9b248/748");
        m.put("fabric -dft-free-on-end 1", "f045f45c07df1ef3/3456");
        m.put("fabric -dft-hit-waits 0", "ffeff63611363b19/4231");
        m.put("fabric -dft-hit-waits 1", "ffeff63611363b19/4231");
        m.put("fabric -escape-access 0", "3d2e6c6fa64d818a/4722");
        m.put("fabric -escape-lane 0", "4d9491be7138cbca/6068");
        m.put("fabric -failure-cleanup 0", "d80f841a0ad8e958/4346");
        m.put("fabric -long-flows-not-deflected 0", "ba73b2c89e6a25e8/1102");
        m.put("fabric -no-return-from-vl0 0", "b0cdd55b321f3cc9/2388");
        m.put("fabric -pfc-counts-background 0", "60fad4f88e198eb6/4240");
        m.put("fabric -pfc-counts-background 1", "e3b9e07ac3f6f4b7/4276");
        m.put("fabric -pfc-pause 0", "6668a24a500238e0/2307");
        m.put("fabric -token-spending 0", "570cc23f2a97126d/531");
        m.put("fabric -tor-no-host-deflection 0", "643313f14bcc3c4f/729");
        m.put("fabric ecn-first", "c14fb2b4f80cf2d7/370");
        m.put("fabric lane-silent", "f57de798dae6ac7c/4033");
        m.put("fabric message-key", "a87c65175fe0ea12/2320");
        m.put("fabric message-key-no-uturn", "4def0af0e2da2a57/8421");
        m.put("fabric no-cleanup", "dd5d7ad70840fb25/3559");
        m.put("fabric paper", "1b533e0d870a13a9/4128");
        m.put("fabric repaired", "dfea1e1172f371ab/6069");
        m.put("fabric repaired-background", "6fe09d1178b673dc/7773");
        m.put("fabric repaired-background-two-tokens", "c15fe211fb3de50a/7775");
        m.put("fabric repaired-deadlock", "036e585718e30a60/4754");
        m.put("fabric repaired-failure", "0009877d3b6cefa1/6664");
        m.put("fabric repaired-failure-background", "011a43457ea207ff/9551");
        m.put("fabric repaired-failure-three-tokens", "3ab943e37d08bd63/6664");
        m.put("fabric repaired-incast", "2667d14f21aad299/6753");
        m.put("fabric repaired-long-flow", "298e3974241ad643/9142");
        m.put("fabric repaired-no-background", "4366c2c724cab401/5460");
        m.put("fabric repaired-no-background-dft2", "ef8dc1b543402091/5474");
        m.put("fabric repaired-one-entry", "32559e56cfc311d6/6071");
        m.put("fabric repaired-one-message", "4a2f4154951189a1/4063");
        m.put("fabric repaired-ring", "2ff3cc0be2bd1211/8522");
        m.put("fabric repaired-three-flows", "7a83afa15c653c05/6155");
        m.put("fabric repaired-three-flows-dft2", "bebcc5fac9bf033b/6168");
        m.put("fabric repaired-three-flows-four-packets", "c44525e5de5b93e8/5596");
        m.put("fabric repaired-three-flows-one-token", "1d1cacab50ff344b/9322");
        m.put("fabric repaired-three-flows-three-packets", "43ac160c5abbb094/6590");
        m.put("fabric repaired-three-tokens", "2fe785b241ac5fe9/6071");
        m.put("iofd -back-pressure 0", "29a85537c9d67806/2315");
        m.put("iofd -deflection-threshold 0", "fb14d8053120ce48/3684");
        m.put("iofd -dft-follow 0", "d7ef9242b1470b53/686");
        m.put("iofd -dft-free-on-end 0", "ecacf4b49539b064/748");
        m.put("iofd -dft-hit-waits 0", "a32a410a50c36b50/4231");
        m.put("iofd -failure-cleanup 0", "8a3bfa14da0b1218/2516");
        m.put("iofd -long-flows-not-deflected 0", "7f94cf2ade532156/714");
        m.put("iofd -token-spending 0", "42698a01aaa0e0eb/1277");
        m.put("iofd -tor-no-host-deflection 0", "2802cf66e8692891/729");
        m.put("iofd deflect-middle", "87bbfb0ec0bcea5e/3897");
        m.put("iofd dft", "f1c520ed7d2745b2/4657");
        m.put("iofd dft-one-message", "a00cb8bed04e6de9/2527");
        m.put("iofd dft-three-tokens", "f916904d2f324b07/4657");
        m.put("iofd flow-keyed", "665d7349c211d7e5/2583");
        m.put("iofd free-on-first", "a3dd589460b511da/2587");
        m.put("iofd no-dft", "de216e89d481bda3/3889");
        m.put("iofd overwrite", "d30f18b19ef2c9a3/4090");
        m.put("iofd random 0", "133ccdd35af866a0/6500");
        m.put("iofd random 1", "0c99c4509706d451/5377");
        m.put("iofd random 10", "714ee1a72e1e8203/8117");
        m.put("iofd random 11", "cf0dfbbf80be9ebc/12386");
        m.put("iofd random 2", "4dfaa85f238fb3a1/4251");
        m.put("iofd random 3", "26efce17b9ea6a16/3631");
        m.put("iofd random 4", "1d4f6d3872833c41/600");
        m.put("iofd random 5", "32ed17e10d6b22a2/165");
        m.put("iofd random 6", "83b52eddf28fdbb0/3354");
        m.put("iofd random 7", "8132e028080b9cdb/2536");
        m.put("iofd random 8", "082dab50ca0bf1af/5011");
        m.put("iofd random 9", "f141a3bc81fdc62d/6600");
        m.put("iofd unlimited-tokens", "e4746abad000159b/2567");
        return m;
    }
}
