package org.rdmacheck.checker.trace;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.model.InputException;

/**
 * Counterexamples as traces of the Informal Trace Format (ITF, Apalache ADR-015; also Quint's):
 * {@code {"#meta": {...}, "vars": [...], "states": [{"#meta": {"index": i}, var: value, ...}], "loop": k}}.
 *
 * <p>What rdmacheck writes: the trace's {@code #meta} holds {@code format}, {@code format-description},
 * {@code source} (model/variant) and {@code description}, and under {@code rdmacheck} the
 * counterexample's own fields (schema, property, kind, violationIndex, loopStart, note, provenance);
 * each state's {@code #meta} holds its {@code index} and, after the first, the {@code action} that led
 * to it ({@code {"name", "params"}}); {@code loop} is the index of the state the last one returns to,
 * present only for lassos. With that metadata an ITF trace converts back to the very
 * counterexample it came from ({@link #toCounterexample}); an ITF trace from another tool converts
 * to a trace of its states with no actions (Quint's {@code mbt::} bookkeeping variables are dropped).
 */
public final class ItfTraces {

    /** Where the format is described. */
    public static final String FORMAT_DESCRIPTION = "https://apalache-mc.org/docs/adr/015adr-trace.html";
    /** Prefix of the bookkeeping variables Quint adds ({@code mbt::actionTaken}, {@code mbt::nondetPicks}): not state. */
    public static final String QUINT_MBT = "mbt::";
    /** Key of rdmacheck's metadata in the trace's {@code #meta}. */
    public static final String META_KEY = "rdmacheck";

    private ItfTraces() {
    }

    /**
     * A parsed ITF trace.
     *
     * @param meta   the trace's {@code #meta} (an empty object if absent)
     * @param vars   the variables, in order
     * @param states each state's variables (ITF values), without its {@code #meta}
     * @param stateMeta each state's {@code #meta} (an empty object if absent)
     * @param loop   the loop index, or -1
     */
    public record ItfTrace(ObjectNode meta, List<String> vars, List<ObjectNode> states, List<JsonNode> stateMeta,
                           int loop) {
        /** Copies the lists. */
        public ItfTrace {
            vars = List.copyOf(vars);
            states = List.copyOf(states);
            stateMeta = List.copyOf(stateMeta);
        }

        /** @return whether rdmacheck wrote it (its metadata restores the counterexample) */
        public boolean fromRdmacheck() {
            return meta.path(META_KEY).isObject();
        }
    }

    /**
     * A counterexample of a Java model (plain JSON states) as ITF.
     *
     * @param cex       the counterexample
     * @param setFields top-level state fields that hold sets (see {@link ItfValues#fromPlainState})
     * @return the ITF trace
     */
    public static ObjectNode toItf(Counterexample cex, Set<String> setFields) {
        List<ObjectNode> states = new ArrayList<>();
        for (TraceStep s : cex.steps()) {
            if (!s.state().isObject()) {
                throw new InputException("step " + states.size() + ": the state is not a JSON object of variables, "
                        + "which ITF needs");
            }
            states.add(ItfValues.fromPlainState(s.state(), setFields));
        }
        return toItf(cex, states);
    }

    /**
     * A counterexample whose states are already ITF values (e.g. read from TLC's output).
     *
     * @param cex    the counterexample (actions, provenance)
     * @param states its states as ITF, one per step
     * @return the ITF trace
     */
    public static ObjectNode toItf(Counterexample cex, List<ObjectNode> states) {
        if (states.size() != cex.steps().size()) {
            throw new IllegalArgumentException(states.size() + " ITF states for " + cex.steps().size() + " steps");
        }
        ObjectNode o = TraceJson.MAPPER.createObjectNode();
        ObjectNode meta = o.putObject("#meta");
        meta.put("format", "ITF");
        meta.put("format-description", FORMAT_DESCRIPTION);
        meta.put("source", cex.provenance().model() + "/" + cex.provenance().variant());
        meta.put("description", "rdmacheck " + cex.provenance().checker() + " counterexample: " + cex.property()
                + " (" + cex.kind().word() + ")" + (cex.loopStart() >= 0 ? ", a lasso returning to state "
                + cex.loopStart() : ""));
        ObjectNode mine = Counterexamples.toJson(cex);
        mine.remove("steps");
        meta.set(META_KEY, mine);
        Set<String> vars = new LinkedHashSet<>();
        states.forEach(s -> s.fieldNames().forEachRemaining(vars::add));
        ArrayNode v = o.putArray("vars");
        vars.forEach(v::add);
        ArrayNode out = o.putArray("states");
        for (int i = 0; i < states.size(); i++) {
            ObjectNode s = out.addObject();
            ObjectNode sm = s.putObject("#meta");
            sm.put("index", i);
            TraceStep step = cex.steps().get(i);
            if (step.action() != null) {
                sm.set("action", TraceJson.toJson(step.action()));
            }
            s.setAll(states.get(i));
        }
        if (cex.loopStart() >= 0) {
            o.put("loop", cex.loopStart());
        }
        return o;
    }

