package org.rdmacheck.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.rdmacheck.fluid.FluidDivergenceException;
import org.rdmacheck.fluid.FluidInputException;
import org.rdmacheck.fluid.FluidLimitException;
import org.rdmacheck.fluid.SolveMonitor;
import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.fluid.SolverSettings;
import org.rdmacheck.fluid.scenario.ConvergenceSweep;
import org.rdmacheck.fluid.scenario.FixedPointTable;
import org.rdmacheck.fluid.scenario.IncastStarvation;
import org.rdmacheck.fluid.scenario.QueueVsGain;
import org.rdmacheck.fluid.scenario.ScenarioReport;
import org.rdmacheck.fluid.scenario.TwoFlowScenario;
import org.rdmacheck.model.InputException;

/**
 * Runs fluid scenarios by name for {@code rdmacheck fluid} and {@code rdmacheck all}, and turns
 * their findings into summary rows. Most verdicts are measurements (as expected unless the solver
 * diverged); the steady state against the fixed point must hold, and seed 004's incast claims carry
 * the expectation docs/dcqcn.md explains, so a change of either fails {@code rdmacheck all}.
 */
final class FluidScenarios {

    /** The scenario names. */
    static final List<String> NAMES = List.of("two-flow", "convergence", "g-sweep", "incast", "fixed-point",
            "packet-check");

    /** How much to run. */
    enum Size {
        /** the command: full grids and sweeps */
        FULL,
        /** the suite: named points and small sweeps, a few seconds in all */
        SUITE
    }

    private FluidScenarios() {
    }

    /**
     * @param scenario scenario name
     * @param given    --param values (model parameters, plus step, grid, seed)
     * @param outDir   folder for CSV/PNG
     * @param size     how much to run
     * @param err      progress and file lines
     * @return summary rows
     */
    static List<Finding> run(String scenario, Map<String, String> given, Path outDir, Size size, PrintWriter err) {
        return run(scenario, given, outDir, size, err, new RunClock("fluid " + scenario, Long.MAX_VALUE, "none", err));
    }

    /**
     * As {@link #run(String, Map, Path, Size, PrintWriter)}, with progress lines and a time limit.
     *
     * @param clock progress lines and the time limit (reached: one INCONCLUSIVE row)
     */
    static List<Finding> run(String scenario, Map<String, String> given, Path outDir, Size size, PrintWriter err,
                                RunClock clock) {
        if (!NAMES.contains(scenario)) {
            throw new InputException("unknown fluid scenario '" + scenario + "': expected one of " + NAMES);
        }
        requireUsed(scenario, given);
        Map<String, String> model = new LinkedHashMap<>(given);
        String step = model.remove("step");
        String grid = model.remove("grid");
        String seed = model.remove("seed");
        String target2 = model.remove("target2");
        ScenarioReport report;
        try {
            SolverSettings settings = (step == null ? SolverSettings.defaults()
                    : new SolverSettings(number("step", step))).withMonitor(monitor(clock));
            FluidParameters deployed = FluidParameters.deployed().withAll(model);
            int n = grid == null ? (size == Size.FULL ? 6 : 0) : (int) integer("grid", grid, 0, 40);
            if (target2 != null && number("target2", target2) != 0
                    && number("target2", target2) != deployed.lineRateGbps()) {
                throw new InputException("target2 = " + target2 + " Gb/s: expected 0 (the flow starting at R_C = 0 "
                        + "starts with R_T = 0) or the line rate C = " + deployed.lineRateGbps() + " (the other "
                        + "reading of Fig. 11)");
            }
            report = switch (scenario) {
                case "two-flow" -> TwoFlowScenario.run(deployed, settings, outDir);
                case "convergence" -> ConvergenceSweep.run(model, n, target2 == null ? 0 : number("target2", target2),
                        settings, outDir);
                case "g-sweep" -> QueueVsGain.run(deployed, settings, outDir);
                case "incast" -> IncastStarvation.run(deployed, size == Size.FULL ? IncastStarvation.degrees()
                        : new int[] {2, 16, 32}, settings, outDir);
                case "fixed-point" -> FixedPointTable.run(deployed, model.containsKey("N")
                        ? new int[] {deployed.flows()} : FixedPointTable.defaultFlows());
                default -> org.rdmacheck.fluid.scenario.PacketCheck.run(deployed, settings, seed == null ? 1 : integer("seed", seed, 0,
                        Long.MAX_VALUE), outDir);
            };
        } catch (FluidInputException e) {
            throw new InputException(e.getMessage(), e);
        } catch (FluidLimitException e) {
            // what the stopped solve reached, as a figure; the limit as the findings' cause
            return List.of(Finding.of("fluid", scenario, given, "solution", Finding.Expectation.NONE,
                    Finding.Verdict.INCONCLUSIVE).with(Quantity.of("simulatedTimeReached_ms", e.timeMicros() / 1000,
                            Quantity.Unit.MILLISECONDS))
                    .withWallMillis(clock.elapsedMillis()).withInconclusive(
                            org.rdmacheck.checker.CheckResult.InconclusiveReason.TIME_LIMIT, String.format(
                            java.util.Locale.ROOT, "%s (a solve at t = %.1f ms)", e.getMessage(), e.timeMicros() / 1000)));
        } catch (FluidDivergenceException e) {
            // inside the parameters' ranges a divergence is the fixed step's (a time constant shorter than
            // it: B = 1 KB or tau = 1 us at 5 us diverge, converge at 1 us), so say which step it was
            return List.of(Finding.of("fluid", scenario, given, "solution", Finding.Expectation.NONE,
                    Finding.Verdict.DIVERGED).withDetail(e.getMessage() + " (step " + (step == null
                    ? SolverSettings.DEFAULT_STEP_MICROS : step) + " us, capped at tauStar: a smaller --param step "
                    + "may resolve a numerical divergence)"));
        }
        FluidCommand.listFiles(err, report.files());
        List<Finding> rows = new ArrayList<>();
        for (ScenarioReport.Finding f : report.findings()) {
            List<Quantity> figures = new ArrayList<>();
            f.figures().forEach((name, value) -> figures.add(Quantity.of(name, value, unit(name))));
            Finding.Expectation expected = switch (f.expect()) {
                case HOLDS -> Finding.Expectation.HOLDS;
                case FAILS -> Finding.Expectation.FAILS;
                case NONE -> Finding.Expectation.NONE;
            };
            rows.add(Finding.of("fluid", scenario, given, f.label(), expected, verdict(f.verdict()))
                    .with(figures).withWallMillis(report.wallMillis()).withDetail(f.summary()));
        }
        return rows;
    }

