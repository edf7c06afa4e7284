package org.rdmacheck.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.properties.catalog.Catalog;

/**
 * Formats findings as a table or as JSON (schema {@code docs/json-schema/findings.schema.json}:
 * an array of findings, figures as {@code {"value", "unit"}} under {@code quantities}).
 */
public final class Output {

    private Output() {
    }

    /**
     * Prints findings as JSON (an array of objects) or as an aligned table.
     *
     * @param out  where to print
     * @param rows the findings
     * @param json whether to print JSON
     */
    public static void print(PrintWriter out, List<Finding> rows, boolean json) {
        if (json) {
            out.println(json(rows));
        } else {
            out.print(table(rows));
        }
        out.flush();
    }

    /** @param rows findings  @return the JSON text */
    public static String json(List<Finding> rows) {
        try {
            return TraceJson.MAPPER.writeValueAsString(jsonArray(rows));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Writes fairness assumptions as JSON {@code fairness}: each its label, strength ({@code WEAK},
     * {@code STRONG}), scope ({@code FAMILY}, {@code EACH}, {@code PER}) and the group parameters {@code by}.
     *
     * @param o       the object to write into
     * @param assumed the assumptions (an empty array when none)
     */
    static void fairness(ObjectNode o, List<Finding.Assumption> assumed) {
        com.fasterxml.jackson.databind.node.ArrayNode fa = o.putArray("fairness");
        for (Finding.Assumption a : assumed) {
            ObjectNode ao = fa.addObject();
            ao.put("label", a.label());
            ao.put("strength", a.strength().name());
            ao.put("scope", a.scope().name());
            a.by().forEach(ao.putArray("by")::add);
        }
    }

    /** @param rows findings  @return the JSON array */
    public static ArrayNode jsonArray(List<Finding> rows) {
        ArrayNode arr = TraceJson.MAPPER.createArrayNode();
        for (Finding r : rows) {
            arr.add(json(r));
        }
        return arr;
    }

    /** @param r a finding  @return its JSON object */
    public static ObjectNode json(Finding r) {
        ObjectNode o = TraceJson.MAPPER.createObjectNode();
        o.put("model", r.model());
        java.util.Optional<Finding.Tla> tla = r.subject().tla();
        if (tla.isPresent() && tla.get().compares()) {
            // conform: the Java variant and its parameters, typed as the model declares them, and the
            // manifest configuration, beside the TLA+ constants they map to
            ObjectNode v = o.putObject("variant");
            Finding.JavaSide java = tla.get().java().orElse(null);
            v.put("name", java == null ? null : java.variant());
            v.put("configuration", tla.get().configuration().orElse(null));
            if (java == null) {
                v.putObject("parameters");
            } else {
                JsonValues.parameters(v, "parameters", java.model(), java.parameters());
            }
        } else {
            o.put("variant", r.variant());
        }
        if (tla.isPresent()) {
            JsonValues.tlaConstants(o, "parameters", r.parameters());
        } else {
            JsonValues.parameters(o, "parameters", r.model(), r.parameters());
        }
        o.put("property", r.property());
        o.put("expected", r.expected().name());
        o.put("verdict", r.verdict().name());
        o.put("outcome", r.outcome().name());
        o.put("asExpected", r.outcome() == Finding.Outcome.AS_EXPECTED);
        JsonValues.figure(o, "wallMillis", r.wallMillis(), Quantity.Unit.MILLISECONDS);
        ObjectNode qs = o.putObject("quantities");
        for (Quantity q : r.quantities()) {
            JsonValues.put(qs.putObject(q.name()), q);
        }
        if (r.counterexample().isPresent()) {
            Counterexample cex = r.counterexample().get().trace();
            ObjectNode c = o.putObject("counterexample");
            c.put("file", r.counterexampleFile().orElse(null));
            c.put("kind", cex.kind().name());
            c.put("property", cex.property());
            JsonValues.figure(c, "steps", cex.length(), Quantity.Unit.STEPS); // the trace's length, as budget's
            c.put("violationIndex", cex.violationIndex());
            if (cex.loopStart() >= 0) {
                c.put("loopStart", cex.loopStart());
            } else {
                c.putNull("loopStart"); // no lasso: a position that does not exist is null
            }
            // The whole trace, always: a JSON consumer needs no --out file to see it.
            c.set("trace", org.rdmacheck.checker.trace.Counterexamples.toJson(cex).get("steps"));
        } else {
            o.putNull("counterexample");
        }
        o.put("detail", r.detail());
        o.put("inconclusiveCause", r.cause().map(Enum::name).orElse(null));
        r.reduction().ifPresent(red -> o.put("reduction", red));
        r.symmetryAudit().ifPresent(a -> {
            ObjectNode so = o.putObject("symmetryAudit");
            so.put("scope", a.scope().name());
            so.put("renamings", a.renamings().name());
            so.put("elements", a.elements());
            so.put("renamingsPerState", a.renamingsPerState());
            JsonValues.figure(so, "statesAudited", a.statesAudited(), Quantity.Unit.STATES);
            JsonValues.figure(so, "statesLeftOut", a.statesLeftOut(), Quantity.Unit.STATES);
            JsonValues.figure(so, "imagesExpanded", a.imagesExpanded(), Quantity.Unit.STATES);
            so.put("sound", a.sound());
        });
        if (!r.fairness().isEmpty()) {
            fairness(o, r.fairness());
        }
        r.search().ifPresent(sr -> {
            ObjectNode so = o.putObject("search");
            so.put("mode", sr.mode());
            so.put("seed", sr.seed());
            so.put("depth", sr.depth());
            so.put("walks", sr.walks());
            sr.directed().ifPresent(d -> {
                ObjectNode dn = so.putObject("directed");
                dn.put("heuristic", d.heuristic());
                dn.put("bestScore", d.bestScore());
                dn.put("maxScore", d.maxScore());
                dn.put("dropped", d.dropped());
            });
        });
        return o;
    }

    /**
     * One line per checked configuration that has a VERIFIED row: the proof's scope, every parameter
     * (defaults included) and the distinct states explored, so that "verified" never stands without
     * the bounds it holds within.
     *
     * @param rows     findings
     * @param symmetry whether the states were reduced up to the model's symmetry (then they count classes)
     * @return the lines, empty when nothing was verified
     */
    public static List<String> scope(List<Finding> rows, boolean symmetry) {
        java.util.Map<String, Long> seen = new java.util.LinkedHashMap<>();
        java.util.Map<String, java.util.Set<String>> fair = new java.util.HashMap<>();
        String classes = "states, one per class of states equal up to the model's symmetry (--symmetry)";
        String all = "distinct states, every reachable one";
        for (Finding r : rows) {
            if (r.verdict() != Finding.Verdict.VERIFIED) {
                continue;
            }
            List<String> kv = new ArrayList<>();
            r.parameters().forEach((k, v) -> kv.add(k + "=" + v));
            // liveness is analysed on the unreduced graph (its rows carry the analysis figures)
            boolean reduced = symmetry && r.quantity("analysisBytes").isEmpty();
            // under a partial-order reduction the count is that of the reduced graph
            String por = r.reduction().filter(x -> !x.equals("none")).map(x -> "distinct states of the graph the "
                    + "partial-order reduction (" + x + ") explores").orElse(all);
            // a proof on classes rests on the symmetry audit: say when it was not a sound one
            String audit = !reduced ? "" : r.symmetryAudit().filter(a -> !a.sound()).map(a -> "; " + a.describe())
                    .orElse("");
            String key = r.model() + " " + r.variant() + (kv.isEmpty() ? "" : " " + String.join(" ", kv)) + "\u0000"
                    + (reduced ? classes + audit : por);
            long states = r.quantity("distinctStates").map(q -> (long) q.value()).orElse(-1L);
            seen.merge(key, states, Math::max);
            // a liveness verdict holds under its fairness only: say which
            if (!r.fairness().isEmpty()) {
                fair.computeIfAbsent(key, k -> new java.util.LinkedHashSet<>()).add(r.property() + " under "
                        + r.fairness().stream().map(Object::toString)
                        .collect(java.util.stream.Collectors.joining(", ")));
            }
        }
        List<String> lines = new ArrayList<>();
        seen.forEach((k, n) -> {
            String[] parts = k.split("\u0000");
            String assumed = fair.containsKey(k) ? "; " + String.join("; ", fair.get(k)) : "";
            lines.add("verified within: " + parts[0] + (n < 0 ? "" : String.format(Locale.ROOT, " (%,d %s%s)", n,
                    parts[1], assumed)));
        });
        return lines;
    }

    /** Width the table fits in: {@code $COLUMNS} when the shell exports it, else 120. */
    static int terminalWidth() {
        try {
            int c = Integer.parseInt(System.getenv().getOrDefault("COLUMNS", "120").trim());
            return Math.max(80, c);
        } catch (NumberFormatException e) {
            return 120;
        }
    }

    /** @param rows rows  @return an aligned text table that fits {@link #terminalWidth()} */
    public static String table(List<Finding> rows) {
        return table(rows, terminalWidth());
    }

    /**
     * An aligned table no wider than {@code width}: property names whole, the non-default parameters
     * of a configuration on a line of their own above its rows, and a counterexample file or detail
     * that does not fit the last column moved to a numbered details section below the table.
     *
     * @param rows  rows
     * @param width characters per line
     * @return the table
     */
    static String table(List<Finding> rows, int width) {
        String[] header = {"model", "variant", "property", "expect", "verdict", "states", "time", "detail"};
        int[] cap = {12, 28, Integer.MAX_VALUE, 7, 16, 13, 8, Integer.MAX_VALUE}; // variant names whole (the longest: 27)
        List<String[]> cells = new ArrayList<>();
        List<String> extras = new ArrayList<>();
        List<String> configs = new ArrayList<>();
        cells.add(header);
        extras.add("");
        configs.add("");
        for (Finding r : rows) {
            String mark = r.outcome() == Finding.Outcome.UNEXPECTED ? " !" : "";
            String extra = r.counterexampleFile().orElse("");
            if (!r.detail().isEmpty()) {
                extra = extra.isEmpty() ? r.detail() : extra + "  " + r.detail();
            }
            extras.add(extra);
            configs.add(r.model() + "\u0000" + r.variant() + "\u0000" + parameters(r));
            cells.add(new String[] {r.model(), r.variant(), r.property(), r.expected().word(), r.verdict().name() + mark,
                states(r), Durations.format(r.wallMillis()), ""});
        }
        int[] w = new int[header.length];
        for (String[] row : cells) {
            for (int i = 0; i < row.length - 1; i++) {
                w[i] = Math.min(cap[i], Math.max(w[i], row[i].length()));
            }
        }
        int used = 0;
        for (int i = 0; i < w.length - 1; i++) {
            used += w[i] + 2;
        }
        int last = Math.max(8, width - used);
        List<String> details = new ArrayList<>();
        for (int r = 1; r < cells.size(); r++) {
            String extra = extras.get(r);
            if (extra.length() <= last) {
                cells.get(r)[w.length - 1] = extra;
            } else {
                // rows of one check share their detail (the collision bound): one note for all
                if (!extra.equals(details.isEmpty() ? null : details.get(details.size() - 1))) {
                    details.add(extra);
                }
                cells.get(r)[w.length - 1] = "[" + details.size() + "]";
            }
        }
        w[w.length - 1] = last;
        StringBuilder sb = new StringBuilder();
        String indent = " ".repeat(w[0] + 2);
        for (int r = 0; r < cells.size(); r++) {
            String config = configs.get(r);
            String params = config.isEmpty() ? "" : config.substring(config.lastIndexOf('\u0000') + 1);
            if (r > 0 && !params.isEmpty() && !config.equals(configs.get(r - 1))) {
                for (String l : wrap("parameters: " + params, Math.max(20, width - indent.length()))) {
                    sb.append(indent).append(l).append('\n');
                }
            }
            List<List<String>> wrapped = new ArrayList<>();
            int height = 1;
            for (int i = 0; i < w.length; i++) {
                List<String> lines = wrap(cells.get(r)[i], w[i]);
                wrapped.add(lines);
                height = Math.max(height, lines.size());
            }
            for (int line = 0; line < height; line++) {
                StringBuilder out = new StringBuilder();
                for (int i = 0; i < w.length; i++) {
                    String part = line < wrapped.get(i).size() ? wrapped.get(i).get(line) : "";
                    out.append(i == w.length - 1 ? part : pad(part, w[i] + 2));
                }
                sb.append(out.toString().stripTrailing()).append('\n');
            }
            if (r == 0) {
                sb.append("-".repeat(Math.min(width, used + last))).append('\n');
            }
        }
        for (int i = 0; i < details.size(); i++) {
            String tag = "[" + (i + 1) + "] ";
            List<String> lines = wrap(details.get(i), width - tag.length());
            for (int l = 0; l < lines.size(); l++) {
                sb.append(l == 0 ? tag : " ".repeat(tag.length())).append(lines.get(l)).append('\n');
            }
        }
        return sb.toString();
    }

    /**
     * The last line of {@code all} and {@code report}: {@code 126 results: 126 as expected (2 inconclusive,
     * declared vacuous), 0 unexpected, 0 inconclusive}. The outcomes decide the exit code; an INCONCLUSIVE
     * verdict a model declares (a property vacuous by the variant's constants) is as expected but named,
     * so that no inconclusive verdict reads as a proof.
     *
     * @param rows the findings
     * @return the line, without its line end
     */
    static String totals(List<Finding> rows) {
        long unexpected = rows.stream().filter(r -> r.outcome() == Finding.Outcome.UNEXPECTED).count();
        long inconclusive = rows.stream().filter(r -> r.outcome() == Finding.Outcome.INCONCLUSIVE).count();
        long vacuous = rows.stream().filter(r -> r.outcome() == Finding.Outcome.AS_EXPECTED
                && r.verdict() == Finding.Verdict.INCONCLUSIVE).count();
        return String.format(Locale.ROOT, "%d results: %d as expected%s, %d unexpected, %d inconclusive%s", rows.size(),
                rows.size() - unexpected - inconclusive,
                vacuous > 0 ? " (" + vacuous + " of them INCONCLUSIVE as declared: vacuous, not proofs)" : "",
                unexpected, inconclusive, vacuous > 0 ? " otherwise" : "");
    }

    /**
     * What {@code all} prints without {@code --verbose}: one line per model (results by outcome,
     * violations, the largest state count, the time), then the table of every row to look at: those
     * not as expected, every violation (expected ones included, with their traces) and every mechanism
     * found not needed (a finding, with its argument).
     *
     * @param rows  findings
     * @param width characters per line
     * @return the text
     */
    static String summary(List<Finding> rows, int width) {
        java.util.Map<String, long[]> per = new java.util.LinkedHashMap<>();
        for (Finding r : rows) {
            long[] c = per.computeIfAbsent(r.model(), m -> new long[7]);
            c[0]++;
            c[1] += r.outcome() == Finding.Outcome.AS_EXPECTED ? 1 : 0;
            c[2] += r.outcome() == Finding.Outcome.UNEXPECTED ? 1 : 0;
            // verdicts, not outcomes: a row declared vacuous is INCONCLUSIVE and as expected, and is
            // counted here so that no inconclusive verdict hides behind "as expected"
            c[3] += r.verdict() == Finding.Verdict.INCONCLUSIVE ? 1 : 0;
            c[4] += r.verdict() == Finding.Verdict.VIOLATED ? 1 : 0;
            c[5] = Math.max(c[5], r.quantity("distinctStates").map(q -> (long) q.value()).orElse(0L));
            c[6] += r.wallMillis();
        }
        int mw = Math.max(5, per.keySet().stream().mapToInt(String::length).max().orElse(5));
        String format = "%-" + mw + "s  %7s  %11s  %10s  %12s  %8s  %13s  %8s%n";
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, format, "model", "results", "as expected",
                "unexpected", "inconclusive", "violated", "states (max)", "time"));
        sb.append("-".repeat(Math.min(width, mw + 2 + 7 + 2 + 11 + 2 + 10 + 2 + 12 + 2 + 8 + 2 + 13 + 2 + 8)))
                .append('\n');
        per.forEach((m, c) -> sb.append(String.format(Locale.ROOT, format, m, c[0], c[1], c[2] == 0 ? "0" : c[2] + " !",
                c[3], c[4], c[5] == 0 ? "-" : String.format(Locale.ROOT, "%,d", c[5]), Durations.format(c[6]))));
        List<Finding> look = rows.stream().filter(r -> r.outcome() != Finding.Outcome.AS_EXPECTED
                || r.verdict() == Finding.Verdict.VIOLATED || r.verdict() == Finding.Verdict.NOT_NEEDED
                || r.verdict() == Finding.Verdict.INCONCLUSIVE).toList();
        sb.append('\n');
        if (look.isEmpty()) {
            sb.append("no result to look at: nothing violated, nothing unexpected or inconclusive (every row: --verbose)\n");
        } else {
            sb.append(String.format(Locale.ROOT, "%d results to look at: unexpected, inconclusive, violated or "
                    + "a mechanism found not needed "
                    + "(every row: --verbose)%n%n", look.size()));
            sb.append(table(look, width));
        }
        return sb.toString();
    }

