package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.checker.trace.ReplayResult;

/** Every stored counterexample under counterexamples/ replays: legal steps, property still violated. */
class CounterexampleReplayTest {

    static Path root() {
        Path p = Paths.get("").toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve("counterexamples"))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IllegalStateException("no counterexamples/ folder above " + Paths.get("").toAbsolutePath());
        }
        return p.resolve("counterexamples");
    }

    @TestFactory
    Stream<DynamicTest> everyStoredCounterexampleReplays() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(root())) {
            files = s.filter(f -> f.toString().endsWith(".json")).sorted().toList();
        }
        assertFalse(files.isEmpty(), "counterexamples/ holds traces");
        return files.stream().map(f -> DynamicTest.dynamicTest(root().relativize(f).toString(), () -> {
            Counterexample cex = Counterexamples.read(f);
            ReplayResult r = Replays.replay(cex);
            assertTrue(r.reproduces(), f + ": " + r.message());
        }));
    }
}
