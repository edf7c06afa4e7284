package org.rdmacheck.cli.report;

import static org.rdmacheck.cli.report.SequenceChartSvg.esc;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.checker.thresholds.SwitchSpecs;
import org.rdmacheck.checker.thresholds.ThresholdAnalysis;
import org.rdmacheck.checker.thresholds.ThresholdSolver;
import org.rdmacheck.checker.thresholds.WorkedExample;
import org.rdmacheck.cli.Finding;
import org.rdmacheck.cli.Output;
import org.rdmacheck.cli.Quantity;
import org.rdmacheck.cli.ThresholdText;

/**
 * Writes the static HTML report of a suite run: {@code index.html} (inline CSS and script, no
 * network access), {@code findings.json} (the findings as {@code --json} prints them) and the plots
 * as SVG and PNG under {@code plots/}.
 */
public final class HtmlReport {

    private HtmlReport() {
    }

    /**
     * @param dir      the report folder (created)
     * @param findings the findings
     * @param home     the rdmacheck checkout, where the suite left its CSV files
     * @param err      where to mention skipped parts
     */
    public static void write(Path dir, List<Finding> findings, Path home, PrintWriter err) {
        try {
            Files.createDirectories(dir);
            List<Plots.Figure> figures = Plots.fromSuiteOutputs(home, dir.resolve("plots"));
            String html = html(findings, figures, thresholds(findings));
            Path tmp = dir.resolve(".index.html.part");
            Files.writeString(tmp, html, StandardCharsets.UTF_8);
            Files.move(tmp, dir.resolve("index.html"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            Files.writeString(dir.resolve("findings.json"), Output.json(findings) + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report to " + dir, e);
        }
    }

    private static Optional<String> thresholds(List<Finding> findings) {
        if (findings.stream().noneMatch(f -> f.model().equals("thresholds"))) {
            return Optional.empty();
        }
        ThresholdAnalysis analysis = new ThresholdAnalysis(new ThresholdSolver(60_000));
        return Optional.of(ThresholdText.workedExample(WorkedExample.figures()) + "\n"
                + ThresholdText.report(analysis.derive(SwitchSpecs.load("arista-7050qx32"))));
    }

    static String html(List<Finding> findings, List<Plots.Figure> figures, Optional<String> thresholds) {
        StringBuilder sb = new StringBuilder();
        sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>rdmacheck report</title>\n<style>").append(CSS).append("</style></head><body>\n");
        long unexpected = findings.stream().filter(f -> f.outcome() == Finding.Outcome.UNEXPECTED).count();
        long inconclusive = findings.stream().filter(f -> f.outcome() == Finding.Outcome.INCONCLUSIVE).count();
        sb.append("<header><h1>rdmacheck report</h1><p class=\"totals\">").append(findings.size())
                .append(" results: <b>").append(findings.size() - unexpected - inconclusive)
                .append("</b> as expected, <b class=\"bad\">").append(unexpected).append("</b> unexpected, <b>")
                .append(inconclusive).append("</b> inconclusive. Verdicts: VERIFIED/DEADLOCK_FREE are exhaustive "
                        + "proofs, CONFIRMED/REFUTED simulation claims, MEASURED a figure; hover a variant for its "
                        + "parameters.</p>\n<nav><a href=\"#overview\">By model</a> · <a href=\"#summary\">Summary</a> · "
                        + "<a href=\"#details\">Details</a>")
                .append(thresholds.isPresent() ? " · <a href=\"#thresholds\">Thresholds</a>" : "")
                .append(figures.isEmpty() ? "" : " · <a href=\"#plots\">Plots</a>").append("</nav></header>\n");
        overview(sb, findings);
        summary(sb, findings);
        sb.append("<section id=\"details\"><h2>Details</h2>\n");
        for (int i = 0; i < findings.size(); i++) {
            details(sb, findings.get(i), i);
        }
        sb.append("</section>\n");
        thresholds.ifPresent(t -> sb.append("<section id=\"thresholds\"><h2>PFC/ECN thresholds (seed 004 §4)</h2>\n"
                + "<p>The worked example's printed figures against the paper's own formulas, then the derivation "
                + "for the Arista 7050QX-32: headroom terms, static and dynamic bounds.</p><pre>")
                .append(esc(t)).append("</pre></section>\n"));
        if (!figures.isEmpty()) {
            sb.append("<section id=\"plots\"><h2>Plots</h2>\n");
            for (Plots.Figure f : figures) {
                sb.append("<figure class=\"plot\" id=\"plot-").append(esc(f.name())).append("\"><figcaption>")
                        .append(esc(f.caption())).append(" (<a href=\"plots/").append(esc(f.name()))
                        .append(".svg\">SVG</a>, <a href=\"plots/").append(esc(f.name())).append(".png\">PNG</a>)")
                        .append("</figcaption>\n").append(f.svg()).append("</figure>\n");
            }
            sb.append("</section>\n");
        }
        sb.append("<script>").append(SCRIPT).append("</script>\n</body></html>\n");
        return sb.toString();
    }

    /** One line per model or task: how many results, how many as expected; the name filters the summary. */
    private static void overview(StringBuilder sb, List<Finding> findings) {
        Map<String, long[]> byModel = new java.util.LinkedHashMap<>();
        for (Finding f : findings) {
            long[] c = byModel.computeIfAbsent(f.model(), k -> new long[4]);
            c[0]++;
            c[1 + f.outcome().ordinal()]++;
        }
        sb.append("<section id=\"overview\"><h2>By model</h2><table id=\"overview-table\"><thead><tr><th>model or "
                + "task</th><th>results</th><th>as expected</th><th>unexpected</th><th>inconclusive</th></tr></thead>"
                + "<tbody>\n");
        byModel.forEach((m, c) -> sb.append(String.format(Locale.ROOT, "<tr class=\"%s\"><td><a href=\"#summary\" "
                        + "class=\"pick-model\" data-model=\"%s\">%s</a></td><td class=\"num\">%d</td>"
                        + "<td class=\"num\">%d</td><td class=\"num\">%d</td><td class=\"num\">%d</td></tr>%n",
                c[2] > 0 ? "unexpected" : c[3] > 0 ? "inconclusive" : "", esc(m), esc(m), c[0], c[1], c[2], c[3])));
        sb.append("</tbody></table></section>\n");
    }

    private static void summary(StringBuilder sb, List<Finding> findings) {
        TreeSet<String> models = new TreeSet<>();
        TreeSet<String> verdicts = new TreeSet<>();
        findings.forEach(f -> {
            models.add(f.model());
            verdicts.add(f.verdict().name());
        });
        sb.append("<section id=\"summary\"><h2>Summary</h2>\n<div class=\"filters\"><label>Model <select "
                + "id=\"filter-model\"><option value=\"\">all</option>");
        models.forEach(m -> sb.append("<option>").append(esc(m)).append("</option>"));
        sb.append("</select></label> <label>Verdict <select id=\"filter-verdict\"><option value=\"\">all</option>");
        verdicts.forEach(v -> sb.append("<option>").append(esc(v)).append("</option>"));
        sb.append("</select></label> <label>Outcome <select id=\"filter-outcome\"><option value=\"\">all</option>"
                + "<option>AS_EXPECTED</option><option>UNEXPECTED</option><option>INCONCLUSIVE</option></select>"
                + "</label> <span id=\"visible-count\">").append(findings.size()).append("</span> shown</div>\n");
        sb.append("<table id=\"summary-table\"><thead><tr><th>model</th><th>variant</th><th>property</th>"
                + "<th>expected</th><th>verdict</th><th>states</th><th>time</th><th></th></tr></thead><tbody>\n");
        for (int i = 0; i < findings.size(); i++) {
            Finding f = findings.get(i);
            sb.append(String.format(Locale.ROOT, "<tr class=\"result %s\" data-model=\"%s\" data-verdict=\"%s\" "
                            + "data-outcome=\"%s\"><td>%s</td><td title=\"%s\">%s</td><td><a href=\"#f%d\">%s</a></td><td>%s</td>"
                            + "<td class=\"verdict\">%s</td><td class=\"num\">%s</td><td class=\"num\">%.2f s</td>"
                            + "<td>%s</td></tr>%n",
                    f.outcome().name().toLowerCase(Locale.ROOT), esc(f.model()), f.verdict().name(), f.outcome().name(),
                    esc(f.model()), esc(params(f)), esc(f.variant()), i, esc(f.property()), f.expected().word(), f.verdict().name(),
                    f.quantity("distinctStates").map(q -> String.format(Locale.ROOT, "%,d", (long) q.value()))
                            .orElse("–"), f.wallMillis() / 1000.0,
                    f.counterexample().isPresent() ? "<a href=\"#f" + i + "\">trace</a>" : ""));
        }
        sb.append("</tbody></table></section>\n");
    }

    private static String params(Finding f) {
        return f.parameters().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(java.util.stream.Collectors.joining(", "));
    }

    private static void details(StringBuilder sb, Finding f, int i) {
        sb.append(String.format(Locale.ROOT, "<article class=\"finding %s\" id=\"f%d\"><h3>%s / %s: %s — "
                        + "<span class=\"verdict\">%s</span></h3>%n", f.outcome().name().toLowerCase(Locale.ROOT), i,
                esc(f.model()), esc(f.variant()), esc(f.property()), f.verdict().name()));
        sb.append("<p>expected: ").append(f.expected().word()).append("; outcome: ").append(f.outcome().name())
                .append("; wall time ").append(String.format(Locale.ROOT, "%.2f s", f.wallMillis() / 1000.0))
                .append("</p>\n");
        if (!f.detail().isEmpty()) {
            sb.append("<p class=\"detail\">").append(esc(f.detail())).append("</p>\n");
        }
        if (!f.parameters().isEmpty()) {
            sb.append("<p class=\"params\">parameters: ");
            f.parameters().forEach((k, v) -> sb.append("<code>").append(esc(k)).append('=').append(esc(v))
                    .append("</code> "));
            sb.append("</p>\n");
        }
        if (!f.quantities().isEmpty()) {
            sb.append("<table class=\"quantities\"><tr><th>figure</th><th>value</th><th>unit</th></tr>");
            for (Quantity q : f.quantities()) {
                sb.append("<tr><td>").append(esc(q.name())).append("</td><td class=\"num\">")
                        .append(q.isIntegral() ? String.format(Locale.ROOT, "%,d", (long) q.value())
                                : String.format(Locale.ROOT, "%.6g", q.value()))
                        .append("</td><td>").append(esc(q.unit().symbol())).append("</td></tr>");
            }
            sb.append("</table>\n");
        }
        f.counterexample().ifPresent(t -> counterexample(sb, t, i, f));
        sb.append("<p><a href=\"#summary\">back to the summary</a></p></article>\n");
    }

    private static void counterexample(StringBuilder sb, Finding.Trace t, int i, Finding f) {
        Counterexample cex = t.trace();
        sb.append("<div class=\"cex\" data-kind=\"").append(cex.kind().word()).append("\"><h4>Counterexample: ")
                .append(cex.kind().word()).append(", ").append(org.rdmacheck.checker.Counts.of(cex.length(), "step"))
                .append(f.counterexampleFile().map(p -> ", <code>" + esc(p) + "</code>").orElse(""))
                .append("</h4>\n");
        if (!cex.note().isEmpty()) {
            sb.append("<p>").append(esc(cex.note())).append("</p>\n");
        }
        Optional<SequenceChart> chart = ChartScripts.of(cex);
        sb.append("<div class=\"cex-body\">");
        chart.ifPresent(c -> sb.append("<div class=\"chart\">").append(SequenceChartSvg.svg(c, "cx" + i))
                .append("</div>"));
        steps(sb, cex);
        sb.append("</div></div>\n");
    }

    private static void steps(StringBuilder sb, Counterexample cex) {
        sb.append("<table class=\"steps\"><thead><tr><th>step</th><th>action</th><th>what changed</th></tr></thead>"
                + "<tbody>\n");
        JsonNode prev = null;
        for (int s = 0; s < cex.steps().size(); s++) {
            TraceStep step = cex.steps().get(s);
            String cls = s == cex.violationIndex() ? " class=\"violation-step\"" : s == cex.loopStart()
                    ? " class=\"loop-step\"" : "";
            sb.append("<tr").append(cls).append("><td>").append(s).append(s == cex.loopStart() ? " ↺" : "")
                    .append("</td><td>").append(step.action() == null ? "initial state" : esc(step.action().toString()))
                    .append(s == cex.violationIndex() ? " <b class=\"bad\">← " + esc(cex.property()) + " violated</b>"
                            : "").append("</td><td>").append(diff(prev, step.state())).append("</td></tr>\n");
            prev = step.state();
        }
        sb.append("</tbody></table>");
    }

    /** Only what changed: {@code key: old → new} per top-level field (the whole state for step 0). */
    static String diff(JsonNode prev, JsonNode now) {
        if (now == null) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        if (now.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = now.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode old = prev == null ? null : prev.get(e.getKey());
                if (prev == null) {
                    parts.add("<code>" + esc(e.getKey()) + " = " + esc(e.getValue().toString()) + "</code>");
                } else if (!e.getValue().equals(old)) {
                    parts.add("<code>" + esc(e.getKey()) + ": " + esc(String.valueOf(old)) + " → "
                            + esc(e.getValue().toString()) + "</code>");
                }
            }
        } else if (prev == null || !now.equals(prev)) {
            parts.add("<code>" + esc(now.toString()) + "</code>");
        }
        return parts.isEmpty() ? "<i>no change</i>" : String.join("<br>", parts);
    }

    private static final String CSS = """
            body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 24px 40px;color:#1b1f29}
            header{border-bottom:2px solid #1f3b73;margin-bottom:12px}
            h1{color:#1f3b73;margin:16px 0 4px} h2{color:#1f3b73;border-bottom:1px solid #ccd;padding-top:8px}
            h3{margin:18px 0 4px;font-size:16px} .bad{color:#c62828}
            table{border-collapse:collapse} th,td{border:1px solid #d5d9e3;padding:3px 8px;vertical-align:top}
            th{background:#eef1f8;text-align:left} .num{text-align:right;font-variant-numeric:tabular-nums}
            tr.unexpected td{background:#fde2e2} tr.inconclusive td{background:#fff4d6}
            .filters{margin:8px 0} .filters select{margin-right:12px}
            article.finding{border-left:4px solid #3c8d40;padding:2px 12px;margin:10px 0;background:#fbfcfe}
            article.unexpected{border-left-color:#c62828} article.inconclusive{border-left-color:#f9a825}
            .cex-body{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}
            .chart{overflow-x:auto;max-width:100%} svg.msc text{font:12px system-ui,sans-serif}
            svg.msc .step-no{fill:#5b6475} table.steps{font-size:12px;max-width:760px}
            table.steps code{white-space:pre-wrap;word-break:break-all} tr.violation-step td{background:#fde2e2}
            tr.loop-step td{background:#f3e5f5} pre{background:#f6f7fb;padding:10px;overflow-x:auto;font-size:12px}
            figure.plot{margin:16px 0} figcaption{font-weight:600;margin-bottom:4px}
            """;

    private static final String SCRIPT = """
            (function () {
              var model = document.getElementById('filter-model');
              var verdict = document.getElementById('filter-verdict');
              var outcome = document.getElementById('filter-outcome');
              function apply() {
                var shown = 0;
                document.querySelectorAll('#summary-table tbody tr').forEach(function (tr) {
                  var ok = (!model.value || tr.dataset.model === model.value)
                    && (!verdict.value || tr.dataset.verdict === verdict.value)
                    && (!outcome.value || tr.dataset.outcome === outcome.value);
                  tr.style.display = ok ? '' : 'none';
                  if (ok) { shown++; }
                });
                document.getElementById('visible-count').textContent = String(shown);
              }
              [model, verdict, outcome].forEach(function (s) { s.addEventListener('change', apply); });
              document.querySelectorAll('a.pick-model').forEach(function (a) {
                a.addEventListener('click', function () { model.value = a.dataset.model; apply(); });
              });
              apply();
            })();
            """;
}
