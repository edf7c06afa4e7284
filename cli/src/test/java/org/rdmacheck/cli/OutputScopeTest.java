package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every VERIFIED of {@code check} comes with its scope: all parameters and the states explored. */
class OutputScopeTest {

    private static Finding row(Finding.Verdict v, long states) {
        return Finding.of("gbn", "improved", Map.of("losses", "1", "packets", "3"), "NoTimeout",
                Finding.Expectation.HOLDS, v).with(Quantity.states("distinctStates", states));
    }

    @Test
    void oneScopeLinePerVerifiedConfigurationAndNoneForAnInconclusiveOne() {
        List<String> lines = Output.scope(List.of(row(Finding.Verdict.VERIFIED, 10_403),
                row(Finding.Verdict.VERIFIED, 10_403), row(Finding.Verdict.INCONCLUSIVE, 100)), false);
        assertEquals(List.of("verified within: gbn improved losses=1 packets=3 (10,403 distinct states, every "
                + "reachable one)"), lines);
        assertEquals(List.of(), Output.scope(List.of(row(Finding.Verdict.INCONCLUSIVE, 100)), false));
    }

    @Test
    void underSymmetrySafetyCountsClassesAndLivenessTheUnreducedStates() {
        Finding safety = row(Finding.Verdict.VERIFIED, 3_878);
        Finding live = row(Finding.Verdict.VERIFIED, 7_691).with(Quantity.of("analysisBytes", 1024,
                Quantity.Unit.BYTES));
        List<String> lines = Output.scope(List.of(safety, live), true);
        assertEquals(2, lines.size(), lines.toString());
        assertTrue(lines.get(0).endsWith("(3,878 states, one per class of states equal up to the model's symmetry "
                + "(--symmetry))"), lines.get(0));
        assertTrue(lines.get(1).endsWith("(7,691 distinct states, every reachable one)"), lines.get(1));
    }

    @Test
    void checkPrintsTheDefaultsItVerifiedWithin(@TempDir Path dir) {
        CliTest.Run r = CliTest.run("check", "philosophers", "--param", "n=3", "--out", dir.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("verified within: philosophers ordered ")
                && l.contains("n=3")), r.out());
        CliTest.Run limited = CliTest.run("check", "philosophers", "--param", "n=3", "--max-states", "5", "--out",
                dir.toString());
        assertEquals(3, limited.code(), limited.err());
        assertTrue(limited.out().lines().noneMatch(l -> l.startsWith("verified within")), limited.out());
        // philosophers declare no symmetric set: --symmetry changes nothing and the scope says so
        CliTest.Run sym = CliTest.run("check", "philosophers", "--param", "n=3", "--symmetry", "--out", dir.toString());
        assertEquals(0, sym.code(), sym.err());
        assertTrue(sym.err().contains("declares no symmetric set"), sym.err());
        assertTrue(sym.out().lines().anyMatch(l -> l.startsWith("verified within: philosophers")
                && l.endsWith("every reachable one)")), sym.out());
    }
}
