package org.rdmacheck.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.fluid.stability.Simplification;
import org.rdmacheck.fluid.stability.StabilityAttribution;
import org.rdmacheck.model.InputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code rdmacheck fluid stability attribution}: the phase margin at one (N, τ*) under every subset of
 * the published analysis' simplifications, and each one's part of the difference between the exact
 * and the published margin (alone, last, on the fixed path, Shapley).
 */
@Command(footerHeading = "%nExamples:%n", footer = {"  rdmacheck fluid stability attribution --param N=8 --param tauStar=50",
    "  rdmacheck fluid stability attribution --param N=8 --param tauStar=50 --all --json"},
        name = "attribution", description = "Phase margin at one point under all 2^k subsets of the simplifications of "
        + "Zhu et al.'s published linearisation (CoNEXT 2016) and each one's share of the difference from the exact "
        + "linearisation: alone, last, on the fixed path in the listed order, Shapley value.")
final class StabilityAttributionCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    StabilityOptions opts;

    @Option(names = "--all", description = "list every subset's margin too (text; JSON always lists them)")
    boolean all;

    @Override
    public Integer call() {
        opts.requireExact("attribution");
        if (opts.closedForm || opts.frozenRate) {
            throw new InputException("attribution: --closed-form and --frozen-rate do not apply (every subset of the "
                    + "simplifications is analysed; closed-form-p is one of them)");
        }
        FluidParameters p = opts.base();
        RunClock clock = opts.clock("attribution", spec.commandLine().getErr());
        int planned = 1 << StabilityAttribution.order().length;
        StabilityAttribution a = StabilityCommand.checked(() -> StabilityAttribution.at(p,
                StabilityOptions.stop(clock, planned, "subsets")));
        Optional<EarlyStop> stop = a.combinations().size() < planned ? Optional.of(EarlyStop.timeLimit(clock))
                : Optional.empty();
        if (opts.json) {
            ObjectNode o = StabilityJson.head("attribution", p, opts);
            StabilityJson.stop(o, stop, a.combinations().size(), planned);
            ArrayNode order = o.putArray("order");
            for (Simplification s : StabilityAttribution.order()) {
                order.add(s.name());
            }
            StabilityJson.figure(o, "exactPhaseMargin_deg", stop.isEmpty() ? a.exactMarginDeg() : Double.NaN);
            StabilityJson.figure(o, "publishedPhaseMargin_deg", stop.isEmpty() ? a.publishedMarginDeg() : Double.NaN);
            o.put("complete", a.complete());
            ArrayNode shares = o.putArray("shares");
            for (StabilityAttribution.Share s : a.shares()) {
                ObjectNode x = shares.addObject();
                x.put("simplification", s.simplification().name());
                StabilityJson.figure(x, "alone_deg", s.alone());
                StabilityJson.figure(x, "last_deg", s.last());
                StabilityJson.figure(x, "pathStep_deg", s.pathStep());
                StabilityJson.figure(x, "shapley_deg", s.shapley());
            }
            ArrayNode combos = o.putArray("combinations");
            for (StabilityAttribution.Combination c : a.combinations()) {
                ObjectNode x = combos.addObject();
                ArrayNode names = x.putArray("simplifications");
                c.simplifications().forEach(s -> names.add(s.name()));
                StabilityJson.point(x, c.point());
                // the Bode figure, also where the root count decides the verdict
                StabilityJson.figure(x, "phaseMargin_deg", c.point().margins().phaseMarginDeg());
            }
            StabilityCommand.print(spec.commandLine().getOut(), StabilityJson.text(o));
            return EarlyStop.exit(stop, ExitCodes.OK);
        }
        StringBuilder sb = new StringBuilder();
        if (stop.isEmpty()) {
            sb.append(StabilityText.fmt("N = %.0f, tau* = ", p.flows())).append(StabilityText.fmt("%.4g us: ", p.feedbackDelayMicros()))
                    .append(StabilityText.fmt("exact %.2f deg, ", a.exactMarginDeg()))
                    .append(StabilityText.fmt("published (conext16) %.2f deg, ", a.publishedMarginDeg()))
                    .append(StabilityText.fmt("difference %.2f deg\n", a.publishedMarginDeg() - a.exactMarginDeg()));
            List<String[]> t = StabilityText.start("simplification", "alone(deg)", "last(deg)", "path(deg)", "shapley(deg)");
            double[] sum = new double[4];
            for (StabilityAttribution.Share s : a.shares()) {
                t.add(new String[] {s.simplification().key(), StabilityText.fmt("%+.2f", s.alone()),
                    StabilityText.fmt("%+.2f", s.last()), StabilityText.fmt("%+.2f", s.pathStep()),
                    StabilityText.fmt("%+.2f", s.shapley())});
                sum[0] += s.alone();
                sum[1] += s.last();
                sum[2] += s.pathStep();
                sum[3] += s.shapley();
            }
            t.add(new String[] {"sum", StabilityText.fmt("%+.2f", sum[0]), StabilityText.fmt("%+.2f", sum[1]),
                StabilityText.fmt("%+.2f", sum[2]), StabilityText.fmt("%+.2f", sum[3])});
            sb.append(StabilityText.table(t));
            sb.append("alone: added to the exact analysis; last: removed from the published one; path: added in the "
                    + "order listed; shapley: averaged over every order (adds up to the difference)\n");
            if (all) {
                List<String[]> c = new ArrayList<>();
                c.add(new String[] {"simplifications", "PM(deg)", "verdict"});
                for (StabilityAttribution.Combination x : a.combinations()) {
                    c.add(new String[] {x.simplifications().isEmpty() ? "exact"
                        : x.simplifications().stream().map(Simplification::key).collect(Collectors.joining("+")),
                        StabilityText.fmt("%.2f", x.point().margins().phaseMarginDeg()), x.point().verdict().name()});
                }
                sb.append(StabilityText.table(c));
            }
        }
        StabilityCommand.print(spec.commandLine().getOut(), sb + StabilityText.stopped(stop, a.combinations().size(),
                planned, "subsets"));
        return EarlyStop.exit(stop, ExitCodes.OK);
    }
}
