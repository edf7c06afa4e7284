package org.rdmacheck.cli.report;

import static org.rdmacheck.cli.report.SequenceChartSvg.esc;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.rdmacheck.checker.thresholds.SwitchSpecs;
import org.rdmacheck.checker.thresholds.ThresholdAnalysis;
import org.rdmacheck.checker.thresholds.ThresholdReport;
import org.rdmacheck.checker.thresholds.ThresholdSolver;
import org.rdmacheck.checker.thresholds.WitnessCounterexamples;
import org.rdmacheck.checker.thresholds.WorkedExample;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.cli.Finding;
import org.rdmacheck.cli.Output;

/**
 * Writes the static HTML report of a suite run, readable offline (from {@code file://}: no request
 * leaves the folder):
 *
 * <ul>
 *   <li>{@code index.html}: the totals, the results by model, the summary table (variant with its
 *       non-default parameters, filters that also apply to the details), the knock-out coverage, the
 *       scope frontiers, the threshold tables and the plots; small, whatever the number of traces;</li>
 *   <li>{@code details/MODEL.js}: each model's details (charts, steps), loaded when a link, a filter or
 *       a button asks for them ({@code <script src>}, which browsers allow from {@code file://}, where
 *       they block {@code fetch});</li>
 *   <li>{@code findings.json} (the findings as {@code --json} prints them) and {@code plots/*.svg|png}.</li>
 * </ul>
 */
public final class HtmlReport {

    /** Model name of the threshold findings. */
    static final String THRESHOLDS = WitnessCounterexamples.MODEL;

    private HtmlReport() {
    }

    /**
     * @param dir      the report folder (created)
     * @param findings the findings
     * @param home     the rdmacheck checkout, where the suite left its CSV files
     * @param err      where to mention skipped parts
     */
    public static void write(Path dir, List<Finding> findings, Path home, PrintWriter err) {
        write(dir, findings, home, err, () -> Output.json(findings));
    }

