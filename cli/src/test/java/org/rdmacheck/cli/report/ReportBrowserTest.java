package org.rdmacheck.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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
import org.rdmacheck.properties.catalog.Catalog;

/**
 * Opens a generated report in headless Chromium from {@code file://}: no console errors and no
 * request leaves the report folder; the index is small and holds no details until asked; a link to a
 * finding loads its model's details and shows it; filters hide summary rows and details alike; every
 * variant row shows its non-default parameters; charts draw one arrow per message; and on the longest
 * stored traces (a Go-Back-N lasso, the timed model's 48 steps, Dart's 238-step rate loop), a credit
 * loop on a fat-tree and a ring, the threshold, knock-out and scope tables, no two labels overlap,
 * no arrowhead lands on text and nothing is wider than its box. Screenshots go to
 * {@code target/report-screenshots/}.
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
            "corridor/symmetric-EventuallyPass.json", "dasr/persistent-hysteresis-RatesSettle.json",
            "gbn-timed/improved-psn-wrap-CompletionWithinKRtos.json", "fabric/repaired-deadlock-DeadlockFree.json",
            "deadlock/fattree-k4-escape-bounce-vl2-fail2-DeadlockFree.json",
            "deadlock/ring-n4-deflect-vl1-DeadlockFree.json",
            "thresholds/arista-7050qx32.seed004-misconfigured-EcnBeforePfc.json",
            "thresholds-headroom/leaf-32x100g-300m-cables.Ethernet0.p3.pg_lossless_100000_40m_profile-"
                    + "XoffCoversHeadroom.json");
    private static final int DASR_LONGEST = 9;
    private static final int GBN_TIMED = 10;
    private static final int FATTREE_CYCLE = 12;
    private static final int RING_CYCLE = 13;

    /** Checks in the page: overlapping labels, arrowheads on text, content wider than its box. */
    private static final String LAYOUT = """
            (function (sel) {
              var root = document.querySelector(sel);
              if (!root) { return ['no element ' + sel]; }
              var out = [];
              var texts = Array.from(root.querySelectorAll('svg text')).map(function (t) {
                return {t: t, r: t.getBoundingClientRect()};
              }).filter(function (o) { return o.r.width > 0; });
              for (var i = 0; i < texts.length; i++) {
                for (var j = i + 1; j < texts.length; j++) {
                  var a = texts[i].r, b = texts[j].r;
                  if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5
                      && b.top < a.bottom - 0.5) {
                    out.push('labels overlap: "' + texts[i].t.textContent + '" and "' + texts[j].t.textContent + '"');
                  }
                }
              }
              root.querySelectorAll('svg [marker-end]').forEach(function (el) {
                var len = el.getTotalLength();
                [len, Math.max(0, len - 5)].forEach(function (at) {
                  var p = el.getPointAtLength(at);
                  var q = new DOMPoint(p.x, p.y).matrixTransform(el.getScreenCTM());
                  texts.forEach(function (o) {
                    var r = o.r;
                    if (q.x > r.left && q.x < r.right && q.y > r.top && q.y < r.bottom) {
                      out.push('arrowhead on "' + o.t.textContent + '"');
                    }
                  });
                });
              });
              [root].concat(Array.from(root.querySelectorAll('*'))).forEach(function (el) {
                var box = el instanceof HTMLElement || el.tagName === 'svg' && !(el.parentNode instanceof SVGElement);
                if (box && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
                  out.push('wider than its box: ' + el.tagName + ' ' + el.getAttribute('class') + ' ' + el.scrollWidth
                    + ' > ' + el.clientWidth);
                }
              });
              return out.slice(0, 12);
            })""";

    @Test
    void reportLoadsDetailsOnDemandAndLaysOutEveryChart() throws Exception {
        var chromium = HeadlessChromium.find();
        Assumptions.assumeTrue(chromium.isPresent(), "chromium is not installed (Debian package 'chromium'; .ci/run "
                + "installs it): the browser test is skipped");
        List<Finding> findings = new ArrayList<>();
        List<Counterexample> traces = new ArrayList<>();
        for (String t : TRACES) {
            Path file = repo().resolve("counterexamples").resolve(t);
            Counterexample cex = Counterexamples.read(file);
            traces.add(cex);
            String model = t.startsWith("thresholds") ? HtmlReport.THRESHOLDS : cex.provenance().model();
            String variant = t.startsWith("thresholds-headroom") ? "sonic:leaf-32x100g-300m-cables"
                    : cex.provenance().variant();
            findings.add(Finding.of(model, variant, cex.provenance().parameters(), cex.property(),
                    Finding.Expectation.FAILS, Finding.Verdict.VIOLATED)
                    .with(Quantity.states("distinctStates", 100 + findings.size()))
                    .withDetail(t.startsWith("thresholds") ? "fails: " + cex.property() : "")
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
        // two results of one variant that differ in one parameter
        Map<String, String> st = new LinkedHashMap<>(Catalog.find("gbn").defaults("st"));
        int stDefault = findings.size();
        findings.add(Finding.of("gbn", "st", st, "NoTimeout", Finding.Expectation.HOLDS, Finding.Verdict.VERIFIED)
                .with(Quantity.states("distinctStates", 4242)).withWallMillis(40));
        st.put("losses", String.valueOf(Integer.parseInt(st.get("losses")) + 1));
        findings.add(Finding.of("gbn", "st", st, "NoTimeout", Finding.Expectation.FAILS, Finding.Verdict.VIOLATED)
                .with(Quantity.states("distinctStates", 5151)).withWallMillis(40));
        findings.add(Finding.of("gbn", "ce", Map.of("losses", "1"), CoverageSections.KNOCKOUT + "check-epsn",
                Finding.Expectation.FAILS, Finding.Verdict.VIOLATED).with(Quantity.states("distinctStates", 1018))
                .withDetail("killed by NoStalledGap (its purpose)"));
        findings.add(Finding.of("fluid", "fixed-point", Map.of(), "N=2", Finding.Expectation.NONE,
                Finding.Verdict.MEASURED).with(Quantity.of("pStar", 4.4e-4, Quantity.Unit.RATIO)));
        Path home = tmp.resolve("home");
        assertEquals(0, Main.run(new String[] {"fluid", "two-flow", "--out", home.resolve("out/fluid").toString()},
                new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter())));
        assertEquals(0, Main.run(new String[] {"fluid", "stability", "sweep", "--out", home.resolve("out/fluid")
            .toString()}, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter())));
        assertEquals(0, Main.run(new String[] {"gbn-sim", "--param", "lossRates=1e-3,1e-2", "--param",
            "replications=3", "--param", "messages=10", "--out", home.resolve("out/gbn-sim").toString()},
                new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter())));
        StringWriter scope = new StringWriter();
        assertEquals(0, Main.run(new String[] {"scope", "philosophers", "--json", "--max-states", "5000000"},
                new PrintWriter(scope), new PrintWriter(new StringWriter())));
        Files.createDirectories(home.resolve("out/scope"));
        Files.writeString(home.resolve("out/scope/philosophers.json"), scope.toString());
        int frontier = org.rdmacheck.checker.trace.TraceJson.MAPPER.readTree(scope.toString()).path("frontier").size();
        Path dir = tmp.resolve("report");
        HtmlReport.write(dir, findings, home, new PrintWriter(new StringWriter()));
        assertTrue(Files.isRegularFile(dir.resolve("plots/fluid-two-flow.png")));
        assertTrue(Files.isRegularFile(dir.resolve("plots/fluid-two-flow.svg")));
        long indexBytes = Files.size(dir.resolve("index.html"));
        assertTrue(indexBytes < 100_000, "index.html holds no details: " + indexBytes + " B");

        Path shots = Paths.get("target", "report-screenshots");
        try (HeadlessChromium browser = new HeadlessChromium(chromium.get(), tmp.resolve("profile"))) {
            browser.open(dir.resolve("index.html").toUri().toString());
            assertEquals(findings.size(), count(browser, "#summary-table tbody tr"));
            assertEquals(0, count(browser, "article.finding"), "no details before they are asked for");
            assertEquals("losses=" + st.get("losses"), browser.eval("document.querySelector('#r" + (stDefault + 1)
                    + " td.params').textContent").asText(), "the non-default parameter is shown");
            assertEquals("", browser.eval("document.querySelector('#r" + stDefault + " td.params').textContent")
                    .asText(), "a run at the variant's defaults shows none");
            browser.screenshot(null, shots.resolve("summary.png"));

            // a link to a detail section loads it and scrolls to it
            browser.eval("document.querySelector('#r" + DASR_LONGEST + " a[href=\"#f" + DASR_LONGEST + "\"]').click()");
            assertTrue(browser.waitFor("document.getElementById('f" + DASR_LONGEST + "')", 20), "details load");
            assertTrue(browser.waitFor("Math.abs(document.getElementById('f" + DASR_LONGEST
                    + "').getBoundingClientRect().top) < 5", 10), "the linked finding is scrolled to the top");
            assertTrue(browser.eval("document.getElementById('f" + DASR_LONGEST + "').getBoundingClientRect().height")
                    .asDouble() > 300, "the linked finding renders");
            JsonNode dasr = browser.eval("(function(){var s=document.querySelector('#rx" + DASR_LONGEST + "');"
                    + "return {senders:s.querySelectorAll('polyline.rate-rc').length,"
                    + "targets:s.querySelectorAll('polyline.rate-rt').length,modes:s.querySelectorAll('rect.mode').length,"
                    + "loop:s.querySelectorAll('.loop-label').length,violation:s.querySelectorAll('.violation').length};})()");
            int senders = traces.get(DASR_LONGEST).steps().get(0).state().path("rp").size();
            assertEquals(senders, dasr.path("senders").asInt(), "one rate line per sender");
            assertEquals(senders, dasr.path("targets").asInt(), "one target-rate line per sender");
            assertEquals(modeRuns(traces.get(DASR_LONGEST)), dasr.path("modes").asInt(), "the classifier's states");
            assertEquals(1, dasr.path("loop").asInt());
            assertEquals(1, dasr.path("violation").asInt());
            assertEquals(0, count(browser, "#cx" + DASR_LONGEST), "observations only: no empty lifelines");
            assertLayout(browser, "#f" + DASR_LONGEST + " .chart.rates");
            browser.screenshot("#f" + DASR_LONGEST + " .chart.rates", shots.resolve("dasr-rates.png"));

            // the same from an address typed in, in a fresh page
            browser.open("about:blank");
            browser.open(dir.resolve("index.html").toUri() + "#f" + FATTREE_CYCLE);
            assertTrue(browser.waitFor("document.getElementById('f" + FATTREE_CYCLE + "')", 20));
            assertTrue(browser.waitFor("Math.abs(document.getElementById('f" + FATTREE_CYCLE
                    + "').getBoundingClientRect().top) < 5", 10));

            browser.eval("document.getElementById('load-all').click()");
            assertTrue(browser.waitFor("document.querySelectorAll('article.finding').length === " + findings.size(), 30),
                    "every model's details load");
            int gbn = 0;
            assertEquals(gbnMessages(traces.get(gbn)), arrows(browser, gbn), "arrows of the Go-Back-N chart");
            assertEquals(losses(traces.get(gbn)), count(browser, "#cx0 .loss"), "crosses of the Go-Back-N chart");
            assertEquals(gbnMessages(traces.get(1)), arrows(browser, 1));
            assertEquals(actions(traces.get(2), "Send", "Forward"), arrows(browser, 2), "hops of the IOFD chart");
            assertEquals(actions(traces.get(3), "Inject", "Forward", "Deflect", "MoveToEscape"), arrows(browser, 3));
            assertEquals(actions(traces.get(5), "MessageStart", "MessageEnd", "LookAheadStart"), arrows(browser, 5));
            assertEquals(actions(traces.get(7), "Post", "Resend", "Arrive"), arrows(browser, 7));
            assertEquals(gbnMessages(traces.get(GBN_TIMED)), arrows(browser, GBN_TIMED));
            for (int i = 0; i < TRACES.size(); i++) {
                boolean drawn = count(browser, "#cx" + i) == 1;
                if (drawn) {
                    assertEquals(1, count(browser, "#cx" + i + " .violation"), TRACES.get(i));
                }
            }
            assertEquals(traces.get(FATTREE_CYCLE).steps().size(), count(browser, "#cy" + FATTREE_CYCLE
                    + " .cycle-channel"), "every channel of the credit loop is drawn on the fat-tree");
            assertEquals(2, count(browser, "#cy" + FATTREE_CYCLE + " .link.failed"), "the two failed links");
            assertEquals(traces.get(RING_CYCLE).steps().size(), count(browser, "#cy" + RING_CYCLE + " .cycle-channel"));
            assertEquals(2, count(browser, "svg.msc .loop"), "the lassos' loops on sequence charts");
            assertEquals(2, count(browser, "svg.rate-chart .loop-span"), "and on Dart's rate charts");
            assertEquals("loop back to step " + lasso.loopStart(), browser.eval("document.querySelector('#cx" + lassoAt
                    + " .loop-label').textContent").asText(), "the temporal lasso shows where its loop returns");
            assertEquals("counterexamples/" + TRACES.get(0), browser.eval("document.querySelector('#f0 .cex h4 code')"
                    + ".textContent").asText(), "stored trace paths are relative to the checkout");

            browser.screenshot("#f" + lassoAt + " .cex", shots.resolve("temporal-lasso-chart.png"));
            browser.screenshot("#f6 .cex", shots.resolve("lasso-chart.png"));
            browser.screenshot("#f" + GBN_TIMED + " .cex .chart", shots.resolve("gbn-timed-chart.png"));
            browser.screenshot("#f0 .cex", shots.resolve("gbn-chart.png"));
            browser.screenshot("#f2 .cex", shots.resolve("iofd-chart.png"));
            browser.screenshot("#f" + FATTREE_CYCLE + " .chart.cycle", shots.resolve("deadlock-cycle-fattree.png"));
            browser.screenshot("#f" + RING_CYCLE + " .chart.cycle", shots.resolve("deadlock-cycle-ring.png"));
            browser.screenshot("#thresholds", shots.resolve("thresholds.png"));
            browser.screenshot("#knockouts", shots.resolve("knockouts.png"));
            browser.screenshot("#scopes", shots.resolve("scopes.png"));
            assertEquals(frontier, count(browser, "#scopes tbody tr"), "the scope's frontier, one row per point");
            assertEquals(1, count(browser, "#knockout-table tbody tr"), "one knock-out, one row");
            for (String chart : List.of("#f" + lassoAt + " .cex", "#f6 .cex", "#f" + GBN_TIMED + " .cex", "#f0 .cex",
                    "#f2 .cex", "#f3 .cex", "#f11 .cex", "#f" + FATTREE_CYCLE + " .chart.cycle",
                    "#f" + RING_CYCLE + " .chart.cycle", "#thresholds", "#knockouts", "#scopes", "#summary")) {
                assertLayout(browser, chart);
            }
            assertTrue(browser.eval("document.documentElement.scrollWidth - window.innerWidth").asInt() <= 0,
                    "the page is no wider than the window");

            long gbnRows = findings.stream().filter(f -> f.model().equals("gbn")).count();
            assertEquals(gbnRows, filter(browser, "filter-model", "gbn"));
            assertEquals(String.valueOf(gbnRows), browser.eval("document.getElementById('visible-count')"
                    + ".textContent").asText());
            assertEquals(gbnRows, visible(browser, "article.finding"), "the model filter applies to the details");
            long gbnViolated = findings.stream().filter(f -> f.model().equals("gbn")
                    && f.verdict() == Finding.Verdict.VIOLATED).count();
            assertEquals(gbnViolated, filter(browser, "filter-verdict", "VIOLATED"));
            assertEquals(gbnViolated, visible(browser, "article.finding"), "and so does the verdict filter");
            filter(browser, "filter-model", "");
            long violated = findings.stream().filter(f -> f.verdict() == Finding.Verdict.VIOLATED).count();
            assertEquals(violated, filter(browser, "filter-verdict", "VIOLATED"));
            assertEquals(violated, visible(browser, "article.finding"));
            browser.screenshot(null, shots.resolve("filtered.png"));
            filter(browser, "filter-verdict", "");
            browser.screenshot("#plots", shots.resolve("plots.png"));

            assertEquals(3, count(browser, "#plots img"), "two-flow, stability sweep and Go-Back-N plots");
            browser.screenshot("#plot-gbn-sim", shots.resolve("gbn-sim-plot.png"));
            browser.screenshot("#plot-fluid-stability-sweep", shots.resolve("stability-plot.png"));
            List<String> errors = browser.errors();
            // each plot as drawn: labels apart, one line per series, the intervals where the data has them
            for (String plot : List.of("fluid-two-flow", "fluid-stability-sweep", "gbn-sim")) {
                browser.open(dir.resolve("plots/" + plot + ".svg").toUri().toString());
                assertLayout(browser, "svg");
            }
            assertTrue(count(browser, "polygon.interval") > 0, "the simulation's confidence intervals");
            assertEquals(List.of(), errors, "console errors");
            String base = dir.toUri().toString();
            assertTrue(browser.requests().stream().allMatch(u -> u.startsWith(base) || u.startsWith("data:")
                    || u.equals("about:blank")), "requests outside the report: " + browser.requests());
        }
    }

    private static void assertLayout(HeadlessChromium browser, String selector) {
        JsonNode problems = browser.eval(LAYOUT + "('" + selector + "')");
        assertEquals(0, problems.size(), selector + ": " + problems);
    }

    private static int count(HeadlessChromium browser, String selector) {
        return browser.eval("document.querySelectorAll('" + selector + "').length").asInt();
    }

    private static long visible(HeadlessChromium browser, String selector) {
        return browser.eval("Array.from(document.querySelectorAll('" + selector + "'))"
                + ".filter(function(e){return e.offsetParent!==null;}).length").asLong();
    }

    private static int arrows(HeadlessChromium browser, int finding) {
        return count(browser, "#cx" + finding + " line.arrow");
    }

    private static long filter(HeadlessChromium browser, String select, String value) {
        browser.eval("(function(){var s=document.getElementById('" + select + "');s.value='" + value
                + "';s.dispatchEvent(new Event('change'));})()");
        return visible(browser, "#summary-table tbody tr");
    }

    /** Runs of one classifier state along the trace. */
    private static int modeRuns(Counterexample cex) {
        int runs = 0;
        String last = null;
        for (TraceStep s : cex.steps()) {
            String mode = s.state().path("mode").asText();
            if (!mode.equals(last)) {
                runs++;
                last = mode;
            }
        }
        return runs;
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
