package org.rdmacheck.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.trace.Counterexamples;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rdmacheck show TRACE [--full]}: a stored counterexample as numbered steps, for reading. */
@Command(name = "show", footerHeading = "%nExamples:%n",
        footer = {"  rdmacheck show counterexamples/fifo/reorder-InOrderDelivery.json",
            "  rdmacheck show counterexamples/gbn/improved-ignore-Completion.json --full"},
        description = "Prints a counterexample (rdmacheck-trace/1 JSON or ITF) as numbered steps: the action, then "
        + "only what changed in the state, the step where the property fails and a lasso's loop marked; lines fit "
        + "in 100 columns. It does not re-check the trace (that is 'replay').")
final class ShowCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TRACE", description = "counterexample file (JSON or ITF)")
    Path file;

    @Option(names = "--full", description = "print every variable at every step, not only what changed")
    boolean full;

    @Override
    public Integer call() {
        Counterexample cex = Counterexamples.read(file);
        PrintWriter out = spec.commandLine().getOut();
        out.print(TraceViewText.render(file.toString(), TraceView.of(cex), full));
        out.flush();
        return ExitCodes.OK;
    }
}
