package org.rdmacheck.cli;

import static org.rdmacheck.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.rdmacheck.cli.CliTest.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.checker.trace.TraceJson;

class FluidCommandTest {

    @Test
    void badInputIsOneLineExit2AndWritesNothing(@TempDir Path dir) {
        Path out = dir.resolve("o");
        String[][] bad = {
            {"--param", "N=0"}, {"--param", "tauStar=-1"}, {"--param", "Pmax=0"}, {"--param", "Pmax=2"},
            {"--param", "Kmin=300"}, {"--param", "g=NaN"}, {"--param", "T=abc"}, {"--param", "step=-1"},
            {"--param", "nope=1"}, {"--param", "noequals"},
        };
        for (String[] b : bad) {
            Run r = run("fluid", "two-flow", b[0], b[1], "--out", out.toString());
            assertEquals(ExitCodes.USAGE, r.code(), b[1]);
            assertEquals(1, r.err().lines().count(), r.err());
            assertFalse(Files.exists(out), "nothing written for " + b[1]);
        }
        // every scenario: out-of-range numbers (a timer of 1e308 us used to run and report DIVERGED, exit 1)
        // are one line naming the value and the range, exit 2, nothing written
        String[][] perScenario = {
            {"two-flow", "T=1e308", "from 1 us to 1000000 us"}, {"two-flow", "C=1e-300", "from 1 Gb/s"},
            {"two-flow", "Rai=1e308", "Rai = "}, {"two-flow", "step=1e300", "from 0.001 us to 100 us"},
            {"convergence", "tau=1e308", "from 1 us to 100000 us"}, {"convergence", "grid=1e9", "grid = "},
            {"g-sweep", "B=-1", "from 1 KB"}, {"g-sweep", "packet=1e308", "from 0.064 KB to 9 KB"},
            {"incast", "Kmax=1e308", "to 1000000 KB"}, {"incast", "tauPrime=NaN", "expected a finite number"},
            {"fixed-point", "F=1000000", "from 0 to 100"}, {"fixed-point", "F=101", "from 0 to 100"}, {"fixed-point", "Rhai=1e9", "Rhai = "},
            {"packet-check", "g=1e-300", "an EWMA gain"}, {"packet-check", "seed=-1", "seed = "},
        };
        for (String[] b : perScenario) {
            Run r = run("fluid", b[0], "--param", b[1], "--out", out.toString());
            assertEquals(ExitCodes.USAGE, r.code(), b[0] + " " + b[1] + ": " + r.out() + r.err());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().contains(b[2]), b[0] + " " + b[1] + ": " + r.err());
            assertFalse(Files.exists(out), "nothing written for " + b[0] + " " + b[1]);
        }
        assertEquals(ExitCodes.USAGE, run("fluid", "nosuch").code());
        assertEquals(ExitCodes.USAGE, run("fluid", "convergence", "--param", "target2=100", "--out", out.toString()).code());
        assertEquals(ExitCodes.USAGE, run("fluid", "convergence", "--param", "grid=-1", "--out", out.toString()).code());
        assertFalse(Files.exists(out));
    }

    /** A comparison the fluid model leaves undecided (a run that did not converge) is an inconclusive row. */
    @Test
    void anUndecidedComparisonIsAnInconclusiveVerdict() {
        assertEquals(Finding.Verdict.INCONCLUSIVE, FluidScenarios.verdict("INCONCLUSIVE"));
        assertEquals(Finding.Verdict.REFUTED, FluidScenarios.verdict("REFUTED"));
    }

    @Test
    void kminAndKmaxMayMoveTogether() {
        Run r = run("fluid", "fixed-point", "--param", "Kmin=300", "--param", "Kmax=400", "--param", "N=2", "--json");
        assertEquals(0, r.code(), r.err());
    }

    /** A fluid finding's parameters are figures with their units, as fluid stability's (results are values). */
    @Test
    void fixedPointJsonParametersAreFigures(@TempDir Path dir) throws Exception {
        Run r = run("fluid", "fixed-point", "--param", "N=16", "--param", "C=40", "--param", "Kmax=200",
                "--param", "g=1/256", "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode p = TraceJson.MAPPER.readTree(r.out()).get(0).get("parameters");
        assertEquals(16, p.get("N").asInt());
        assertTrue(p.get("N").isInt(), p.toString());
        assertEquals(40.0, p.get("C").get("value").asDouble());
        assertEquals("Gb/s", p.get("C").get("unit").asText());
        assertEquals(200.0, p.get("Kmax").get("value").asDouble());
        assertEquals("KB", p.get("Kmax").get("unit").asText());
        assertEquals(1.0 / 256, p.get("g").get("value").asDouble(), 1e-12);
        assertEquals("1/256", p.get("g").get("exact").asText());
        Path file = dir.resolve("fixed-point.json"); // and the report reads them back as given
        Files.writeString(file, r.out());
        Map<String, String> back = FindingsJson.read(file, dir).get(0).parameters();
        assertEquals("16", back.get("N"));
        assertEquals(40.0, Double.parseDouble(back.get("C")));
        assertEquals("1/256", back.get("g"));
    }

    @Test
    void fixedPointJsonReportsTheLinearRegion() throws Exception {
        Run r = run("fluid", "fixed-point", "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode rows = TraceJson.MAPPER.readTree(r.out());
        assertEquals(7, rows.size());
        assertEquals("N=2", rows.get(1).get("property").asText());
        assertEquals("MEASURED", rows.get(1).get("verdict").asText());
        assertEquals("NO_FIXED_POINT", rows.get(4).get("verdict").asText());
    }

    @Test
    void twoFlowWritesCsvAndPng(@TempDir Path dir) throws Exception {
        Run r = run("fluid", "two-flow", "--out", dir.toString(), "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode rows = TraceJson.MAPPER.readTree(r.out());
        assertEquals("CONVERGED", rows.get(0).get("verdict").asText());
        // the steady state against seed 004's fixed point: a checked property
        assertEquals("two flows: steady state = fixed point", rows.get(1).get("property").asText());
        assertEquals("CONFIRMED", rows.get(1).get("verdict").asText(), rows.get(1).toString());
        assertTrue(rows.get(1).get("asExpected").asBoolean());
        assertTrue(Files.size(dir.resolve("two-flow.png")) > 1000);
        assertEquals("t_us,q_KB,Rc1_Gbps,Rt1_Gbps,alpha1,Rc2_Gbps,Rt2_Gbps,alpha2",
                Files.readAllLines(dir.resolve("two-flow.csv")).get(0));
    }

    @Test
    void allRunsTheFluidSuiteTask() {
        assertTrue(AllCommand.TASKS.stream().anyMatch(t -> t.name().equals("fluid")));
    }
}