    /**
     * Parses an ITF trace.
     *
     * @param json   the JSON tree
     * @param source file name for messages
     * @return the trace
     * @throws InputException naming the first field that does not follow the format
     */
    public static ItfTrace parse(JsonNode json, String source) {
        if (json == null || !json.isObject() || !json.path("states").isArray()) {
            throw new InputException(source + ": not an ITF trace: expected an object with 'vars' and 'states'");
        }
        JsonNode varsNode = json.path("vars");
        if (!varsNode.isArray()) {
            throw new InputException(source + ": malformed ITF trace: 'vars' must be an array of variable names");
        }
        List<String> vars = new ArrayList<>();
        for (JsonNode v : varsNode) {
            if (!v.isTextual()) {
                throw new InputException(source + ": malformed ITF trace: 'vars' holds " + v + ": expected a name");
            }
            if (!v.textValue().startsWith(QUINT_MBT) && !vars.contains(v.textValue())) {
                vars.add(v.textValue());
            }
        }
        List<ObjectNode> states = new ArrayList<>();
        List<JsonNode> metas = new ArrayList<>();
        int i = 0;
        for (JsonNode s : json.get("states")) {
            if (!s.isObject()) {
                throw new InputException(source + ": malformed ITF trace: states[" + i + "] must be an object");
            }
            ObjectNode values = TraceJson.MAPPER.createObjectNode();
            for (Iterator<Map.Entry<String, JsonNode>> it = s.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                if (e.getKey().equals("#meta") || e.getKey().startsWith(QUINT_MBT)) {
                    continue;
                }
                if (!vars.contains(e.getKey())) {
                    throw new InputException(source + ": malformed ITF trace: states[" + i + "] has '" + e.getKey()
                            + "', which 'vars' does not list " + vars);
                }
                ItfValues.check(e.getValue(), source + ": states[" + i + "]." + e.getKey());
                values.set(e.getKey(), e.getValue());
            }
            if (values.size() != vars.size()) {
                List<String> missing = new ArrayList<>(vars);
                values.fieldNames().forEachRemaining(missing::remove);
                throw new InputException(source + ": malformed ITF trace: states[" + i + "] gives no value for "
                        + missing);
            }
            states.add(values);
            metas.add(s.has("#meta") ? s.get("#meta") : TraceJson.MAPPER.createObjectNode());
            i++;
        }
        if (states.isEmpty()) {
            throw new InputException(source + ": the ITF trace has no states");
        }
        int loop = -1;
        if (json.has("loop") && !json.get("loop").isNull()) {
            JsonNode l = json.get("loop");
            if (!l.isInt() || l.intValue() < 0 || l.intValue() >= states.size()) {
                throw new InputException(source + ": ITF loop = " + l + ": expected a state index in [0, "
                        + (states.size() - 1) + "]");
            }
            loop = l.intValue();
        }
        ObjectNode meta = json.path("#meta").isObject() ? (ObjectNode) json.get("#meta")
                : TraceJson.MAPPER.createObjectNode();
        return new ItfTrace(meta, vars, states, metas, loop);
    }

    /**
     * Reads an ITF file.
     *
     * @param file the file
     * @return the trace
     * @throws InputException if it is missing, not JSON, or not ITF
     */
    public static ItfTrace read(Path file) {
        return parse(readJson(file), file.toString());
    }

    /**
     * @param file a JSON file
     * @return its tree
     * @throws InputException if it is missing or not JSON
     */
    public static JsonNode readJson(Path file) {
        try {
            return TraceJson.MAPPER.readTree(Files.readString(file, StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            throw new InputException(file + ": no such file");
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new InputException(file + ": not UTF-8 text: expected a JSON trace");
        } catch (JsonProcessingException e) {
            throw new InputException(org.rdmacheck.checker.JsonErrors.describe(file, e));
        } catch (IOException e) {
            throw new InputException(org.rdmacheck.checker.JsonErrors.cannotRead(file, e));
        }
    }

    /**
     * @param json a parsed JSON document
     * @return whether it looks like an ITF trace (an object with {@code states} and no rdmacheck schema)
     */
    public static boolean isItf(JsonNode json) {
        return json != null && json.isObject() && json.has("states") && !json.has("schema");
    }

    /**
     * Converts an ITF trace to a counterexample with plain JSON states ({@link ItfValues#toPlain}).
     * rdmacheck's own metadata restores property, kind, indices, provenance and actions exactly;
     * a trace without it becomes property {@code (trace)}, kind {@code invariant} (or {@code temporal}
     * with a loop), violated at its last state, with no actions and checker {@code itf}.
     *
     * @param t      the trace
     * @param source file name for messages
     * @return the counterexample
     * @throws InputException if rdmacheck's metadata is malformed
     */
    public static Counterexample toCounterexample(ItfTrace t, String source) {
        ObjectNode json;
        if (t.fromRdmacheck()) {
            json = t.meta().get(META_KEY).deepCopy();
        } else {
            json = TraceJson.MAPPER.createObjectNode();
            json.put("schema", Counterexamples.SCHEMA);
            json.put("property", "(trace)");
            json.put("kind", t.loop() >= 0 ? Counterexample.Kind.TEMPORAL.word() : Counterexample.Kind.INVARIANT.word());
            json.put("violationIndex", t.states().size() - 1);
            json.put("loopStart", t.loop());
            json.put("note", t.meta().path("description").asText(""));
            ObjectNode prov = json.putObject("provenance");
            prov.put("model", t.meta().path("source").asText("itf"));
            prov.put("variant", "");
            prov.putObject("parameters");
            prov.put("checker", "itf");
            prov.put("version", "");
        }
        ArrayNode steps = json.putArray("steps");
        for (int i = 0; i < t.states().size(); i++) {
            ObjectNode step = steps.addObject();
            JsonNode action = t.fromRdmacheck() ? t.stateMeta().get(i).get("action") : null;
            step.set("action", action);
            step.set("state", ItfValues.toPlain(t.states().get(i)));
        }
        Counterexample cex = Counterexamples.fromJson(json, source);
        if (t.fromRdmacheck() && cex.loopStart() != t.loop()) {
            throw new InputException(source + ": ITF loop = " + t.loop() + " but #meta.rdmacheck.loopStart = "
                    + cex.loopStart());
        }
        return cex;
    }
}
