package org.rdmacheck.checker.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.checker.tlc.TlcOptions;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.catalog.Mechanism;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.catalog.VariantSpec;

/**
 * The manifests' constant mappings: every configuration's constants are the mapping of its Java
 * variant and parameters, every variant of every twin maps, and what the spec cannot express is
 * refused before TLC runs.
 */
class ConstantMappingTest {

    private static SpecManifest manifest(String folder) {
        return SpecManifest.read(ManifestConformanceTest.specsRoot().resolve(folder));
    }

    private static Map<String, String> mapped(SpecManifest m, String variant, Map<String, String> params) {
        return m.constants(variant, Catalog.find(m.javaModel()).build(variant, Params.of(params)).parameters());
    }

    /**
     * Variants whose defaults lie outside what their twin can express, each with the reason: their
     * mapping is refused (checked below), and their stored traces are replayed by the Java model
     * only ({@code StoredTraceValidationTest} leaves them out).
     */
    static final Map<String, String> OUTSIDE_THE_TWIN = Map.of("fabric repaired-ring",
            "a ring of 4 switches: specs/fabric models leaf-spines and fat-trees only");

    /**
     * The fabric twin's EscapeAt (seed 000 IV-B: a VL1 packet may move to VL0 on arrival, or also at the head of a
     * blocked egress queue): escape-at maps onto it, a configuration without it (the parameter has no default)
     * onto "arrival", and repaired-egress-head's default onto "head".
     */
    @Test
    void theFabricTwinMapsEscapeAt() {
        SpecManifest m = twins().stream().filter(t -> "fabric".equals(t.javaModel())).findFirst().orElseThrow();
        assertEquals("\"arrival\"", mapped(m, "repaired", Map.of("queueing", "egress")).get("EscapeAt"));
        assertEquals("\"arrival\"", mapped(m, "repaired", Map.of()).get("EscapeAt"));
        assertEquals("\"head\"", mapped(m, "repaired", Map.of("queueing", "egress", "escape-at", "head"))
                .get("EscapeAt"));
        assertEquals("\"head\"", mapped(m, "repaired-egress-head", Map.of()).get("EscapeAt"));
    }

    /** @return the manifests with a Java twin */
    static List<SpecManifest> twins() {
        return SpecManifest.all(ManifestConformanceTest.specsRoot()).stream().filter(m -> m.javaModel() != null)
                .toList();
    }

    @TestFactory
    Stream<DynamicTest> everyConfigurationsConstantsAreTheMappingOfItsJavaConfiguration() {
        List<DynamicTest> tests = new ArrayList<>();
        for (SpecManifest m : twins()) {
            // a configuration without a variant is TLC's only (e.g. a broken spec a refinement check rejects)
            for (SpecManifest.Configuration c : m.configurations().stream().filter(c -> c.variant() != null).toList()) {
                tests.add(DynamicTest.dynamicTest(m.folder().getFileName() + "/" + c.name(),
                        () -> assertEquals(c.constants(), mapped(m, c.variant(), c.parameters()))));
            }
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> everyVariantOfEveryTwinMaps() {
        List<DynamicTest> tests = new ArrayList<>();
        for (SpecManifest m : twins()) {
            ModelEntry entry = Catalog.find(m.javaModel());
            for (VariantSpec v : entry.variants()) {
                // at its defaults, or at the parameters a configuration of the manifest gives it
                Map<String, String> params = m.configurations().stream().filter(c -> v.name().equals(c.variant()))
                        .map(SpecManifest.Configuration::parameters).findFirst().orElse(Map.of());
                if (OUTSIDE_THE_TWIN.containsKey(m.javaModel() + " " + v.name())) {
                    tests.add(DynamicTest.dynamicTest(m.javaModel() + " " + v.name() + " (outside the twin)",
                            () -> assertThrows(ConstantMapping.Unmapped.class, () -> mapped(m, v.name(), params))));
                    continue;
                }
                tests.add(DynamicTest.dynamicTest(m.javaModel() + " " + v.name(),
                        () -> assertFalse(mapped(m, v.name(), params).isEmpty())));
            }
        }
        return tests.stream();
    }

    /**
     * The twins of these models carry every knock-out their Java model declares: the mapping has the
     * switch, and a manifest configuration runs it at the mechanism's coverage scope (its variant, and
     * every parameter of the scope at its value), so TLC and the explorer decide the kill independently
     * (docs/knockouts.md, docs/dasr.md "Knock-outs in the twin", docs/gbn.md "Knock-out switches").
     */
    /**
     * The knock-outs a twin has as a switch but whose kill TLC cannot decide at the coverage scope: the
     * purpose property is one the twin does not state, with the reason. Each is still run by the Java
     * explorer alone (KnockoutsTest).
     */
    private static final Map<String, Map<String, String>> NOT_COMPARED = Map.of("iofd", Map.of(
            "token-spending", "the twin does not state MisroutesBoundedByTokens (a misroute is the Java move's"
                    + " route kind); its configuration compares the count and InOrderDelivery, violated in both",
            "deflection-threshold", "the twin does not state DeflectOnlyAboveThreshold (an allocating deflection"
                    + " is the Java move's route kind); its configuration compares the count",
            "long-flows-not-deflected", "the twin does not state LongFlowsNeverDeflected (a misroute is the Java"
                    + " move's route kind); its configuration compares the count"), "fabric", Map.of(
            "token-spending", "MisroutesBoundedByTokens reads the Java move's route kind (a misroute), which the"
                    + " twin's step does not carry",
            "deflection-threshold", "DeflectOnlyAboveThreshold reads the Java move's route kind (an allocating"
                    + " deflection), which the twin's step does not carry",
            "long-flows-not-deflected", "LongFlowsNeverDeflected reads the Java move's route kind (a misroute),"
                    + " which the twin's step does not carry"));

    @TestFactory
    Stream<DynamicTest> everyKnockOutOfTheseTwinsIsComparedAtItsCoverageScope() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String folder : List.of("dasr", "gbn", "gbn-timed", "fabric", "iofd", "escape-vl")) {
            SpecManifest m = manifest(folder);
            Map<String, String> uncompared = NOT_COMPARED.getOrDefault(folder, Map.of());
            List<String> names = Catalog.find(m.javaModel()).mechanisms().stream().map(Mechanism::name).toList();
            tests.add(DynamicTest.dynamicTest(folder + " lists only its own knock-outs as not compared",
                    () -> assertTrue(names.containsAll(uncompared.keySet()), folder + " " + uncompared.keySet())));
            for (Mechanism k : Catalog.find(m.javaModel()).mechanisms()) {
                if (uncompared.containsKey(k.name())) {
                    continue;
                }
                tests.add(DynamicTest.dynamicTest(folder + " " + k.name(), () -> {
                    Map<String, String> constants = m.constantMapping().constants(k.variant(),
                            Map.of(ModelEntry.KNOCKOUT_PARAM, k.name()));
                    assertFalse(constants.isEmpty(), k.name());
                    assertTrue(m.configurations().stream().anyMatch(c -> k.variant().equals(c.variant())
                            && k.name().equals(c.parameters().get(ModelEntry.KNOCKOUT_PARAM))
                            && c.parameters().entrySet().containsAll(k.coverage().entrySet())),
                            folder + ": no configuration runs the knock-out " + k.name() + " at " + k.variant() + " "
                                    + k.coverage());
                }));
            }
        }
        return tests.stream();
    }

