package org.rdmacheck.checker.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.checker.tlc.TlcOptions;
import org.rdmacheck.model.Params;

/**
 * A comparison CONFORMS only on what both sides settled: a property TLC left open is compared after
 * all (TLC goes on after a violation), and a property one side lacks is listed as not compared; when
 * the variant fails only there, nothing confirms the failure and the result stays open.
 */
class ConformanceComparedTest {

    private static final Conformance CONFORMANCE = new Conformance(TlcOptions.defaults().withTimeLimitMillis(300_000),
            ExplorerSettings.defaults().withThreads(1));

    @Test
    void aTwinBrokenBehindAnotherViolationIsAMismatch(@TempDir Path tmp) throws IOException {
        // The twin's NoUnreceivedRelease is broken (una < epsn instead of una <= epsn). TLC stops first at
        // NoTimeout's violation, which used to leave NoUnreceivedRelease open and the result CONFORMS.
        Path gbn = tmp.resolve("gbn");
        Files.createDirectories(gbn);
        try (Stream<Path> files = Files.list(ManifestConformanceTest.specsRoot().resolve("gbn"))) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Files.copy(f, gbn.resolve(f.getFileName()));
            }
        }
        Path spec = gbn.resolve("Spec.tla");
        String text = Files.readString(spec);
        assertTrue(text.contains("NoUnreceivedRelease == una <= epsn"));
        Files.writeString(spec, text.replace("NoUnreceivedRelease == una <= epsn",
                "NoUnreceivedRelease == una < epsn \\/ una = 0"));
        ConformanceResult r = CONFORMANCE.compare(SpecManifest.read(gbn), "improved-ignore",
                Params.of(Map.of("losses", "1")));
        assertFalse(r.conforms());
        assertEquals("VIOLATED", r.tlcVerdicts().get("NoUnreceivedRelease"));
        assertTrue(r.mismatches().stream().anyMatch(m -> m.startsWith("NoUnreceivedRelease: TLC VIOLATED, explorer "
                + "VERIFIED")), r.mismatches().toString());
    }

    /**
     * A manifest configuration that has TLC check a temporal property the Java model declares too
     * (gbn-timed's Delivered under FairSpec) compares it: the explorer decides it under the same
     * fairness on the graph it explored, and both find it violated where the RTO is off.
     */
    @Test
    void aLivenessConfigurationComparesTheJavaModelsVerdict() {
        SpecManifest m = SpecManifest.read(ManifestConformanceTest.specsRoot().resolve("gbn-timed"));
        SpecManifest.Configuration c = m.configurations().stream().filter(x -> x.name().equals("live-gbn-no-rto"))
                .findFirst().orElseThrow();
        ConformanceResult r = CONFORMANCE.check(m, c);
        assertTrue(r.conforms(), r.mismatches() + " " + r.unsettled());
        assertEquals("VIOLATED", r.tlcVerdicts().get("Delivered"));
        assertEquals("VIOLATED", r.javaVerdicts().get("Delivered"));
        assertEquals(399, r.javaDistinct());
        assertTrue(r.notCompared().stream().noneMatch(p -> p.startsWith("Delivered")), r.notCompared().toString());
    }

    /**
     * gbn-no-rto fails Completion (AG EF done), which the twin does not state; the comparison also has
     * both sides decide Delivered (TLC on live-gbn-no-rto's MCLiveness.cfg, the explorer on its graph),
     * and Completion's failure implies Delivered's (ModelEntry.failureShownBy): both violate it, so the
     * failure is compared and the result CONFORMS, where it stayed open before.
     */
    @Test
    void aFailureTheTwinDoesNotStateIsComparedThroughTheLivenessPropertyItImplies() {
        ConformanceResult r = CONFORMANCE.compare(SpecManifest.read(ManifestConformanceTest.specsRoot()
                .resolve("gbn-timed")), "gbn-no-rto", Params.of(Map.of()));
        assertTrue(r.conforms(), r.mismatches() + " " + r.unsettled());
        assertEquals("VIOLATED", r.tlcVerdicts().get("Delivered"));
        assertEquals("VIOLATED", r.javaVerdicts().get("Delivered"));
        assertEquals("VIOLATED", r.javaVerdicts().get("Completion"));
        assertTrue(r.notCompared().stream().anyMatch(n -> n.startsWith("Completion (explorer only, VIOLATED; the "
                + "failure compared through Delivered")), r.notCompared().toString());
    }

    /**
     * A knock-out reaches the twin as a member of its Knockouts constant: gbn-timed's rto-restart at
     * its coverage scope (the ACK timer runs from the first unacknowledged send) gives TLC and the
     * explorer the same graph and the same premature timeout.
     */
    @Test
    void aKnockOutIsComparedThroughTheTwinsKnockoutsConstant() {
        ConformanceResult r = CONFORMANCE.compare(SpecManifest.read(ManifestConformanceTest.specsRoot()
                .resolve("gbn-timed")), "gbn", Params.of(Map.of("losses", "0", "timeout", "1", "packets", "4",
                "window", "8", "knockout", "rto-restart")));
        assertTrue(r.conforms(), r.mismatches() + " " + r.unsettled());
        assertEquals("{\"rto-restart\"}", r.constants().get("Knockouts"));
        assertEquals(128, r.javaDistinct());
        assertEquals("VIOLATED", r.tlcVerdicts().get("NoPrematureTimeout"));
        assertEquals("VIOLATED", r.javaVerdicts().get("NoPrematureTimeout"));
        assertEquals("VERIFIED", r.tlcVerdicts().get("RtoExact"));
    }

    /**
     * The partition twin's knock-out {@code multi-qp-split} (every chunk on the first QP) and its
     * purpose {@code FreeQpMayPost} (ENABLED in the twin, the sender's step run in the explorer): the
     * same 34 states and the violation on both sides.
     */
    @Test
    void thePartitionSplitKnockOutConformsAndKillsFreeQpMayPostOnBothSides() {
        ConformanceResult r = CONFORMANCE.compare(SpecManifest.read(ManifestConformanceTest.specsRoot()
                .resolve("partition")), "paper", Params.of(Map.of("errors", "0", "knockout", "multi-qp-split")));
        assertTrue(r.conforms(), r.mismatches() + " " + r.unsettled());
        assertEquals("{\"multi-qp-split\"}", r.constants().get("Knockouts"));
        assertEquals(34, r.javaDistinct());
        assertEquals("VIOLATED", r.tlcVerdicts().get("FreeQpMayPost"));
        assertEquals("VIOLATED", r.javaVerdicts().get("FreeQpMayPost"));
        assertEquals("VERIFIED", r.tlcVerdicts().get("EveryTransferCompletes"));
    }

    @Test
    void aVariantThatFailsOnlyInAPropertyWithoutTlaCounterpartDoesNotConform() {
        // fabric ecn-first fails DeflectionBeforeEcnMark, which the TLA+ twin does not state
        ConformanceResult r = CONFORMANCE.compare(SpecManifest.read(ManifestConformanceTest.specsRoot()
                .resolve("fabric")), "ecn-first", Params.of(Map.of()));
        assertFalse(r.conforms());
        assertTrue(r.inconclusive(), r.mismatches().toString());
        assertEquals(java.util.Optional.of(CheckResult.InconclusiveReason.NOT_CHECKED), r.cause());
        assertTrue(r.notCompared().contains("DeflectionBeforeEcnMark (explorer only, VIOLATED)"),
                r.notCompared().toString());
    }

    @Test
    void tlcChecksEveryPropertyTheManifestListsForTheVariant() {
        // early-removal's first configuration (early-removal-state-space) leaves out the three properties the
        // variant fails; they are listed in the configurations that expect them violated
        SpecManifest.Configuration t = Conformance.template(SpecManifest.read(ManifestConformanceTest.specsRoot()
                .resolve("dasr")), "early-removal");
        assertEquals("early-removal-state-space", t.name());
        assertTrue(t.invariants().containsAll(java.util.List.of("TypeOK", "MachineTotal", "NoDoubleThrottling",
                "NCountsUniqueSenders", "RateSumAtMostLineRate")), t.invariants().toString());
        assertEquals(java.util.Set.of("TimeoutOnlyWhenIdle", "TenantIsolation", "ListedArrivalWithinLineRate",
                "ActiveSenderKept"), java.util.Set.copyOf(t.properties()));
        assertFalse(t.properties().contains("Refinement"), "MCRefinement's property is not Spec's");
    }

    @Test
    @org.junit.jupiter.api.Tag("slow") // 45 s under load: TLC settles three violations one run each
    void earlyRemovalWithALookAheadConformsOnEveryProperty() {
        // conform dasr --variant early-removal --param groups=1 --param lookahead=on was INCONCLUSIVE: TLC did
        // not check NCountsUniqueSenders, RateSumAtMostLineRate, ActiveSenderKept, which the explorer finds violated
        ConformanceResult r = CONFORMANCE.compare(SpecManifest.read(ManifestConformanceTest.specsRoot()
                .resolve("dasr")), "early-removal", Params.of(Map.of("groups", "1", "lookahead", "on")));
        assertTrue(r.conforms(), r.mismatches() + " " + r.unsettled() + " " + r.notCompared());
        // left uncompared: only properties one side does not state (TypeOK; the explorer's MachineDeterministic ...)
        assertTrue(r.notCompared().stream().noneMatch(n -> n.endsWith("VIOLATED)")), r.notCompared().toString());
        for (String p : java.util.List.of("NCountsUniqueSenders", "RateSumAtMostLineRate", "ActiveSenderKept",
                "ListedArrivalWithinLineRate", "TimeoutOnlyWhenIdle", "TenantIsolation", "MachineTotal")) {
            assertEquals(r.javaVerdicts().get(p), r.tlcVerdicts().get(p), p);
        }
        for (String p : java.util.List.of("NCountsUniqueSenders", "RateSumAtMostLineRate", "ActiveSenderKept")) {
            assertEquals("VIOLATED", r.tlcVerdicts().get(p), p);
        }
        assertEquals(r.tlcDistinct(), r.javaDistinct());
    }

    @Test
    void oneSidedPropertiesAreListedAndOnlyAViolatedOneKeepsTheResultOpen() {
        java.util.List<ConformanceResult.Unsettled> open = new java.util.ArrayList<>();
        java.util.List<String> listed = Conformance.oneSided(Map.of("TypeOK", "VERIFIED", "Safe", "VERIFIED"),
                Map.of("Safe", "VERIFIED", "Completion", "VERIFIED"), open);
        assertEquals(java.util.List.of("Completion (explorer only, VERIFIED)", "TypeOK (TLC only, VERIFIED)"),
                listed.stream().sorted().toList());
        assertEquals(java.util.List.of(), open);
        Conformance.oneSided(Map.of("Safe", "VERIFIED"), Map.of("Safe", "VERIFIED", "Completion", "VIOLATED"), open);
        assertEquals(1, open.size());
        assertEquals(CheckResult.InconclusiveReason.NOT_CHECKED, open.get(0).cause());
    }

    /**
     * {@code conform iofd --variant dft --param ... --param knockout=token-spending} at the knock-out's coverage
     * scope runs the constants of the manifest configuration knockout-token-spending, which expects
     * InOrderDelivery violated: where both sides violate it, the kill the explorer alone states
     * (MisroutesBoundedByTokens, which the twin does not state) is compared through it and does not keep the
     * result open, as in that row; where the row expects no violation the twin states (deflection-threshold),
     * the result stays open and the reason names the row.
     */
    @Test
    void aOneSidedKillIsComparedThroughTheFailureTheManifestRowExpects() {
        SpecManifest iofd = SpecManifest.read(ManifestConformanceTest.specsRoot().resolve("iofd"));
        Map<String, String> scope = Map.of("failures", "0", "flows", "0-1", "packets", "2", "queue", "3");
        java.util.function.Function<String, java.util.Optional<SpecManifest.Configuration>> row = k -> {
            Map<String, String> p = new java.util.HashMap<>(scope);
            p.put("knockout", k);
            return Conformance.row(iofd, "dft", org.rdmacheck.properties.catalog.Catalog.find("iofd")
                    .build("dft", Params.of(p)));
        };
        assertEquals("knockout-token-spending", row.apply("token-spending").orElseThrow().name());
        assertEquals("knockout-deflection-threshold", row.apply("deflection-threshold").orElseThrow().name());
        org.rdmacheck.properties.CheckSpec<?> other = org.rdmacheck.properties.catalog.Catalog.find("iofd").build("dft",
                Params.of(Map.of("packets", "2", "knockout", "token-spending")));
        assertTrue(Conformance.row(iofd, "dft", other).isEmpty(), "other constants: no row");
        assertEquals("knockout-token-spending", Conformance.knockoutRow(iofd, "dft", other).orElseThrow().name(),
                "the row that runs the same knock-out, at its coverage scope");
        assertTrue(Conformance.knockoutRow(iofd, "dft", org.rdmacheck.properties.catalog.Catalog.find("iofd")
                .build("dft", Params.of(Map.of()))).isEmpty(), "no knock-out: no row named");
        Map<String, String> tlc = Map.of("InOrderDelivery", "VIOLATED", "NoDftLeak", "VIOLATED");
        Map<String, String> explorer = Map.of("InOrderDelivery", "VIOLATED", "NoDftLeak", "VIOLATED",
                "MisroutesBoundedByTokens", "VIOLATED");
        java.util.List<ConformanceResult.Unsettled> open = new java.util.ArrayList<>();
        java.util.List<String> listed = Conformance.oneSided(tlc, explorer, open, Map.of(), row.apply("token-spending"));
        assertEquals(java.util.List.of(), open);
        assertEquals(java.util.List.of("MisroutesBoundedByTokens (explorer only, VIOLATED; the failure compared "
                + "through InOrderDelivery, violated on both sides as manifest configuration knockout-token-spending "
                + "expects)"), listed);
        // without the row, or with a row that expects no such violation, the one-sided kill keeps it open
        Conformance.oneSided(tlc, explorer, open, Map.of(), java.util.Optional.empty());
        assertEquals(1, open.size());
        open.clear();
        Conformance.oneSided(Map.of("InOrderDelivery", "VERIFIED"), Map.of("InOrderDelivery", "VERIFIED",
                "DeflectOnlyAboveThreshold", "VIOLATED"), open, Map.of(), row.apply("deflection-threshold"));
        assertEquals(1, open.size());
        assertEquals(CheckResult.InconclusiveReason.NOT_CHECKED, open.get(0).cause());
        assertTrue(open.get(0).reason().contains("manifest configuration knockout-deflection-threshold"),
                open.get(0).reason());
        // the row's declared failure violated on one side only compares nothing
        open.clear();
        Conformance.oneSided(Map.of("InOrderDelivery", "VERIFIED", "NoDftLeak", "VERIFIED"), explorer, open, Map.of(),
                row.apply("token-spending"));
        assertEquals(1, open.size(), open.toString());
        // planted: TLC alone violates a property the explorer does not check (here TypeOK, as a bug of the twin
        // would), beside the row's declared failure on both sides: the explorer never shows it, so the row does
        // not settle it and the result stays open
        open.clear();
        java.util.List<String> tlcOnly = Conformance.oneSided(Map.of("InOrderDelivery", "VIOLATED", "NoDftLeak",
                "VIOLATED", "TypeOK", "VIOLATED"), Map.of("InOrderDelivery", "VIOLATED", "NoDftLeak", "VIOLATED"),
                open, Map.of(), row.apply("token-spending"));
        assertEquals(java.util.List.of("TypeOK (TLC only, VIOLATED)"), tlcOnly);
        assertEquals(1, open.size(), open.toString());
        assertEquals(CheckResult.InconclusiveReason.NOT_CHECKED, open.get(0).cause());
        assertTrue(open.get(0).reason().startsWith("TypeOK is violated by TLC and the explorer does not check it")
                && open.get(0).reason().contains("manifest configuration knockout-token-spending")
                && open.get(0).reason().contains("a failure the explorer never shows"), open.get(0).reason());
        // the explorer's own one-sided kill beside it is still compared through the row
        open.clear();
        java.util.List<String> both = Conformance.oneSided(Map.of("InOrderDelivery", "VIOLATED", "NoDftLeak",
                "VIOLATED", "TypeOK", "VIOLATED"), explorer, open, Map.of(), row.apply("token-spending"));
        assertEquals(2, both.size(), both.toString());
        assertTrue(both.stream().anyMatch(x -> x.startsWith("MisroutesBoundedByTokens (explorer only, VIOLATED; the "
                + "failure compared through")), both.toString());
        assertEquals(1, open.size(), open.toString());
    }
}
