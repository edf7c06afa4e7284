package org.rdmacheck.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.rdmacheck.fluid.FluidLimitException;
import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.fluid.SolveMonitor;
import org.rdmacheck.fluid.stability.SolverVerdict;
import org.rdmacheck.fluid.stability.StabilityVerdict;
import org.rdmacheck.model.InputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code rdmacheck fluid stability solver}: the delay-differential model's behaviour near the exact
 * linearisation's critical delay, from a start near the fixed point and one far from it, decided by
 * a stated horizon, window and amplitude threshold with the step halved until the verdict holds.
 */
@Command(footerHeading = "%nExamples:%n", footer = {"  rdmacheck fluid stability solver --flows 8 --delays 50,100",
    "  rdmacheck fluid stability solver --flows 2,8,16 --around-critical 0.1 --json"},
        name = "solver", description = "Delay-differential model at (N, tau*) from two starts (near the fixed point, "
        + "and far: empty queue, line rate): CONVERGES, SUSTAINED_OSCILLATION (amplitude, period), STILL_DECAYING, "
        + "STILL_GROWING (a growing envelope below the threshold, or a small one where the exact linearisation is "
        + "unstable: undecided, never CONVERGES), UNDECIDED (below the threshold where the exact linearisation does not "
        + "confirm stability: undetermined, its root count failed, or on the boundary) or DIVERGED over the "
        + "last window before the horizon, the step halved until the verdict holds; tau* also at the exact "
        + "linearisation's critical delay x (1 -/+ --around-critical).")
