package org.rdmacheck.cli;

import java.io.PrintWriter;
import org.rdmacheck.model.InputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code rdmacheck} command line. Exit codes: 0 as expected, 1 a property violated that must
 * hold, 2 usage or input error, 3 inconclusive.
 */
@Command(name = "rdmacheck", mixinStandardHelpOptions = true, version = "rdmacheck 0.1.0",
        description = "Formal models and verification of RDMA datacenter-network mechanisms.",
        subcommands = {
            ListCommand.class,
            CheckCommand.class,
            AllCommand.class,
            ReportCommand.class,
            ReplayCommand.class,
            ShowCommand.class,
            KnockoutsCommand.class,
            ScopeCommand.class,
            org.rdmacheck.cli.gbn.GbnTableCommand.class,
            org.rdmacheck.cli.gbn.GbnPatternsCommand.class,
            org.rdmacheck.cli.gbn.GbnTimedTableCommand.class,
            ThresholdsCommand.class,
            org.rdmacheck.cli.partition.PartitionSimCommand.class,
            DeadlockCommand.class,
            TlcCommand.class,
            FluidCommand.class,
            ConformCommand.class,
            ValidateTraceCommand.class,
            ExportCommand.class,
            org.rdmacheck.cli.gbn.GbnSimCommand.class,
            LaneRulesCommand.class,
            BudgetCommand.class,
            PerFlowCommand.class,
        })
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /**
     * @param args command-line arguments
     */
    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /**
     * @param ex a parse error
     * @return for a word where a command expects its subcommand ({@code fluid stability nosuch}), one line
     *         naming it and the subcommands expected, where picocli says "Unmatched argument at index 2"
     */
    static java.util.Optional<String> unknownSubcommand(CommandLine.ParameterException ex) {
        if (!(ex instanceof CommandLine.UnmatchedArgumentException u) || u.getUnmatched().isEmpty()
                || u.getUnmatched().get(0).startsWith("-") || u.getCommandLine().getSubcommands().isEmpty()) {
            return java.util.Optional.empty();
        }
        java.util.List<String> names = u.getCommandLine().getSubcommands().values().stream().distinct()
                .filter(c -> !c.getCommandSpec().usageMessage().hidden()).map(CommandLine::getCommandName).toList();
        return java.util.Optional.of("unknown subcommand '" + u.getUnmatched().get(0) + "' of "
                + u.getCommandLine().getCommandSpec().qualifiedName() + ": expected one of " + String.join(", ", names));
    }

    /**
     * Runs a command line and returns its exit status (no System.exit).
     *
     * @param args arguments
     * @param out  standard output
     * @param err  standard error
     * @return the exit status
     */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = commandLine();
        cl.setOut(out);
        cl.setErr(err);
        boolean json = java.util.Arrays.asList(args).contains("--json");
        cl.setParameterExceptionHandler((ex, a) -> {
            String line = unknownSubcommand(ex).orElse(ex.getMessage().lines().findFirst().orElse("bad arguments"));
            if (json) {
                out.println(ErrorJson.of(ErrorJson.Kind.USAGE, line));
                out.flush();
            } else {
                err.println("rdmacheck: " + line + " (see rdmacheck --help)");
                err.flush();
            }
            return ExitCodes.USAGE;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            if (ex instanceof InputException) {
                if (json) {
                    out.println(ErrorJson.of(ErrorJson.Kind.INPUT, ex.getMessage()));
                    out.flush();
                } else {
                    err.println("rdmacheck: " + ex.getMessage());
                    err.flush();
                }
                return ExitCodes.USAGE;
            }
            if (ex instanceof java.io.IOException || ex instanceof java.io.UncheckedIOException) {
                // a file the user named, or a full disk: one line naming the file and why
                if (json) {
                    out.println(ErrorJson.of(ErrorJson.Kind.INPUT, OutputFolders.describe(ex)));
                    out.flush();
                } else {
                    err.println("rdmacheck: " + OutputFolders.describe(ex));
                    err.flush();
                }
                return ExitCodes.USAGE;
            }
            throw ex;
        });
        try {
            return cl.execute(args);
        } catch (OutOfMemoryError e) {
            // the checkers stop at their heap limit; this is the net for a step that has none
            err.println("rdmacheck: INCONCLUSIVE: the Java heap (" + (Runtime.getRuntime().maxMemory() >> 20)
                    + " MB) ran out before the run finished; nothing was concluded (give more with "
                    + "RDMACHECK_JAVA_OPTS=-Xmx8g, or lower the sizes)");
            err.flush();
            return ExitCodes.INCONCLUSIVE;
        }
    }

    /**
     * The command tree: every command answers {@code -h/--help} and {@code help CMD};
     * {@code generate-completion} prints a bash/zsh completion script and
     * {@code generate-manpage} the manual page.
     *
     * @return a fresh command line
     */
    static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        cl.addSubcommand(new CommandLine(new HelpCommand()));
        CommandLine completion = new CommandLine(new picocli.AutoComplete.GenerateCompletion());
        completion.getCommandSpec().usageMessage().description("Print a bash/zsh completion script for rdmacheck.")
                .footerHeading("%nExamples:%n")
                .footer("  rdmacheck generate-completion > rdmacheck_completion; source rdmacheck_completion");
        cl.addSubcommand("generate-completion", completion);
        cl.addSubcommand(new CommandLine(new ManPage()));
        addHelpOptions(cl);
        cl.setUsageHelpAutoWidth(true);
        return cl;
    }

    private static void addHelpOptions(CommandLine cl) {
        for (CommandLine sub : cl.getSubcommands().values()) {
            if (!sub.getCommandSpec().mixinStandardHelpOptions()) {
                sub.getCommandSpec().mixinStandardHelpOptions(true);
            }
            addHelpOptions(sub);
        }
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required: list, check, all, replay, ...");
    }
}
