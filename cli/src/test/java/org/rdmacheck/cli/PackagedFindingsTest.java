package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.catalog.TraceExtensionRule;

/**
 * The stored findings outside a checkout: {@code check} run from a folder that is no checkout, with the jar
 * installed elsewhere, reads the stored counterexamples packaged into the jar ({@link TraceExtensions#packaged}),
 * so a deadlock a stored finding explains is granted there as in the checkout; a checkout's own folder comes first.
 */
class PackagedFindingsTest {

    private static final String DEADLOCK_FREE = DeadlockFreedom.standard().name();

    /** The finding that grants dft-one-message's configuration with 3 tokens (TraceExtensionsTest). */
    private static final String FINDING = "dft-one-message-two-tokens-DeadlockFree.json";

    /** A jar holding one stored finding under {@code counterexamples/iofd/}, as cli/pom.xml packages them. */
    private static Path jarWithFinding(Path dir) throws Exception {
        Path jar = dir.resolve("rdmacheck-all.jar");
        Path stored = Path.of("..", "counterexamples", "iofd", FINDING);
        try (OutputStream o = Files.newOutputStream(jar); ZipOutputStream z = new ZipOutputStream(o)) {
            z.putNextEntry(new ZipEntry("org/rdmacheck/cli/Placeholder.class"));
            z.closeEntry();
            z.putNextEntry(new ZipEntry("counterexamples/iofd/" + FINDING));
            z.write(Files.readAllBytes(stored));
            z.closeEntry();
        }
        return jar;
    }

    @Test
    void outsideACheckoutTheJarsStoredFindingsAreRead(@TempDir Path tmp) throws Exception {
        Path elsewhere = Files.createDirectories(tmp.resolve("user").resolve("work"));
        Path jar = jarWithFinding(Files.createDirectories(tmp.resolve("opt")));
        Path folder = TraceExtensions.storedFolder("iofd", elsewhere, elsewhere, jar).orElseThrow();
        assertTrue(Files.isRegularFile(folder.resolve(FINDING)), folder.toString());
        assertEquals(Optional.empty(), TraceExtensions.storedFolder("gbn-timed", elsewhere, elsewhere, jar));

        // the deadlock of dft-one-message with 3 tokens, as check finds it, not yet granted
        CheckSpec<?> spec = Catalog.find("iofd").build("dft-one-message", Params.of(Map.of("tokens", "3")))
                .selecting(p -> p.name().equals(DEADLOCK_FREE));
        ExplorerSettings settings = ExplorerSettings.defaults().withThreads(1).withProgress(0, r -> { })
                .withMaxMillis(120_000);
        Finding checked = ModelChecks.run(spec, null, settings, null).get(0);
        assertEquals(Finding.Verdict.VIOLATED, checked.verdict());
        Finding raw = checked.withExpected(Finding.Expectation.HOLDS).withDetail("");
        assertEquals(Finding.Outcome.UNEXPECTED, raw.outcome());
        TraceExtensionRule rule = Catalog.find("iofd").traceExtension(spec).orElseThrow();
        Finding granted = new TraceExtensions(spec, rule, folder).apply(List.of(raw), null).get(0);
        assertEquals(Finding.Outcome.AS_EXPECTED, granted.outcome(), granted.detail());
        assertTrue(granted.detail().contains("the stored dft-one-message-two-tokens's 9-step trace"), granted.detail());
    }

    @Test
    void aCheckoutsOwnFolderComesFirst(@TempDir Path tmp) throws Exception {
        Path jar = jarWithFinding(Files.createDirectories(tmp.resolve("opt")));
        Path checkout = tmp.resolve("checkout");
        Path own = Files.createDirectories(checkout.resolve("counterexamples").resolve("iofd"));
        Files.createDirectories(checkout.resolve("specs"));
        Path module = Files.createDirectories(checkout.resolve("cli"));
        Path nowhere = Files.createDirectories(tmp.resolve("nowhere"));
        assertEquals(Optional.of(own), TraceExtensions.storedFolder("iofd", checkout, nowhere, jar));
        assertEquals(Optional.of(own), TraceExtensions.storedFolder("iofd", nowhere, module, jar));
    }

    @Test
    void aClassesFolderHoldsTheCopyAndNothingElseIsNone(@TempDir Path tmp) throws Exception {
        Path nowhere = Files.createDirectories(tmp.resolve("nowhere"));
        Path classes = Files.createDirectories(tmp.resolve("classes"));
        Path copy = Files.createDirectories(classes.resolve("counterexamples").resolve("iofd"));
        assertEquals(Optional.of(copy), TraceExtensions.storedFolder("iofd", nowhere, nowhere, classes));
        assertEquals(Optional.empty(), TraceExtensions.storedFolder("iofd", nowhere, nowhere, null));
        Path notAJar = Files.writeString(tmp.resolve("notes.txt"), "not a zip");
        assertEquals(Optional.empty(), TraceExtensions.storedFolder("iofd", nowhere, nowhere, notAJar));
        // the command line's own classes carry the copy (cli/pom.xml), as its jar does
        Path own = Path.of(TraceExtensions.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        assertTrue(TraceExtensions.packaged(own, "iofd").map(f -> Files.isRegularFile(f.resolve(FINDING)))
                .orElse(false), own.toString());
    }
}
