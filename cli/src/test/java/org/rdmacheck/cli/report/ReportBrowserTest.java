package org.rdmacheck.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.cli.Finding;
import org.rdmacheck.cli.Main;
import org.rdmacheck.cli.Quantity;

/**
 * Opens a generated report in headless Chromium: no console errors and no request leaves the
 * report folder; one summary row per finding; filtering by model and verdict hides the others; a
 * Go-Back-N chart has one arrow per DATA/ACK/NAK message of its trace and one cross per loss, an IOFD
 * chart one arrow per hop; screenshots go to {@code target/report-screenshots/}.
 */
class ReportBrowserTest {

    @TempDir
    Path tmp;

    static Path repo() {
        Path p = Paths.get("").toAbsolutePath();
        while (!Files.isDirectory(p.resolve("counterexamples"))) {
            p = p.getParent();
        }
        return p;
    }

    private static final List<String> TRACES = List.of("gbn/cause-st-ack-L2-nak-lost.json", "gbn/gbn-NoTimeout.json",
            "iofd/deflect-middle-InOrderDelivery.json", "escape-vl/lane-change-order-InOrderDelivery.json",
            "escape-vl/one-lane-DeadlockFree.json", "dasr/forward-ecn-NoDoubleThrottling.json",
            "dasr/persistent-ClassifierSettles.json", "partition/no-data-id-DataIdsNeverMix.json",
            "corridor/symmetric-EventuallyPass.json");

    @Test
    void reportLoadsFiltersAndDrawsEveryMessage() throws Exception {
        var chromium = HeadlessChromium.find();
        Assumptions.assumeTrue(chromium.isPresent(), "chromium is not installed (Debian package 'chromium'; .ci/run "
                + "installs it): the browser test is skipped");
        List<Finding> findings = new ArrayList<>();
        List<Counterexample> traces = new ArrayList<>();
        for (String t : TRACES) {
            Path file = repo().resolve("counterexamples").resolve(t);
            Counterexample cex = Counterexamples.read(file);
            traces.add(cex);
            findings.add(Finding.of(cex.provenance().model(), cex.provenance().variant(), cex.provenance().parameters(),
                    cex.property(), Finding.Expectation.FAILS, Finding.Verdict.VIOLATED)
                    .with(Quantity.states("distinctStates", 100 + findings.size()))
                    .withCounterexample(cex, file).withWallMillis(12));
        }
        // a temporal lasso (liveness under fairness), as check writes it
        assertEquals(0, Main.run(new String[] {"check", "gbn", "--variant", "improved-ignore", "--property", "Delivered",
            "--out", tmp.resolve("lasso").toString()}, new PrintWriter(new StringWriter()),
                new PrintWriter(new StringWriter())));
        Counterexample lasso = Counterexamples.read(tmp.resolve("lasso/gbn/improved-ignore-Delivered.json"));
        int lassoAt = findings.size();
        findings.add(Finding.of("gbn", "improved-ignore", lasso.provenance().parameters(), lasso.property(),
                Finding.Expectation.FAILS, Finding.Verdict.VIOLATED).withCounterexample(lasso, null));
        findings.add(Finding.of("gbn", "improved", Map.of(), "NoTimeout", Finding.Expectation.HOLDS,
                Finding.Verdict.VERIFIED).with(Quantity.states("distinctStates", 4242)).withWallMillis(40));
        findings.add(Finding.of("fluid", "fixed-point", Map.of(), "N=2", Finding.Expectation.NONE,
                Finding.Verdict.MEASURED).with(Quantity.of("pStar", 4.4e-4, Quantity.Unit.RATIO)));
        Path home = tmp.resolve("home");
        assertEquals(0, Main.run(new String[] {"fluid", "two-flow", "--out", home.resolve("out/fluid").toString()},
                new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter())));
        Path dir = tmp.resolve("report");
        HtmlReport.write(dir, findings, home, new PrintWriter(new StringWriter()));
        assertTrue(Files.isRegularFile(dir.resolve("plots/fluid-two-flow.png")));
        assertTrue(Files.isRegularFile(dir.resolve("plots/fluid-two-flow.svg")));

