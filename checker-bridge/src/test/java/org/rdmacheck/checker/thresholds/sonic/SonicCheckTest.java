package org.rdmacheck.checker.thresholds.sonic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.thresholds.ConfigCheck;
import org.rdmacheck.checker.thresholds.DeflectionWitness;
import org.rdmacheck.checker.thresholds.SolveStatus;
import org.rdmacheck.checker.thresholds.ThresholdAnalysis;
import org.rdmacheck.checker.thresholds.ThresholdSolver;
import org.rdmacheck.checker.thresholds.Witness;
import org.rdmacheck.checker.thresholds.WitnessCounterexamples;
import org.rdmacheck.checker.trace.ReplayResult;
import org.rdmacheck.model.InputException;

/** The example SONiC configurations of examples/sonic/ checked, and bad input rejected. */
class SonicCheckTest {

    private static final Path EXAMPLES = Path.of("..", "examples", "sonic");
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static SonicReport check(String name) {
        return check(SonicConfigReader.read(EXAMPLES.resolve(name + ".json")), 0);
    }

    private static SonicReport check(SonicConfig c, long deflection) {
        return new SonicCheck(new ThresholdAnalysis(new ThresholdSolver(60_000)), SpectrumAsic.SPECTRUM_2, deflection,
                Optional.empty())
                .check(c);
    }

    @Test
    void leafWithFortyMetreCablesIsSafe() {
        SonicReport r = check("leaf-32x100g-40m");
        assertEquals(ConfigCheck.Verdict.SAFE, r.verdict());
        assertEquals(64, r.priorities().size());
        assertEquals(2, r.groups().size());
        PriorityCheck p = r.priorities().get(0);
        assertEquals("Ethernet0", p.port());
        assertEquals(3, p.priority());
        assertEquals(92_160, p.sonic().xoffBytes());
        assertEquals(63_452, p.mlx5().xoffBytes());
        assertEquals(79_260, p.ieee().orElseThrow().bytes());
        assertTrue(p.headroom().holds());
        ThresholdGroup g = r.groups().get(0);
        assertEquals(32, g.ports().size());
        assertEquals("Ethernet4", g.ports().get(1));
        // seed 004 §4, dynamic with β = 1, n = 32, p = 2: 32·t_ECN < 24,000,000 − 64·t_ECN, t_ECN < 250,000
        assertEquals(249_999, g.derivation().tEcnMaxBytes());
        // K_min = 100 KB stays below t_PFC from beta = 1/4 (bound 125,000 B) up; at 1/8 the bound is 75,000 B
        assertEquals(Optional.of(-2), g.derivation().dynamicThMin());
        assertEquals(Optional.of(7), g.derivation().dynamicThMax());
        assertEquals(0, r.returnableBytes());
    }

    @Test
    void spineWithTooHighEcnThresholdHasAWitnessThatReplays() {
        SonicReport r = check("spine-64x400g-100m");
        assertEquals(ConfigCheck.Verdict.UNSAFE, r.verdict());
        ThresholdGroup g = r.groups().get(0);
        ConfigCheck c = g.report().check().orElseThrow();
        assertTrue(c.fails("EcnBeforePfc"));
        assertTrue(c.solverAgrees());
        Witness w = c.witnessSearch().witness().orElseThrow();
        assertTrue(w.fedQueues().stream().allMatch(q -> q.bytes() <= 250_000));
        assertEquals("Ethernet0.p3.pg_lossless_400000_100m_profile", c.config().name());
        // β = 2, n = 64, p = 2: 64·t < 2(30,000,000 − 128·t), t < 187,500
        assertEquals(187_499, g.derivation().tEcnMaxBytes());
        // K_min = 250 KB: beta = 2 allows 187,500, 4 allows 200,000 (64·t < 4(30,000,000 − 128·t)), ... 128 allows
        // 30,000,000·128/(64 + 128·128) = 233,463: no dynamic_th of Spectrum's range is safe
        assertEquals(Optional.empty(), g.derivation().dynamicThMin());
        Counterexample cex = WitnessCounterexamples.of(g.report().sw(), c.config(), w);
        assertTrue(cex.provenance().variant().contains("Ethernet0.p3.pg_lossless_400000_100m_profile"));
        assertTrue(WitnessCounterexamples.replay(cex) instanceof ReplayResult.Reproduces);
    }

