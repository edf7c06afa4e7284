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
 */
final class StepTimes {

    private StepTimes() {
    }

    /**
     * @param home the checkout
     * @return the last time of each step run, by label; empty when none was saved or it is unreadable
     */
    static Map<String, Long> load(Path home) {
        Path file = file(home);
        Map<String, Long> out = new TreeMap<>();
        if (!Files.isRegularFile(file)) {
            return out;
        }
        try {
            JsonNode root = TraceJson.MAPPER.readTree(file.toFile());
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
