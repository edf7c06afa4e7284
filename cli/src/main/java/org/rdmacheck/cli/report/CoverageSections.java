package org.rdmacheck.cli.report;

import static org.rdmacheck.cli.report.SequenceChartSvg.esc;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.cli.Finding;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.catalog.Mechanism;
import org.rdmacheck.properties.catalog.ModelEntry;

/**
 * The knock-out coverage table (one row per declared mechanism: what removing it breaks, from the
 * suite's {@code knockout NAME} findings) and the scope frontiers ({@code rdmacheck scope --json}
 * reports saved under {@code out/scope/}).
 */
final class CoverageSections {

    /** Property prefix of the suite's knock-out findings. */
    static final String KNOCKOUT = "knockout ";

    private CoverageSections() {
    }

    /**
     * @param findings every finding of the report
     * @return the knock-out section, when the suite ran knock-outs
     */
    static Optional<String> knockouts(List<Finding> findings) {
        StringBuilder rows = new StringBuilder();
        // a mechanism with several coverage scopes has a row per scope; it is killed when killed at every one
        java.util.Map<String, Boolean> killedAtEvery = new java.util.LinkedHashMap<>();
        int findingsNotCounted = 0;
        for (int i = 0; i < findings.size(); i++) {
            Finding f = findings.get(i);
            if (!f.property().startsWith(KNOCKOUT)) {
                continue;
            }
            String name = f.property().substring(KNOCKOUT.length());
            Optional<Mechanism> m = mechanism(f.model(), name);
            // a mechanism declared not needed (with its argument) is a finding, not one of those to kill
            boolean notNeeded = f.verdict() == Finding.Verdict.NOT_NEEDED;
            findingsNotCounted += notNeeded ? 1 : 0;
            if (!notNeeded) {
                killedAtEvery.merge(f.model() + " " + name, f.verdict() == Finding.Verdict.VIOLATED, Boolean::logicalAnd);
            }
            String outcome = switch (f.verdict()) {
                case VIOLATED -> "killed";
                case VERIFIED -> "SURVIVED";
                case NOT_NEEDED -> "not needed (a finding)";
                default -> f.verdict().name();
            };
            rows.append(String.format(Locale.ROOT, "<tr class=\"%s\" data-model=\"%s\"><td>%s</td><td><a href=\"#f%d\">"
                            + "%s</a></td><td>%s</td><td>%s</td><td>%s</td><td class=\"verdict\">%s</td><td>%s</td>"
                            + "<td class=\"num\">%s</td></tr>%n", f.outcome().name().toLowerCase(Locale.ROOT),
                    esc(f.model()), esc(f.model()), i, esc(name), esc(m.map(x -> x.title() + " (" + x.paperRef() + ")")
                            .orElse("")), esc(m.map(Mechanism::purpose).orElse("")),
                    esc(VariantLabels.text(f.parameters())), outcome, esc(f.detail()),
                    f.quantity("distinctStates").map(DetailsHtml::number).orElse("–")));
        }
        int n = killedAtEvery.size();
        long killed = killedAtEvery.values().stream().filter(k -> k).count();
        if (n + findingsNotCounted == 0) {
            return Optional.empty();
        }
        return Optional.of("<section id=\"knockouts\"><h2>Knock-out coverage</h2>\n<p>Each mechanism a model declares, "
                + "removed at its coverage scope (a row per scope where its switch guards several code paths): <b>"
                + killed + "</b> of " + n + " killed (some property that must hold fails without it, at every scope). A mechanism that survives is not detected by any property there."
                + (findingsNotCounted == 0 ? "" : " " + findingsNotCounted + " more declared not needed, with the "
                + "argument in the row (a finding, not counted).") + "</p>\n"
                + "<table class=\"thr\" id=\"knockout-table\"><thead><tr><th>model</th><th>mechanism</th><th>paper</th>"
                + "<th>purpose</th><th>coverage scope</th><th>outcome</th><th>what failed</th><th>states</th></tr>"
                + "</thead><tbody>\n" + rows + "</tbody></table></section>\n");
    }

    private static Optional<Mechanism> mechanism(String model, String name) {
        for (ModelEntry e : Catalog.entries()) {
            if (e.name().equals(model)) {
                return e.mechanisms().stream().filter(m -> m.name().equals(name)).findFirst();
            }
        }
        return Optional.empty();
    }

