package org.rdmacheck.checker.conformance;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.model.InputException;

/**
 * A spec folder's {@code manifest.json} (format in {@code specs/README.md}): the Java twin, how
 * Java parameters and variants map onto TLA+ constants, how Java states map onto TLA+ variables,
 * and the configurations with their expected results.
 *
 * @param folder         the spec folder
 * @param javaModel      catalogue name of the Java twin, or null
 * @param constantMapping Java parameters and variants to TLA+ constants (see {@link ConstantMapping})
 * @param traceMapping   TLA+ variable to how it is read from a Java state view
 * @param configurations the configurations, in order
 * @param refinement     the abstract service the spec refines and how that is checked, if it declares one
 * @param antecedents    per implication the twin states, the twin's temporal property that its antecedent is
 *                       never met (a vacuity witness, {@code "antecedents"}): where the Java model declares the
 *                       implication vacuous, {@code conform} has TLC check the witness beside it
 */
public record SpecManifest(Path folder, String javaModel, ConstantMapping constantMapping,
                           Map<String, TraceMapping.Variable> traceMapping, List<Configuration> configurations,
                           java.util.Optional<Refinement> refinement, Map<String, String> antecedents) {

    /** Copies the witnesses. */
    public SpecManifest {
        antecedents = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(antecedents));
    }

    /** The file name. */
    public static final String FILE = "manifest.json";

    /**
     * The TLA+ constants of a Java configuration: the mapping of its variant and of every parameter,
     * which must set every constant the spec declares.
     *
     * @param variant         a Java variant
     * @param effectiveParams every parameter of the Java model (defaults filled in)
     * @return the constants
     * @throws ConstantMapping.Unmapped one line naming the variant, parameter or constant the spec lacks
     */
    public Map<String, String> constants(String variant, Map<String, String> effectiveParams) {
        String where = folder + " (" + FILE + " constantMapping): ";
        Map<String, String> c;
        try {
            c = constantMapping.constants(variant, effectiveParams);
        } catch (ConstantMapping.Unmapped e) {
            throw new ConstantMapping.Unmapped(where + e.getMessage() + "; TLC cannot run this configuration");
        }
        Set<String> unset = ConstantMapping.unset(TlaVariables.constants(folder, refinementModules()), c);
        if (!unset.isEmpty()) {
            throw new ConstantMapping.Unmapped(where + "variant '" + variant + "' with " + effectiveParams
                    + " leaves the spec's constants " + unset + " unset");
        }
        return c;
    }

    /**
     * The Java state's top-level fields that hold sets: those the trace mapping reads whole
     * ({@code "from": "/field"}) {@code "as": "set"}. The ITF export of the Java model's traces writes
     * them as {@code #set}, every other array as a sequence.
     *
     * @return the field names
     */
    public Set<String> setFields() {
        Set<String> sets = new java.util.TreeSet<>();
        for (TraceMapping.Variable v : traceMapping.values()) {
            if (v.as().equals("set") && v.from().matches("/[^/]+")) {
                sets.add(v.from().substring(1).replace("~1", "/").replace("~0", "~"));
            }
        }
        return sets;
    }

    /**
     * @return the modules of the folder that belong to the refinement check (the abstract service and
     *         the modules adding history variables), not to the twin: their constants and variables are
     *         no Java parameters or state fields
     */
    public Set<String> refinementModules() {
        return refinement.map(Refinement::modules).orElse(Set.of());
    }

    /**
     * @param property a property a configuration checks
     * @return whether it is a refinement check (checked by TLC only: the explorer has no abstract spec)
     */
    public boolean isRefinement(String property) {
        return refinement.map(r -> r.properties().contains(property)).orElse(false);
    }

    /**
     * The spec refines an abstract service: TLC checks the temporal properties {@code properties}
     * (each {@code Abs!Spec} or {@code Abs!FairSpec} of an {@code INSTANCE service WITH} a
     * refinement mapping) in the configurations that list them.
     *
     * @param service    the abstract module (in the folder)
     * @param history    the modules that add history variables and the mapping (in the folder)
     * @param properties the refinement properties
     */
    public record Refinement(String service, List<String> history, List<String> properties) {
        /** Copies the lists. */
        public Refinement {
            history = List.copyOf(history);
            properties = List.copyOf(properties);
        }

        /** @return the abstract module and the history modules */
        public Set<String> modules() {
            Set<String> s = new java.util.LinkedHashSet<>(history);
            s.add(service);
            return s;
        }
    }

    /**
     * One checked configuration.
     *
     * @param name          its name
     * @param config        the base configuration file in the folder
     * @param variant       Java variant (null without a twin)
     * @param parameters    Java parameters
     * @param constants     TLA+ constants
     * @param invariants    invariants TLC checks
     * @param properties    temporal properties TLC checks
     * @param checkDeadlock whether TLC reports deadlocks (as {@code DeadlockFree})
     * @param slow          whether only the slow test profile runs it
     * @param symmetry      whether both checkers reduce by symmetry: its {@code config} declares
     *                      {@code SYMMETRY} and the explorer runs with symmetry reduction, so
     *                      {@code distinctStates} counts classes of states
     * @param expect        the expected result
     */
    public record Configuration(String name, String config, String variant, Map<String, String> parameters,
                                Map<String, String> constants, List<String> invariants, List<String> properties,
                                boolean checkDeadlock, boolean slow, boolean symmetry, Expectation expect) {
    }

    /**
     * @param result         the TLC outcome ({@code timeout} is never expected)
     * @param distinctStates distinct reachable states (with the given constants, whatever is checked), or -1
     * @param violated       properties that must be violated
     */
    public record Expectation(org.rdmacheck.checker.tlc.TlcOutcome result, long distinctStates, List<String> violated) {
    }

    /**
     * @param specsRoot the {@code specs} folder
     * @return every folder's manifest, sorted by folder name
     */
    public static List<SpecManifest> all(Path specsRoot) {
        try (Stream<Path> s = Files.list(specsRoot)) {
            List<SpecManifest> out = new ArrayList<>();
            for (Path dir : s.filter(d -> Files.isRegularFile(d.resolve(FILE))).sorted().toList()) {
                out.add(read(dir));
            }
            return out;
        } catch (IOException e) {
            throw new InputException(specsRoot + ": cannot list spec folders: " + e.getMessage());
        }
    }

    /**
     * @param folder a spec folder
     * @return its manifest
     * @throws InputException if missing or malformed, naming the field
     */
    public static SpecManifest read(Path folder) {
        Path file = folder.resolve(FILE);
        JsonNode root;
        try {
            root = TraceJson.MAPPER.readTree(Files.readString(file, StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            throw new InputException(file + ": no such file");
        } catch (JsonProcessingException e) {
            throw new InputException(org.rdmacheck.checker.JsonErrors.describe(file, e));
        } catch (IOException e) {
            throw new InputException(org.rdmacheck.checker.JsonErrors.cannotRead(file, e));
        }
        String src = file.toString();
        String java = root.hasNonNull("javaModel") ? root.get("javaModel").asText() : null;
        ConstantMapping mapping = ConstantMapping.parse(root.path("constantMapping"), src);
        List<Configuration> configs = new ArrayList<>();
        JsonNode arr = root.get("configurations");
        if (arr == null || !arr.isArray() || arr.isEmpty()) {
            throw new InputException(src + ": 'configurations' must be a non-empty array");
        }
        for (JsonNode c : arr) {
            configs.add(configuration(c, src));
        }
        return new SpecManifest(folder, java, mapping, TraceMapping.parse(root.path("traceMapping"), src), configs,
                refinement(root.path("refinement"), folder, src), strings(root.path("antecedents"), src));
    }

    private static java.util.Optional<Refinement> refinement(JsonNode r, Path folder, String src) {
        if (r.isMissingNode() || r.isNull()) {
            return java.util.Optional.empty();
        }
        String service = r.path("service").asText("");
        List<String> history = list(r.path("history"));
        List<String> properties = list(r.path("properties"));
        if (service.isEmpty() || properties.isEmpty()) {
            throw new InputException(src + ": 'refinement' needs a 'service' module and a non-empty 'properties' list");
        }
        List<String> modules = new ArrayList<>(history);
        modules.add(service);
        for (String mod : modules) {
            if (!Files.isRegularFile(folder.resolve(mod + ".tla"))) {
                throw new InputException(src + ": refinement module '" + mod + "': expected " + mod + ".tla in "
                        + folder);
            }
        }
        return java.util.Optional.of(new Refinement(service, history, properties));
    }

    private static Configuration configuration(JsonNode c, String src) {
        String name = c.path("name").asText(null);
        if (name == null) {
            throw new InputException(src + ": every configuration needs a 'name'");
        }
        JsonNode e = c.get("expect");
        if (e == null || !e.hasNonNull("result")) {
            throw new InputException(src + ": configuration " + name + ": missing expect.result");
        }
        String word = e.get("result").asText();
        org.rdmacheck.checker.tlc.TlcOutcome result = org.rdmacheck.checker.tlc.TlcOutcome.ofWord(word)
                .filter(o -> o != org.rdmacheck.checker.tlc.TlcOutcome.TIMEOUT
                        && o != org.rdmacheck.checker.tlc.TlcOutcome.INCOMPLETE)
                .orElseThrow(() -> new InputException(src + ": configuration " + name + ": expect.result '" + word
                        + "': expected success, invariant, deadlock, property, assertion or error"));
        Expectation ex = new Expectation(result, e.path("distinctStates").asLong(-1), list(e.path("violated")));
        return new Configuration(name, c.path("config").asText("MCSpec.cfg"), c.path("variant").asText(null),
                strings(c.path("parameters"), src), strings(c.path("constants"), src), list(c.path("invariants")),
                list(c.path("properties")), c.path("checkDeadlock").asBoolean(false), c.path("slow").asBoolean(false),
                c.path("symmetry").asBoolean(false), ex);
    }

    static Map<String, String> strings(JsonNode o, String src) {
        Map<String, String> m = new LinkedHashMap<>();
        if (o.isMissingNode() || o.isNull()) {
            return m;
        }
        if (!o.isObject()) {
            throw new InputException(src + ": expected an object of strings, got " + o);
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            m.put(e.getKey(), e.getValue().isTextual() ? e.getValue().textValue() : e.getValue().toString());
        }
        return m;
    }

    private static List<String> list(JsonNode a) {
        List<String> out = new ArrayList<>();
        a.forEach(v -> out.add(v.asText()));
        return out;
    }
}
