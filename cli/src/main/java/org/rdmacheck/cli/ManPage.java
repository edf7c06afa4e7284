package org.rdmacheck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rdmacheck generate-manpage [FILE]}: the manual page {@code rdmacheck(1)} in roff (man(7)
 * macros), written from the command specs themselves, so it lists exactly the commands, options,
 * defaults and examples that {@code --help} prints. picocli's own generator lives in
 * picocli-codegen, which the project's registry does not serve.
 */
@Command(name = "generate-manpage", description = "Write the manual page rdmacheck(1) in roff "
        + "(to standard output, or to FILE). View it with: man ./rdmacheck.1",
        footerHeading = "%nExamples:%n", footer = {"  rdmacheck generate-manpage rdmacheck.1 && man ./rdmacheck.1"})
final class ManPage implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "FILE", description = "where to write the page (default: standard output)")
    Path file;

    @Override
    public Integer call() throws IOException {
        String page = of(spec.root().commandLine());
        if (file == null) {
            PrintWriter out = spec.commandLine().getOut();
            out.print(page);
            out.flush();
        } else {
            if (java.nio.file.Files.isDirectory(file)) {
                throw new org.rdmacheck.model.InputException("FILE " + file + ": expected a file, but it is a folder");
            }
            Path parent = file.toAbsolutePath().getParent();
            OutputFolders.writable("FILE", parent);
            org.rdmacheck.checker.trace.Counterexamples.writeAtomically(file, page.getBytes(StandardCharsets.UTF_8));
        }
        return ExitCodes.OK;
    }

    /**
     * @param root the root command
     * @return the manual page of the root and every visible command below it
     */
    static String of(CommandLine root) {
        StringBuilder sb = new StringBuilder();
        CommandSpec r = root.getCommandSpec();
        sb.append(".TH RDMACHECK 1 \"\" \"rdmacheck ").append(esc(version(r))).append("\" \"rdmacheck manual\"\n");
        sb.append(".SH NAME\nrdmacheck \\- formal models and verification of RDMA datacenter-network mechanisms\n");
        sb.append(".SH SYNOPSIS\n.B rdmacheck\n.I COMMAND\n[\\fIOPTIONS\\fR]\n");
        sb.append(".SH DESCRIPTION\n");
        lines(r.usageMessage().description()).forEach(l -> sb.append(text(l)).append('\n'));
        sb.append(".PP\nExit status: 0 all as expected; 1 a property violated that must hold (or a must-fail variant "
                + "that held); 2 usage or input error; 3 inconclusive (a state, time or heap limit was reached).\n");
        sb.append(".SH COMMANDS\n");
        List<CommandLine> all = new ArrayList<>();
        collect(root, all);
        for (CommandLine c : all) {
            command(sb, c.getCommandSpec());
        }
        sb.append(".SH SEE ALSO\nThe README of the rdmacheck checkout and its guide in docs/; \\fBrdmacheck help\\fR \\fICOMMAND\\fR; "
                + "\\fBrdmacheck generate-completion\\fR for bash/zsh completion.\n");
        return sb.toString();
    }

    private static void collect(CommandLine c, List<CommandLine> out) {
        c.getSubcommands().forEach((name, sub) -> {
            CommandSpec s = sub.getCommandSpec();
            if (s.name().equals(name) && !s.usageMessage().hidden()) {
                out.add(sub);
                collect(sub, out);
            }
        });
    }

    private static void command(StringBuilder sb, CommandSpec c) {
        sb.append(".SS \"").append(esc(c.qualifiedName())).append("\"\n");
        CommandLine.Help help = new CommandLine.Help(c, CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF));
        sb.append(".nf\n").append(literal(help.synopsis(0).stripTrailing())).append("\n.fi\n");
        lines(c.usageMessage().description()).forEach(l -> sb.append(".PP\n").append(text(l)).append('\n'));
        for (PositionalParamSpec p : c.positionalParameters()) {
            if (!p.hidden()) {
                item(sb, "\\fI" + esc(p.paramLabel()) + "\\fR", p);
            }
        }
        for (OptionSpec o : c.options()) {
            if (o.hidden()) {
                continue;
            }
            String names = String.join(", ", o.names()).replace("-", "\\-");
            String label = o.typeInfo().isBoolean() || o.arity().max() == 0 ? "" : "=\\fI" + esc(o.paramLabel()) + "\\fR";
            item(sb, "\\fB" + names + "\\fR" + label, o);
        }
        List<String> footer = lines(c.usageMessage().footer());
        if (!footer.isEmpty()) {
            sb.append(".PP\nExamples:\n.RS\n.nf\n");
            footer.forEach(l -> sb.append(literal(l.strip())).append('\n'));
            sb.append(".fi\n.RE\n");
        }
    }

    private static void item(StringBuilder sb, String head, ArgSpec a) {
        sb.append(".TP\n").append(head).append('\n');
        String d = String.join(" ", a.description()).replace("${DEFAULT-VALUE}", String.valueOf(a.defaultValue()))
                .replace("${COMPLETION-CANDIDATES}", candidates(a));
        sb.append(text(format(d))).append('\n');
    }

    private static String candidates(ArgSpec a) {
        List<String> c = new ArrayList<>();
        if (a.completionCandidates() != null) {
            a.completionCandidates().forEach(c::add);
        }
        return String.join(", ", c);
    }

    /** Picocli descriptions are format strings: {@code %n} is a line break, {@code %%} a percent sign. */
    private static String format(String s) {
        return s.replace("%n", " ").replace("%%", "%");
    }

    private static List<String> lines(String[] parts) {
        List<String> out = new ArrayList<>();
        for (String p : parts) {
            for (String l : format(p.replace("%n", "\n")).split("\n", -1)) {
                if (!l.isBlank()) {
                    out.add(l);
                }
            }
        }
        return out;
    }

    private static String version(CommandSpec root) {
        String[] v = root.version();
        return v.length == 0 ? "" : v[0].replaceFirst("^rdmacheck\\s*", "");
    }

    /** Running text: roff's escape character and a leading control character made literal. */
    static String text(String s) {
        String e = esc(s);
        return e.startsWith(".") || e.startsWith("'") ? "\\&" + e : e;
    }

    /** A line of a no-fill block: as text, with hyphens kept as hyphen-minus (for copying commands). */
    private static String literal(String s) {
        return text(s).replace("-", "\\-");
    }

    private static String esc(String s) {
        return s.replace("\\", "\\e");
    }
}
