package org.rdmacheck.checker.conformance;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.rdmacheck.checker.tlc.TlcOptions;
import org.rdmacheck.engine.ExplorerSettings;

/**
 * The fabric twin's PFC hysteresis and ECN marking (specs/fabric: {@code ResumeAtXon} and
 * {@code NoPauseFlapping} from seed 004 §4,
 * {@code EcnMarksCongestion} from seed 004 §3.1 and seed 000 §IV-B, the knock-outs {@code pfc-hysteresis}
 * and {@code ecn-mark} as the constant {@code Knockouts}) agree with the Java model on their own: every
 * configuration of the fabric manifest where a knock-out kills one of the three properties conforms (TLC and
 * the explorer: the same count, the same verdicts), each property is violated by TLC with its
 * knock-out, and the manifest holds it in a configuration without the knock-out. The default tier compares the configurations where a knock-out kills its
 * property, their TLC runs in one child JVM ({@link BatchedConformance}); the others, and those at the
 * knock-outs' coverage scope (3 packets, a failure), run in {@code SlowManifestConformanceTest}.
 */
class FabricPfcEcnTwinTest {

    private static final Set<String> PROPERTIES = Set.of("ResumeAtXon", "NoPauseFlapping", "EcnMarksCongestion");
    /** the knock-out of each property in the twin (the manifest's knockout parameter) */
    private static final Map<String, String> KNOCKOUT = Map.of("ResumeAtXon", "pfc-hysteresis",
            "NoPauseFlapping", "pfc-hysteresis", "EcnMarksCongestion", "ecn-mark");

    private static SpecManifest fabric() {
        return SpecManifest.read(ManifestConformanceTest.specsRoot().resolve("fabric"));
    }

    private static boolean checksOne(SpecManifest.Configuration c) {
        return c.properties().stream().anyMatch(PROPERTIES::contains);
    }

    @TestFactory
    Stream<DynamicTest> twinAndExplorerAgreeOnResumeAndMarks() {
        SpecManifest m = fabric();
        Conformance conformance = new Conformance(TlcOptions.defaults().withWorkers(1).withTimeLimitMillis(600_000),
                ExplorerSettings.defaults().withThreads(2));
        List<Map.Entry<SpecManifest, SpecManifest.Configuration>> chosen = new ArrayList<>();
        for (SpecManifest.Configuration c : m.configurations()) {
            // the knock-outs' kills; where the properties hold (repaired, pfc-hysteresis-two, the vacuous ECN row)
            // TLC runs in ManifestConformanceTest (repaired) and the slow tier (SlowManifestConformanceTest, every
            // configuration): a TLC run of the fabric is mostly its start, 10-30 s each on the loaded machine
            if (!c.slow() && checksOne(c) && c.variant() != null && c.parameters().containsKey("knockout")
                    && !c.expect().violated().isEmpty()) {
                chosen.add(Map.entry(m, c));
            }
        }
        assertFalse(chosen.isEmpty(), "no fabric configuration checks ResumeAtXon or EcnMarksCongestion");
        return BatchedConformance.tests(conformance, chosen, (mm, c, r) -> {
            assertTrue(r.conforms(), () -> c.name() + ": " + r.mismatches() + " (TLC " + r.tlcDistinct() + " states "
                    + r.tlcVerdicts() + ", explorer " + r.javaDistinct() + " states " + r.javaVerdicts() + ")");
            for (String p : c.properties()) {
                if (PROPERTIES.contains(p)) {
                    String expected = c.expect().violated().contains(p) ? "VIOLATED" : "VERIFIED";
                    String tlc = r.tlcVerdicts().get(p);
                    // TLC stops at its first violation: the other properties of a violating run stay open
                    assertTrue(expected.equals(tlc) || expected.equals("VERIFIED") && "INCONCLUSIVE".equals(tlc)
                            && !c.expect().violated().isEmpty(), c.name() + ": TLC " + p + " " + tlc + ", expected "
                            + expected);
                    String java = r.javaVerdicts().get(p);
                    // a property vacuous at the configuration (ecn >= xoff: no packet joins a buffer at ecn) may be
                    // reported INCONCLUSIVE (VACUOUS) by the explorer; it is never violated there
                    assertTrue(expected.equals(java) || expected.equals("VERIFIED") && "INCONCLUSIVE".equals(java),
                            c.name() + ": explorer " + p + " " + java + ", expected " + expected);
                }
            }
        });
    }

    /** Each knock-out kills its property in some configuration, and the property holds in one without it. */
    @Test
    void eachKnockoutKillsItsPropertyAndThePropertyHoldsWithout() {
        SpecManifest m = fabric();
        for (String p : PROPERTIES) {
            String ko = KNOCKOUT.get(p);
            assertTrue(m.configurations().stream().anyMatch(c -> !c.slow() && c.variant() != null && ko.equals(c.parameters().get("knockout"))
                    && c.expect().violated().equals(List.of(p))), p + ": no configuration where " + ko + " violates it");
            assertTrue(m.configurations().stream().anyMatch(c -> !c.slow() && c.variant() != null && c.properties().contains(p)
                    && !c.parameters().containsKey("knockout") && !c.expect().violated().contains(p)
                    && (!ko.equals("pfc-hysteresis") || !"1".equals(c.parameters().getOrDefault("pfc-hysteresis", "1")))),
                    p + ": no configuration where it holds without " + ko
                            + (ko.equals("pfc-hysteresis") ? " (with hysteresis: a pause bit to set and clear)" : ""));
        }
    }
}
