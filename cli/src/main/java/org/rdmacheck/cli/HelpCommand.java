package org.rdmacheck.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.model.InputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code rdmacheck help [COMMAND [SUBCOMMAND ...]]}: the usage of any command, nested ones included
 * ({@code help fluid stability sweep}); an unknown name is one line naming it and the choices, exit 2.
 */
@Command(name = "help", helpCommand = true, description = "Show the usage of a command, or of rdmacheck.",
        footerHeading = "%nExamples:%n", footer = {"  rdmacheck help check", "  rdmacheck help fluid stability sweep"})
final class HelpCommand implements CommandLine.IHelpCommandInitializable2, Runnable {

    @Parameters(paramLabel = "COMMAND", arity = "0..*", description = "a command and, for nested ones, its subcommands")
    List<String> names = new ArrayList<>();

    private CommandLine self;
    private CommandLine.Help.ColorScheme colours;
    private PrintWriter out;

    @Override
    public void init(CommandLine helpCommandLine, CommandLine.Help.ColorScheme colorScheme, PrintWriter outWriter,
                     PrintWriter errWriter) {
        this.self = helpCommandLine;
        this.colours = colorScheme;
        this.out = outWriter;
    }

    @Override
    public void run() {
        CommandLine target = self.getParent();
        StringBuilder path = new StringBuilder("rdmacheck");
        for (String name : names) {
            CommandLine sub = target.getSubcommands().get(name);
            if (sub == null) {
                String here = path.toString();
                String args = String.join(" ", target.getCommandSpec().positionalParameters().stream()
                        .map(p -> p.paramLabel()).toList());
                throw new InputException("help: unknown command '" + (here + " " + name).substring("rdmacheck ".length())
                        + "'" + (target == self.getParent() ? ": expected one of " + visible(target)
                        : ": " + here + (target.getSubcommands().isEmpty() ? " has no subcommands"
                        : " has the subcommands " + visible(target))
                        + (args.isEmpty() ? "" : " and takes " + args + " as an argument; its usage: rdmacheck help "
                        + here.substring("rdmacheck ".length()))));
            }
            path.append(' ').append(name);
            target = sub;
        }
        target.usage(out, colours);
        out.flush();
    }

    private static String visible(CommandLine c) {
        List<String> names = new ArrayList<>();
        c.getSubcommands().forEach((n, s) -> {
            if (!s.getCommandSpec().usageMessage().hidden() && s.getCommandSpec().name().equals(n)) {
                names.add(n);
            }
        });
        return String.join(", ", names);
    }
}
