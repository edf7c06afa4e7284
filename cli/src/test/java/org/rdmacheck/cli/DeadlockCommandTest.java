package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.checker.trace.TraceJson;

/** {@code rdmacheck deadlock} and the static verdicts of {@code rdmacheck all}. */
class DeadlockCommandTest {

    static CliTest.Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
        return new CliTest.Run(code, out.toString(), err.toString());
    }

    @Test
    void everySuiteCaseHasTheExpectedVerdict(@TempDir Path dir) throws Exception {
        for (DeadlockSuite.Case c : DeadlockSuite.CASES) {
            Finding row = DeadlockSuite.row(c, dir);
            assertEquals(Finding.Outcome.AS_EXPECTED, row.outcome(), row.variant() + " " + row.verdict());
            assertEquals(c.holds(), row.counterexample().isEmpty(), row.variant());
        }
    }

    @Test
    void cycleIsStoredAndReplays(@TempDir Path dir) throws Exception {
        CliTest.Run r = run("deadlock", "--topology", "leafspine:tors=2,spines=2,hosts=1", "--routing", "deflect",
                "--lanes", "1", "--json", "--out", dir.toString());
        assertEquals(1, r.code(), r.err());
        JsonNode o = TraceJson.MAPPER.readTree(r.out());
        assertEquals("CYCLE", o.get("verdict").asText());
        assertTrue(o.get("cycle").size() >= 2);
        Path file = Path.of(o.get("counterexample").asText());
        assertTrue(Files.exists(file));
        CliTest.Run replay = run("replay", file.toString(), "--json");
        assertEquals(0, replay.code(), replay.out() + replay.err());
    }

    /**
     * A time limit is kept while the topology is built: a fat-tree of k = 128 takes seconds to build,
     * and its building stops within milliseconds of the limit (it ran on for the whole building, over
     * 2 s, when only the search loops looked at the interrupt).
     */
    @Test
    void theTimeLimitStopsTheTopologysBuilding() throws Exception {
        CliTest.Run r = run("deadlock", "--topology", "fattree:k=128", "--routing", "escape-deflect", "--max-time",
                "1ms", "--json", "--no-save");
        assertEquals(3, r.code(), r.err());
        JsonNode o = TraceJson.MAPPER.readTree(r.out());
        assertEquals("TIME_LIMIT", o.get("stopped").asText());
        assertTrue(o.get("stopReason").asText().contains("during: building the topology"), r.out());
        // the run's own clock, from the limit's start to the stop: well under the old overshoot, with slack for load
        assertTrue(o.get("stats").get("wallMillis").get("value").asDouble() < 1_000, r.out());
    }

    @Test
    void deadlockFreeExitsZero() throws Exception {
        CliTest.Run r = run("deadlock", "--topology", "fattree:k=8", "--routing", "escape", "--lanes", "2", "--json");
        assertEquals(0, r.code(), r.err());
        com.fasterxml.jackson.databind.JsonNode o = TraceJson.MAPPER.readTree(r.out());
        assertEquals("DEADLOCK_FREE", o.get("verdict").asText());
        // counts are numbers, not text
        assertEquals(2, o.get("parameters").get("lanes").intValue());
        assertTrue(o.get("parameters").get("lanes").isInt());
        assertTrue(o.get("parameters").get("tokens").isInt());
        assertEquals("fattree:k=8", o.get("parameters").get("topology").textValue());
    }

    /** The same counts are numbers in the deadlock task's findings (all --model deadlock --json). */
    @Test
    void deadlockFindingsCarryTheirCountsAsNumbers() {
        Finding f = Finding.of(DeadlockSuite.NAME, "escape", new org.rdmacheck.checker.cdg.DeadlockQuery("fattree:k=4",
                        "escape", 2, 4, java.util.List.of(), org.rdmacheck.model.topology.Orientation.parse("tier"))
                        .parameters(), "NoCycle", Finding.Expectation.HOLDS, Finding.Verdict.DEADLOCK_FREE);
        JsonNode p = Output.json(f).get("parameters");
        assertTrue(p.get("lanes").isInt() && p.get("tokens").isInt(), p.toString());
        assertEquals(2, p.get("lanes").intValue());
        assertEquals("fattree:k=4", p.get("topology").textValue());
    }

    @Test
    void badInputIsOneLineExitTwo(@TempDir Path dir) {
        String[][] bad = {
            {"deadlock", "--topology", "fattree:k=5"},
            {"deadlock", "--topology", "torus:n=3"},
            {"deadlock", "--topology", "ring:n=4", "--routing", "nope"},
            {"deadlock", "--topology", "ring:n=4", "--lanes", "-1"},
            {"deadlock", "--topology", "ring:n=4", "--fail", "s0-s2"},
            {"deadlock", "--topology", "ring:n=4", "--orientation", "diagonal"},
            {"deadlock", "--topology", "file:" + dir.resolve("missing.json")},
        };
        for (String[] args : bad) {
            CliTest.Run r = run(args);
            assertEquals(2, r.code(), String.join(" ", args));
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertFalse(r.err().contains("Exception"), r.err());
        }
    }

    /**
     * An option the mode does not read is refused, naming it, its value and where it is read: {@code --topology
     * leafspine:... --failures 3} exited 0 with the routing function's verdict, the failures ignored.
     */
    @Test
    void anOptionTheModeDoesNotReadIsRefused() {
        String ls = "leafspine:tors=2,spines=2,hosts=1";
        String[][] cases = {
            {"--topology", ls, "--failures=3"},
            {"--topology", ls, "--failures=-1"},
            {"--topology", ls, "--failures", "1"},
            {"--topology", ls, "--failure-time=-5"},
            {"--topology", ls, "--failure-rule", "minhop"},
            {"--topology", ls, "--skip-lanes"},
            {"--topology", ls, "--lfts", "x.dump"},
            {"--topology", ls, "--rule", "minhop"},
            {"--topology", ls, "--export-opensm", "out/never", "--failures", "2"},
            {"--topology", ls, "--export-opensm", "out/never", "--routing", "deflect"},
            {"--roce-topology", "ring:n=4,hosts=1", "--failures", "1", "--lanes", "1"},
            {"--roce-topology", "ring:n=4,hosts=1", "--lmc", "1"},
            {"--roce-topology", "ring:n=4,hosts=1", "--failures", "0", "--failure-rule", "updown"},
            {"--roce-topology", "ring:n=4,hosts=1", "--failures", "0", "--failure-limit", "5"},
            {"--roce-topology", "ring:n=4,hosts=1", "--seed", "7"},
            {"--ib-topology", "x.topo", "--lfts", "x.dump", "--roce-rule", "minhop"},
            {"--roce-topology", "ring:n=4,hosts=1", "--skip-lanes", "--write-lanes", "out/never"},
            {"--roce-topology", "ring:n=4,hosts=1", "--skip-lanes", "--max-lanes", "2"},
        };
        String[] named = {"--failures 3", "--failures -1", "--failures 1", "--failure-time -5", "--failure-rule minhop",
            "--skip-lanes", "--lfts x.dump", "--rule minhop", "--failures 2", "--routing deflect", "--lanes 1", "--lmc 1", "--failure-rule updown", "--failure-limit 5",
            "--seed 7", "--roce-rule minhop", "--write-lanes out/never", "--max-lanes 2"};
        for (int i = 0; i < cases.length; i++) {
            String[] args = new String[cases[i].length + 2];
            args[0] = "deadlock";
            System.arraycopy(cases[i], 0, args, 1, cases[i].length);
            args[args.length - 1] = "--no-save";
            CliTest.Run r = run(args);
            assertEquals(2, r.code(), String.join(" ", args) + "\n" + r.out() + r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.err().contains(named[i] + ": not used by "), r.err());
            assertTrue(r.err().contains("expected with"), r.err());
            assertEquals("", r.out(), String.join(" ", args));
        }
        assertFalse(Files.exists(Path.of("out/never")), "the refused export wrote nothing");
    }
}
