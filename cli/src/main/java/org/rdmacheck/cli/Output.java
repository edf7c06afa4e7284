package org.rdmacheck.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rdmacheck.checker.trace.TraceJson;

/** Formats result rows as a table or as JSON. */
public final class Output {

    private Output() {
    }

    /**
     * Prints rows as JSON (an array of objects) or as an aligned table.
     *
     * @param out  where to print
     * @param rows the rows
     * @param json whether to print JSON
     */
    public static void print(PrintWriter out, List<SummaryRow> rows, boolean json) {
        if (json) {
            out.println(json(rows));
        } else {
            out.print(table(rows));
        }
        out.flush();
    }

    /** @param rows rows  @return the JSON text */
    public static String json(List<SummaryRow> rows) {
        ArrayNode arr = TraceJson.MAPPER.createArrayNode();
        for (SummaryRow r : rows) {
            ObjectNode o = arr.addObject();
            o.put("model", r.model());
            o.put("variant", r.variant());
            ObjectNode p = o.putObject("parameters");
            r.parameters().forEach(p::put);
            o.put("property", r.property());
            o.put("expected", r.expected());
            o.put("verdict", r.verdict());
            o.put("asExpected", r.outcome() == SummaryRow.Outcome.AS_EXPECTED);
            o.put("distinctStates", r.distinctStates());
            o.put("transitions", r.transitions());
            o.put("depth", r.depth());
            o.put("wallMillis", r.wallMillis());
            o.put("statesPerSecond", Math.round(r.statesPerSecond()));
            o.put("counterexample", r.counterexample());
            o.put("detail", r.detail());
        }
        try {
            return TraceJson.MAPPER.writeValueAsString(arr);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** @param rows rows  @return an aligned text table */
    public static String table(List<SummaryRow> rows) {
        List<String[]> cells = new ArrayList<>();
        cells.add(new String[] {"model", "variant", "property", "expected", "verdict", "states", "time", "counterexample / detail"});
        for (SummaryRow r : rows) {
            String mark = r.outcome() == SummaryRow.Outcome.UNEXPECTED ? " !" : "";
            String extra = r.counterexample() != null ? r.counterexample() : "";
            if (!r.detail().isEmpty()) {
                extra = extra.isEmpty() ? r.detail() : extra + "  " + r.detail();
            }
            cells.add(new String[] {r.model(), r.variant(), r.property(), r.expected(), r.verdict() + mark,
                r.distinctStates() < 0 ? "-" : String.format(Locale.ROOT, "%,d", r.distinctStates()),
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