    /**
     * As {@link #write(Path, List, Path, PrintWriter)}, with the text of {@code findings.json} from
     * elsewhere (a caller that saves the same JSON makes it once, on a thread of its own).
     *
     * @param json gives {@code Output.json(findings)}; asked for last, after the index is written
     */
    public static void write(Path dir, List<Finding> findings, Path home, PrintWriter err,
                             java.util.function.Supplier<String> json) {
        try {
            Files.createDirectories(dir);
            // the plots (XChart's PNGs most of all) take about as long as everything else: drawn on a
            // thread of their own while this one writes the details, so that both cores work
            java.util.concurrent.CompletableFuture<List<Plots.Figure>> plots = plotsBeside(home, dir.resolve("plots"));
            Map<String, List<Integer>> byModel = byModel(findings);
            Path details = dir.resolve("details");
            Files.createDirectories(details);
            try (Stream<Path> old = Files.list(details)) {
                for (Path p : old.filter(p -> p.getFileName().toString().endsWith(".js")).toList()) {
                    Files.delete(p);
                }
            }
            for (Map.Entry<String, List<Integer>> e : byModel.entrySet()) {
                atomically(details.resolve(fileName(e.getKey()) + ".js"), detailsScript(e.getKey(), e.getValue(),
                        findings));
            }
            List<String> sections = new ArrayList<>();
            CoverageSections.knockouts(findings).ifPresent(sections::add);
            CoverageSections.scopes(home.resolve("out").resolve("scope")).ifPresent(sections::add);
            if (findings.stream().anyMatch(f -> f.model().equals(THRESHOLDS))) {
                sections.add(ThresholdTables.section(findings, WorkedExample.figures(), derivation()));
            }
            atomically(dir.resolve("index.html"), index(findings, byModel, sections, figures(plots)));
            atomically(dir.resolve("findings.json"), json.get() + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report to " + dir, e);
        }
    }

    /** Draws the plots of the suite's outputs on a thread of its own. */
    private static java.util.concurrent.CompletableFuture<List<Plots.Figure>> plotsBeside(Path home, Path dir) {
        java.util.concurrent.CompletableFuture<List<Plots.Figure>> f = new java.util.concurrent.CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                f.complete(Plots.fromSuiteOutputs(home, dir));
            } catch (IOException | RuntimeException | Error e) {
                f.completeExceptionally(e);
            }
        }, "report-plots");
        t.setDaemon(true);
        t.start();
        return f;
    }

    /** @return the plots drawn by {@link #plotsBeside}, or its exception as drawing them on this thread would throw it */
    private static List<Plots.Figure> figures(java.util.concurrent.CompletableFuture<List<Plots.Figure>> plots)
            throws IOException {
        try {
            return plots.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the plots were drawn", e);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw (Error) e.getCause();
        }
    }

    /** The derivation the threshold section shows: the worked example's switch. */
    private static Optional<ThresholdReport> derivation() {
        return Optional.of(new ThresholdAnalysis(new ThresholdSolver(60_000)).derive(
                SwitchSpecs.load("arista-7050qx32")));
    }

    private static void atomically(Path file, String text) throws IOException {
        Path tmp = file.resolveSibling("." + file.getFileName() + ".part");
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
    }

    /** @return finding indices per model, in order of first appearance */
    static Map<String, List<Integer>> byModel(List<Finding> findings) {
        Map<String, List<Integer>> m = new LinkedHashMap<>();
        for (int i = 0; i < findings.size(); i++) {
            m.computeIfAbsent(findings.get(i).model(), k -> new ArrayList<>()).add(i);
        }
        return m;
    }

    /** A model name as a file name: letters, digits, '-', '_' and '.' kept, anything else '_'. */
    static String fileName(String model) {
        return model.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /** The details of one model as a script that hands them to the index page. */
    static String detailsScript(String model, List<Integer> indices, List<Finding> findings) {
        StringBuilder html = new StringBuilder();
        for (int i : indices) {
            html.append(DetailsHtml.article(findings.get(i), i));
        }
        try {
            return "rdmacheckDetails(" + TraceJson.MAPPER.writeValueAsString(model) + ", "
                    + TraceJson.MAPPER.writeValueAsString(html.toString()) + ");\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static String index(List<Finding> findings, Map<String, List<Integer>> byModel, List<String> sections,
                        List<Plots.Figure> figures) {
        StringBuilder sb = new StringBuilder();
        sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>rdmacheck report</title>\n<style>").append(ReportAssets.CSS).append("</style></head><body>\n");
        long unexpected = findings.stream().filter(f -> f.outcome() == Finding.Outcome.UNEXPECTED).count();
        long inconclusive = findings.stream().filter(f -> f.outcome() == Finding.Outcome.INCONCLUSIVE).count();
        sb.append("<header><h1>rdmacheck report</h1><p class=\"totals\">").append(findings.size())
                .append(" results: <b>").append(findings.size() - unexpected - inconclusive)
                .append("</b> as expected, <b class=\"bad\">").append(unexpected).append("</b> unexpected, <b>")
                .append(inconclusive).append("</b> inconclusive. Verdicts: VERIFIED/DEADLOCK_FREE are exhaustive "
                        + "proofs, CONFIRMED/REFUTED simulation claims, MEASURED a figure.</p>\n<nav>"
                        + "<a href=\"#overview\">By model</a> · <a href=\"#summary\">Summary</a> · "
                        + "<a href=\"#details\">Details</a>");
        for (String s : sections) {
            String id = s.substring(s.indexOf("id=\"") + 4, s.indexOf('"', s.indexOf("id=\"") + 4));
            String title = s.substring(s.indexOf("<h2>") + 4, s.indexOf("</h2>"));
            sb.append(" · <a href=\"#").append(id).append("\">").append(title.replaceAll(" \\(.*", "")).append("</a>");
        }
        sb.append(figures.isEmpty() ? "" : " · <a href=\"#plots\">Plots</a>").append("</nav></header>\n");
        overview(sb, findings);
        summary(sb, findings);
        details(sb, findings, byModel);
        sections.forEach(sb::append);
        if (!figures.isEmpty()) {
            sb.append("<section id=\"plots\"><h2>Plots</h2>\n");
            for (Plots.Figure f : figures) {
                sb.append("<figure class=\"plot\" id=\"plot-").append(esc(f.name())).append("\"><figcaption>")
                        .append(esc(f.caption())).append(" (<a href=\"plots/").append(esc(f.name()))
                        .append(".svg\">SVG</a>, <a href=\"plots/").append(esc(f.name())).append(".png\">PNG</a>)")
                        .append("</figcaption>\n<img src=\"plots/").append(esc(f.name())).append(".svg\" alt=\"")
                        .append(esc(f.caption())).append("\" width=\"").append(f.width()).append("\" height=\"")
                        .append(f.height()).append("\" loading=\"lazy\"></figure>\n");
            }
            sb.append("</section>\n");
        }
        sb.append("<script>").append(ReportAssets.SCRIPT).append("</script>\n</body></html>\n");
        return sb.toString();
    }

    /** One line per model or task: how many results, how many as expected; the name filters the summary. */
    private static void overview(StringBuilder sb, List<Finding> findings) {
        Map<String, long[]> byModel = new LinkedHashMap<>();
        for (Finding f : findings) {
            long[] c = byModel.computeIfAbsent(f.model(), k -> new long[5]);
            c[0]++;
            c[1 + f.outcome().ordinal()]++;
            // an INCONCLUSIVE verdict the model declares (vacuity) is as expected, but never shown as a proof
            c[4] += f.outcome() == Finding.Outcome.AS_EXPECTED && f.verdict() == Finding.Verdict.INCONCLUSIVE ? 1 : 0;
        }
        sb.append("<section id=\"overview\"><h2>By model</h2><table id=\"overview-table\"><thead><tr><th>model or "
                + "task</th><th>results</th><th>as expected</th><th>unexpected</th><th>inconclusive</th>"
                + "<th>of the expected, inconclusive (declared vacuous)</th></tr></thead><tbody>\n");
        byModel.forEach((m, c) -> sb.append(String.format(Locale.ROOT, "<tr class=\"%s\"><td><a href=\"#summary\" "
                        + "class=\"pick-model\" data-model=\"%s\">%s</a></td><td class=\"num\">%d</td>"
                        + "<td class=\"num\">%d</td><td class=\"num\">%d</td><td class=\"num\">%d</td>"
                        + "<td class=\"num\">%d</td></tr>%n",
                c[2] > 0 ? "unexpected" : c[3] + c[4] > 0 ? "inconclusive" : "", esc(m), esc(m), c[0], c[1], c[2],
                c[3], c[4])));
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
                + "</label> <span id=\"visible-count\">").append(findings.size()).append("</span> shown; the filters "
                + "apply to the details too</div>\n");
        sb.append("<table id=\"summary-table\"><thead><tr><th>model</th><th>variant</th><th>parameters</th>"
                + "<th>property</th><th>expected</th><th>verdict</th><th>states</th><th>time</th><th></th></tr></thead>"
                + "<tbody>\n");
        for (int i = 0; i < findings.size(); i++) {
            Finding f = findings.get(i);
            String cls = f.outcome() == Finding.Outcome.AS_EXPECTED ? "" : " class=\""
                    + f.outcome().name().toLowerCase(Locale.ROOT) + "\"";
            sb.append(String.format(Locale.ROOT, "<tr id=\"r%d\"%s data-model=\"%s\" data-verdict=\"%s\" "
                            + "data-outcome=\"%s\"><td>%s</td><td>%s</td><td class=\"params\">%s</td><td><a href=\"#f%d\">"
                            + "%s</a></td><td>%s</td><td>%s</td><td class=\"num\">%s</td><td class=\"num\">%.2f s</td>"
                            + "<td>%s</td></tr>%n",
                    i, cls, esc(f.model()), f.verdict().name(), f.outcome().name(), esc(f.model()), esc(f.variant()),
                    esc(VariantLabels.text(VariantLabels.nonDefault(f))), i, esc(f.property()), f.expected().word(),
                    f.verdict().name(), f.quantity("distinctStates").map(q -> String.format(Locale.ROOT, "%,d",
                            (long) q.value())).orElse("–"), f.wallMillis() / 1000.0,
                    f.counterexample().isPresent() ? "<a href=\"#f" + i + "\">trace</a>" : ""));
        }
        sb.append("</tbody></table></section>\n");
    }

    /** One placeholder per model: its details arrive from {@code details/MODEL.js} when asked for. */
    private static void details(StringBuilder sb, List<Finding> findings, Map<String, List<Integer>> byModel) {
        sb.append("<section id=\"details\"><h2>Details</h2>\n<p>Each model's details (figures, counterexamples "
                + "drawn as charts beside their steps) load when a link or the model filter asks for them. "
                + "<button type=\"button\" id=\"load-all\">Show all details</button></p>\n");
        byModel.forEach((m, idx) -> {
            long traces = idx.stream().filter(i -> findings.get(i).counterexample().isPresent()).count();
            sb.append(String.format(Locale.ROOT, "<section class=\"model-details\" id=\"details-%s\" data-model=\"%s\" "
                    + "data-src=\"details/%s.js\"><h3>%s <small>(%d results, %d counterexamples)</small> <button "
                    + "type=\"button\" class=\"load\" data-model=\"%s\">show</button></h3><div class=\"body\"></div>"
                    + "</section>%n", esc(fileName(m)), esc(m), esc(fileName(m)), esc(m), idx.size(), traces, esc(m)));
        });
        sb.append("</section>\n");
    }
}
