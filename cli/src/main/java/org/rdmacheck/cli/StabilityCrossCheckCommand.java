package org.rdmacheck.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.rdmacheck.fluid.FluidLimitException;
import java.util.concurrent.Callable;
import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.fluid.SolverSettings;
import org.rdmacheck.fluid.stability.PerturbedRun;
import org.rdmacheck.fluid.stability.SolverVerdict;
import org.rdmacheck.fluid.stability.StabilityCrossCheck;
import org.rdmacheck.fluid.stability.StabilityFiles;
import org.rdmacheck.model.InputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code rdmacheck fluid stability cross-check}: the linearisation's side against the
 * delay-differential solver on an (N, τ*) grid, by the solver's rule ({@link StabilityCrossCheck}):
 * points on the stability boundary (|PM| &lt; 1e-6°) or whose root count failed are UNDECIDED, neither
 * agreement nor disagreement. Disagreements within {@value #NEAR_ZERO_DEG}° of 0 are expected (the
 * decay is too slow to see); one farther out exits 1.
 */
@Command(footerHeading = "%nExamples:%n", footer = {"  rdmacheck fluid stability cross-check --flows 8,20 --delays 50", "  rdmacheck fluid stability cross-check --flows 2,8 --delays 50,100 --json"},
        name = "cross-check", description = "Simulate the fluid model from a perturbed fixed point on an (N, tau*) grid "
        + "and compare converging vs sustained oscillation with the linearisation's side (the phase margin's sign and the "
        + "count of characteristic roots in the right half-plane; UNDECIDED, not compared, within 1e-6 deg of the "
        + "stability boundary or where the count failed). Writes stability-cross-check.csv.")
final class StabilityCrossCheckCommand implements Callable<Integer> {

    /** Disagreements with a margin this close to 0 (degrees) are expected. */
    static final double NEAR_ZERO_DEG = 5;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    StabilityOptions opts;

    @CommandLine.Mixin
    StabilityOutput output = new StabilityOutput();

    @Option(names = "--flows", defaultValue = "2..14:2", description = "N values (default ${DEFAULT-VALUE})")
    String flows;

    @Option(names = "--delays", defaultValue = "10..100:10", description = "tau* values in us, > 0 (default ${DEFAULT-VALUE})")
    String delays;

    @Option(names = "--duration-ms", defaultValue = "100", description = "simulated time per point in ms (default ${DEFAULT-VALUE})")
    double durationMs;

    @Option(names = "--step", description = "solver step in us (default 5, capped at tau*)")
    Double step;

