package org.rdmacheck.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.rdmacheck.fluid.FluidInputException;
import org.rdmacheck.model.InputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code rdmacheck fluid stability}: linear stability of DCQCN's fluid model (seed 004 §5; approach
 * of Zhu et al., CoNEXT 2016): phase margins, sweeps, the region of stable settings, and the
 * cross-checks against the delay-differential and packet-level models.
 */
@Command(footerHeading = "%nExamples:%n", footer = {"  rdmacheck fluid stability margins --param N=8 --param tauStar=50", "  rdmacheck fluid stability sweep --delays 1,50,100 --json"},
        name = "stability", description = "Linear stability of the DCQCN fluid model around its fixed point "
        + "(phase margin of L(s) = rational part x e^(-s tau*)): margins, sweep, region, cross-check, packet-check.",
        subcommands = {StabilityMarginsCommand.class, StabilitySweepCommand.class, StabilityRegionCommand.class,
            StabilityCrossCheckCommand.class, StabilityPacketCheckCommand.class, StabilityAttributionCommand.class, StabilitySolverCommand.class})
final class StabilityCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "a subcommand is required: margins, sweep, region, cross-check, packet-check, attribution, solver");
    }

    /**
     * Runs a piece of the analysis, turning the model's input errors into the command line's.
     *
     * @param work the analysis
     * @param <T>  its result
     * @return the result
     */
    static <T> T checked(Supplier<T> work) {
        try {
            return work.get();
        } catch (FluidInputException e) {
            throw new InputException(e.getMessage(), e);
        }
    }

    /** @param out where  @param text what (flushed) */
    static void print(PrintWriter out, String text) {
        out.print(text);
        if (!text.endsWith("\n")) {
            out.println();
        }
        out.flush();
    }

    /** @param err where  @param files written files */
    static void listFiles(PrintWriter err, List<Path> files) {
        FluidCommand.listFiles(err, files);
    }
}