    /**
     * @param folder where {@code scope --json} reports were saved ({@code out/scope})
     * @return the scope section, when there is a report; unreadable files are named in it
     */
    static Optional<String> scopes(Path folder) {
        if (!Files.isDirectory(folder)) {
            return Optional.empty();
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(folder)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
        } catch (IOException e) {
            return Optional.empty();
        }
        if (files.isEmpty()) {
            return Optional.empty();
        }
        StringBuilder sb = new StringBuilder("<section id=\"scopes\"><h2>Scope frontiers</h2>\n<p>How far each proof "
                + "reaches (<code>rdmacheck scope MODEL --json</code> saved under <code>out/scope/</code>): the "
                + "maximal configurations decided as expected, and where the growth stopped.</p>\n");
        for (Path f : files) {
            try {
                scope(sb, TraceJson.MAPPER.readTree(f.toFile()), f.getFileName().toString());
            } catch (IOException | RuntimeException e) {
                sb.append("<p class=\"bad\">").append(esc(f.getFileName().toString())).append(": not a scope report (")
                        .append(esc(String.valueOf(e.getMessage()))).append(")</p>\n");
            }
        }
        return Optional.of(sb.append("</section>\n").toString());
    }

    private static void scope(StringBuilder sb, JsonNode r, String file) {
        if (!r.path("frontier").isArray() || !r.path("dimensions").isArray()) {
            throw new IllegalArgumentException("no frontier or dimensions");
        }
        List<String> dims = new ArrayList<>();
        List<String> grown = new ArrayList<>();
        r.path("dimensions").forEach(d -> {
            dims.add(d.path("name").asText());
            // a dimension grown to its parameter's largest value: the range's top, not the proof's frontier
            grown.add(d.path("name").asText() + (d.path("stoppedBy").asText().equals("RANGE_LIMIT")
                    ? " (to the top of its range)" : ""));
        });
        List<String> fixed = new ArrayList<>();
        r.path("fixed").fields().forEachRemaining(e -> fixed.add(e.getKey() + "=" + e.getValue().asText()));
        String stopped = r.path("stopped").isNull() ? (r.path("complete").asBoolean() ? "the whole grid decided"
                : "not complete") : "stopped: " + r.path("stopped").asText();
        sb.append("<h3>").append(esc(r.path("model").asText())).append(" / ").append(esc(r.path("variant").asText()))
                .append("</h3>\n<p>grown over ").append(esc(String.join(", ", grown)))
                .append(fixed.isEmpty() ? "" : esc(", every configuration with " + String.join(" ", fixed))).append("; ")
                .append(r.path("points").size()).append(" configurations checked; ").append(esc(stopped))
                .append(" <small>(").append(esc(file)).append(")</small></p>\n");
        sb.append("<table class=\"thr scope\"><thead><tr><th></th>");
        dims.forEach(d -> sb.append("<th>").append(esc(d)).append("</th>"));
        sb.append("<th>outcome</th><th>states</th><th>time</th><th>detail</th></tr></thead><tbody>\n");
        for (JsonNode p : r.path("frontier")) {
            point(sb, "frontier", p, dims);
        }
        JsonNode u = r.path("unexpected");
        if (u.isObject()) {
            point(sb, "unexpected", u, dims);
        }
        sb.append("</tbody></table>\n");
    }

    private static void point(StringBuilder sb, String role, JsonNode p, List<String> dims) {
        sb.append("<tr class=\"").append(role.equals("unexpected") ? "unexpected" : "").append("\"><td>")
                .append(role).append("</td>");
        for (String d : dims) {
            sb.append("<td>").append(esc(p.path("at").path(d).asText(""))).append("</td>");
        }
        sb.append(String.format(Locale.ROOT, "<td class=\"verdict\">%s</td><td class=\"num\">%,d</td>"
                        + "<td class=\"num\">%.1f s</td><td>%s</td></tr>%n", esc(p.path("outcome").asText()),
                p.path("states").path("value").asLong(), p.path("wallMillis").path("value").asDouble() / 1000,
                esc(p.path("detail").asText() + (p.path("property").isTextual() ? " (" + p.path("property").asText()
                        + ")" : ""))));
    }
}
