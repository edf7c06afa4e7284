package org.rdmacheck.cli.report;

import static org.rdmacheck.cli.report.SequenceChartSvg.esc;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.rdmacheck.checker.thresholds.BetaBound;
import org.rdmacheck.checker.thresholds.HeadroomTerm;
import org.rdmacheck.checker.thresholds.PaperFigure;
import org.rdmacheck.checker.thresholds.SolveStatus;
import org.rdmacheck.checker.thresholds.SwitchSpec;
import org.rdmacheck.checker.thresholds.ThresholdReport;
import org.rdmacheck.cli.Finding;
import org.rdmacheck.cli.Quantity;

/**
 * The report's threshold section as tables (seed 004 §4): the worked example's printed figures
 * against the paper's own formulas, the derivation for one switch (headroom terms, static and dynamic
 * bounds), the configurations the suite checked and the SONiC example configurations, each row
 * linking to its finding.
 */
final class ThresholdTables {

    private ThresholdTables() {
    }

    /**
     * @param findings   every finding of the report (the threshold rows are picked by model)
     * @param figures    the worked example
     * @param derivation the derivation to show, if one was made
     * @return the section
     */
    static String section(List<Finding> findings, List<PaperFigure> figures, Optional<ThresholdReport> derivation) {
        StringBuilder sb = new StringBuilder("<section id=\"thresholds\"><h2>PFC/ECN thresholds (seed 004 §4)</h2>\n");
        sb.append("<h3>The worked example: the paper's figures against its formulas</h3>\n<div class=\"wide\">"
                + "<table class=\"thr\" id=\"thr-paper\"><thead><tr><th>figure</th><th>paper</th><th>its formulas give"
                + "</th><th>status</th><th>formula</th></tr></thead><tbody>\n");
        for (PaperFigure f : figures) {
            sb.append("<tr><td>").append(esc(f.figure())).append("</td><td>").append(esc(f.paper())).append("</td><td>")
                    .append(esc(f.computed())).append("</td><td class=\"verdict\">").append(f.status()).append("</td><td>")
                    .append(esc(f.formula())).append(f.note().isEmpty() ? "" : "<br><small>" + esc(f.note()) + "</small>")
                    .append("</td></tr>\n");
        }
        sb.append("</tbody></table></div>\n");
        derivation.ifPresent(r -> derivation(sb, r));
        configs(sb, findings);
        sonic(sb, findings);
        return sb.append("</section>\n").toString();
    }

    private static void derivation(StringBuilder sb, ThresholdReport r) {
        SwitchSpec sw = r.sw();
        sb.append("<h3>Derivation for ").append(esc(sw.name())).append("</h3>\n<p>buffer B = ")
                .append(bytes(sw.bufferBytes())).append(", n = ").append(sw.ports()).append(" ports, p = ")
                .append(sw.priorities()).append(" lossless priorit").append(sw.priorities() == 1 ? "y" : "ies")
                .append(", MTU ").append(bytes(sw.mtuBytes())).append("; headroom t_flight per port per priority = ")
                .append(bytes(r.headroom().bytes())).append(r.headroom().given() ? " (given)"
                        : " (IEEE 802.1Qbb delay model)").append(".</p>\n");
        if (!r.headroom().terms().isEmpty()) {
            sb.append("<div class=\"wide\"><table class=\"thr\" id=\"thr-headroom\"><thead><tr><th>headroom term</th>"
                    + "<th>formula</th><th>bit times</th><th>bytes</th></tr></thead><tbody>\n");
            for (HeadroomTerm t : r.headroom().terms()) {
                sb.append(String.format(Locale.ROOT, "<tr><td>%s</td><td>%s</td><td class=\"num\">%,.1f</td>"
                        + "<td class=\"num\">%,.1f B</td></tr>%n", esc(t.name()), esc(t.formula()), t.bitTimes(),
                        t.bitTimes().divide(BigDecimal.valueOf(8), 1, RoundingMode.HALF_UP)));
            }
            sb.append("</tbody></table></div>\n");
        }
        sb.append("<table class=\"thr\" id=\"thr-bounds\"><thead><tr><th>bound</th><th>value</th><th>rule</th></tr>"
                + "</thead><tbody>\n");
        row(sb, "reserved headroom p·n·t_flight", bytes(r.reservedHeadroom()), "");
        row(sb, "shared buffer B − p·n·t_flight", bytes(r.sharedBuffer()), r.sharedBuffer() > 0 ? ""
                : "the headroom alone does not fit in the buffer");
        var s = r.staticDerivation();
        if (s.status() == SolveStatus.TIMED_OUT) {
            row(sb, "static t_PFC", "INCONCLUSIVE", "the solver's time limit was reached");
        } else {
            row(sb, "largest safe static t_PFC", s.tPfcMax() > 0 ? bytes(s.tPfcMax()) : "none",
                    "t_PFC ≤ (B − p·n·t_flight)/(p·n)");
            row(sb, "largest safe t_ECN (static)", s.tEcnMax() < 0 ? "none" : bytes(s.tEcnMax()),
                    "t_PFC > n·t_ECN" + (s.feasible() ? "" : "; INFEASIBLE: below one MTU"));
        }
        var d = r.dynamicDerivation();
        row(sb, "best dynamic beta", d.beta().map(String::valueOf).orElse("none"), "t_PFC = beta(B − p·n·t_flight − s)/"
                + sw.betaDivisor() + ", worst case s = p·n·t_ECN");
        row(sb, "largest safe t_ECN (dynamic)", d.beta().isPresent() ? bytes(d.tEcnMax()) : "none",
                d.feasible() ? "set DCQCN K_min = t_ECN, K_max ≥ K_min" : "INFEASIBLE");
        sb.append("</tbody></table>\n");
        sb.append("<table class=\"thr\" id=\"thr-beta\"><thead><tr><th>beta</th><th>t_ECN must stay below</th></tr>"
                + "</thead><tbody>\n");
        for (BetaBound b : d.perBeta()) {
            sb.append("<tr><td>").append(esc(String.valueOf(b.beta()))).append("</td><td class=\"num\">")
                    .append(b.tEcnMax() < 0 ? "none" : bytes(b.tEcnMax() + 1)).append("</td></tr>\n");
        }
        sb.append("</tbody></table>\n");
    }

