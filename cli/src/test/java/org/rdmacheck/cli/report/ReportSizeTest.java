package org.rdmacheck.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.cli.Finding;
import org.rdmacheck.cli.Quantity;

/**
 * A report as large as the default suite's (every stored counterexample, with as many proofs again
 * as the suite has beside its traces): {@code index.html} stays under 500 KB because the details go
 * to one script per model, every model with findings has its script, and writing it all takes well
 * under the 30 s the report is allowed (the bound asserted is generous for loaded machines; the time
 * is printed).
 */
class ReportSizeTest {

    @Test
    void aSuiteSizedReportKeepsItsIndexSmall(@TempDir Path tmp) throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.walk(ReportBrowserTest.repo().resolve("counterexamples"))) {
            files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        List<Finding> findings = new ArrayList<>();
        for (Path f : files) {
            Counterexample cex = Counterexamples.read(f);
            findings.add(Finding.of(cex.provenance().model(), cex.provenance().variant(), cex.provenance().parameters(),
                    cex.property(), Finding.Expectation.FAILS, Finding.Verdict.VIOLATED)
                    .with(Quantity.states("distinctStates", 1000)).withCounterexample(cex, f));
        }
        int traces = findings.size();
        for (int i = 0; findings.size() < 800; i++) {
            Finding t = findings.get(i % traces);
            findings.add(Finding.of(t.model(), t.variant(), Map.of("size", String.valueOf(i)), "Holds" + i,
                    Finding.Expectation.HOLDS, Finding.Verdict.VERIFIED).with(Quantity.states("distinctStates", 10 * i))
                    .withWallMillis(i));
        }
        long t0 = System.nanoTime();
        HtmlReport.write(tmp, findings, tmp, new PrintWriter(new StringWriter()));
        double seconds = (System.nanoTime() - t0) / 1e9;
        long index = Files.size(tmp.resolve("index.html"));
        System.out.printf("report of %d findings (%d traces): index.html %,d B, written in %.1f s%n", findings.size(),
                traces, index, seconds);
        assertTrue(traces >= 200, "stored traces: " + traces);
        assertTrue(index <= 500_000, "index.html: " + index + " B");
        long models = findings.stream().map(Finding::model).distinct().count();
        try (Stream<Path> s = Files.list(tmp.resolve("details"))) {
            assertEquals(models, s.filter(p -> p.toString().endsWith(".js")).count());
        }
        assertTrue(seconds < 120, "written in " + seconds + " s");
    }
}
