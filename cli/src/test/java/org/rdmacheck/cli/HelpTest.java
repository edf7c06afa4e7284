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

    @ParameterizedTest
    @MethodSource("commands")
    void everyCommandAnswersHelpInThreeWays(String command) {
        for (List<String> args : List.of(List.of(command, "--help"), List.of(command, "-h"), List.of("help", command))) {
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
    void aCompletionScriptIsGenerated() {
        CliTest.Run r = CliTest.run("generate-completion");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("complete -F"), "a bash completion function is registered");
        assertTrue(r.out().contains("partition-sim"), "subcommands are completed");
    }
}
