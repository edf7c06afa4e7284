package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Commands run against the checkout (as the launcher runs them) write under out/ and leave the
 * tracked files, stored counterexamples included, as they were: {@code git status} does not change.
 */
class CleanCheckoutTest {

    @Test
    void commandsLeaveGitStatusAsItWas() throws Exception {
        Path repo = Path.of("").toAbsolutePath();
        while (!Files.isDirectory(repo.resolve("specs"))) {
            repo = repo.getParent();
        }
        assumeTrue(Files.exists(repo.resolve(".git")), "a git checkout");
        String before = status(repo);
        String home = System.getProperty("rdmacheck.home");
        System.setProperty("rdmacheck.home", repo.toString());
        try {
            for (String[] args : List.of(
                    new String[] {"check", "philosophers", "--variant", "naive"},
                    new String[] {"gbn-table", "--max-losses", "1"},
                    new String[] {"deadlock", "--topology", "ring:n=4", "--routing", "deflect"},
                    new String[] {"thresholds", "--dart"},
                    new String[] {"tlc", repo.resolve("specs/philosophers").toString()})) {
                CliTest.Run r = CliTest.run(args);
                assertEquals(true, r.code() == 0 || r.code() == 1, Arrays.toString(args) + ": " + r.err());
                assertEquals(before, status(repo), Arrays.toString(args) + " changed the checkout");
            }
        } finally {
            if (home == null) {
                System.clearProperty("rdmacheck.home");
            } else {
                System.setProperty("rdmacheck.home", home);
            }
        }
    }

    private static String status(Path repo) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("git", "status", "--porcelain", "--untracked-files=all").directory(repo.toFile())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assumeTrue(p.waitFor() == 0, "git is available: " + out);
        return out;
    }
}