        Path shots = Paths.get("target", "report-screenshots");
        try (HeadlessChromium browser = new HeadlessChromium(chromium.get(), tmp.resolve("profile"))) {
            browser.open(dir.resolve("index.html").toUri().toString());
            assertEquals(findings.size(), browser.eval("document.querySelectorAll('#summary-table tbody tr').length")
                    .asInt());
            assertEquals(findings.size(), browser.eval("document.querySelectorAll('article.finding').length").asInt());
            browser.screenshot(null, shots.resolve("summary.png"));

            int gbn = 0;
            assertEquals(gbnMessages(traces.get(gbn)), arrows(browser, gbn), "arrows of the Go-Back-N chart");
            assertEquals(losses(traces.get(gbn)), browser.eval("document.querySelectorAll('#cx0 .loss').length")
                    .asInt(), "crosses of the Go-Back-N chart");
            assertEquals(gbnMessages(traces.get(1)), arrows(browser, 1));
            assertEquals(actions(traces.get(2), "Send", "Forward"), arrows(browser, 2), "hops of the IOFD chart");
            assertEquals(actions(traces.get(3), "Inject", "Forward", "Deflect", "MoveToEscape"), arrows(browser, 3));
            assertEquals(actions(traces.get(5), "MessageStart", "MessageEnd", "LookAheadStart"), arrows(browser, 5));
            assertEquals(actions(traces.get(7), "Post", "Resend", "Arrive"), arrows(browser, 7));
            for (int i = 0; i < TRACES.size(); i++) {
                assertEquals(1, browser.eval("document.querySelectorAll('#cx" + i + " .violation').length").asInt(),
                        TRACES.get(i));
            }
            assertEquals(3, browser.eval("document.querySelectorAll('svg.msc .loop').length").asInt(),
                    "the three lassos' loops are drawn");
            assertEquals("loop back to step " + lasso.loopStart(), browser.eval("document.querySelector('#cx" + lassoAt
                    + " .loop-label').textContent").asText(), "the temporal lasso shows where its loop returns");
            assertEquals("counterexamples/" + TRACES.get(0), browser.eval("document.querySelector('#f0 .cex h4 code')"
                    + ".textContent").asText(), "stored trace paths are relative to the checkout");
            browser.screenshot("#f" + lassoAt + " .cex", shots.resolve("temporal-lasso-chart.png"));
            browser.screenshot("#f0 .cex", shots.resolve("gbn-chart.png"));
            browser.screenshot("#f2 .cex", shots.resolve("iofd-chart.png"));
            browser.screenshot("#f6 .cex", shots.resolve("lasso-chart.png"));

            long gbnRows = findings.stream().filter(f -> f.model().equals("gbn")).count();
            assertEquals(gbnRows, filter(browser, "filter-model", "gbn"));
            assertEquals(String.valueOf(gbnRows), browser.eval("document.getElementById('visible-count')"
                    + ".textContent").asText());
            assertEquals(3, filter(browser, "filter-verdict", "VIOLATED"));
            filter(browser, "filter-model", "");
            assertEquals(TRACES.size() + 1, filter(browser, "filter-verdict", "VIOLATED"));
            browser.screenshot(null, shots.resolve("filtered.png"));
            browser.screenshot("#plots", shots.resolve("plots.png"));

            assertEquals(List.of(), browser.errors(), "console errors");
            String base = dir.toUri().toString();
            assertTrue(browser.requests().stream().allMatch(u -> u.startsWith(base) || u.startsWith("data:")
                    || u.equals("about:blank")), "requests outside the report: " + browser.requests());
        }
    }

    private static int arrows(HeadlessChromium browser, int finding) {
        return browser.eval("document.querySelectorAll('#cx" + finding + " line.arrow').length").asInt();
    }

    private static long filter(HeadlessChromium browser, String select, String value) {
        browser.eval("(function(){var s=document.getElementById('" + select + "');s.value='" + value
                + "';s.dispatchEvent(new Event('change'));})()");
        return browser.eval("Array.from(document.querySelectorAll('#summary-table tbody tr'))"
                + ".filter(function(r){return r.style.display!=='none';}).length").asLong();
    }

    /** DATA packets and ACK/NAKs: every one is received, lost, or still in a channel at the end. */
    private static int gbnMessages(Counterexample cex) {
        TraceStep last = cex.steps().get(cex.steps().size() - 1);
        return actions(cex, "ReceiveData", "LoseData", "ReceiveAck", "ReceiveNak", "LoseCtrl")
                + last.state().path("data").size() + last.state().path("ctrl").size();
    }

    private static int losses(Counterexample cex) {
        return actions(cex, "LoseData", "LoseCtrl");
    }

    private static int actions(Counterexample cex, String... names) {
        List<String> n = List.of(names);
        return (int) cex.steps().stream().filter(s -> s.action() != null && n.contains(s.action().name())).count();
    }
}
