package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command that writes files, with {@code --out} naming a regular file or a folder that
 * cannot be created: one line naming the path, exit 2, nothing written.
 */
class OutputFolderTest {

    /** One quick invocation per command that takes --out. */
    static final Map<String, List<String>> COMMANDS = new TreeMap<>(Map.ofEntries(
            Map.entry("check", List.of("check", "philosophers", "--param", "n=3")),
            Map.entry("all", List.of("all", "--model", "philosophers")),
            Map.entry("gbn-table", List.of("gbn-table", "--max-losses", "1")),
            Map.entry("gbn-sim", List.of("gbn-sim", "--param", "replications=2", "--param", "lossRates=1e-3")),
            Map.entry("thresholds", List.of("thresholds", "--dart")),
            Map.entry("partition-sim", List.of("partition-sim", "--trials", "1", "--qps", "1", "--chunks", "32K")),
            Map.entry("deadlock", List.of("deadlock", "--topology", "ring:n=4", "--routing", "updown")),
            Map.entry("tlc", List.of("tlc", "specs/philosophers")),
            Map.entry("fluid", List.of("fluid", "fixed-point", "--param", "N=2")),
            Map.entry("report", List.of("report", "--model", "philosophers")),
            Map.entry("gbn-timed-table", List.of("gbn-timed-table", "--max-losses", "1")),
            Map.entry("knockouts", List.of("knockouts", "escape-vl")),
            Map.entry("scope", List.of("scope", "abp", "--grow", "messages"))));

    @Test
    void everyCommandWithAnOutFolderIsCovered() {
        List<String> withOut = new ArrayList<>();
        Main.commandLine().getSubcommands().forEach((name, cl) -> {
            // export's --out names a file (the exported trace), not a folder
            var o = cl.getCommandSpec().findOption("--out");
            if (o != null && !o.paramLabel().equals("FILE")) {
                withOut.add(name);
            }
        });
        assertEquals(COMMANDS.keySet(), new java.util.TreeSet<>(withOut));
    }

    @Test
    void aRegularFileAsOutIsOneLineAndExitTwo(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("results.txt"), "keep me\n");
        for (Map.Entry<String, List<String>> c : COMMANDS.entrySet()) {
            assertRejected(c.getKey(), withOut(c.getValue(), file), file.toString());
            assertEquals("keep me\n", Files.readString(file), c.getKey() + " left the file alone");
        }
        assertEquals(List.of(file), Files.list(dir).toList(), "nothing else was written");
    }

    @Test
    void aFolderThatCannotBeCreatedIsOneLineAndExitTwo(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("results.txt"), "keep me\n");
        Path under = file.resolve("sub");
        for (Map.Entry<String, List<String>> c : COMMANDS.entrySet()) {
            assertRejected(c.getKey(), withOut(c.getValue(), under), under.toString());
        }
        assertEquals(List.of(file), Files.list(dir).toList(), "nothing else was written");
    }

    private static String[] withOut(List<String> args, Path out) {
        List<String> all = new ArrayList<>(args);
        if (all.contains("specs/philosophers")) {
            Path repo = Path.of("").toAbsolutePath();
            while (!Files.isDirectory(repo.resolve("specs"))) {
                repo = repo.getParent();
            }
            all.set(all.indexOf("specs/philosophers"), repo.resolve("specs/philosophers").toString());
        }
        all.add("--out");
        all.add(out.toString());
        return all.toArray(String[]::new);
    }

    private static void assertRejected(String name, String[] args, String path) {
        CliTest.Run r = CliTest.run(args);
        assertEquals(2, r.code(), name + ": " + Arrays.toString(args) + "\n" + r.err());
        assertEquals(1, r.err().lines().count(), name + ": one line\n" + r.err());
        assertTrue(r.err().contains("--out " + path), name + " names the path: " + r.err());
        assertEquals("", r.out(), name + " prints no result");
    }
}
