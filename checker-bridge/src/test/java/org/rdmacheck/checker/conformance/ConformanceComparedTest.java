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
}
