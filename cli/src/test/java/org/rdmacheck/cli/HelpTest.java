package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every command answers -h, --help and {@code help CMD} with its usage and an example, exit 0. */
class HelpTest {

    static Stream<String> commands() {
        return Main.commandLine().getSubcommands().entrySet().stream()
                .filter(e -> !e.getValue().getCommandSpec().usageMessage().hidden())
                .map(java.util.Map.Entry::getKey).filter(n -> !n.equals("help"));
    }

    /** @return every visible command, nested ones as their path ({@code fluid stability sweep}) */
    static Stream<String> allCommands() {
        List<String> out = new java.util.ArrayList<>();
        walk(Main.commandLine(), "", out);
        return out.stream();
    }

    private static void walk(picocli.CommandLine c, String path, List<String> out) {
        c.getSubcommands().forEach((name, sub) -> {
            if (!sub.getCommandSpec().usageMessage().hidden() && sub.getCommandSpec().name().equals(name)) {
                String p = path.isEmpty() ? name : path + " " + name;
                out.add(p);
                walk(sub, p, out);
            }
        });
    }

    @ParameterizedTest
    @MethodSource("allCommands")
    void everyCommandAnswersHelpInThreeWays(String command) {
        List<String> words = List.of(command.split(" "));
        List<String> help = new java.util.ArrayList<>(List.of("help"));
        help.addAll(words);
        List<String> dashHelp = new java.util.ArrayList<>(words);
        dashHelp.add("--help");
        List<String> dashH = new java.util.ArrayList<>(words);
        dashH.add("-h");
        for (List<String> args : List.of(dashHelp, dashH, help)) {
            CliTest.Run r = CliTest.run(args.toArray(String[]::new));
            assertEquals(0, r.code(), args + ": " + r.err());
            assertTrue(r.out().startsWith("Usage: rdmacheck " + command), args + ": " + r.out());
            assertTrue(r.out().contains("Examples:"), args + " shows an example");
            assertFalse(r.err().contains("WARN"), args + ": " + r.err());
        }
    }

    @Test
    void theTopLevelHelpFormatsEveryDescription() {
        CliTest.Run r = CliTest.run("--help");
        assertEquals(0, r.code());
        assertEquals("", r.err(), "no picocli format warning (an unescaped percent sign)");
        assertTrue(r.out().contains("95% confidence"), r.out());
        assertTrue(commands().allMatch(c -> r.out().contains("  " + c + " ")), r.out());
    }

    @Test
    void helpForAnUnknownCommandIsOneLineAndExitTwo() {
        for (String[] args : List.of(new String[] {"help", "nosuch"}, new String[] {"help", "fluid", "stability", "nosuch"},
                new String[] {"help", "check", "gbn"})) {
            CliTest.Run r = CliTest.run(args);
            assertEquals(2, r.code(), String.join(" ", args));
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertEquals("", r.out());
        }
    }

    @Test
    void aCompletionScriptIsGenerated() {
        CliTest.Run r = CliTest.run("generate-completion");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("complete -F"), "a bash completion function is registered");
        assertTrue(r.out().contains("partition-sim"), "subcommands are completed");
    }
}
