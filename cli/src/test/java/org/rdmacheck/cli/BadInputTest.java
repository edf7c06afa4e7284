package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.checker.trace.TraceJson;

/**
 * Bad inputs: each is one line on standard error naming the value and what was expected, exit 2,
 * and nothing written.
 */
class BadInputTest {

    @TempDir
    Path dir;

    /** Runs the command and checks the one-line refusal; returns the line. */
    private String refused(String mustName, String... args) throws Exception {
        Path out = dir.resolve("out");
        CliTest.Run r = CliTest.run(args);
        assertEquals(2, r.code(), String.join(" ", args) + "\nstdout: " + r.out() + "\nstderr: " + r.err());
        List<String> lines = r.err().lines().toList();
        assertEquals(1, lines.size(), String.join(" ", args) + ": one line, got: " + r.err());
        String line = lines.get(0);
        assertTrue(line.startsWith("rdmacheck: "), line);
        assertTrue(line.contains(mustName), String.join(" ", args) + ": the line names " + mustName + ": " + line);
        assertTrue(line.contains("expected"), String.join(" ", args) + ": the line says what was expected: " + line);
        assertTrue(!line.contains("Exception"), line);
        assertTrue(Files.notExists(out) || isEmpty(out), "nothing written under " + out);
        return line;
    }

    private static boolean isEmpty(Path d) throws Exception {
        try (Stream<Path> s = Files.list(d)) {
            return s.findAny().isEmpty();
        }
    }

    private Path deepJson() throws Exception {
        Path f = dir.resolve("deep.json");
        Files.writeString(f, "[".repeat(100_000) + "]".repeat(100_000));
        return f;
    }

