package org.rdmacheck.cli.report;

import static org.rdmacheck.cli.report.SequenceChartSvg.esc;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.Counts;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.cli.Finding;
import org.rdmacheck.cli.Quantity;

/**
 * One finding's details as an HTML {@code article id="fN"}: its heading with the variant's
 * non-default parameters, figures with units, and its counterexample drawn as what its property is
 * about (a message sequence chart, the Dart senders' rates, a credit loop on its topology) beside the
 * steps with only what changed at each.
 */
final class DetailsHtml {

    private DetailsHtml() {
    }

    /**
     * @param f a finding
     * @param i its index in the report
     * @return its article
     */
    static String article(Finding f, int i) {
        StringBuilder sb = new StringBuilder();
        Map<String, String> extra = VariantLabels.nonDefault(f);
        sb.append(String.format(Locale.ROOT, "<article class=\"finding %s\" id=\"f%d\" data-model=\"%s\" "
                        + "data-verdict=\"%s\" data-outcome=\"%s\"><h3>%s / %s%s: %s — <span class=\"verdict\">%s</span>"
                        + "</h3>%n", f.outcome().name().toLowerCase(Locale.ROOT), i, esc(f.model()), f.verdict().name(),
                f.outcome().name(), esc(f.model()), esc(f.variant()), extra.isEmpty() ? ""
                        : " <span class=\"params-inline\">(" + esc(VariantLabels.text(extra)) + ")</span>",
                esc(f.property()), f.verdict().name()));
        sb.append("<p>expected: ").append(f.expected().word()).append("; outcome: ").append(f.outcome().name())
                .append("; wall time ").append(String.format(Locale.ROOT, "%.2f s", f.wallMillis() / 1000.0))
                .append("</p>\n");
        if (!f.detail().isEmpty()) {
            sb.append("<p class=\"detail\">").append(esc(f.detail())).append("</p>\n");
        }
        if (!f.parameters().isEmpty()) {
            sb.append("<p class=\"params\">parameters: ");
            f.parameters().forEach((k, v) -> sb.append("<code").append(extra.containsKey(k) ? " class=\"changed\"" : "")
                    .append('>').append(esc(k)).append('=').append(esc(v)).append("</code> "));
            sb.append("</p>\n");
        }
        if (!f.quantities().isEmpty()) {
            sb.append("<table class=\"quantities\"><tr><th>figure</th><th>value</th><th>unit</th></tr>");
            for (Quantity q : f.quantities()) {
                sb.append("<tr><td>").append(esc(q.name())).append("</td><td class=\"num\">").append(number(q))
                        .append("</td><td>").append(esc(q.unit().symbol())).append("</td></tr>");
            }
            sb.append("</table>\n");
        }
        f.counterexample().ifPresent(t -> counterexample(sb, t.trace(), i, f));
        sb.append("<p><a href=\"#summary\">back to the summary</a></p></article>\n");
        return sb.toString();
    }

    static String number(Quantity q) {
        return q.isIntegral() ? String.format(Locale.ROOT, "%,d", (long) q.value())
                : String.format(Locale.ROOT, "%.6g", q.value());
    }

    private static void counterexample(StringBuilder sb, Counterexample cex, int i, Finding f) {
        sb.append("<div class=\"cex\" data-kind=\"").append(cex.kind().word()).append("\"><h4>Counterexample: ")
                .append(cex.kind().word()).append(", ").append(Counts.of(cex.length(), "step"))
                .append(f.counterexampleFile().map(p -> ", <code>" + esc(p) + "</code>").orElse(""))
                .append("</h4>\n");
        if (!cex.note().isEmpty()) {
            sb.append("<p>").append(esc(cex.note())).append("</p>\n");
        }
        Optional<String> rates = RateChart.of(cex, "rx" + i);
        Optional<String> cycle = CycleDiagram.of(cex, "cy" + i);
        // a Dart trace of observations only has nothing on its lifelines: its rates say what happened
        Optional<SequenceChart> chart = ChartScripts.of(cex)
                .filter(c -> rates.isEmpty() || !c.messages().isEmpty());
        rates.ifPresent(svg -> sb.append("<div class=\"chart rates\">").append(svg).append("</div>\n"));
        cycle.ifPresent(svg -> sb.append("<div class=\"chart cycle\">").append(svg).append("</div>\n"));
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
}
