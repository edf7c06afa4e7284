package org.rdmacheck.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.rdmacheck.fluid.FixedPointResult;
import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.fluid.stability.Linearisation;
import org.rdmacheck.fluid.stability.LoopTransfer;
import org.rdmacheck.fluid.stability.Margins;
import org.rdmacheck.fluid.stability.Simplification;
import org.rdmacheck.fluid.stability.SimplifiedLinearisation;
import org.rdmacheck.fluid.stability.StabilityAnalysis;
import org.rdmacheck.fluid.stability.StabilityPoint;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code rdmacheck fluid stability margins}: L(s) and its margins at one operating point (--param N, tauStar). */
@Command(footerHeading = "%nExamples:%n", footer = {"  rdmacheck fluid stability margins --param N=8 --param tauStar=50", "  rdmacheck fluid stability margins --param N=2 --param Kmax=400 --json"},
        name = "margins", description = "L(s) and its margins at one point: --param N=8 --param tauStar=50.")
final class StabilityMarginsCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    StabilityOptions opts;

    @Override
    public Integer call() {
        FluidParameters p = opts.base();
        java.util.Set<Simplification> simplified = opts.simplifications();
        RunClock clock = opts.clock("margins", spec.commandLine().getErr());
        StabilityPoint s;
        try {
            // one point: nothing partial to show if the limit passes first
            s = Watched.run(clock, () -> "margins", () -> StabilityCommand.checked(
                    () -> simplified.isEmpty() ? StabilityAnalysis.of(p, opts.source(), opts.rateTerms())
                            : StabilityAnalysis.of(p, new double[] {p.feedbackDelayMicros()}, simplified).get(0)));
        } catch (Watched.LimitReached e) {
            Optional<EarlyStop> stop = Optional.of(new EarlyStop(
                    org.rdmacheck.checker.CheckResult.InconclusiveReason.TIME_LIMIT, e.getMessage()));
            if (opts.json) {
                ObjectNode o = StabilityJson.head("margins", p, opts);
                StabilityJson.stop(o, stop, 0, 1);
                StabilityCommand.print(spec.commandLine().getOut(), StabilityJson.text(o));
            } else {
                StabilityCommand.print(spec.commandLine().getOut(), StabilityText.stopped(stop, 0, 1, "points"));
            }
            return ExitCodes.INCONCLUSIVE;
        }
        FixedPointResult fp = simplified.isEmpty() ? opts.source().of(p)
                : SimplifiedLinearisation.operatingPoint(p, simplified);
        // the loop exists wherever the point could be linearised (margins were computed)
        Optional<LoopTransfer> loop = s.margins() == Margins.NONE ? Optional.empty()
                : Optional.of((simplified.isEmpty() ? Linearisation.at(p, fp, opts.rateTerms())
                        : SimplifiedLinearisation.at(p, fp, simplified)).loop());
        if (opts.json) {
            ObjectNode o = StabilityJson.head("margins", p, opts);
            StabilityJson.stop(o, Optional.empty(), 1, 1);
            StabilityJson.point(o, s);
            StabilityJson.crossovers(o, s.margins());
            loop.ifPresent(l -> {
                ObjectNode t = o.putObject("loop");
                t.put("form", "L(s) = n(s)/d(s) * exp(-s tauStar), s in rad/us, coefficients lowest power first");
                t.set("numerator", org.rdmacheck.checker.trace.TraceJson.MAPPER.valueToTree(l.numerator()));
                t.set("denominator", org.rdmacheck.checker.trace.TraceJson.MAPPER.valueToTree(l.denominator()));
                StabilityJson.figure(t, "delay_us", l.delayMicros());
            });
            StabilityCommand.print(spec.commandLine().getOut(), StabilityJson.text(o));
            return ExitCodes.OK;
        }
        StringBuilder sb = new StringBuilder();
        sb.append(StabilityText.table(List.of(StabilityText.pointHeader(), StabilityText.pointCells(s))));
        loop.ifPresent(l -> sb.append("L(s) = n(s)/d(s) e^(-s tau*), s in rad/us, lowest power first:\n  n = ")
                    .append(coefficients(l.numerator())).append("\n  d = ").append(coefficients(l.denominator()))
                    .append(String.format(Locale.ROOT, "\n  tau* = %.4g us%n", l.delayMicros())));
        for (Margins.Crossover c : s.margins().crossovers()) {
            sb.append(String.format(Locale.ROOT, "gain crossover %.1f Hz: phase margin %.2f deg%n",
                    c.radPerMicro() * 1e6 / (2 * Math.PI), c.phaseMarginDeg()));
        }
        StabilityCommand.print(spec.commandLine().getOut(), sb.toString());
        return ExitCodes.OK;
    }

    private static String coefficients(double[] c) {
        return Arrays.stream(c).mapToObj(v -> String.format(Locale.ROOT, "%.6g", v)).collect(Collectors.joining(", ", "[", "]"));
    }
}
