package org.rdmacheck.checker.trace;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.Provenance;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.InputException;

/**
 * Reads and writes counterexample traces in the JSON format documented in
 * {@code counterexamples/README.md} (schema {@value #SCHEMA}). Files are written atomically: a
 * temporary file in the same folder, then a rename, so a reader never sees half a trace.
 */
public final class Counterexamples {

    /** The schema identifier written into every trace. */
    public static final String SCHEMA = "rdmacheck-trace/1";

    private Counterexamples() {
    }

    /**
     * @param cex a counterexample
     * @return its JSON form
     */
    public static ObjectNode toJson(Counterexample cex) {
        ObjectNode o = TraceJson.MAPPER.createObjectNode();
        o.put("schema", SCHEMA);
        o.put("property", cex.property());
        o.put("kind", cex.kind().word());
        o.put("violationIndex", cex.violationIndex());
        o.put("loopStart", cex.loopStart());
        o.put("note", cex.note());
        ObjectNode prov = o.putObject("provenance");
        prov.put("model", cex.provenance().model());
        prov.put("variant", cex.provenance().variant());
        ObjectNode params = prov.putObject("parameters");
        cex.provenance().parameters().forEach(params::put);
        prov.put("checker", cex.provenance().checker());
        prov.put("version", cex.provenance().version());
        ArrayNode steps = o.putArray("steps");
        for (TraceStep s : cex.steps()) {
            ObjectNode step = steps.addObject();
            step.set("action", s.action() == null ? null : TraceJson.toJson(s.action()));
            step.set("state", s.state());
        }
        return o;
    }

    /**
     * Parses a trace.
     *
     * @param json   the JSON tree
     * @param source file name for error messages
     * @return the counterexample
     * @throws InputException naming the first missing or ill-typed field
     */
    public static Counterexample fromJson(JsonNode json, String source) {
        if (json == null || !json.isObject()) {
            throw new InputException(source + ": malformed trace: expected a JSON object");
        }
        String schema = text(json, "schema", source);
        if (!SCHEMA.equals(schema)) {
            throw new InputException(source + ": unsupported trace schema '" + schema + "': expected " + SCHEMA);
        }
        onlyFields(json, TOP_FIELDS, "", source);
        JsonNode prov = field(json, "provenance", source);
        onlyFields(prov, PROVENANCE_FIELDS, "provenance.", source);
        Map<String, String> params = new LinkedHashMap<>();
        JsonNode p = field(prov, "parameters", source);
        if (!p.isObject()) {
            throw new InputException(source + ": malformed trace: provenance.parameters: expected an object of parameter names to values");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = p.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            params.put(e.getKey(), e.getValue().asText());
        }
        Provenance provenance = new Provenance(text(prov, "model", source), text(prov, "variant", source), params,
                text(prov, "checker", source), text(prov, "version", source));
        JsonNode stepsNode = field(json, "steps", source);
        if (!stepsNode.isArray()) {
            throw new InputException(source + ": malformed trace: 'steps': expected an array of steps");
        }
        List<TraceStep> steps = new ArrayList<>();
        int i = 0;
        for (JsonNode s : stepsNode) {
            if (!s.isObject() || !s.has("state")) {
                throw new InputException(source + ": malformed trace: step " + i + ": expected an object with a 'state'");
            }
            onlyFields(s, STEP_FIELDS, "steps[" + i + "].", source);
            if (!s.get("state").isObject()) {
                throw new InputException(source + ": malformed trace: steps[" + i + "].state: expected an object (the "
                        + "state's variables), not " + s.get("state").getNodeType().name().toLowerCase(java.util.Locale.ROOT));
            }
            JsonNode a = s.get("action");
            steps.add(new TraceStep(a == null || a.isNull() ? null : action(a, source, i), s.get("state")));
            i++;
        }
        if (steps.isEmpty()) {
            throw new InputException(source + ": malformed trace: 'steps' is empty: expected an initial state and the "
                    + "steps after it");
        }
        int violationIndex = integer(json, "violationIndex", source);
        int loopStart = integer(json, "loopStart", source);
        if (violationIndex < 0 || violationIndex >= Math.max(1, steps.size()) && !steps.isEmpty()) {
            throw new InputException(source + ": violationIndex = " + violationIndex + ": expected a step index in [0, "
                    + (steps.size() - 1) + "]");
        }
        if (loopStart < -1 || loopStart >= Math.max(1, steps.size()) && !steps.isEmpty()) {
            throw new InputException(source + ": loopStart = " + loopStart + ": expected -1 or a step index");
        }
        String note = json.has("note") ? json.get("note").asText() : "";
        String kindWord = text(json, "kind", source);
        Counterexample.Kind kind = Counterexample.Kind.ofWord(kindWord).orElseThrow(() -> new InputException(source
                + ": kind = '" + kindWord + "': expected one of " + java.util.Arrays.stream(Counterexample.Kind.values())
                .map(Counterexample.Kind::word).toList()));
        if (kind == Counterexample.Kind.TEMPORAL && loopStart < 0 && steps.size() > 1) {
            throw new InputException(source + ": loopStart = " + loopStart + ": a temporal counterexample is a lasso: "
                    + "expected the index of the step its last state returns to, in [0, " + (steps.size() - 1) + "]");
        }
        return new Counterexample(text(json, "property", source), kind, steps, violationIndex,
                loopStart, provenance, note);
    }