    /** The fluid model's verdict words as verdicts; a grid's {@code converged/points} is a measurement. */
    static Finding.Verdict verdict(String word) {
        return switch (word) {
            case "CONVERGED" -> Finding.Verdict.CONVERGED;
            case "NOT-CONVERGED" -> Finding.Verdict.NOT_CONVERGED;
            case "STARVES" -> Finding.Verdict.STARVES;
            case "NO-STARVATION" -> Finding.Verdict.NO_STARVATION;
            case "NO-FIXED-POINT" -> Finding.Verdict.NO_FIXED_POINT;
            case "CONFIRMED" -> Finding.Verdict.CONFIRMED;
            case "REFUTED" -> Finding.Verdict.REFUTED;
            case "INCONCLUSIVE" -> Finding.Verdict.INCONCLUSIVE;
            default -> Finding.Verdict.MEASURED;
        };
    }

    /** Figures the fluid model names without a unit suffix count things or are ratios. */
    private static Quantity.Unit unit(String name) {
        return switch (name) {
            case "points", "converged", "packets", "evaluations" -> Quantity.Unit.COUNT;
            default -> Quantity.Unit.ofSuffix(name);
        };
    }

    /**
     * Parameters a scenario sets itself or never reads, with the reason: giving one is refused
     * rather than silently ignored.
     */
    private static final Map<String, Map<String, String>> NOT_USED = Map.of(
            "two-flow", Map.of("N", "two-flow has two flows", "grid", "only convergence has a grid",
                    "seed", "only packet-check is random", "target2", "only convergence uses it"),
            "packet-check", Map.of("N", "packet-check runs the two-flow setup", "grid", "only convergence has a grid",
                    "target2", "only convergence uses it"),
            "convergence", Map.of("N", "convergence has two flows", "seed", "only packet-check is random"),
            "g-sweep", Map.of("N", "g-sweep sets N to 2 and 16", "g", "g-sweep varies g",
                    "grid", "only convergence has a grid", "seed", "only packet-check is random",
                    "target2", "only convergence uses it"),
            "incast", Map.of("N", "incast varies N", "Rai", "incast varies Rai", "grid", "only convergence has a grid",
                    "seed", "only packet-check is random", "target2", "only convergence uses it"),
            "fixed-point", Map.of("step", "fixed-point solves no differential equation",
                    "grid", "only convergence has a grid", "seed", "only packet-check is random",
                    "target2", "only convergence uses it"));

    private static void requireUsed(String scenario, Map<String, String> given) {
        Map<String, String> unused = NOT_USED.getOrDefault(scenario, Map.of());
        for (String key : given.keySet()) {
            if (unused.containsKey(key)) {
                throw new InputException(key + " = " + given.get(key) + ": not used by fluid " + scenario + " ("
                        + unused.get(key) + "); expected it left out");
            }
        }
    }

    /** Progress lines from inside the solves (checked every 4,096 steps) and the time limit. */
    private static SolveMonitor monitor(RunClock clock) {
        long[] solves = {0};
        long[] total = {0};
        return new SolveMonitor() {
            @Override
            public void stepEnd(double t, double end, long steps) {
                if (steps == 1) {
                    solves[0]++;
                }
                total[0]++;
                if ((steps & 4095) != 0) {
                    return;
                }
                checkpoint(t);
                clock.tick(() -> String.format(java.util.Locale.ROOT, "solve %d at t = %.1f of %.1f ms, %s",
                        solves[0], t / 1000, end / 1000, clock.rate(total[0], -1, "steps")));
            }

            @Override
            public void checkpoint(double t) {
                if (clock.expired()) {
                    throw new FluidLimitException(clock.limitReason(), t);
                }
            }
        };
    }

    private static double number(String name, String v) {
        try {
            double d = Double.parseDouble(v);
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw new NumberFormatException();
            }
            return d;
        } catch (NumberFormatException e) {
            throw new InputException(name + " = '" + v + "': expected a finite number");
        }
    }

    private static long integer(String name, String v, long min, long max) {
        try {
            long n = Long.parseLong(v.trim());
            if (n < min || n > max) {
                throw new InputException(name + " = " + n + ": expected an integer in [" + min + ", " + max + "]");
            }
            return n;
        } catch (NumberFormatException e) {
            throw new InputException(name + " = '" + v + "': expected an integer");
        }
    }
}
