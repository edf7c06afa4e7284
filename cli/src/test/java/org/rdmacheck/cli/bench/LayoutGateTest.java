package org.rdmacheck.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The layout benchmark's gate verdicts and its options, without running a search. */
class LayoutGateTest {

    private static ScalingBenchmark.Row row(double wall, double perCpu, double thread, double tlcWall, double tlcCpu) {
        return new ScalingBenchmark.Row(1, wall, perCpu, 0, 0, tlcWall, tlcCpu, "1.00 1.00 1.00", thread, 100, 300,
                new double[] {thread}, tlcWall > 0 ? 10 : 0);
    }

    @Test
    void dasrAndPartitionHaveTheRateGateGbnOnlyTheTlcGates() {
        assertEquals(List.of(LayoutGate.Kind.RATE_THREAD_CPU, LayoutGate.Kind.TLC_WALL, LayoutGate.Kind.TLC_CPU),
                LayoutGate.judge("dasr", row(1, 1, 1, 1, 1)).stream().map(LayoutGate::kind).toList());
        assertEquals(3, LayoutGate.judge("partition", row(1, 1, 1, 1, 1)).size());
        assertEquals(List.of(LayoutGate.Kind.TLC_WALL, LayoutGate.Kind.TLC_CPU),
                LayoutGate.judge("gbn", row(1, 1, 1, 1, 1)).stream().map(LayoutGate::kind).toList());
    }

    @Test
    void verdictsFollowTheThresholds() {
        // 600 k per thread CPU second; 20x TLC exactly on wall clock; 19.9x per CPU second
        List<LayoutGate> g = LayoutGate.judge("dasr", row(200_000, 398_000, 600_000, 10_000, 20_000));
        assertEquals(LayoutGate.Verdict.MET, g.get(0).verdict());
        assertEquals(600_000, g.get(0).value());
        assertEquals(LayoutGate.Verdict.MET, g.get(1).verdict());
        assertEquals(20.0, g.get(1).value(), 1e-9);
        assertEquals(LayoutGate.Verdict.NOT_MET, g.get(2).verdict());
        assertEquals(LayoutGate.Verdict.NOT_MET,
                LayoutGate.judge("partition", row(1, 1, 499_999, 0, 0)).get(0).verdict());
    }

    @Test
    void withoutTlcTheRatiosAreNotMeasured() {
        List<LayoutGate> g = LayoutGate.judge("gbn", row(600_000, 2e6, 2e6, 0, 0));
        assertTrue(g.stream().allMatch(x -> x.verdict() == LayoutGate.Verdict.NOT_MEASURED && Double.isNaN(x.value())));
        String line = g.get(0).line(false, "20.88 9.84 3.87");
        assertEquals("gate model=gbn gate=TLC_WALL verdict=NOT_MEASURED value=- threshold=20 unit=\"x TLC, wall clock\""
                + " quick=false load=20.88,9.84,3.87", line);
    }

    @Test
    void optionsParsedAndBadOnesNamed() {
        LayoutBenchmark.Options o = LayoutBenchmark.Options.parse(List.of("--only", "dasr,gbn", "--quick", "--repeat",
                "3", "--no-tlc", "--json", "out.json"));
        assertEquals(List.of("dasr", "gbn"), o.only());
        assertTrue(o.quick());
        assertFalse(o.tlc());
        assertEquals(3, o.repeat());
        assertEquals(Path.of("out.json"), o.json().orElseThrow());
        assertEquals(List.of("dasr", "partition", "gbn"), LayoutBenchmark.Options.parse(List.of()).only());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LayoutBenchmark.Options.parse(
                List.of("--only", "dasr,fabric"))).getMessage().contains("'fabric'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LayoutBenchmark.Options.parse(
                List.of("--repeat", "0"))).getMessage().contains("'0'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LayoutBenchmark.Options.parse(
                List.of("--repeat", "x"))).getMessage().contains("'x'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LayoutBenchmark.Options.parse(
                List.of("--json"))).getMessage().contains("--json"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LayoutBenchmark.Options.parse(
                List.of("--fast"))).getMessage().contains("'--fast'"));
    }
}