    @Test
    void leafWithLongCablesLacksHeadroomButKeepsEcnBeforePfc() {
        SonicReport r = check("leaf-32x100g-300m-cables");
        assertEquals(ConfigCheck.Verdict.UNSAFE, r.verdict());
        PriorityCheck p = r.priorities().get(0);
        assertFalse(p.headroom().holds());
        assertEquals(164_864, p.sonic().xoffBytes());
        assertEquals(ConfigCheck.Verdict.SAFE, r.groups().get(p.group()).report().check().orElseThrow().verdict());
    }

    @Test
    void deflectionAboveEcnBreaksDartsOrdering() {
        SonicConfig c = SonicConfigReader.read(EXAMPLES.resolve("leaf-32x100g-40m.json"));
        SonicReport r = check(c, 150_000);
        assertEquals(ConfigCheck.Verdict.UNSAFE, r.verdict());
        ConfigCheck unsafe = r.groups().get(0).report().check().orElseThrow();
        assertTrue(unsafe.fails("DeflectionBelowEcn"));
        assertTrue(unsafe.solverAgrees());
        // the least occupancy that marks (above K_min = 100 KB) without deflecting (150 KB)
        DeflectionWitness w = unsafe.deflectionSearch().orElseThrow().witness().orElseThrow();
        assertEquals(100_001, w.queueBytes());
        Counterexample cex = WitnessCounterexamples.ofDeflection(r.groups().get(0).report().sw(), unsafe.config(), w);
        assertTrue(WitnessCounterexamples.replay(cex) instanceof ReplayResult.Reproduces);
        SonicReport safe = check(c, 50_000);
        assertEquals(ConfigCheck.Verdict.SAFE, safe.verdict());
        assertEquals(SolveStatus.UNSATISFIABLE, safe.groups().get(0).report().check().orElseThrow().deflectionSearch()
                .orElseThrow().status());
    }

    /**
     * The identity reading (PG i for priority i) would pass this leaf; through tc_to_pg_map priority 4
     * lands in PG 6, whose 5 m profile holds 81,920 B where 40 m needs 92,160 B, and PG 4's lossless
     * profile goes unused.
     */
    @Test
    void losslessPriorityFollowsTheTrafficClassMaps() {
        SonicReport r = check("leaf-32x100g-40m-tc-map");
        assertEquals(ConfigCheck.Verdict.UNSAFE, r.verdict());
        PriorityCheck p4 = r.priorities().stream().filter(p -> p.port().equals("Ethernet0") && p.priority() == 4)
                .findFirst().orElseThrow();
        assertEquals(6, p4.pg());
        assertEquals(4, p4.queue());
        assertEquals("pg_lossless_100000_5m_profile", p4.profile());
        assertFalse(p4.headroom().holds());
        assertEquals(32, r.idle().size());
        assertEquals(4, r.idle().get(0).pg());
        assertEquals(32L * 92_160, r.returnableBytes());
        // two lossless PGs per port (3 and 6): seed 004's p = 2
        assertEquals(2, r.groups().get(0).report().sw().priorities());
        assertEquals(1, r.headroomWitnesses().size());
        assertTrue(HeadroomWitnesses.replay(r.headroomWitnesses().get(0)) instanceof ReplayResult.Reproduces);
    }

    /**
     * A static pool: static_th 300 KB is t_PFC; 32 ports need 32·K_min < 300,000, so K_min = 100 KB is unsafe
     * and the largest safe is 9,374 B; the largest loss-free static_th is 24,000,000 / (2·32) = 375,000 B.
     */
    @Test
    void staticProfileGetsItsDerivation() throws IOException {
        ObjectNode root = (ObjectNode) MAPPER.readTree(Files.readString(EXAMPLES.resolve("leaf-32x100g-40m.json")));
        ((ObjectNode) root.get("BUFFER_POOL").get("ingress_lossless_pool")).put("mode", "static");
        for (String name : new String[] {"ingress_lossy_profile", "pg_lossless_100000_40m_profile"}) {
            ObjectNode prof = (ObjectNode) root.get("BUFFER_PROFILE").get(name);
            prof.remove("dynamic_th");
            prof.put("static_th", "300000");
        }
        SonicReport r = check(SonicConfigReader.parse("static-leaf", root), 0);
        assertEquals(ConfigCheck.Verdict.UNSAFE, r.verdict());
        ThresholdGroup g = r.groups().get(0);
        assertTrue(g.report().check().orElseThrow().fails("EcnBeforePfc"));
        assertEquals(9_374, g.derivation().tEcnMaxBytes());
        assertEquals(Optional.of(375_000L), g.derivation().staticThMax());
        assertEquals(Optional.empty(), g.derivation().dynamicThMin());
    }

