package org.rdmacheck.cli;

import static org.rdmacheck.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.rdmacheck.cli.CliTest.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.checker.trace.TraceJson;

class StabilityCommandTest {

    @Test
    void sweepJsonCarriesNumbersAndFlagsTheNonlinearRegion(@TempDir Path dir) throws Exception {
        Run r = run("fluid", "stability", "sweep", "--flows", "2..20:2", "--delays", "1,50,100", "--out", dir.toString(),
                "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode o = TraceJson.MAPPER.readTree(r.out());
        JsonNode rows = o.get("rows");
        assertEquals(30, rows.size());
        JsonNode first = rows.get(0);
        assertEquals(2, first.get("N").asInt());
        assertEquals(1.0, first.get("tauStar_us").get("value").asDouble());
        assertTrue(first.get("phaseMargin_deg").get("value").isNumber());
        assertTrue(first.get("crossover_Hz").get("value").asDouble() > 100);
        assertEquals("STABLE", first.get("verdict").asText());
        JsonNode sixteen = rows.get(21);
        assertEquals(16, sixteen.get("N").asInt());
        assertEquals("OUTSIDE_LINEAR_REGION", sixteen.get("verdict").asText());
        assertTrue(sixteen.get("phaseMargin_deg").get("value").isNull());
        assertTrue(sixteen.get("p").get("value").asDouble() > 0.01);
        assertEquals("UNSTABLE", rows.get(2).get("verdict").asText());   // N = 2 at 100 us
        assertTrue(Files.size(dir.resolve("stability-sweep.png")) > 1000);
        assertEquals("N,tauStar_us,p,q_KB,phase_margin_deg,crossover_Hz,gain_margin_dB,stable,past_pmax",
                Files.readAllLines(dir.resolve("stability-sweep.csv")).get(0));
    }

    @Test
    void sweepOverAnotherParameter(@TempDir Path dir) throws Exception {
        Run r = run("fluid", "stability", "sweep", "--flows", "4,8", "--delays", "50", "--vary", "Rai=10,40",
                "--out", dir.toString(), "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode rows = TraceJson.MAPPER.readTree(r.out()).get("rows");
        assertEquals(4, rows.size());
        assertEquals(10.0, rows.get(0).get("Rai").asDouble());
        assertEquals(40.0, rows.get(3).get("Rai").asDouble());
    }

    @Test
    void badInputIsOneLineExit2AndWritesNothing(@TempDir Path dir) {
        Path out = dir.resolve("o");
        String[][] bad = {
            {"sweep", "--flows", "0..3"}, {"sweep", "--flows", "5..2"}, {"sweep", "--delays", "-1"},
            {"sweep", "--delays", "x"}, {"sweep", "--param", "Rai=abc"}, {"sweep", "--vary", "tauStar=1,2"},
            {"sweep", "--vary", "Rai"}, {"sweep", "--vary", "nope=1"}, {"region", "--threshold", "500"},
            {"region", "--g", "2"}, {"cross-check", "--delays", "0"}, {"cross-check", "--duration-ms", "10"},
            {"packet-check", "--stable", "8"}, {"packet-check", "--unstable", "40,100"}, {"packet-check", "--closed-form"}, {"margins", "--param", "N=0"},
            // huge, NaN and negative numbers: one line naming the value and the range
            {"margins", "--param", "tauStar=1e308"}, {"margins", "--param", "tauStar=-1"}, {"sweep", "--delays", "100001"},
            {"sweep", "--vary", "Rai=1e308"}, {"region", "--delays", "1e9"}, {"region", "--threshold", "NaN"},
            {"cross-check", "--delays", "1e308"}, {"cross-check", "--duration-ms", "1e300"},
            {"packet-check", "--stable", "8,1e308"}, {"attribution", "--param", "tauStar=1e308"},
            {"margins", "--param", "C=1e-300"}, {"margins", "--param", "T=1e308"},
            {"solver", "--delays", "1e308"}, {"solver", "--horizon-ms", "1e300"}, {"solver", "--horizon-ms", "NaN"},
            {"solver", "--threshold-kb", "-1"}, {"solver", "--around-critical", "NaN"}, {"solver", "--step", "NaN"},
            // every parameter's range, through each subcommand
            {"margins", "--param", "B=1e308"}, {"sweep", "--param", "tau=-5"}, {"sweep", "--vary", "T=1e308"},
            {"region", "--rai", "1e308"}, {"region", "--kmax", "1e308"}, {"region", "--g", "1e-300"},
            {"cross-check", "--step", "1e300"}, {"cross-check", "--param", "C=1e308"},
            {"packet-check", "--param", "F=1e6"}, {"attribution", "--param", "packet=0"},
            {"solver", "--param", "T=1e308"}, {"solver", "--threshold-kb", "1e308"}, {"solver", "--window-ms", "NaN"},
            {"solver", "--step", "1e300"}, {"solver", "--flows", "1e308"},
            {"packet-check", "--seed", "-1"}, {"packet-check", "--seed", "NaN"}, {"cross-check", "--duration-ms", "NaN"},
            {"solver", "--window-ms", "200", "--horizon-ms", "300"},
        };
        for (String[] b : bad) {
            // margins, packet-check, attribution and solver write no files and take no --out
            boolean writes = !java.util.Set.of("margins", "packet-check", "attribution", "solver").contains(b[0]);
            String[] args = new String[b.length + (writes ? 4 : 2)];
            args[0] = "fluid";
            args[1] = "stability";
            System.arraycopy(b, 0, args, 2, b.length);
            if (writes) {
                args[b.length + 2] = "--out";
                args[b.length + 3] = out.toString();
            }
            Run r = run(args);
            assertEquals(ExitCodes.USAGE, r.code(), String.join(" ", b) + ": " + r.err());
            assertEquals(1, r.err().lines().count(), r.err());
            assertFalse(Files.exists(out), "nothing written for " + String.join(" ", b));
        }
        assertEquals(ExitCodes.USAGE, run("fluid", "stability", "margins", "--out", out.toString()).code(),
                "--out is not accepted where nothing is written");
        Path file = dir.resolve("file");
        assertEquals(0, run("fluid", "stability", "margins").code());
        try {
            Files.writeString(file, "x");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        for (String c : new String[] {"sweep", "region", "cross-check"}) {
            Run r = run("fluid", "stability", c, "--out", file.toString());
            assertEquals(ExitCodes.USAGE, r.code(), c);
            assertEquals("rdmacheck: --out " + file + ": expected a folder, but it is a file", r.err().strip(), c);
        }
        // the value named as typed, with its unit
        assertEquals("rdmacheck: --horizon-ms 1.0E300: expected a horizon > 0 ms, up to 10000 ms (10 s)",
                run("fluid", "stability", "solver", "--horizon-ms", "1e300").err().strip());
        assertEquals("rdmacheck: --duration-ms 10.0: expected 40 ms (two 20 ms windows) to 10000 ms (10 s)",
                run("fluid", "stability", "cross-check", "--duration-ms", "10").err().strip());
        assertEquals("rdmacheck: --seed -1: expected an integer in [0, 9223372036854775807]",
                run("fluid", "stability", "packet-check", "--seed", "-1").err().strip());
        assertEquals("rdmacheck: unknown subcommand 'nosuch' of rdmacheck fluid stability: expected one of margins, "
                + "sweep, region, cross-check, packet-check, attribution, solver (see rdmacheck --help)",
                run("fluid", "stability", "nosuch").err().strip());
        assertEquals(ExitCodes.USAGE, run("fluid", "stability").code());
        assertEquals(ExitCodes.USAGE, run("fluid").code());
    }

    @Test
    void solverJsonCarriesTheLinearisationAndTheWindowsReading() throws Exception {
        // N = 8 at 64 us (1.03 tau*_c), 100 ms: the far start's windows read CONVERGES (a decaying
        // transient over the growing mode); the exact linearisation is unstable, so the verdict is STILL_GROWING
        Run r = run("fluid", "stability", "solver", "--flows", "8", "--delays", "64", "--around-critical", "0",
                "--horizon-ms", "100", "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode pt = TraceJson.MAPPER.readTree(r.out()).get("points").get(0);
        assertEquals("UNSTABLE", pt.get("linear").get("verdict").asText(), r.out());
        assertTrue(pt.get("linear").get("phaseMargin_deg").get("value").asDouble() < 0, r.out());
        assertEquals(2, pt.get("linear").get("rightHalfPlaneRoots").asInt(), r.out());
        assertEquals("CONVERGES", pt.get("far").get("windowVerdict").asText(), r.out());
        assertEquals("STILL_GROWING", pt.get("far").get("verdict").asText(), r.out());
        assertFalse(pt.get("bistable").asBoolean(), r.out());
        assertTrue(!"CONVERGES".equals(pt.get("near").get("verdict").asText()), r.out());
    }

    @Test
    void solverDoesNotConvergeWhereTheLinearisationDoesNotConfirmIt() throws Exception {
        // 10 Tb/s, one flow, tau* = 100 ms (tau*_c = 0.0062 us): the margin scan is refused as too long,
        // so the windows' CONVERGES is UNDECIDED; the queue, empty throughout, is never negative
        Run r = run("fluid", "stability", "solver", "--flows", "1", "--delays", "100000", "--around-critical", "0",
                "--horizon-ms", "40", "--window-ms", "20", "--param", "C=10000", "--param", "Rai=10000",
                "--param", "Rhai=10000", "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode pt = TraceJson.MAPPER.readTree(r.out()).get("points").get(0);
        assertEquals("UNDETERMINED", pt.get("linear").get("verdict").asText(), r.out());
        assertFalse(pt.get("linear").get("onBoundary").asBoolean(), r.out());
        for (String s : new String[] {"near", "far"}) {
            assertEquals("CONVERGES", pt.get(s).get("windowVerdict").asText(), r.out());
            assertEquals("UNDECIDED", pt.get(s).get("verdict").asText(), r.out());
            assertTrue(pt.get(s).get("meanQueue_KB").get("value").asDouble() >= 0, r.out());
        }
        // N = 8 at tau*_c itself: on the boundary, so the far start's CONVERGES reading is UNDECIDED too
        Run b = run("fluid", "stability", "solver", "--flows", "8", "--delays", "62.164558556499614",
                "--around-critical", "0", "--horizon-ms", "60", "--json");
        assertEquals(0, b.code(), b.err());
        JsonNode bp = TraceJson.MAPPER.readTree(b.out()).get("points").get(0);
        assertTrue(bp.get("linear").get("onBoundary").asBoolean(), b.out());
        for (String s : new String[] {"near", "far"}) {
            assertFalse("CONVERGES".equals(bp.get(s).get("verdict").asText()), b.out());
        }
    }

    @Test
    void crossCheckDoesNotCompareAPointOnTheStabilityBoundary(@TempDir Path dir) throws Exception {
        // N = 8 at tau*_c itself (margin 0.0 deg, UNSTABLE by its sign alone) and at 50 us: the boundary
        // point is UNDECIDED by the solver's rule, counted neither way; the rate is over the decided point
        Run r = run("fluid", "stability", "cross-check", "--flows", "8", "--delays", "62.164558556499614,50",
                "--duration-ms", "40", "--out", dir.toString(), "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode o = TraceJson.MAPPER.readTree(r.out());
        assertEquals(2, o.get("compared").asInt(), r.out());
        assertEquals(1, o.get("undecided").asInt(), r.out());
        assertEquals(1, o.get("agreeing").asInt(), r.out());
        assertEquals(0, o.get("disagreeing").asInt(), r.out());
        assertEquals(1.0, o.get("agreementRate").get("value").asDouble(), r.out());
        JsonNode on = o.get("points").get(0);
        assertTrue(on.get("onBoundary").asBoolean(), r.out());
        assertEquals("UNDECIDED", on.get("comparison").asText(), r.out());
        assertEquals("deg", on.get("phaseMargin_deg").get("unit").asText(), r.out());
        JsonNode off = o.get("points").get(1);
        assertFalse(off.get("onBoundary").asBoolean(), r.out());
        assertEquals(0, off.get("rightHalfPlaneRoots").asInt(), r.out());
        assertEquals("AGREES", off.get("comparison").asText(), r.out());
        // the CSV: the boundary point's agrees column is NaN (not compared), its on_boundary 1
        var csv = Files.readAllLines(dir.resolve("stability-cross-check.csv"));
        assertTrue(csv.get(0).endsWith("rhp_roots,on_boundary,first_amplitude_KB,last_amplitude_KB,"
                + "simulated_converging,agrees"), csv.get(0));
        String[] onRow = csv.get(1).split(",");
        String[] offRow = csv.get(2).split(",");
        assertTrue(Double.parseDouble(onRow[5]) == 1 && Double.isNaN(Double.parseDouble(onRow[9]))
                && Double.parseDouble(offRow[5]) == 0 && Double.parseDouble(offRow[9]) == 1, String.join("\n", csv));
        Run t = run("fluid", "stability", "cross-check", "--flows", "8", "--delays", "62.164558556499614",
                "--duration-ms", "40", "--out", dir.resolve("text").toString());
        assertEquals(0, t.code(), t.err());
        assertTrue(t.out().contains("UNSTABLE (on the boundary)") && t.out().contains("undecided"), t.out());
        assertTrue(t.out().contains("agreement: 0 of 0 points"), t.out());
    }

    @Test
    void theLongestAcceptedDelayIsAnswered() throws Exception {
        // the review's hang: tauStar = 1e308 never finished (now refused); the largest accepted value
        // (100 ms) is answered, and past tau*_c its margin is negative, not wrapped back to a positive one
        Run r = run("fluid", "stability", "margins", "--param", "N=8", "--param", "tauStar=100000", "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode p = TraceJson.MAPPER.readTree(r.out());
        assertEquals("UNSTABLE", p.get("verdict").asText(), r.out());
        assertTrue(p.get("phaseMargin_deg").get("value").asDouble() < -180, r.out());
    }

    @Test
    void regionRecommendsTheStableSettingClosestToDeployed(@TempDir Path dir) throws Exception {
        Run r = run("fluid", "stability", "region", "--flows", "2..18:4", "--delays", "1,50", "--rai", "10,20,40",
                "--kmax", "200,400", "--threshold", "2", "--out", dir.toString(), "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode o = TraceJson.MAPPER.readTree(r.out());
        assertEquals(6, o.get("cells").size());
        assertEquals(50.0, o.get("tauStar_us").get(1).get("value").asDouble());
        assertEquals("us", o.get("tauStar_us").get(1).get("unit").asText());
        JsonNode rec = o.get("recommended");
        assertFalse(rec.isNull());
        assertEquals("IN_REGION", rec.get("verdict").asText());
        assertTrue(rec.get("worstPhaseMargin_deg").get("value").asDouble() >= 2);
        // deployed Rai = 40 leaves RED's linear region from N = 15 (p* > 1 %), so N = 18 rules it out
        assertEquals("OUTSIDE_LINEAR_REGION", o.get("cells").get(4).get("verdict").asText());
        assertTrue(Files.size(dir.resolve("stability-region.png")) > 1000);
    }

    @Test
    void marginsPrintTheLoopAndCrossCheckAgrees(@TempDir Path dir) throws Exception {
        Run m = run("fluid", "stability", "margins", "--param", "N=8", "--param", "tauStar=50", "--json");
        assertEquals(0, m.code(), m.err());
        JsonNode o = TraceJson.MAPPER.readTree(m.out());
        assertEquals(5, o.get("loop").get("denominator").size());
        assertEquals(50.0, o.get("loop").get("delay_us").get("value").asDouble());
        assertEquals(1, o.get("crossovers").size());
        // the parameters analysed are figures in their units, g also as its exact fraction, N an integer
        JsonNode p = o.get("parameters");
        assertEquals(8, p.get("N").asInt());
        assertEquals(50.0, p.get("tauStar").get("value").asDouble());
        assertEquals("us", p.get("tauStar").get("unit").asText());
        assertEquals(10_000.0, p.get("B").get("value").asDouble());
        assertEquals("KB", p.get("B").get("unit").asText());
        assertEquals(1.0 / 256, p.get("g").get("value").asDouble());
        assertEquals("1", p.get("g").get("unit").asText());
        assertEquals("1/256", p.get("g").get("exact").asText());
        Run c = run("fluid", "stability", "cross-check", "--flows", "8", "--delays", "50,100", "--out", dir.toString(),
                "--json");
        assertEquals(0, c.code(), c.err());
        JsonNode x = TraceJson.MAPPER.readTree(c.out());
        assertEquals(1.0, x.get("agreementRate").get("value").asDouble());
        assertEquals("CONVERGING", x.get("points").get(0).get("simulated").asText());
        assertEquals("SUSTAINED_OSCILLATION", x.get("points").get(1).get("simulated").asText());
    }

    @Test
    void allIncludesTheQuickStabilityAnalysis(@TempDir Path dir) throws Exception {
        var rows = StabilitySuite.run(dir);
        assertEquals(4, rows.size());
        assertEquals(Finding.Verdict.STABLE, rows.get(0).verdict());
        assertEquals(Finding.Verdict.STABLE, rows.get(1).verdict());
        assertEquals(Finding.Verdict.UNSTABLE, rows.get(2).verdict());
        assertEquals(Finding.Verdict.CONFIRMED, rows.get(3).verdict());
        assertEquals(16, rows.get(0).quantity("outsideLinearRegionFromFlows").orElseThrow().value());
        assertTrue(rows.get(1).quantity("smallestPhaseMargin_deg").orElseThrow().value() > 0);
        assertTrue(rows.stream().allMatch(r -> r.outcome() == Finding.Outcome.AS_EXPECTED));
        // the report draws the sweep from its CSV: one margin line per delay (3 x 10 points) and the 0 deg
        // line; the crossover frequency does not depend on the delay here, so its three equal lines are one
        var figures = org.rdmacheck.cli.report.Plots.stability(dir, dir.resolve("plots"));
        assertEquals(1, figures.size());
        String svg = figures.get(0).svg();
        assertEquals(3 + 1 + 1, svg.split("class=\"series\"", -1).length - 1, svg);
        assertEquals(3 + 1 + 3, svg.split("class=\"legend\"", -1).length - 1, "the merged line's legend names "
                + "every delay: " + svg);
        assertTrue(svg.contains(">= tau* "), svg);
        assertTrue(Files.isRegularFile(dir.resolve("plots/fluid-stability-sweep.png")));
    }

    @Test
    void publishedLinearisationReproducesTheQuotedMarginsAndMarksPastPmax(@TempDir Path dir) throws Exception {
        Run r = run("fluid", "stability", "sweep", "--linearisation", "conext16", "--flows", "2,8,10,14", "--delays", "50",
                "--out", dir.toString(), "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode o = TraceJson.MAPPER.readTree(r.out());
        assertEquals("conext16", o.get("linearisation").get("name").asText());
        JsonNode rows = o.get("rows");
        double[] published = {8.26, -6.43, -6.58, -5.12};
        for (int i = 0; i < published.length; i++) {
            assertEquals(published[i], rows.get(i).get("phaseMargin_deg").get("value").asDouble(), 0.5, rows.get(i).toString());
        }
        assertFalse(rows.get(2).get("pastPmax").asBoolean());
        assertTrue(rows.get(3).get("pastPmax").asBoolean());
        assertEquals("UNSTABLE", rows.get(1).get("verdict").asText());
        assertTrue(rows.get(1).get("rootCount").asBoolean());
    }

    @Test
    void badLinearisationIsOneLineExitTwo(@TempDir Path dir) {
        Run bogus = run("fluid", "stability", "sweep", "--linearisation", "small-p+nope", "--out", dir.toString());
        assertEquals(2, bogus.code());
        assertEquals(1, bogus.err().strip().lines().count(), bogus.err());
        assertTrue(bogus.err().contains("'nope'") && bogus.err().contains("conext16"), bogus.err());
        assertFalse(Files.exists(dir.resolve("stability-sweep.csv")));
        Run both = run("fluid", "stability", "margins", "--linearisation", "conext16", "--closed-form");
        assertEquals(2, both.code());
        assertEquals(1, both.err().strip().lines().count(), both.err());
        Run region = run("fluid", "stability", "region", "--linearisation", "conext16", "--out", dir.toString());
        assertEquals(2, region.code());
        assertTrue(region.err().contains("takes only exact"), region.err());
    }
}