final class StabilitySolverCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    StabilityOptions opts;

    @Option(names = "--flows", defaultValue = "2,8,16", description = "N values (default ${DEFAULT-VALUE})")
    String flows;

    @Option(names = "--delays", defaultValue = "", description = "tau* values in us, besides those around the critical "
            + "delay (default none)")
    String delays;

    @Option(names = "--around-critical", defaultValue = "0.1", description = "also run at tau*_c x (1 - f) and "
            + "tau*_c x (1 + f), tau*_c the exact linearisation's critical delay; 0: not (default ${DEFAULT-VALUE})")
    double around;

    @Option(names = "--horizon-ms", defaultValue = "300", description = "simulated time H in ms (default ${DEFAULT-VALUE})")
    double horizonMs;

    @Option(names = "--window-ms", defaultValue = "20", description = "window W in ms: the last one is judged against "
            + "the one before (default ${DEFAULT-VALUE})")
    double windowMs;

    @Option(names = "--threshold-kb", defaultValue = "1", description = "amplitude threshold in KB: a last window's "
            + "peak-to-peak queue below it converges (default ${DEFAULT-VALUE})")
    double thresholdKb;

    @Option(names = "--step", defaultValue = "5", description = "first solver step in us, halved until the verdict holds "
            + "(default ${DEFAULT-VALUE})")
    double step;

    /** One (N, τ*) with its critical delay and both starts' verdicts. */
    private record Row(int flows, double delay, double critical, SolverVerdict.Linear linear, SolverVerdict near,
                       SolverVerdict far) {
    }

    @Override
    public Integer call() {
        opts.requireExact("solver");
        if (opts.closedForm || opts.frozenRate) {
            throw new InputException("solver: --closed-form and --frozen-rate do not apply (the delay-differential "
                    + "model has no linearisation to simplify)");
        }
        if (!(around >= 0 && around < 1)) {
            throw new InputException("--around-critical " + around + ": expected a fraction in [0, 1)");
        }
        FluidParameters base = opts.base();
        int[] n = NumberLists.positiveInts("--flows", flows);
        double[] d = delays.isBlank() ? new double[0] : NumberLists.doubles("--delays", delays);
        for (double x : d) {
            if (!(x > 0 && x <= FluidParameters.MAX_DELAY_MICROS)) {
                throw new InputException("--delays " + x + ": expected delays > 0 us, up to "
                        + (long) FluidParameters.MAX_DELAY_MICROS + " us");
            }
        }
        // the options as typed (ms), before the rule's own check (us) could name a converted value
        double maxMs = SolverVerdict.MAX_HORIZON_MICROS / 1000;
        if (!(horizonMs > 0 && horizonMs <= maxMs)) {
            throw new InputException("--horizon-ms " + horizonMs + ": expected a horizon > 0 ms, up to " + (long) maxMs
                    + " ms (10 s)");
        }
        if (!(windowMs > 0 && 2 * windowMs <= horizonMs)) {
            throw new InputException("--window-ms " + windowMs + ": expected a window > 0 ms, at most half the horizon ("
                    + horizonMs + " ms)");
        }
        SolverVerdict.Rule rule = StabilityCommand.checked(() -> new SolverVerdict.Rule(horizonMs * 1000,
                windowMs * 1000, thresholdKb, step));
        List<double[]> cells = new ArrayList<>();   // {N, tau*, critical}
        for (int flowCount : n) {
            FluidParameters p = StabilityCommand.checked(() -> base.with("N", Integer.toString(flowCount)));
            double crit = SolverVerdict.criticalDelayMicros(p);
            for (double x : d) {
                cells.add(new double[] {flowCount, x, crit});
            }
            if (around > 0 && !Double.isNaN(crit) && crit * (1 + around) <= FluidParameters.MAX_DELAY_MICROS) {
                cells.add(new double[] {flowCount, crit * (1 - around), crit});
                cells.add(new double[] {flowCount, crit * (1 + around), crit});
            }
        }
        RunClock clock = opts.clock("solver", spec.commandLine().getErr());
        java.util.function.BooleanSupplier stop = StabilityOptions.stop(clock, cells.size(), "points");
        AtomicLong done = new AtomicLong();
        Row[] rows = new Row[cells.size()];
        // a solve under way stops at the limit too (asked every 4,096 solver steps)
        SolveMonitor monitor = (t, end, steps) -> {
            if ((steps & 4095) == 0 && clock.expired()) {
                throw new FluidLimitException(clock.limitReason(), t);
            }
        };
        IntStream.range(0, cells.size()).parallel().forEach(i -> {
            if (stop.getAsBoolean()) {
                return;
            }
            double[] c = cells.get(i);
            FluidParameters p = base.with("N", Integer.toString((int) c[0])).with("tauStar", Double.toString(c[1]));
            try {
                SolverVerdict.Linear lin = StabilityCommand.checked(() -> SolverVerdict.Linear.of(p));
                rows[i] = new Row((int) c[0], c[1], c[2], lin, StabilityCommand.checked(() -> SolverVerdict.of(p,
                        SolverVerdict.Start.NEAR, rule, monitor, lin)), StabilityCommand.checked(() -> SolverVerdict.of(p,
                        SolverVerdict.Start.FAR, rule, monitor, lin)));
            } catch (FluidLimitException e) {
                return;   // the point is not finished: reported as stopped by the limit
            }
            done.incrementAndGet();
        });
        List<Row> finished = java.util.Arrays.stream(rows).filter(java.util.Objects::nonNull).toList();
        Optional<EarlyStop> early = finished.size() < cells.size() ? Optional.of(EarlyStop.timeLimit(clock))
                : Optional.empty();
        if (opts.json) {
            ObjectNode o = StabilityJson.head("solver", base, opts);
            StabilityJson.stop(o, early, finished.size(), cells.size());
            ObjectNode r = o.putObject("rule");
            StabilityJson.figure(r, "horizon_ms", horizonMs);
            StabilityJson.figure(r, "window_ms", windowMs);
            StabilityJson.figure(r, "threshold_KB", thresholdKb);
            StabilityJson.figure(r, "firstStep_us", step);
            StabilityJson.figure(r, "decayRatio", SolverVerdict.DECAY);
            StabilityJson.figure(r, "growthRatio", SolverVerdict.GROWTH);
            StabilityJson.figure(r, "noiseFloor_KB", SolverVerdict.NOISE_KB);
            r.put("maxHalvings", SolverVerdict.MAX_HALVINGS);
            ArrayNode arr = o.putArray("points");
            for (Row row : finished) {
                ObjectNode x = arr.addObject();
                x.put("N", row.flows());
                StabilityJson.figure(x, "tauStar_us", row.delay());
                StabilityJson.figure(x, "criticalDelay_us", row.critical());
                ObjectNode lin = x.putObject("linear");
                lin.put("verdict", row.linear().verdict().name());
                StabilityJson.figure(lin, "phaseMargin_deg", row.linear().phaseMarginDeg());
                lin.put("rootCount", row.linear().rootCount());
                lin.put("rightHalfPlaneRoots", row.linear().rightHalfPlaneRoots());
                lin.put("onBoundary", row.linear().onBoundary());
                // both starts decided, and differently (an undecided start is no evidence of bistability)
                x.put("bistable", row.near().decided() && row.far().decided()
                        && row.near().behaviour() != row.far().behaviour());
                verdict(x.putObject("near"), row.near());
                verdict(x.putObject("far"), row.far());
            }
            StabilityCommand.print(spec.commandLine().getOut(), StabilityJson.text(o));
            return EarlyStop.exit(early, ExitCodes.OK);
        }
        List<String[]> t = StabilityText.start("N", "tau*(us)", "tau*c(us)", "start", "verdict", "amp(KB)", "last/prev", "period(us)",
                "mean q(KB)", "q=0", "step(us)", "linear(PM deg)");
        for (Row row : finished) {
            for (SolverVerdict v : List.of(row.near(), row.far())) {
                t.add(new String[] {Integer.toString(row.flows()), StabilityText.fmt("%.4g", row.delay()),
                    Double.isNaN(row.critical()) ? "-" : StabilityText.fmt("%.4g", row.critical()), v.start().name(),
                    v.behaviour().name() + (v.windowBehaviour() == v.behaviour() ? ""
                            : " (windows: " + v.windowBehaviour().name() + ")")
                            + (v.stepSettled() ? "" : " (step not settled)"),
                    StabilityText.fmt("%.1f", v.amplitudeKB()),
                    v.previousAmplitudeKB() > 0 ? StabilityText.fmt("%.2f", v.amplitudeKB() / v.previousAmplitudeKB()) : "-",
                    Double.isNaN(v.periodMicros()) ? "-" : StabilityText.fmt("%.0f", v.periodMicros()),
                    StabilityText.fmt("%.1f", v.meanQueueKB()), StabilityText.fmt("%.0f%%", 100 * v.emptyShare()),
                    StabilityText.fmt("%.4g", v.stepMicros()), linear(row.linear())});
            }
        }
        String note = StabilityText.fmt("rule: horizon %.0f ms, ", horizonMs) + String.format(java.util.Locale.ROOT, "last %.0f ms judged "
                + "against the %.0f ms before; ", windowMs, windowMs)
                + StabilityText.fmt("growth first: above %.2f of the window before is growing, ", SolverVerdict.GROWTH)
                + "never CONVERGES (STILL_GROWING below the threshold); "
                + "nor where the exact linearisation is unstable, by its margin or its count of roots in the right "
                + "half-plane (a growing mode under a decaying transient: STILL_GROWING); "
                + StabilityText.fmt("nor unless it confirms stability (UNDECIDED where it is undetermined, its root "
                + "count failed, or |PM| < %.0e deg, the boundary); ", SolverVerdict.Linear.BOUNDARY_DEG)
                + StabilityText.fmt("converges below %.3g KB peak-to-peak, ", thresholdKb)
                + StabilityText.fmt("sustained if not below %.2f of the window before, ", SolverVerdict.DECAY)
                + StabilityText.fmt("but STILL_DECAYING where the linearisation is stable and the envelope shrinks "
                + "below 1/%.2f of the window before; ", SolverVerdict.GROWTH)
                + StabilityText.fmt("step halved from %.4g us until the verdict holds; ", step)
                + "q=0: share of the last window with an empty queue\n";
        StabilityCommand.print(spec.commandLine().getOut(), StabilityText.table(t) + note
                + StabilityText.stopped(early, finished.size(), cells.size(), "points"));
        return EarlyStop.exit(early, ExitCodes.OK);
    }

    private static String linear(SolverVerdict.Linear l) {
        return (Double.isNaN(l.phaseMarginDeg()) ? "" : StabilityText.fmt("%.2f ", l.phaseMarginDeg()))
                + l.verdict().name() + (l.rootCount() ? " (by root count)" : "")
                + (l.onBoundary() ? " (on the boundary)" : "")
                + (l.rightHalfPlaneRoots() > 0 && l.verdict() != StabilityVerdict.UNSTABLE
                        ? ", " + l.rightHalfPlaneRoots() + " roots in the right half-plane" : "");
    }

    private static void verdict(ObjectNode o, SolverVerdict v) {
        o.put("verdict", v.behaviour().name());
        o.put("windowVerdict", v.windowBehaviour().name());
        StabilityJson.figure(o, "amplitude_KB", v.amplitudeKB());
        StabilityJson.figure(o, "previousAmplitude_KB", v.previousAmplitudeKB());
        StabilityJson.figure(o, "period_us", v.periodMicros());
        StabilityJson.figure(o, "meanQueue_KB", v.meanQueueKB());
        StabilityJson.figure(o, "emptyShare", v.emptyShare());
        StabilityJson.figure(o, "step_us", v.stepMicros());
        o.put("stepSettled", v.stepSettled());
        ArrayNode steps = o.putArray("steps");
        for (SolverVerdict.Trial tr : v.steps()) {
            ObjectNode s = steps.addObject();
            StabilityJson.figure(s, "step_us", tr.stepMicros());
            s.put("verdict", tr.behaviour().name());
            StabilityJson.figure(s, "amplitude_KB", tr.amplitudeKB());
        }
    }
}
