package org.rdmacheck.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.catalog.ParamSpec;
import org.rdmacheck.properties.catalog.VariantSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code rdmacheck list}: what can be checked. */
@Command(name = "list", footerHeading = "%nExamples:%n", footer = {"  rdmacheck list", "  rdmacheck list --json"},
        description = "Lists the models, their variants (and which must fail), mechanisms (knock-outs) and parameters.")
final class ListCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    private static String assignments(java.util.Map<String, String> m) {
        return String.join(" ", m.entrySet().stream().map(x -> x.getKey() + "=" + x.getValue()).toList());
    }

    /** A liveness property as listed: its formula, its fairness, and the variants that must violate it. */
    private record LivenessRow(String formula, java.util.List<String> fairness, java.util.List<String> mustFail) {
    }

    /** The liveness properties of a model, from each variant built at its defaults. */
    private static java.util.Map<String, LivenessRow> livenessOf(ModelEntry e) {
        java.util.Map<String, LivenessRow> rows = new java.util.LinkedHashMap<>();
        for (VariantSpec v : e.variants()) {
            org.rdmacheck.properties.CheckSpec<?> built;
            try {
                built = e.build(v.name(), org.rdmacheck.model.Params.empty());
            } catch (org.rdmacheck.model.InputException needsParameters) {
                // a variant that shows its violation only with parameters set: no liveness at its defaults
                continue;
            }
            e.liveness(built).ifPresent(live -> {
                for (var p : live.properties()) {
                    LivenessRow row = rows.computeIfAbsent(p.name(), k -> new LivenessRow(p.form().formula(),
                            p.fairness().stream().map(Object::toString).toList(), new java.util.ArrayList<>()));
                    if (live.expectedViolations().contains(p.name())) {
                        row.mustFail().add(v.name());
                    }
                }
            });
        }
        return rows;
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            ArrayNode arr = TraceJson.MAPPER.createArrayNode();
            for (ModelEntry e : Catalog.entries()) {
                ObjectNode o = arr.addObject();
                o.put("model", e.name());
                o.put("description", e.description());
                o.put("defaultVariant", e.defaultVariant());
                ArrayNode vs = o.putArray("variants");
                for (VariantSpec v : e.variants()) {
                    ObjectNode vo = vs.addObject();
                    vo.put("name", v.name());
                    vo.put("description", v.description());
                    vo.put("origin", v.origin().name());
                    vo.put("expectedToFail", v.expectedToFail());
                    ArrayNode mf = vo.putArray("mustFail");
                    v.mustFail().stream().sorted().forEach(mf::add);
                    ObjectNode vd = vo.putObject("defaults");
                    JsonValues.typed(vd, e.name(), v.defaults());
                }
                ArrayNode lv = o.putArray("liveness");
                livenessOf(e).forEach((prop, row) -> {
                    ObjectNode lo = lv.addObject();
                    lo.put("name", prop);
                    lo.put("formula", row.formula());
                    ArrayNode fa = lo.putArray("fairness");
                    row.fairness().forEach(fa::add);
                    ArrayNode mf = lo.putArray("mustFailVariants");
                    row.mustFail().forEach(mf::add);
                });
                ArrayNode mech = o.putArray("mechanisms");
                for (org.rdmacheck.properties.catalog.Mechanism m : e.mechanisms()) {
                    ObjectNode mo = mech.addObject();
                    mo.put("name", m.name());
                    mo.put("title", m.title());
                    mo.put("paperRef", m.paperRef());
                    mo.put("purpose", m.purpose());
                    mo.put("variant", m.variant());
                    ObjectNode cov = mo.putObject("coverage");
                    JsonValues.typed(cov, e.name(), m.coverage());
                    com.fasterxml.jackson.databind.node.ArrayNode more = mo.putArray("moreScopes");
                    m.moreScopes().forEach(scope -> JsonValues.typed(more.addObject(), e.name(), scope));
                    mo.put("description", m.description());
                }
                ObjectNode st = o.putObject("structuralProperties");
                new java.util.TreeMap<>(e.structuralProperties()).forEach(st::put);
                ArrayNode ps = o.putArray("parameters");
                for (ParamSpec p : e.parameters()) {
                    ObjectNode po = ps.addObject();
                    po.put("name", p.name());
                    po.set("default", JsonValues.value(e.name(), p.name(), p.defaultValue()));
                    po.put("accepted", p.accepted());
                    if (p instanceof ParamSpec.Int i) {
                        po.put("type", "INTEGER");
                        po.put("min", i.min());
                        po.put("max", i.max());
                    } else if (p instanceof ParamSpec.Flag) {
                        po.put("type", "BOOLEAN");
                    } else if (p instanceof ParamSpec.Choice c) {
                        po.put("type", "CHOICE");
                        c.words().forEach(po.putArray("choices")::add);
                    } else {
                        po.put("type", "TEXT");
                    }
                    po.put("description", p.description());
                }
            }
            out.println(TraceJson.MAPPER.writeValueAsString(arr));
        } else {
            for (ModelEntry e : Catalog.entries()) {
                out.printf("%s — %s%n", e.name(), e.description());
                for (VariantSpec v : e.variants()) {
                    out.printf("    variant %-22s %s%s%s%s%s%n", v.name(),
                            v.origin().words().isEmpty() ? "" : "[" + v.origin().words() + "] ", v.description(),
                            v.name().equals(e.defaultVariant()) ? " [default]" : "",
                            v.defaults().isEmpty() ? "" : " (defaults: " + assignments(v.defaults()) + ")",
                            v.expectedToFail() ? " (must fail: " + String.join(", ", v.mustFail().stream().sorted().toList()) + ")" : "");
                }
                livenessOf(e).forEach((prop, row) -> out.printf("    liveness   %-28s %s under %s%s%n", prop,
                        row.formula(), row.fairness().isEmpty() ? "no fairness" : String.join(", ", row.fairness()),
                        row.mustFail().isEmpty() ? "" : " (must fail: " + String.join(", ", row.mustFail()) + ")"));
                new java.util.TreeMap<>(e.structuralProperties()).forEach((prop, why) ->
                        out.printf("    structural %-28s %s%n", prop, why));
                for (org.rdmacheck.properties.catalog.Mechanism m : e.mechanisms()) {
                    out.printf("    mechanism  %-28s %s (%s), for %s; knock-out: %s (on %s%s)%n", m.name(), m.title(),
                            m.paperRef(), m.purpose(), m.description(), m.variant(),
                            (m.coverage().isEmpty() ? "" : " " + assignments(m.coverage()))
                            + m.moreScopes().stream().map(x -> "; and " + assignments(x)).collect(
                                    java.util.stream.Collectors.joining()));
                }
                for (ParamSpec p : e.parameters()) {
                    out.printf("    param   %-22s default %s (%s); %s%n", p.name(),
                            p.defaultValue().isEmpty() ? "''" : p.defaultValue(), p.accepted(), p.description());
                }
            }
            out.println("commands: " + String.join(", ", spec.commandLine().getParent().getSubcommands().keySet()));
        }
        out.flush();
        return ExitCodes.OK;
    }
}
