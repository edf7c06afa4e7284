package org.rdmacheck.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.model.InputException;

/**
 * Reads findings back from the JSON that {@code --json} prints ({@code all}, {@code check}, a
 * report's {@code findings.json}; schema {@code findings.schema.json}), so that a report can be
 * written again from a run without running it again. A counterexample is read from its stored file
 * when that file is still there (its note and checker included), else rebuilt from the trace the JSON
 * carries.
 */
public final class FindingsJson {

    private FindingsJson() {
    }

    /**
     * @param file a findings JSON file
     * @param home the checkout, against which stored trace paths are resolved
     * @return the findings, in order
     * @throws InputException naming the file and the first value that is not as the schema says
     */
    public static List<Finding> read(Path file, Path home) {
        JsonNode root;
        try {
            root = TraceJson.MAPPER.readTree(file.toFile());
        } catch (IOException e) {
            throw new InputException("--from '" + file + "': not readable JSON (" + firstLine(e.getMessage())
                    + "): expected the findings that --json prints");
        }
        if (root == null || !root.isArray()) {
            throw new InputException("--from '" + file + "': expected a JSON array of findings, as --json prints");
        }
        List<Finding> out = new ArrayList<>();
        int i = 0;
        for (JsonNode f : root) {
            out.add(finding(f, file + " [" + i + "]", home));
            i++;
        }
        return out;
    }

    /** Units of things counted or sizes, which no finding has fewer than none of. */
    private static final java.util.Set<Quantity.Unit> COUNTED = java.util.EnumSet.of(Quantity.Unit.STATES,
            Quantity.Unit.TRANSITIONS, Quantity.Unit.STEPS, Quantity.Unit.STATES_PER_SECOND, Quantity.Unit.MILLISECONDS,
            Quantity.Unit.BYTES, Quantity.Unit.COUNT, Quantity.Unit.CHANNELS, Quantity.Unit.DEPENDENCIES,
            Quantity.Unit.LOSSES, Quantity.Unit.PACKETS);

    /** A finding's wall time: a figure {@code {"value", "unit": "ms"}} (a plain number in files of earlier versions). */
    private static long wallMillis(JsonNode w, String where) {
        JsonNode v = w.isNumber() ? w : w.path("value");
        if (!v.isMissingNode() && !v.isNull() && (!v.isNumber() || v.asDouble() < 0)) {
            throw new InputException(where + ".wallMillis = " + v + ": expected a time in ms at least 0");
        }
        return v.asLong();
    }