    @Test
    void unmappedValuesAreRefusedNamingTheParameter() {
        record Case(String folder, String variant, Map<String, String> params, String named) {
        }
        for (Case k : List.of(
                new Case("escape-vl", "dart", Map.of("vl1-routes", "minimal"), "vl1-routes=minimal"),
                new Case("escape-vl", "dart", Map.of("workload", "s0>s1:1"), "workload=s0>s1:1"),
                new Case("iofd", "dft", Map.of("topology", "ring:n=4,hosts=1", "flows", "0-1"),
                        "topology=ring:n=4,hosts=1"))) {
            ConstantMapping.Unmapped e = assertThrows(ConstantMapping.Unmapped.class,
                    () -> mapped(manifest(k.folder()), k.variant(), k.params()));
            assertTrue(e.getMessage().contains(k.named()), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
    }

    @Test
    void unknownVariantOrParameterOfTheMappingIsRefused() {
        ConstantMapping cm = manifest("gbn").constantMapping();
        assertThrows(ConstantMapping.Unmapped.class, () -> cm.constants("nosuch", Map.of()));
        assertThrows(ConstantMapping.Unmapped.class, () -> cm.constants("gbn", Map.of("timer", "5")));
    }

    @Test
    void parametersReachTheirConstants() {
        Map<String, String> gbn = mapped(manifest("gbn"), "gbn", Map.of("duplicates", "ignore", "nakPolicy", "epsn"));
        assertEquals("\"ignore\"", gbn.get("Duplicates"));
        assertEquals("\"epsn\"", gbn.get("NakPolicy"));
        Map<String, String> iofd = mapped(manifest("iofd"), "dft",
                Map.of("topology", "leafspine:tors=3,spines=2,hosts=2", "flows", "0-1L,2-5"));
        assertEquals("<<[src |-> 0, dst |-> 1, long |-> TRUE], [src |-> 2, dst |-> 5, long |-> FALSE]>>",
                iofd.get("FlowSeq"));
        assertEquals(List.of("3", "2", "2"), List.of(iofd.get("Tors"), iofd.get("Spines"), iofd.get("HostsPerTor")));
        assertEquals("FALSE", mapped(manifest("dasr"), "forward-ecn", Map.of("lookahead", "off")).get("Lookahead"));
        assertEquals("\"forward-ecn\"", mapped(manifest("dasr"), "forward-ecn", Map.of()).get("Variant"));
    }
}