    private static void row(StringBuilder sb, String name, String value, String rule) {
        sb.append("<tr><td>").append(esc(name)).append("</td><td class=\"num\">").append(esc(value)).append("</td><td>")
                .append(esc(rule)).append("</td></tr>\n");
    }

    /** The configurations checked against the constraints (not the paper's figures, not SONiC). */
    private static void configs(StringBuilder sb, List<Finding> findings) {
        StringBuilder rows = new StringBuilder();
        for (int i = 0; i < findings.size(); i++) {
            Finding f = findings.get(i);
            if (!f.model().equals(HtmlReport.THRESHOLDS) || f.variant().equals("seed004-paper")
                    || f.variant().startsWith("sonic:")) {
                continue;
            }
            rows.append(String.format(Locale.ROOT, "<tr class=\"%s\"><td>%s</td><td><a href=\"#f%d\">%s</a></td>"
                            + "<td>%s</td><td class=\"verdict\">%s</td><td class=\"num\">%s</td><td class=\"num\">%s</td>"
                            + "<td>%s</td></tr>%n", f.outcome().name().toLowerCase(Locale.ROOT), esc(f.variant()), i,
                    esc(f.property()), f.expected().word(), f.verdict().name(), bytesOf(f, "tPfcBytes", "tPfcMaxBytes"),
                    bytesOf(f, "tEcnBytes", "tEcnMaxBytes"), esc(f.detail())));
        }
        if (rows.length() > 0) {
            sb.append("<h3>Configurations checked</h3>\n<div class=\"wide\"><table class=\"thr\" id=\"thr-configs\">"
                    + "<thead><tr><th>switch</th><th>configuration</th><th>expected</th><th>verdict</th><th>t_PFC</th>"
                    + "<th>t_ECN</th><th>constraints</th></tr></thead><tbody>\n").append(rows)
                    .append("</tbody></table></div>\n");
        }
    }

    private static void sonic(StringBuilder sb, List<Finding> findings) {
        StringBuilder rows = new StringBuilder();
        for (int i = 0; i < findings.size(); i++) {
            Finding f = findings.get(i);
            if (!f.model().equals(HtmlReport.THRESHOLDS) || !f.variant().startsWith("sonic:")) {
                continue;
            }
            rows.append(String.format(Locale.ROOT, "<tr class=\"%s\"><td><a href=\"#f%d\">%s</a></td><td>%s</td>"
                            + "<td>%s</td><td class=\"verdict\">%s</td><td class=\"num\">%s</td><td>%s</td><td>%s</td>"
                            + "</tr>%n", f.outcome().name().toLowerCase(Locale.ROOT), i,
                    esc(f.variant().substring("sonic:".length())), esc(f.property()), f.expected().word(),
                    f.verdict().name(), bytesOf(f, "returnableHeadroomBytes"), esc(f.detail()),
                    f.counterexample().map(t -> esc(t.trace().property()) + " (" + t.trace().kind().word() + ")")
                            .orElse("")));
        }
        if (rows.length() > 0) {
            sb.append("<h3>SONiC configurations (examples/sonic)</h3>\n<div class=\"wide\"><table class=\"thr\" "
                    + "id=\"thr-sonic\"><thead><tr><th>configuration</th><th>properties</th><th>expected</th>"
                    + "<th>verdict</th><th>returnable headroom</th><th>lossless (port, priority) pairs</th>"
                    + "<th>first witness</th></tr></thead><tbody>\n").append(rows).append("</tbody></table></div>\n");
        }
    }

    private static String bytesOf(Finding f, String... names) {
        for (String n : names) {
            Optional<Quantity> q = f.quantity(n);
            if (q.isPresent()) {
                return bytes((long) q.get().value());
            }
        }
        return "–";
    }

    private static String bytes(long n) {
        return String.format(Locale.ROOT, "%,d B", n);
    }
}