    private static Finding finding(JsonNode f, String where, Path home) {
        Map<String, String> params = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = parametersOf(f, where).fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            params.put(e.getKey(), parameterText(f.path("model").asText(), e.getKey(), e.getValue(), where, home));
        }
        String model = text(f, "model", where);
        JsonNode variantNode = f.get("variant");
        java.util.Optional<Finding.Tla> tla = variantNode != null && variantNode.isObject()
                ? java.util.Optional.of(compared(variantNode, model, where)) : java.util.Optional.empty();
        String variant = tla.isPresent() ? variantText(tla.get()) : text(f, "variant", where);
        Finding.Expectation expected = constant(Finding.Expectation.class, text(f, "expected", where)
                .toUpperCase(Locale.ROOT), where + ".expected");
        Finding.Verdict verdict = constant(Finding.Verdict.class, text(f, "verdict", where), where + ".verdict");
        Finding out = Finding.of(model, variant, params, text(f, "property", where), expected, verdict)
                .withWallMillis(wallMillis(f.path("wallMillis"), where));
        if (tla.isPresent()) {
            out = out.withTla(tla.get());
        }
        List<Quantity> qs = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = f.path("quantities").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String symbol = e.getValue().path("unit").asText();
            Quantity.Unit unit = Arrays.stream(Quantity.Unit.values()).filter(u -> u.symbol().equals(symbol))
                    .findFirst().orElseThrow(() -> new InputException(where + ".quantities." + e.getKey() + ".unit = '"
                            + symbol + "': expected one of " + Arrays.stream(Quantity.Unit.values())
                            .map(Quantity.Unit::symbol).toList()));
            JsonNode v = e.getValue().path("value");
            String at = where + ".quantities." + e.getKey() + ".value";
            if (!v.isNumber() && !v.isNull() && !v.isMissingNode()) {
                throw new InputException(at + " = " + v + ": expected a number (or null)");
            }
            double value = v.isNumber() ? v.asDouble() : Double.NaN;
            if (COUNTED.contains(unit) && value < 0) {
                throw new InputException(at + " = " + v.asText() + ": expected a count of " + unit.symbol()
                        + " at least 0");
            }
            qs.add(Quantity.of(e.getKey(), value, unit));
        }
        out = out.with(qs);
        // the cause before the outcome: a declared-vacuous row's outcome depends on it (INCONCLUSIVE, VACUOUS is
        // as expected there, any other cause is not)
        JsonNode cause = f.path("inconclusiveCause");
        if (!cause.isMissingNode() && !cause.isNull() && !cause.isTextual()) {
            throw new InputException(where + ".inconclusiveCause = " + cause + ": expected one of "
                    + Arrays.toString(CheckResult.InconclusiveReason.values()) + " or null");
        }
        if (f.path("inconclusiveCause").isTextual()) {
            // the detail already reads "CAUSE: reason": keep it as it was printed
            out = out.withInconclusive(constant(CheckResult.InconclusiveReason.class,
                    f.path("inconclusiveCause").asText(), where + ".inconclusiveCause"), "");
        }
        JsonNode outcome = f.get("outcome");
        if (outcome != null && !outcome.isNull()) {
            // the file's outcome is derived from expected and verdict; one that disagrees is not as --json prints it
            Finding.Outcome said = constant(Finding.Outcome.class, outcome.asText(), where + ".outcome");
            if (!outcome.isTextual() || said != out.outcome()) {
                throw new InputException(where + ".outcome = " + outcome + ": expected " + out.outcome()
                        + " (expected " + expected.name().toLowerCase(Locale.ROOT) + ", verdict " + verdict + ")");
            }
        }
        JsonNode asExpected = f.get("asExpected");
        if (asExpected != null && !asExpected.isNull()
                && (!asExpected.isBoolean() || asExpected.asBoolean() != (out.outcome() == Finding.Outcome.AS_EXPECTED))) {
            throw new InputException(where + ".asExpected = " + asExpected + ": expected "
                    + (out.outcome() == Finding.Outcome.AS_EXPECTED) + " (outcome " + out.outcome() + ")");
        }
        out = out.withDetail(f.path("detail").asText(""));
        if (f.path("reduction").isTextual()) {
            out = out.withReduction(f.path("reduction").asText());
        }
        JsonNode sa = f.path("symmetryAudit");
        if (sa.isObject()) {
            out = out.withSymmetryAudit(new org.rdmacheck.engine.SymmetryAuditSummary(
                    constant(org.rdmacheck.engine.AuditScope.class, sa.path("scope").asText(), where + ".symmetryAudit.scope"),
                    constant(org.rdmacheck.engine.SymmetryAuditSummary.Renamings.class, sa.path("renamings").asText(),
                            where + ".symmetryAudit.renamings"), sa.path("elements").asInt(),
                    sa.path("renamingsPerState").asInt(), sa.path("statesAudited").path("value").asLong(),
                    sa.path("statesLeftOut").path("value").asLong(),
                    sa.path("imagesExpanded").path("value").asLong()));
        }
        JsonNode fa = f.path("fairness");
        if (fa.isArray()) {
            List<Finding.Assumption> assumed = new java.util.ArrayList<>();
            for (int i = 0; i < fa.size(); i++) {
                JsonNode a = fa.get(i);
                List<String> by = new java.util.ArrayList<>();
                a.path("by").forEach(b -> by.add(b.asText()));
                assumed.add(new Finding.Assumption(a.path("label").asText(),
                        constant(org.rdmacheck.properties.liveness.Fairness.Strength.class, a.path("strength").asText(),
                                where + ".fairness[" + i + "].strength"),
                        constant(org.rdmacheck.properties.liveness.Fairness.Scope.class, a.path("scope").asText(),
                                where + ".fairness[" + i + "].scope"), by));
            }
            out = out.withFairness(assumed);
        }
        JsonNode sr = f.path("search");
        if (sr.isObject()) {
            JsonNode d = sr.path("directed");
            out = out.withSearch(new Finding.Search(sr.path("mode").asText(), sr.path("seed").asLong(),
                    sr.path("depth").asInt(), sr.path("walks").asLong(), d.isObject()
                    ? java.util.Optional.of(new Finding.Directed(d.path("heuristic").asText(), d.path("bestScore").asInt(),
                    d.path("maxScore").asInt(), d.path("dropped").asLong())) : java.util.Optional.empty()));
        }
        JsonNode c = f.path("counterexample");
        if (c.isObject()) {
            Path stored = c.path("file").isTextual() ? home.resolve(c.path("file").asText()) : null;
            out = out.withCounterexample(trace(f, c, stored, where, home), stored);
        }
        return out;
    }

    private static Counterexample trace(JsonNode f, JsonNode c, Path stored, String where, Path home) {
        if (stored != null && Files.isRegularFile(stored)) {
            return Counterexamples.read(stored);
        }
        return Counterexamples.fromJson(traceOf(f, c, c.path("trace"), "unrecorded", "unrecorded", home),
                where + ".counterexample");
    }

    /**
     * A stored trace (rdmacheck-trace/1) rebuilt from a finding as {@code --json} prints it: the
     * counterexample's property, kind and indices, the finding's model, variant and parameters.
     *
     * @param f       the finding
     * @param c       its counterexample
     * @param steps   the trace's steps
     * @param checker the provenance's checker
     * @param version the provenance's version
     * @param home    the checkout whose specs/ give a TLA+ constant's sets back ({@link TlaConstantShapes})
     * @return the trace's JSON, for {@link Counterexamples#fromJson} to read and check
     */
    static ObjectNode traceOf(JsonNode f, JsonNode c, JsonNode steps, String checker, String version, Path home) {
        ObjectNode t = TraceJson.MAPPER.createObjectNode();
        t.put("schema", Counterexamples.SCHEMA);
        t.put("property", c.path("property").asText());
        // findings write the kind as the enum (INVARIANT), the trace format as its word (invariant); files of
        // earlier versions wrote the word: either reads back as the trace format's word
        t.put("kind", c.path("kind").asText().toLowerCase(Locale.ROOT));
        t.put("violationIndex", c.path("violationIndex").asInt());
        t.put("loopStart", c.path("loopStart").isInt() ? c.get("loopStart").asInt() : -1); // null: no lasso
        t.put("note", "");
        ObjectNode prov = t.putObject("provenance");
        prov.put("model", f.path("model").asText());
        prov.put("variant", f.path("variant").isObject() ? f.path("variant").path("name").asText()
                : f.path("variant").asText());
        ObjectNode params = prov.putObject("parameters"); // the trace format's texts (a TLA+ constant's TLA+ text)
        f.path("parameters").fields().forEachRemaining(e -> params.put(e.getKey(),
                parameterText(f.path("model").asText(), e.getKey(), e.getValue(), "", home)));
        prov.put("checker", checker);
        prov.put("version", version);
        t.set("steps", steps);
        return t;
    }

    /**
     * A parameter back to the text it was given as: a model's parameter as {@link JsonValues#text} reads it
     * (a knock-out's array, a flag's boolean, or the text files of earlier versions wrote), a figure (a
     * fluid finding's) to its exact text or value, a TLA+ constant (tlc, conform) to its TLA+ text, anything
     * else to its text. JSON writes a TLA+ set as an array, as it writes a sequence: where the spec folder
     * of the finding's model has a manifest that gives the constant as a set ({@link TlaConstantShapes}),
     * the array comes back as the set, {@code {"dft-follow"}}, not {@code <<"dft-follow">>}.
     *
     * @param home the checkout whose specs/ shape the TLA+ constants, or null for none
     */
    private static String parameterText(String model, String name, JsonNode v, String where, Path home) {
        java.util.Optional<String> given = JsonValues.text(model, name, v);
        if (given.isPresent()) {
            return given.get();
        }
        java.util.Optional<String> expected = JsonValues.expected(model, name);
        if (expected.isPresent()) {
            throw new InputException(where + ".parameters." + name + " = " + v + ": expected " + expected.get()
                    + ", as " + model + " declares it (rdmacheck list)");
        }
        if (v.isObject() && v.has("unit")) {
            return v.path(v.has("exact") ? "exact" : "value").asText();
        }
        if (v.isArray() && !v.isEmpty() && v.get(0).isObject() && v.get(0).has("unit")) {
            // a list of figures (gbn-sim's lossRates, rto), each in the base unit its task takes bare
            List<String> values = new ArrayList<>();
            v.forEach(x -> values.add(parameterText(model, name, x, where, null)));
            return String.join(",", values);
        }
        if (v.isContainerNode() && home != null) {
            java.util.Optional<JsonNode> shape = TlaConstantShapes.of(home, model).shape(name);
            if (shape.isPresent()) {
                return org.rdmacheck.checker.tlc.TlaValues.renderLike(v, shape.get());
            }
        }
        if (v.isBoolean() || v.isContainerNode()) {
            return org.rdmacheck.checker.tlc.TlaValues.render(v);
        }
        return v.asText();
    }

    /** @return the object's {@code parameters}: an object, or missing (none) */
    private static JsonNode parametersOf(JsonNode o, String where) {
        JsonNode p = o.path("parameters");
        if (!p.isMissingNode() && !p.isObject()) {
            throw new InputException(where + ".parameters = " + p + ": expected an object of parameter names to values");
        }
        return p;
    }

    /** A conformance finding's variant object ({@code name}, {@code configuration}, {@code parameters}). */
    private static Finding.Tla compared(JsonNode v, String model, String where) {
        JsonNode name = v.path("name");
        JsonNode configuration = v.path("configuration");
        if (!name.isNull() && !name.isTextual() || !configuration.isNull() && !configuration.isTextual()) {
            throw new InputException(where + ".variant = " + v + ": expected a string, or an object with the Java "
                    + "variant's name and the configuration (strings or null) and its parameters, as conform --json prints it");
        }
        Map<String, String> javaParams = new LinkedHashMap<>();
        parametersOf(v, where + ".variant").fields().forEachRemaining(e -> javaParams.put(e.getKey(),
                parameterText(model, e.getKey(), e.getValue(), where + ".variant", null)));
        return new Finding.Tla(java.util.Optional.ofNullable(configuration.textValue()), name.isTextual()
                ? java.util.Optional.of(new Finding.JavaSide(model, name.asText(), javaParams))
                : java.util.Optional.empty());
    }

    /** @return the variant as the table shows it: the configuration's name, or the Java variant and its parameters */
    private static String variantText(Finding.Tla t) {
        return t.configuration().orElseGet(() -> t.java().map(j -> j.variant() + " " + j.parameters()).orElse(""));
    }

    private static String text(JsonNode f, String field, String where) {
        JsonNode v = f.get(field);
        if (v == null || !v.isTextual()) {
            throw new InputException(where + ": '" + field + "' missing or not a string: expected a finding as "
                    + "--json prints it");
        }
        return v.asText();
    }

    private static <E extends Enum<E>> E constant(Class<E> type, String name, String where) {
        try {
            return Enum.valueOf(type, name);
        } catch (IllegalArgumentException e) {
            throw new InputException(where + " = '" + name + "': expected one of " + Arrays.toString(
                    type.getEnumConstants()));
        }
    }

    private static String firstLine(String s) {
        return s == null ? "" : s.lines().findFirst().orElse("");
    }
}
