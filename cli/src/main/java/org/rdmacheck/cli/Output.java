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
        o.put("variant", r.variant());
        ObjectNode p = o.putObject("parameters");
        r.parameters().forEach(p::put);
        o.put("property", r.property());
        o.put("expected", r.expected().word());
        o.put("verdict", r.verdict().name());
        o.put("outcome", r.outcome().name());
        o.put("asExpected", r.outcome() == Finding.Outcome.AS_EXPECTED);
        o.put("wallMillis", r.wallMillis());
        ObjectNode qs = o.putObject("quantities");
        for (Quantity q : r.quantities()) {
            ObjectNode n = qs.putObject(q.name());
            if (q.isIntegral()) {
                n.put("value", (long) q.value());
            } else if (Double.isFinite(q.value())) {
                n.put("value", q.value());
            } else {
                n.putNull("value");
            }
            n.put("unit", q.unit().symbol());
        }
        if (r.counterexample().isPresent()) {
            Counterexample cex = r.counterexample().get().trace();
            ObjectNode c = o.putObject("counterexample");
            c.put("file", r.counterexampleFile().orElse(null));
            c.put("kind", cex.kind().word());
            c.put("property", cex.property());
            c.put("steps", cex.length());
            c.put("violationIndex", cex.violationIndex());
            c.put("loopStart", cex.loopStart());
            // The whole trace, always: a JSON consumer needs no --out file to see it.
            c.set("trace", org.rdmacheck.checker.trace.Counterexamples.toJson(cex).get("steps"));
        } else {
            o.putNull("counterexample");
        }
        o.put("detail", r.detail());
        return o;
    }

    /** @param rows findings  @return an aligned text table */
    public static String table(List<Finding> rows) {
        List<String[]> cells = new ArrayList<>();
        cells.add(new String[] {"model", "variant", "property", "expected", "verdict", "states", "time",
            "counterexample / detail"});
        for (Finding r : rows) {
            String mark = r.outcome() == Finding.Outcome.UNEXPECTED ? " !" : "";
            String extra = r.counterexampleFile().orElse("");
            if (!r.detail().isEmpty()) {
                extra = extra.isEmpty() ? r.detail() : extra + "  " + r.detail();
            }
            cells.add(new String[] {r.model(), r.variant(), r.property(), r.expected().word(), r.verdict().name() + mark,
                r.quantity("distinctStates").map(q -> String.format(Locale.ROOT, "%,d", (long) q.value())).orElse("-"),
                String.format(Locale.ROOT, "%.2fs", r.wallMillis() / 1000.0), extra});
        }
        int[] w = new int[cells.get(0).length];
        for (String[] row : cells) {
            for (int i = 0; i < row.length; i++) {
                w[i] = Math.max(w[i], row[i].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (int r = 0; r < cells.size(); r++) {
            String[] row = cells.get(r);
            for (int i = 0; i < row.length; i++) {
                sb.append(i == row.length - 1 ? row[i] : pad(row[i], w[i] + 2));
            }
            sb.append('\n');
            if (r == 0) {
                int total = 0;
                for (int x : w) {
                    total += x + 2;
                }
                sb.append("-".repeat(Math.min(total, 160))).append('\n');
            }
        }
        return sb.toString();
    }

    private static String pad(String s, int n) {
        return s.length() >= n ? s : s + " ".repeat(n - s.length());
    }
}