    private static Action action(JsonNode a, String source, int step) {
        if (!a.isObject() || !a.has("name") || !a.get("name").isTextual()) {
            throw new InputException(source + ": malformed trace: step " + step + " action: expected an object with a 'name' (a string)");
        }
        onlyFields(a, ACTION_FIELDS, "steps[" + step + "].action.", source);
        Map<String, Object> params = new LinkedHashMap<>();
        JsonNode p = a.get("params");
        if (p != null && !p.isNull() && !p.isObject()) {
            throw new InputException(source + ": malformed trace: steps[" + step + "].action.params: expected an object "
                    + "(parameter name to value)");
        }
        if (p != null && p.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = p.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                params.put(e.getKey(), scalar(e.getValue()));
            }
        }
        return new Action(a.get("name").asText(), params);
    }

    private static Object scalar(JsonNode v) {
        if (v.isInt()) {
            return v.intValue();
        }
        if (v.isIntegralNumber()) {
            return v.longValue();
        }
        if (v.isNumber()) {
            return v.doubleValue();
        }
        if (v.isBoolean()) {
            return v.booleanValue();
        }
        if (v.isTextual()) {
            return v.textValue();
        }
        return v;
    }

    /** Fields of the format; any other is refused, so that no stored field goes unchecked. */
    private static final java.util.Set<String> TOP_FIELDS = java.util.Set.of("schema", "property", "kind",
            "violationIndex", "loopStart", "note", "provenance", "steps");
    private static final java.util.Set<String> PROVENANCE_FIELDS = java.util.Set.of("model", "variant", "parameters",
            "checker", "version");
    private static final java.util.Set<String> STEP_FIELDS = java.util.Set.of("action", "state");
    private static final java.util.Set<String> ACTION_FIELDS = java.util.Set.of("name", "params");

    private static void onlyFields(JsonNode o, java.util.Set<String> allowed, String where, String source) {
        for (Iterator<String> it = o.fieldNames(); it.hasNext();) {
            String f = it.next();
            if (!allowed.contains(f)) {
                throw new InputException(source + ": malformed trace: unknown field '" + where + f + "': expected "
                        + new java.util.TreeSet<>(allowed));
            }
        }
    }

    private static JsonNode field(JsonNode o, String name, String source) {
        JsonNode v = o.get(name);
        if (v == null || v.isNull()) {
            throw new InputException(source + ": malformed trace: missing '" + name + "'");
        }
        return v;
    }

    private static String text(JsonNode o, String name, String source) {
        JsonNode v = field(o, name, source);
        if (!v.isTextual()) {
            throw new InputException(source + ": malformed trace: '" + name + "' = " + abbreviated(v) + ": expected a string");
        }
        return v.textValue();
    }

    /** A value as it appears in the file, cut to a readable length. */
    private static String abbreviated(JsonNode v) {
        String t = v.toString();
        return t.length() > 40 ? t.substring(0, 40) + "..." : t;
    }

    private static int integer(JsonNode o, String name, String source) {
        JsonNode v = field(o, name, source);
        if (!v.isInt()) {
            throw new InputException(source + ": malformed trace: '" + name + "' = " + abbreviated(v) + ": expected an integer");
        }
        return v.intValue();
    }

    /**
     * Reads a trace file: {@value #SCHEMA} JSON, or an ITF trace ({@link ItfTraces#toCounterexample}).
     *
     * @param file the file
     * @return the counterexample
     * @throws InputException if the file is missing, not JSON, or not a trace
     */
    public static Counterexample read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new InputException(file + ": no such file");
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new InputException(file + ": not UTF-8 text: expected a JSON trace");
        } catch (IOException e) {
            throw new InputException(org.rdmacheck.checker.JsonErrors.cannotRead(file, e));
        }
        JsonNode tree;
        try {
            tree = TraceJson.MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new InputException(org.rdmacheck.checker.JsonErrors.describe(file, e));
        }
        if (ItfTraces.isItf(tree)) {
            // an Informal Trace Format file (e.g. one written by rdmacheck export --format itf)
            return ItfTraces.toCounterexample(ItfTraces.parse(tree, file.toString()), file.toString());
        }
        return fromJson(tree, file.toString());
    }

    /**
     * The file a counterexample is stored in: {@code <root>/<model>/<variant>-<property>.json}.
     *
     * @param root the counterexamples folder
     * @param cex  the counterexample
     * @return the path
     */
    public static Path pathFor(Path root, Counterexample cex) {
        return pathFor(root, cex, "");
    }

    /**
     * The file a counterexample of a non-default configuration is stored in:
     * {@code <root>/<model>/<variant>-<property>[-<tag>].json}, so that runs of one variant with
     * different parameters keep their own files.
     *
     * @param root the counterexamples folder
     * @param cex  the counterexample
     * @param tag  distinguishes the configuration (e.g. its non-default parameters); empty for none
     * @return the path
     */
    public static Path pathFor(Path root, Counterexample cex, String tag) {
        String name = safe(cex.provenance().variant()) + "-" + safe(cex.property())
                + (tag.isEmpty() ? "" : "-" + safe(tag)) + ".json";
        return root.resolve(safe(cex.provenance().model())).resolve(name);
    }

    private static String safe(String s) {
        return s.replaceAll("[^A-Za-z0-9_.=-]", "_");
    }

    /**
     * Writes a counterexample atomically under {@code root}.
     *
     * @param root the counterexamples folder
     * @param cex  the counterexample
     * @return the file written
     * @throws IOException if writing fails (no partial file is left)
     */
    public static Path write(Path root, Counterexample cex) throws IOException {
        return write(root, cex, "");
    }

    /**
     * Writes a counterexample atomically under {@code root}, tagged by configuration.
     *
     * @param root the counterexamples folder
     * @param cex  the counterexample
     * @param tag  see {@link #pathFor(Path, Counterexample, String)}
     * @return the file written
     * @throws IOException if writing fails (no partial file is left)
     */
    public static Path write(Path root, Counterexample cex, String tag) throws IOException {
        Path target = pathFor(root, cex, tag);
        writeTo(target, cex);
        return target;
    }

    /**
     * Writes a counterexample atomically to a file of the caller's naming, as {@link #write} does.
     *
     * @param target the file
     * @param cex    the counterexample
     * @throws IOException if writing fails (no partial file is left)
     */
    public static void writeTo(Path target, Counterexample cex) throws IOException {
        writeAtomically(target, TraceJson.MAPPER.writeValueAsString(toJson(cex)) + "\n");
    }

    /**
     * Writes text to a file atomically: temporary file in the same folder, then rename.
     *
     * @param target the file
     * @param text   its contents
     * @throws IOException if writing fails (the temporary file is removed)
     */
    public static void writeAtomically(Path target, String text) throws IOException {
        writeAtomically(target, text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Writes bytes to a file atomically: a temporary file in the same folder, then a rename, so
     * an interrupted run leaves no half-written file. The file gets the usual permissions (0666
     * less the umask, as any new file), not the owner-only ones of {@code Files.createTempFile}.
     *
     * @param target the file
     * @param bytes  its contents
     * @throws IOException if writing fails (the temporary file is removed)
     */
    public static void writeAtomically(Path target, byte[] bytes) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = dir.resolve(".tmp-" + java.util.UUID.randomUUID() + ".part");
        try {
            Files.write(tmp, bytes, java.nio.file.StandardOpenOption.CREATE_NEW,
                    java.nio.file.StandardOpenOption.WRITE);
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
