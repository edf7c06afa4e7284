package org.rdmacheck.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.rdmacheck.checker.trace.TraceJson;

/**
 * How long each step of the suite took when it last ran ({@code out/suite/steps.json} of the
 * checkout, by step label, in milliseconds). The suite starts the longest steps first, so that the
 * short ones fill the end and no core is left alone with a long step. Only the order of the work
 * depends on it, never a finding: a missing or unreadable file gives the default order.
 *
 * <p>A checkout that saved none (a fresh clone) orders its first run by the times bundled with the
 * code ({@value #REFERENCE}: each step's CPU time in a run one step at a time, {@code ./rdmacheck all
 * --threads 1}, as its progress lines print it), so that its long steps start first too. A step
 * missing there (added since) starts first, as a step never timed does.
 */
final class StepTimes {

    private StepTimes() {
    }

    /** The bundled times, a resource beside this class. */
    static final String REFERENCE = "suite-step-times.json";

    /**
     * @param home the checkout
     * @return the last time of each step run, by label; empty when none was saved or it is unreadable
     */
    static Map<String, Long> load(Path home) {
        Path file = file(home);
        if (!Files.isRegularFile(file)) {
            return new TreeMap<>();
        }
        try (java.io.InputStream in = Files.newInputStream(file)) {
            return read(in);
        } catch (IOException e) {
            return new TreeMap<>(); // only the order depends on it
        }
    }

    /**
     * @param home the checkout
     * @return the times to order a run by: those saved by the checkout's last runs, else the bundled ones
     */
    static Map<String, Long> known(Path home) {
        Map<String, Long> saved = load(home);
        return saved.isEmpty() ? reference() : saved;
    }

    /** @return the bundled times ({@value #REFERENCE}), by label; empty if unreadable */
    static Map<String, Long> reference() {
        try (java.io.InputStream in = StepTimes.class.getResourceAsStream(REFERENCE)) {
            return in == null ? new TreeMap<>() : read(in);
        } catch (IOException e) {
            return new TreeMap<>();
        }
    }

    private static Map<String, Long> read(java.io.InputStream in) {
        Map<String, Long> out = new TreeMap<>();
        try {
            JsonNode root = TraceJson.MAPPER.readTree(in);
            root.fields().forEachRemaining(e -> {
                if (e.getValue().canConvertToLong()) {
                    out.put(e.getKey(), e.getValue().asLong());
                }
            });
        } catch (IOException | RuntimeException e) {
            out.clear(); // only the order depends on it
        }
        return out;
    }

    /**
     * Adds the times of a run to those saved (a step not run this time keeps its last time).
     *
     * @param home the checkout
     * @param took milliseconds by step label
     * @throws IOException if the file cannot be written
     */
    static void save(Path home, Map<String, Long> took) throws IOException {
        Map<String, Long> all = load(home);
        all.putAll(took);
        ObjectNode json = TraceJson.MAPPER.createObjectNode();
        all.forEach(json::put);
        Path file = file(home);
        Files.createDirectories(file.getParent());
        Path part = Files.createTempFile(file.getParent(), ".tmp-steps", ".part");
        Files.writeString(part, TraceJson.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(json) + "\n",
                StandardCharsets.UTF_8);
        Files.move(part, file, StandardCopyOption.REPLACE_EXISTING);
    }

    /**
     * The order to start steps in: those with a known time longest first, after the steps with none
     * (new or never run, perhaps long), which keep their given order.
     *
     * @param labels the steps' labels, in the given order
     * @param known  the last time of each step, by label
     * @return indexes into {@code labels}
     */
    static List<Integer> order(List<String> labels, Map<String, Long> known) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < labels.size(); i++) {
            out.add(i);
        }
        out.sort(Comparator.comparing((Integer i) -> known.containsKey(labels.get(i)))
                .thenComparing(i -> -known.getOrDefault(labels.get(i), 0L)));
        return out;
    }

    private static Path file(Path home) {
        return home.resolve("out").resolve("suite").resolve("steps.json");
    }
}
