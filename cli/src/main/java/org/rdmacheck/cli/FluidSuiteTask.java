package org.rdmacheck.cli;

import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.rdmacheck.engine.ExplorerSettings;

/**
 * The default fluid scenarios for {@code rdmacheck all}, in their quick form (named points and
 * small sweeps, a few seconds in all), then the quick stability analysis ({@link StabilitySuite}).
 * CSV and PNG files go to {@code out/fluid/} of the checkout.
 */
final class FluidSuiteTask implements SuiteTask {

    @Override
    public String name() {
        return "fluid";
    }

    @Override
    public List<Finding> run(ExplorerSettings settings, Path outDir, Path home) {
        Path dir = home.resolve("out").resolve("fluid");
        PrintWriter quiet = new PrintWriter(Writer.nullWriter());
        List<Finding> rows = new ArrayList<>();
        // the time left to the suite's step: a scenario past it is one INCONCLUSIVE row
        RunClock clock = new RunClock("fluid", settings.maxMillis(),
                org.rdmacheck.checker.TimeText.of(settings.maxMillis()), null);
        for (String scenario : FluidScenarios.NAMES) {
            rows.addAll(FluidScenarios.run(scenario, Map.of(), dir, FluidScenarios.Size.SUITE, quiet, clock));
        }
        rows.addAll(StabilitySuite.run(dir));
        return rows;
    }
}