    /** With a shared headroom pool the xoff of every PG is not reserved: seed 004's model does not apply. */
    @Test
    void sharedHeadroomPoolIsRejected() throws IOException {
        String m = rejected(r -> ((ObjectNode) r.get("BUFFER_POOL").get("ingress_lossless_pool")).put("xoff", "2000000"));
        assertTrue(m.contains("BUFFER_POOL|ingress_lossless_pool xoff = 2000000: a shared headroom pool"), m);
    }

    @Test
    void trafficClassMapsAreRequiredAndChecked() throws IOException {
        String m = rejected(r -> ((ObjectNode) r.get("PORT_QOS_MAP").get("Ethernet4")).remove("tc_to_pg_map"));
        assertTrue(m.contains("PORT_QOS_MAP|Ethernet4: missing field 'tc_to_pg_map'"), m);
        m = rejected(r -> ((ObjectNode) r.get("PORT_QOS_MAP").get("Ethernet4")).put("tc_to_queue_map", "[TC_TO_QUEUE_MAP|X]"));
        assertTrue(m.contains("tc_to_queue_map = '[TC_TO_QUEUE_MAP|X]': no such TC_TO_QUEUE_MAP"), m);
        m = rejected(r -> ((ObjectNode) r.get("TC_TO_PRIORITY_GROUP_MAP").get("AZURE")).remove("4"));
        assertTrue(m.contains("no entry for lossless traffic class 4"), m);
        m = rejected(r -> ((ObjectNode) r.get("TC_TO_QUEUE_MAP").get("AZURE")).put("3", "9"));
        assertTrue(m.contains("TC_TO_QUEUE_MAP|AZURE 3 = '9'"), m);
    }

    @Test
    void gearboxIsReadFromThePeripheralTable() throws IOException {
        SonicConfig c = SonicConfigReader.read(EXAMPLES.resolve("leaf-32x100g-40m.json"));
        assertEquals(new BigDecimal("9.765"), c.gearbox().orElseThrow().delayNanos());
        // two gearbox models and nothing saying which one the ports use
        String m = rejected(r -> {
            ((ObjectNode) r.get("PERIPHERAL_TABLE")).putObject("OTHER").put("gearbox_delay", "1");
            r.remove("PORT_PERIPHERAL_TABLE");
        });
        assertTrue(m.contains("expected PORT_PERIPHERAL_TABLE|global to name"), m);
        m = rejected(r -> ((ObjectNode) r.get("PERIPHERAL_TABLE").get("MELLANOX-PERIPHERAL-1")).put("gearbox_delay",
                "fast"));
        assertTrue(m.contains("gearbox_delay = 'fast'"), m);
        m = rejected(r -> ((ObjectNode) r.get("PORT_PERIPHERAL_TABLE").get("global")).put("peripheral", "NONE"));
        assertTrue(m.contains("peripheral = 'NONE'"), m);
    }

    private static String rejected(Consumer<ObjectNode> edit) throws IOException {
        ObjectNode root = (ObjectNode) MAPPER.readTree(Files.readString(EXAMPLES.resolve("leaf-32x100g-40m.json")));
        edit.accept(root);
        return assertThrows(InputException.class, () -> check(SonicConfigReader.parse("edited", root), 0)).getMessage();
    }

    private static ObjectNode profile(ObjectNode root) {
        return (ObjectNode) root.get("BUFFER_PROFILE").get("pg_lossless_100000_40m_profile");
    }

    @Test
    void unknownKeyIsRejected() throws IOException {
        String m = rejected(r -> profile(r).put("headroom_type", "shared"));
        assertTrue(m.contains("unsupported field 'headroom_type'"), m);
    }

    @Test
    void malformedValueIsRejected() throws IOException {
        String m = rejected(r -> profile(r).put("xoff", "92KB"));
        assertTrue(m.contains("xoff = '92KB'"), m);
        m = rejected(r -> profile(r).put("dynamic_th", "9"));
        assertTrue(m.contains("dynamic_th = '9'"), m);
        m = rejected(r -> ((ObjectNode) r.get("CABLE_LENGTH").get("AZURE")).put("Ethernet0", "40 metres"));
        assertTrue(m.contains("40 metres"), m);
    }

