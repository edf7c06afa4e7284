package org.rdmacheck.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.rdmacheck.checker.conformance.SpecManifest;
import org.rdmacheck.checker.tlc.TlaValues;

/**
 * The shapes of a TLA+ spec's constants as its manifest gives them (ITF values: a set is {@code #set}), by
 * which a constant read back from JSON, where sets and sequences are both arrays, is rendered as the spec
 * has it ({@link TlaValues#renderLike}). A constant's shape is that of the first configuration that gives
 * it as a set somewhere inside, else of the first that gives it at all; TLA+ has no declared types, and the
 * manifest's texts are what TLC is given.
 */
final class TlaConstantShapes {

    /** No manifest, or one that gives no constant. */
    private static final TlaConstantShapes NONE = new TlaConstantShapes(Map.of());

    /** Per manifest file and its modification time: a report reads many findings of one spec. */
    private static final Map<String, TlaConstantShapes> CACHE = new ConcurrentHashMap<>();

    private final Map<String, JsonNode> shapes;

    private TlaConstantShapes(Map<String, JsonNode> shapes) {
        this.shapes = shapes;
    }

    /**
     * @param home  the checkout
     * @param model a finding's model: for TLA+ findings (tlc, conform) the spec's folder under specs/
     * @return the shapes of that spec's constants (none when there is no such folder or manifest)
     */
    static TlaConstantShapes of(Path home, String model) {
        if (model == null || model.isEmpty() || model.contains("/") || model.contains("\\") || model.startsWith(".")) {
            return NONE;
        }
        Path folder = specs(home).resolve(model);
        Path file = folder.resolve(SpecManifest.FILE);
        if (!Files.isRegularFile(file)) {
            return NONE;
        }
        String key;
        try {
            key = file.toAbsolutePath().normalize() + "@" + Files.getLastModifiedTime(file).toMillis();
        } catch (java.io.IOException e) {
            return NONE;
        }
        return CACHE.computeIfAbsent(key, k -> read(folder));
    }

    /**
     * @return the checkout's specs/: under home, or, run from a module folder (the tests), under the checkout
     *         that holds it, as {@link ExplorerOptions#display} finds it
     */
    private static Path specs(Path home) {
        Path abs = home.toAbsolutePath().normalize();
        for (Path p = abs; p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("specs")) && (p.equals(abs) || Files.isRegularFile(p.resolve("rdmacheck"))
                    && Files.isRegularFile(p.resolve("pom.xml")))) {
                return p.resolve("specs");
            }
        }
        return abs.resolve("specs");
    }

    private static TlaConstantShapes read(Path folder) {
        SpecManifest m;
        try {
            m = SpecManifest.read(folder);
        } catch (RuntimeException unreadable) {
            return NONE; // the findings are read all the same, their arrays as sequences
        }
        Map<String, JsonNode> shapes = new LinkedHashMap<>();
        for (SpecManifest.Configuration c : m.configurations()) {
            c.constants().forEach((name, text) -> {
                JsonNode shape;
                try {
                    shape = TlaValues.parseItf(text);
                } catch (IllegalArgumentException notALiteral) {
                    return; // an expression TLC evaluates (Nat, 1..N): it says nothing of the shape
                }
                JsonNode had = shapes.get(name);
                if (had == null || !hasSet(had) && hasSet(shape)) {
                    shapes.put(name, shape);
                }
            });
        }
        return new TlaConstantShapes(Map.copyOf(shapes));
    }

    private static boolean hasSet(JsonNode v) {
        if (v.isObject() && v.has("#set")) {
            return true;
        }
        for (JsonNode x : v) {
            if (hasSet(x)) {
                return true;
            }
        }
        return false;
    }

    /** @param constant a constant's name  @return its shape, if the manifest gives the constant */
    Optional<JsonNode> shape(String constant) {
        return Optional.ofNullable(shapes.get(constant));
    }
}