    private Path binary() throws Exception {
        Path f = dir.resolve("binary.json");
        byte[] b = new byte[256];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) i;
        }
        Files.write(f, b);
        return f;
    }

    private static Path stored(String rel) {
        Path d = Path.of("").toAbsolutePath();
        while (!Files.isDirectory(d.resolve("counterexamples"))) {
            d = d.getParent();
        }
        return d.resolve("counterexamples").resolve(rel);
    }

    /** A copy of the stored fifo trace, changed by {@code change}. */
    private Path trace(String name, Consumer<ObjectNode> change) throws Exception {
        ObjectNode t = (ObjectNode) TraceJson.MAPPER.readTree(stored("fifo/reorder-InOrderDelivery.json").toFile());
        change.accept(t);
        Path f = dir.resolve(name + ".json");
        Files.writeString(f, TraceJson.MAPPER.writeValueAsString(t));
        return f;
    }

    @Test
    void deeplyNestedJsonIsRefusedByReplayAndExport() throws Exception {
        Path deep = deepJson();
        refused("nested deeper than 1000 levels", "replay", deep.toString());
        refused("nested deeper than 1000 levels", "export", deep.toString(), "--format", "itf");
        refused("nested deeper than 1000 levels", "show", deep.toString());
    }

    @Test
    void flowCountsBeyondTheModelAreRefused() throws Exception {
        refused("N = 50000", "fluid", "fixed-point", "--param", "N=50000");
        refused("N = 50000", "fluid", "stability", "margins", "--param", "N=50000");
        refused("N = 50000", "fluid", "stability", "sweep", "--flows", "50000", "--delays", "1", "--out",
                dir.resolve("out").toString());
        // a range crossing the limit names its first value past it, whichever cell a thread reaches first
        refused("N = 10001:", "fluid", "stability", "sweep", "--flows", "2..20000:1", "--delays", "1", "--out",
                dir.resolve("out").toString());
        refused("N = 1e9", "fluid", "fixed-point", "--param", "N=1e9");
        refused("C = 1.0E308", "fluid", "two-flow", "--param", "C=1e308", "--out", dir.resolve("out").toString());
    }

    @Test
    void anEmptyWorkloadItemIsRefusedWhereverItStands() throws Exception {
        refused("workload item ''", "check", "escape-vl", "--param", "workload=s0>s2:1,,", "--no-save");
        refused("workload item ''", "check", "escape-vl", "--param", "workload=,s0>s2:1", "--no-save");
    }

    /**
     * xoff at or below the background a buffer holds for ever (min(threshold, background)): no
     * hysteresis can resume above it, so the line names xoff against threshold and background, not
     * the hysteresis (it once said "expected at most xoff - 8 = 0" of pfc-hysteresis = 1).
     */
    @Test
    void anXoffAtTheBackgroundNamesXoffThresholdAndBackground() throws Exception {
        String line = refused("xoff = 8", "check", "fabric", "--param", "xoff=8", "--param", "background=8",
                "--param", "threshold=8", "--no-save");
        assertEquals("rdmacheck: xoff = 8: expected above min(threshold, background) = 8, the background packet(s) a "
                + "buffer can hold for ever (PFC resumes at xoff - pfc-hysteresis, pfc-hysteresis at least 1): lower "
                + "threshold or background below 8, or raise xoff above 8", line);
        refused("pfc-hysteresis = 2", "check", "fabric", "--param", "xoff=2", "--param", "pfc-hysteresis=2",
                "--no-save");
    }

    @Test
    void aDurationWithoutItsUnitIsRefused() throws Exception {
        refused("--max-time '10'", "check", "fifo", "--max-time", "10", "--no-save");
    }

    @Test
    void replayOfATraceThatIsNotOneIsAnInputError() throws Exception {
        refused("NoSuchProperty", "replay", trace("unknown-property", t -> t.put("property", "NoSuchProperty")).toString());
        refused("'steps' is empty", "replay", trace("no-steps", t -> t.putArray("steps")).toString());
        refused("violationIndex", "replay", trace("index-text", t -> t.put("violationIndex", "four")).toString());
        refused("steps[1].state", "replay", trace("state-text", t -> ((ObjectNode) t.get("steps").get(1))
                .put("state", "s")).toString());
        refused("steps[1].action.params", "replay", trace("params-array", t -> ((ObjectNode) t.get("steps").get(1)
                .get("action")).putArray("params").add(1)).toString());
    }

    @Test
    void exportOfATraceOfAnUnknownModelIsRefused() throws Exception {
        Path t = trace("unknown-model", x -> ((ObjectNode) x.get("provenance")).put("model", "nosuchmodel"));
        refused("nosuchmodel", "export", t.toString(), "--format", "itf", "--out", dir.resolve("out/t.itf.json").toString());
        refused("nosuchmodel", "replay", t.toString());
    }

    @Test
    void aControlCharacterInATopologyIsRefused() throws Exception {
        String line = refused("U+0001", "deadlock", "--topology", "fattree:k=4\u0001", "--no-save");
        assertTrue(line.contains("fattree:k=4\\u0001"), line);
    }

    @Test
    void thresholdFlagsNameTheOptionAndTheValue() throws Exception {
        refused("--beta = 0", "thresholds", "--switch", "arista-7050qx32", "--beta", "0", "--t-ecn", "20KB", "--no-save");
        refused("--t-ecn", "thresholds", "--switch", "arista-7050qx32", "--t-pfc", "20KB", "--mode", "static",
                "--no-save");
        refused("--t-pfc", "thresholds", "--switch", "arista-7050qx32", "--mode", "static", "--t-ecn", "5KB",
                "--no-save");
        String longName = "a".repeat(300);
        long t0 = System.nanoTime();
        refused("--config-name", "thresholds", "--switch", "arista-7050qx32", "--beta", "8", "--t-ecn", "20KB",
                "--config-name", longName, "--out", dir.resolve("out").toString());
        assertTrue(System.nanoTime() - t0 < 20_000_000_000L, "refused before solving");
    }

    @Test
    void binaryFilesAreNamedAsNotText() throws Exception {
        Path b = binary();
        refused("not UTF-8 text", "replay", b.toString());
        refused("not UTF-8 text", "show", b.toString());
        refused("not UTF-8 text", "export", b.toString(), "--format", "itf");
        refused("not UTF-8 text", "thresholds", "--switch", b.toString());
        refused("expected a switch profile (arista-7050qx32, ", "thresholds", "--switch", "nope");
        refused("not UTF-8 text", "thresholds", "--sonic", b.toString(), "--no-save");
        refused("not UTF-8 text", "deadlock", "--topology", "file:" + b, "--no-save");
    }
}
