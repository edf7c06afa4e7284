package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** {@code generate-manpage}: one page with every visible command and option, valid roff. */
class ManPageTest {

    @Test
    void thePageNamesEveryCommandAndOption(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("rdmacheck.1");
        CliTest.Run r = CliTest.run("generate-manpage", file.toString());
        assertEquals(0, r.code(), r.err());
        String page = Files.readString(file, StandardCharsets.UTF_8);
        assertTrue(page.startsWith(".TH RDMACHECK 1 "), page.lines().findFirst().orElse(""));
        List<String> missing = new ArrayList<>();
        HelpTest.allCommands().forEach(c -> {
            if (!page.contains(".SS \"rdmacheck " + c + "\"\n")) {
                missing.add(c);
            }
            CommandLine cl = Main.commandLine();
            for (String w : c.split(" ")) {
                cl = cl.getSubcommands().get(w);
            }
            for (OptionSpec o : cl.getCommandSpec().options()) {
                if (!o.hidden() && !page.contains("\\fB" + String.join(", ", o.names()).replace("-", "\\-") + "\\fR")) {
                    missing.add(c + " " + o.longestName());
                }
            }
        });
        assertEquals(List.of(), missing, "commands and options not in the page");
        Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file);
        assertTrue(perms.contains(PosixFilePermission.OTHERS_READ), "written readable by all (0644): " + perms);
    }

    @Test
    void groffFormatsItWithoutWarnings(@TempDir Path dir) throws IOException, InterruptedException {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/groff")), "groff is not installed");
        Path file = dir.resolve("rdmacheck.1");
        assertEquals(0, CliTest.run("generate-manpage", file.toString()).code());
        Process p = new ProcessBuilder("/usr/bin/groff", "-man", "-Tutf8", "-ww", "-z", file.toString())
                .redirectErrorStream(true).start();
        String warnings = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), warnings);
        assertEquals("", warnings);
    }

    @Test
    void aFolderOrAnUnwritablePathIsOneLineAndExitTwo(@TempDir Path dir) {
        for (String target : List.of(dir.toString(), "/proc/x/rdmacheck.1")) {
            CliTest.Run r = CliTest.run("generate-manpage", target);
            assertEquals(2, r.code(), target + ": " + r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
        }
    }
}
