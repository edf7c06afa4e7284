package org.rdmacheck.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.rdmacheck.model.Params;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rdmacheck fluid SCENARIO}: the DCQCN fluid model's scenarios (seed 004 §5). */
@Command(name = "fluid", footerHeading = "%nExamples:%n", footer = {"  rdmacheck fluid two-flow", "  rdmacheck fluid fixed-point --param N=16 --json", "  rdmacheck fluid stability --help"},
        description = "Runs a DCQCN fluid-model scenario (seed 004 section 5): "
        + "two-flow, convergence, g-sweep, incast, fixed-point, packet-check; 'fluid stability ...' for the linear "
        + "stability analysis.", subcommands = StabilityCommand.class)
final class FluidCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "SCENARIO",
            description = "two-flow | convergence | g-sweep | incast | fixed-point | packet-check")
    String scenario;

    @Option(names = "--param", paramLabel = "KEY=VALUE", description = "model parameter (N, C, Kmin, Kmax, Pmax, g, B, "
            + "T, Rai, Rhai, F, tau, tauStar, tauPrime, packet; units Gb/s, KB, us, Mb/s) or step (us), grid (points "
            + "per axis), target2 (Gb/s, R_T of the flow starting at 0 in convergence), seed (repeatable)")
    List<String> params = new ArrayList<>();

    @Option(names = "--out", description = "folder for CSV and PNG files (default: out/fluid of the checkout)")
    Path out;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @picocli.CommandLine.Mixin
    TimeLimit limit = new TimeLimit();

    @Override
    public Integer call() {
        if (scenario == null) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "a scenario is required: "
                    + String.join(", ", FluidScenarios.NAMES) + ", or the subcommand stability");
        }
        Path dir = out != null ? OutputFolders.writable("--out", out)
                : OutputFolders.writable("the default output folder", ExplorerOptions.home().resolve("out").resolve("fluid"));
        Map<String, String> given = new LinkedHashMap<>(Params.parse(params).asMap());
        List<Finding> rows = FluidScenarios.run(scenario, given, dir, FluidScenarios.Size.FULL,
                spec.commandLine().getErr(), limit.start("fluid " + scenario, spec.commandLine().getErr()));
        Output.print(spec.commandLine().getOut(), rows, json);
        return ExitCodes.of(rows);
    }

    /** @param err where to print  @param files files written */
    static void listFiles(PrintWriter err, List<Path> files) {
        for (Path f : files) {
            err.println("fluid: wrote " + ExplorerOptions.display(f));
        }
        err.flush();
    }
}
