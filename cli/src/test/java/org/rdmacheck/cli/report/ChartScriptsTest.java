package org.rdmacheck.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.cli.report.SequenceChart.Fate;

/**
 * Every stored counterexample of gbn, iofd, escape-vl, dasr and partition renders as a chart whose
 * messages are exactly the trace's message steps, losses included; lassos keep their loop.
 */
class ChartScriptsTest {

    /** Message-moving actions per model (Go-Back-N counts packets through its channels instead). */
    private static final Map<String, List<String>> MESSAGES = Map.of(
            "iofd", List.of("Send", "Forward"),
            "escape-vl", List.of("Inject", "Forward", "Deflect", "MoveToEscape"),
            "dasr", List.of("MessageStart", "MessageEnd", "LookAheadStart"),
            "partition", List.of("Post", "Resend", "Arrive"));

    @Test
    void everyStoredTraceDrawsOneArrowPerMessage() throws IOException {
        int charts = 0;
        for (String model : List.of("gbn", "gbn-timed", "iofd", "escape-vl", "dasr", "partition")) {
            List<Path> files;
            try (Stream<Path> s = Files.list(ReportBrowserTest.repo().resolve("counterexamples").resolve(model))) {
                files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
            }
            for (Path f : files) {
                Counterexample cex = Counterexamples.read(f);
                SequenceChart chart = ChartScripts.of(cex).orElseThrow();
                int expected = model.startsWith("gbn") ? gbnMessages(cex) : count(cex, MESSAGES.get(model));
                assertEquals(expected, chart.messages().size(), f.toString());
                int lost = ChartScripts.fates(chart).getOrDefault(Fate.LOST, 0);
                assertEquals(count(cex, List.of("LoseData", "LoseCtrl")), lost, f.toString());
                assertEquals(cex.loopStart(), chart.loopStart(), f.toString());
                for (SequenceChart.Message m : chart.messages()) {
                    assertTrue(m.sendStep() >= 1 && m.endStep() >= m.sendStep() && m.endStep() < cex.steps().size(),
                            f + ": " + m);
                }
                String svg = SequenceChartSvg.svg(chart, "c");
                assertEquals(chart.messages().size(), svg.split("class=\"arrow\"", -1).length - 1, f.toString());
                charts++;
            }
        }
        assertTrue(charts >= 80, "charts drawn: " + charts);
    }

    @Test
    void temporalLassoShowsWhereTheLoopReturns(@TempDir Path dir) throws IOException {
        int code = org.rdmacheck.cli.Main.run(new String[] {"check", "gbn", "--variant", "improved-ignore",
            "--property", "Delivered", "--out", dir.toString()}, new java.io.PrintWriter(new java.io.StringWriter()),
                new java.io.PrintWriter(new java.io.StringWriter()));
        assertEquals(0, code);
        Counterexample cex = Counterexamples.read(dir.resolve("gbn/improved-ignore-Delivered.json"));
        assertEquals(Counterexample.Kind.TEMPORAL, cex.kind());
        assertTrue(cex.loopStart() > 0 && cex.loopStart() < cex.steps().size() - 1, "a lasso with a stem and a loop");
        SequenceChart chart = ChartScripts.of(cex).orElseThrow();
        String svg = SequenceChartSvg.svg(chart, "c");
        assertEquals(1, svg.split("class=\"loop\"", -1).length - 1);
        assertTrue(svg.contains("loop back to step " + cex.loopStart()), svg);
    }

    @Test
    void stutteringLassoStaysAtItsLastStep() {
        SequenceChart chart = new SequenceChart(List.of("a", "b"), 3, List.of(), List.of(), "P", 2, 2);
        String svg = SequenceChartSvg.svg(chart, "c");
        assertEquals(1, svg.split("class=\"loop\"", -1).length - 1);
        assertTrue(svg.contains("stays at step 2 for ever"), svg);
    }

    @Test
    void cyclesAndWitnessesHaveNoChart() throws IOException {
        Path dir = ReportBrowserTest.repo().resolve("counterexamples");
        try (Stream<Path> s = Stream.concat(Files.list(dir.resolve("deadlock")), Files.list(dir.resolve("thresholds")))) {
            for (Path f : s.filter(p -> p.toString().endsWith(".json")).toList()) {
                assertTrue(ChartScripts.of(Counterexamples.read(f)).isEmpty(), f.toString());
            }
        }
    }

    private static int gbnMessages(Counterexample cex) {
        TraceStep last = cex.steps().get(cex.steps().size() - 1);
        return count(cex, List.of("ReceiveData", "LoseData", "ReceiveAck", "ReceiveNak", "LoseCtrl"))
                + last.state().path("data").size() + last.state().path("ctrl").size();
    }

    private static int count(Counterexample cex, List<String> names) {
        return (int) cex.steps().stream().filter(s -> s.action() != null && names.contains(s.action().name())).count();
    }
}