    @Test
    void overlappingEntriesWithDifferentValuesAreRejectedNamingBothKeys() throws IOException {
        // SONiC applies overlapping keys in no guaranteed order: either reading could be the switch's
        String m = rejected(r -> ((ObjectNode) r.get("BUFFER_PG")).putObject("Ethernet0|3").put("profile",
                "ingress_lossy_profile"));
        assertTrue(m.contains("BUFFER_PG|Ethernet0|3-4 and BUFFER_PG|Ethernet0|3"), m);
        m = rejected(r -> ((ObjectNode) r.get("BUFFER_QUEUE")).putObject("Ethernet0|2-3").put("profile",
                "egress_lossy_profile"));
        assertTrue(m.contains("BUFFER_QUEUE|") && m.contains("Ethernet0|2-3") && m.contains("Ethernet0 index"), m);
        m = rejected(r -> ((ObjectNode) r.get("CABLE_LENGTH")).putObject("LONG").put("Ethernet0", "300m"));
        assertTrue(m.contains("CABLE_LENGTH|AZURE and CABLE_LENGTH|LONG") && m.contains("Ethernet0"), m);
        m = rejected(r -> {
            ((ObjectNode) r.get("WRED_PROFILE")).set("AZURE_OTHER", r.get("WRED_PROFILE").get("AZURE_LOSSLESS").deepCopy());
            ((ObjectNode) r.get("QUEUE")).putObject("Ethernet0|3-4").put("wred_profile", "AZURE_OTHER");
        });
        assertTrue(m.contains("QUEUE|Ethernet0|3 and QUEUE|Ethernet0|3-4"), m);
    }

    @Test
    void overlappingEntriesWithTheSameValueAreOneReading() throws IOException {
        ObjectNode root = (ObjectNode) MAPPER.readTree(Files.readString(EXAMPLES.resolve("leaf-32x100g-40m.json")));
        ((ObjectNode) root.get("BUFFER_PG")).putObject("Ethernet0|3").put("profile", "pg_lossless_100000_40m_profile");
        ((ObjectNode) root.get("CABLE_LENGTH")).putObject("AGAIN").put("Ethernet0", "40m");
        assertEquals(check("leaf-32x100g-40m").verdict(), check(SonicConfigReader.parse("edited", root), 0)
                .verdict());
    }

    @Test
    void missingProfileIsRejected() throws IOException {
        String m = rejected(r -> ((ObjectNode) r.get("BUFFER_PG").get("Ethernet4|3-4")).put("profile",
                "[BUFFER_PROFILE|pg_lossless_100000_5m_profile]"));
        assertTrue(m.contains("pg_lossless_100000_5m_profile") && m.contains("no such BUFFER_PROFILE"), m);
    }

    /** ECN off on a lossless queue is valid configuration that never marks before PFC pauses: UNSAFE, not bad input. */
    @Test
    void ecnSwitchedOffIsUnsafeWithTheFailingCheck() throws IOException {
        for (String[] off : new String[][] {{"ecn", "ecn_none"}, {"wred_green_enable", "false"}}) {
            ObjectNode root = (ObjectNode) MAPPER.readTree(Files.readString(EXAMPLES.resolve("leaf-32x100g-40m.json")));
            ((ObjectNode) root.get("WRED_PROFILE").get("AZURE_LOSSLESS")).put(off[0], off[1]);
            SonicReport r = check(SonicConfigReader.parse("ecn-off", root), 0);
            assertEquals(ConfigCheck.Verdict.UNSAFE, r.verdict(), off[0]);
            ConfigCheck c = r.groups().get(0).report().check().orElseThrow();
            assertEquals(ConfigCheck.Verdict.UNSAFE, c.verdict());
            assertTrue(c.fails("EcnMarksGreen"), off[0]);
            assertEquals("EcnMarksGreen", c.inequalities().get(0).name());
            assertTrue(r.priorities().stream().allMatch(p -> p.verdict() == ConfigCheck.Verdict.UNSAFE));
            // the derivation still says which K_min would be safe once ECN is on
            assertEquals(249_999, r.groups().get(0).derivation().tEcnMaxBytes());
        }
    }