    /**
     * The states column: the distinct states explored; for a comparison of the two checkers their
     * common count, or TLC's and the explorer's when they differ.
     */
    private static String states(Finding r) {
        java.util.function.Function<String, java.util.Optional<Long>> n = name -> r.quantity(name)
                .map(q -> (long) q.value()).filter(v -> v >= 0);
        java.util.Optional<Long> states = n.apply("distinctStates");
        if (states.isPresent()) {
            return String.format(Locale.ROOT, "%,d", states.get());
        }
        java.util.Optional<Long> visited = n.apply("visitedStates");
        if (visited.isPresent()) {
            // random walks: states visited, repeats included, not distinct states
            return String.format(Locale.ROOT, "%,d visited", visited.get());
        }
        java.util.Optional<Long> tlc = n.apply("tlcDistinctStates");
        java.util.Optional<Long> java = n.apply("explorerDistinctStates");
        if (tlc.isPresent() && java.isPresent() && !tlc.get().equals(java.get())) {
            return String.format(Locale.ROOT, "%,d/%,d", tlc.get(), java.get());
        }
        return tlc.or(() -> java).map(v -> String.format(Locale.ROOT, "%,d", v)).orElse("-");
    }

    /** A catalogued model's parameters that differ from its variant's defaults, as k=v words; else none. */
    private static String parameters(Finding r) {
        java.util.Map<String, String> defaults;
        try {
            defaults = Catalog.find(r.model()).defaults(r.variant());
        } catch (org.rdmacheck.model.InputException notCatalogued) {
            return "";
        }
        List<String> kv = new ArrayList<>();
        for (java.util.Map.Entry<String, String> e : new java.util.TreeMap<>(r.parameters()).entrySet()) {
            if (!e.getValue().equals(defaults.get(e.getKey()))) {
                kv.add(e.getKey() + "=" + e.getValue());
            }
        }
        return String.join(" ", kv);
    }

    /** Breaks a cell into lines of at most {@code width}, at spaces, commas or dashes where it can. */
    static List<String> wrap(String text, int width) {
        List<String> lines = new ArrayList<>();
        for (String para : text.split("\n", -1)) {
            String rest = para;
            while (rest.length() > width) {
                int cut = -1;
                for (int i = width; i > width / 2; i--) {
                    char c = rest.charAt(i - 1);
                    if (c == ' ' || c == ',' || c == '-' || c == '/' || c == ';') {
                        cut = i;
                        break;
                    }
                }
                if (cut < 0) {
                    cut = width;
                }
                lines.add(rest.substring(0, cut).stripTrailing());
                rest = rest.substring(cut).stripLeading();
            }
            lines.add(rest);
        }
        return lines;
    }

    private static String pad(String s, int n) {
        return s.length() >= n ? s : s + " ".repeat(n - s.length());
    }
}
