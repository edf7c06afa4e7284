package org.rdmacheck.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.rdmacheck.checker.tlc.ActionCoverage;
import org.rdmacheck.checker.tlc.TlcReport;
import org.rdmacheck.checker.trace.TraceJson;

/**
 * {@code tlc --json}: the findings (schema {@code findings.schema.json}), each counterexample with
 * its trace also in the Informal Trace Format ({@code counterexample.itf}, values as TLC printed them,
 * so sets, sequences, functions and model values stay apart), and with {@code --coverage} each
 * finding's run's per-action coverage as numbers.
 */
final class TlcJson {

    private TlcJson() {
    }

    /**
     * @param rows     the findings
     * @param reports  for each finding, the report of its run
     * @param coverage whether to add coverage
     * @return the JSON text
     */
    static String render(List<Finding> rows, List<TlcReport> reports, boolean coverage) {
        ArrayNode arr = Output.jsonArray(rows);
        for (int i = 0; i < rows.size(); i++) {
            ObjectNode o = (ObjectNode) arr.get(i);
            TlcReport r = reports.get(i);
            JsonNode c = o.get("counterexample");
            if (c != null && c.isObject()) {
                ObjectNode itf = r.itfTraces().get(c.get("property").asText());
                if (itf != null) {
                    ((ObjectNode) c).set("itf", itf);
                }
            }
            if (coverage) {
                o.set("coverage", coverage(r.coverage()));
            }
        }
        try {
            return TraceJson.MAPPER.writeValueAsString(arr);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** @param cov per-action coverage  @return it as JSON numbers with units */
    static ArrayNode coverage(List<ActionCoverage> cov) {
        ArrayNode a = TraceJson.MAPPER.createArrayNode();
        for (ActionCoverage c : cov) {
            ObjectNode o = a.addObject();
            o.put("action", c.action());
            o.put("module", c.module());
            o.put("line", c.line());
            o.put("initial", c.initial());
            ObjectNode t = o.putObject("taken");
            t.put("value", c.taken());
            t.put("unit", c.initial() ? "states" : "transitions");
            ObjectNode d = o.putObject("distinctStates");
            d.put("value", c.distinctStates());
            d.put("unit", "states");
        }
        return a;
    }

    /**
     * @param prefix a prefix for each line (the configuration with --all-configs)
     * @param cov    per-action coverage
     * @return a small table, one action per line
     */
    static String coverageText(String prefix, List<ActionCoverage> cov) {
        StringBuilder b = new StringBuilder(prefix + "coverage (TLC -coverage): action, transitions taken, distinct "
                + "states found\n");
        if (cov.isEmpty()) {
            b.append(prefix).append("  TLC printed no coverage report\n");
        }
        int w = cov.stream().mapToInt(c -> c.action().length()).max().orElse(4);
        for (ActionCoverage c : cov) {
            b.append(prefix).append(String.format("  %-" + w + "s  %,12d  %,12d%n", c.action(), c.taken(),
                    c.distinctStates()));
        }
        return b.toString();
    }
}