    @Override
    public Integer call() {
        opts.requireExact("cross-check");
        // the option as typed (ms), before the cross-check's own check (us)
        double minMs = 2 * PerturbedRun.WINDOW_MICROS / 1000;
        double maxMs = SolverVerdict.MAX_HORIZON_MICROS / 1000;
        if (!(durationMs >= minMs && durationMs <= maxMs)) {
            throw new InputException("--duration-ms " + durationMs + ": expected " + (long) minMs + " ms (two 20 ms "
                    + "windows) to " + (long) maxMs + " ms (10 s)");
        }
        FluidParameters base = opts.base();
        Path dir = output.folder();
        int[] n = NumberLists.positiveInts("--flows", flows);
        double[] d = NumberLists.doubles("--delays", delays);
        RunClock clock = opts.clock("cross-check", spec.commandLine().getErr());
        long t0 = System.currentTimeMillis();
        long planned = (long) n.length * d.length;
        java.util.function.BooleanSupplier stopNow = StabilityOptions.stop(clock, planned, "points");
        // a simulation under way stops at the limit too (asked every 4,096 solver steps)
        SolverSettings settings = (step == null ? SolverSettings.defaults()
                : StabilityCommand.checked(() -> new SolverSettings(step)))
                .withMonitor((t, end, steps) -> {
                    if ((steps & 4095) == 0 && clock.expired()) {
                        throw new FluidLimitException(clock.limitReason(), t);
                    }
                });
        StabilityCrossCheck c = StabilityCommand.checked(() -> StabilityCrossCheck.run(base, n, d, opts.source(),
                opts.rateTerms(), settings, durationMs * 1000, stopNow));
        long millis = System.currentTimeMillis() - t0;
        long done = c.points().size() + c.skipped().size();
        // a cross-check cut short writes no files
        Optional<EarlyStop> stop = done < planned ? Optional.of(EarlyStop.timeLimit(clock)) : Optional.empty();
        List<Path> files = stop.isPresent() ? List.of() : StabilityFiles.crossCheck(c, dir);
        StabilityCommand.listFiles(spec.commandLine().getErr(), files);
        boolean farOff = c.disagreements().stream().anyMatch(p -> Math.abs(p.linear().phaseMarginDeg()) > NEAR_ZERO_DEG);
        if (opts.json) {
            ObjectNode o = StabilityJson.head("cross-check", base, opts);
            StabilityJson.figure(o, "duration_ms", durationMs);
            JsonValues.figure(o, "wallMillis", millis, Quantity.Unit.MILLISECONDS);
            StabilityJson.stop(o, stop, done, planned);
            o.put("compared", c.points().size());
            o.put("agreeing", c.points().stream().filter(StabilityCrossCheck.Point::agrees).count());
            o.put("disagreeing", c.disagreements().size());
            o.put("undecided", c.undecided().size());
            o.put("skipped", c.skipped().size());
            StabilityJson.figure(o, "agreementRate", c.agreementRate());
            ArrayNode arr = o.putArray("points");
            for (StabilityCrossCheck.Point p : c.points()) {
                ObjectNode x = arr.addObject();
                StabilityJson.point(x, p.linear());
                x.put("rightHalfPlaneRoots", p.check().rightHalfPlaneRoots());
                x.put("onBoundary", p.check().onBoundary());
                StabilityJson.figure(x, "firstAmplitude_KB", p.run().firstAmplitudeKB());
                StabilityJson.figure(x, "lastAmplitude_KB", p.run().lastAmplitudeKB());
                x.put("simulated", p.run().behaviour().name());
                x.put("comparison", p.comparison().name());
            }
            ArrayNode dis = o.putArray("disagreements");
            c.disagreements().forEach(p -> StabilityJson.point(dis.addObject(), p.linear()));
            StabilityJson.files(o, files);
            StabilityCommand.print(spec.commandLine().getOut(), StabilityJson.text(o));
            return farOff ? ExitCodes.VIOLATED : EarlyStop.exit(stop, ExitCodes.OK);
        }
        List<String[]> t = StabilityText.start("N", "tau*(us)", "PM(deg)", "linear", "RHP roots", "first amp(KB)",
                "last amp(KB)", "simulated", "agrees");
        for (StabilityCrossCheck.Point p : c.points()) {
            t.add(new String[] {Integer.toString(p.linear().flows()), StabilityText.fmt("%.4g", p.linear().delayMicros()),
                StabilityText.fmt("%.2f", p.linear().phaseMarginDeg()), p.linear().verdict().name()
                        + (p.check().onBoundary() ? " (on the boundary)" : ""),
                p.check().rightHalfPlaneRoots() < 0 ? "-" : Integer.toString(p.check().rightHalfPlaneRoots()),
                StabilityText.fmt("%.3f", p.run().firstAmplitudeKB()), StabilityText.fmt("%.3f", p.run().lastAmplitudeKB()),
                p.run().behaviour().name(), switch (p.comparison()) {
                    case AGREES -> "yes";
                    case DISAGREES -> "NO";
                    case UNDECIDED -> "undecided";
                }});
        }
        StringBuilder sb = new StringBuilder(StabilityText.table(t));
        long decided = c.points().size() - c.undecided().size();
        sb.append(String.format(Locale.ROOT, "agreement: %d of %d points (%s %%), %d undecided (on the stability "
                + "boundary, |PM| < %s deg, or the root count failed: not compared), %d grid points outside RED's "
                + "linear region not simulated, %.1f s%n", c.points().stream().filter(StabilityCrossCheck.Point::agrees).count(),
                decided, decided == 0 ? "-" : StabilityText.fmt("%.1f", 100 * c.agreementRate()), c.undecided().size(),
                java.math.BigDecimal.valueOf(SolverVerdict.Linear.BOUNDARY_DEG).stripTrailingZeros().toPlainString(),
                c.skipped().size(), millis / 1000.0));
        for (StabilityCrossCheck.Point p : c.disagreements()) {
            sb.append(String.format(Locale.ROOT, "disagreement at N = %d, tau* = %.4g us: phase margin %.2f deg%s%n",
                    p.linear().flows(), p.linear().delayMicros(), p.linear().phaseMarginDeg(),
                    Math.abs(p.linear().phaseMarginDeg()) <= NEAR_ZERO_DEG ? " (near 0 deg)" : " (far from 0 deg!)"));
        }
        sb.append(StabilityText.stopped(stop, done, planned, "points"));
        StabilityCommand.print(spec.commandLine().getOut(), sb.toString());
        return farOff ? ExitCodes.VIOLATED : EarlyStop.exit(stop, ExitCodes.OK);
    }
}
