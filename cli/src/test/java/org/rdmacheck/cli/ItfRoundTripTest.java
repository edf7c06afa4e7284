package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.conformance.SpecManifest;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.checker.trace.ItfTraces;
import org.rdmacheck.checker.trace.TraceJson;

/**
 * Every stored behaviour counterexample survives the trip to ITF text and back unchanged (so it
 * replays as the stored one does, which {@link CounterexampleReplayTest} checks), with the fields its
 * spec manifest maps as sets written as {@code #set}; one of each kind is replayed from the converted copy.
 */
class ItfRoundTripTest {

    private static Path specs() {
        return CounterexampleReplayTest.root().resolveSibling("specs");
    }

    private static Set<String> setFields(Counterexample cex) {
        Path dir = specs().resolve(cex.provenance().model());
        if (!Files.isRegularFile(dir.resolve(SpecManifest.FILE))) {
            return Set.of();
        }
        SpecManifest m = SpecManifest.read(dir);
        return cex.provenance().model().equals(m.javaModel()) ? m.setFields() : Set.of();
    }

    @TestFactory
    Stream<DynamicTest> everyStoredBehaviourRoundTrips() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(CounterexampleReplayTest.root())) {
            files = s.filter(f -> f.toString().endsWith(".json")).sorted().toList();
        }
        assertFalse(files.isEmpty());
        return files.stream().map(f -> DynamicTest.dynamicTest(CounterexampleReplayTest.root().relativize(f).toString(),
                () -> {
                    Counterexample cex = Counterexamples.read(f);
                    if (!cex.kind().isBehaviour() || cex.steps().stream().anyMatch(s -> !s.state().isObject())) {
                        return;
                    }
                    Set<String> sets = setFields(cex);
                    String text = TraceJson.MAPPER.writeValueAsString(ItfTraces.toItf(cex, sets));
                    JsonNode itf = TraceJson.MAPPER.readTree(text);
                    assertEquals(cex.loopStart() >= 0, itf.has("loop"), "loop only for lassos");
                    for (String field : sets) {
                        assertTrue(itf.get("states").get(0).get(field).has("#set"), field + " is a set");
                    }
                    assertEquals(cex, ItfTraces.toCounterexample(ItfTraces.parse(itf, f.toString()), f.toString()));
                }));
    }

    @Test
    void convertedCopiesReplay() throws Exception {
        for (String stored : List.of("fifo/reorder-InOrderDelivery.json", "corridor/symmetric-EventuallyPass.json",
                "partition/no-data-id-ReassembledEqualsOriginal.json", "philosophers")) {
            Path f = CounterexampleReplayTest.root().resolve(stored);
            if (Files.isDirectory(f)) {
                try (Stream<Path> s = Files.list(f)) {
                    f = s.filter(p -> p.toString().endsWith(".json")).sorted().findFirst().orElseThrow();
                }
            }
            Counterexample cex = Counterexamples.read(f);
            JsonNode itf = TraceJson.MAPPER.readTree(TraceJson.MAPPER.writeValueAsString(
                    ItfTraces.toItf(cex, setFields(cex))));
            Counterexample back = ItfTraces.toCounterexample(ItfTraces.parse(itf, "x"), "x");
            assertTrue(Replays.replay(back).reproduces(), stored);
        }
    }

    @Test
    void javaTraceExportedAsItfValidatesAgainstTheSpec(@TempDir Path dir) throws Exception {
        Path stored = CounterexampleReplayTest.root().resolve("partition/no-data-id-ReassembledEqualsOriginal.json");
        Path itf = dir.resolve("p.itf.json");
        CliTest.Run e = CliTest.run("export", stored.toString(), "--format", "itf", "--out", itf.toString(),
                "--spec", specs().resolve("partition").toString());
        assertEquals(0, e.code(), e.err());
        assertTrue(Files.readString(itf).contains("#set"));
        CliTest.Run v = CliTest.run("validate-trace", itf.toString(), "--spec", specs().resolve("partition").toString(),
                "--json");
        assertEquals(0, v.code(), v.out() + v.err());
        assertTrue(TraceJson.MAPPER.readTree(v.out()).get("accepted").asBoolean());
    }
}