    private static SonicReport edited(Consumer<ObjectNode> edit) throws IOException {
        ObjectNode root = (ObjectNode) MAPPER.readTree(Files.readString(EXAMPLES.resolve("leaf-32x100g-40m.json")));
        edit.accept(root);
        return check(SonicConfigReader.parse("edited", root), 0);
    }

    /**
     * A lossless queue with no WRED profile (QUEUE and its wred_profile are optional in SONiC; SAI binds
     * no WRED, so nothing marks) is UNSAFE with EcnMarksGreen failing, as with ECN switched off; so is
     * a profile without wred_green_enable (SAI's default: false).
     */
    @Test
    void queueWithoutWredIsUnsafeWithTheFailingCheck() throws IOException {
        SonicReport one = edited(r -> ((ObjectNode) r.get("QUEUE")).remove("Ethernet8|4"));
        assertEquals(ConfigCheck.Verdict.UNSAFE, one.verdict());
        for (PriorityCheck p : one.priorities()) {
            boolean bare = p.port().equals("Ethernet8") && p.priority() == 4;
            assertEquals(bare ? Optional.empty() : Optional.of("AZURE_LOSSLESS"), p.wredProfile(), p.port());
            assertEquals(bare ? ConfigCheck.Verdict.UNSAFE : ConfigCheck.Verdict.SAFE, p.verdict(), p.port());
        }
        ThresholdGroup g = one.groups().stream().filter(x -> x.wredProfile().isEmpty()).findFirst().orElseThrow();
        assertEquals(java.util.List.of("Ethernet8"), g.ports());
        ConfigCheck c = g.report().check().orElseThrow();
        assertEquals("EcnMarksGreen", c.inequalities().get(0).name());
        assertTrue(c.fails("EcnMarksGreen"));
        assertTrue(c.inequalities().get(0).formula().startsWith("QUEUE|Ethernet8|4"), c.inequalities().get(0).formula());
        for (Consumer<ObjectNode> none : java.util.List.<Consumer<ObjectNode>>of(r -> r.remove("QUEUE"),
                r -> r.remove(java.util.List.of("QUEUE", "WRED_PROFILE")),
                r -> r.get("QUEUE").forEach(q -> ((ObjectNode) q).remove("wred_profile")),
                r -> ((ObjectNode) r.get("WRED_PROFILE").get("AZURE_LOSSLESS")).remove("wred_green_enable"))) {
            SonicReport all = edited(none);
            assertEquals(ConfigCheck.Verdict.UNSAFE, all.verdict());
            assertTrue(all.priorities().stream().allMatch(p -> p.verdict() == ConfigCheck.Verdict.UNSAFE));
            assertTrue(all.groups().stream().allMatch(x -> x.report().check().orElseThrow().fails("EcnMarksGreen")));
            // the derivation still says which K_min would be safe once ECN is on
            assertEquals(249_999, all.groups().get(0).derivation().tEcnMaxBytes());
        }
    }

    /** Egress queue buffers are outside seed 004's model: a config_db without BUFFER_QUEUE reads the same. */
    @Test
    void noBufferQueueTableChangesNothing() throws IOException {
        SonicReport r = edited(root -> root.remove("BUFFER_QUEUE"));
        assertEquals(ConfigCheck.Verdict.SAFE, r.verdict());
        assertEquals(64, r.priorities().size());
    }

    @Test
    void hugeXoffIsRejectedNamingTheXoff() throws IOException {
        String m = rejected(r -> profile(r).put("xoff", "999999999999"));
        assertTrue(m.startsWith("BUFFER_PROFILE|pg_lossless_100000_40m_profile xoff = 999999999999"), m);
        assertTrue(m.contains("expected xoff at most"), m);
    }

    @Test
    void losslessPriorityWithoutPgOrEcnThresholdIsRejected() throws IOException {
        String m = rejected(r -> ((ObjectNode) r.get("BUFFER_PG")).remove("Ethernet8|3-4"));
        assertTrue(m.contains("Ethernet8|3"), m);
        m = rejected(r -> ((ObjectNode) r.get("WRED_PROFILE").get("AZURE_LOSSLESS")).remove("green_min_threshold"));
        assertTrue(m.startsWith("WRED_PROFILE|AZURE_LOSSLESS") && m.contains("green_min_threshold"), m);
        m = rejected(r -> profile(r).remove("xoff"));
        assertTrue(m.contains("positive xoff"), m);
    }
}
