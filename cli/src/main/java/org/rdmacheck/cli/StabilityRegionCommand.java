package org.rdmacheck.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.fluid.stability.StabilityFiles;
import org.rdmacheck.fluid.stability.StabilityRegion;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code rdmacheck fluid stability region}: settings of R_AI x K_max (x g) stable for every N and τ* in range. */
@Command(footerHeading = "%nExamples:%n", footer = {"  rdmacheck fluid stability region --flows 2,8 --delays 1 --rai 10,40 --kmax 200 --threshold 5", "  rdmacheck fluid stability region --json"},
        name = "region", description = "Search R_AI x K_max (x g) for settings with phase margin >= threshold for every "
        + "N and tau* in range and p* <= Pmax; recommends the one closest to the deployed setting. Writes "
        + "stability-region.csv and .png.")
final class StabilityRegionCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    StabilityOptions opts;

    @CommandLine.Mixin
    StabilityOutput output = new StabilityOutput();

    @Option(names = "--flows", defaultValue = "2..16:2", description = "N values every setting must handle (default ${DEFAULT-VALUE})")
    String flows;

    @Option(names = "--delays", defaultValue = "1,50,100", description = "tau* values in us (default ${DEFAULT-VALUE})")
    String delays;

    @Option(names = "--rai", defaultValue = "2.5,5,10,20,40,80", description = "R_AI values in Mb/s (default ${DEFAULT-VALUE})")
    String rai;

    @Option(names = "--kmax", defaultValue = "100,200,400,800,1600,3200", description = "K_max values in KB (default ${DEFAULT-VALUE})")
    String kmax;

    @Option(names = "--g", description = "g values, e.g. 1/256,1/64,1/16 (default: the base g only)")
    String g;

    @Option(names = "--threshold", defaultValue = "30", description = "required phase margin in degrees (default ${DEFAULT-VALUE})")
    double threshold;

    @Override
    public Integer call() {
        opts.requireExact("region");
        FluidParameters base = opts.base();
        Path dir = output.folder();
        int[] n = NumberLists.positiveInts("--flows", flows);
        double[] d = NumberLists.doubles("--delays", delays);
        double[] r = NumberLists.doubles("--rai", rai);
        double[] k = NumberLists.doubles("--kmax", kmax);
        double[] gs = g == null ? new double[] {base.g()} : NumberLists.doubles("--g", g);
        RunClock clock = opts.clock("region", spec.commandLine().getErr());
        long t0 = System.currentTimeMillis();
        long planned = (long) r.length * k.length * gs.length;
        StabilityRegion region = StabilityCommand.checked(() -> StabilityRegion.search(base, n, d, r, k, gs, threshold,
                opts.source(), opts.rateTerms(), StabilityOptions.stop(clock, planned, "settings")));
        long millis = System.currentTimeMillis() - t0;
        // a search cut short writes no files and recommends nothing: a setting not examined may be closer
        Optional<EarlyStop> stop = region.cells().size() < planned ? Optional.of(EarlyStop.timeLimit(clock))
                : Optional.empty();
        List<Path> files = stop.isPresent() ? List.of() : StabilityFiles.region(region, dir);
        StabilityCommand.listFiles(spec.commandLine().getErr(), files);
        if (opts.json) {
            ObjectNode o = StabilityJson.head("region", base, opts);
            StabilityJson.figure(o, "threshold_deg", threshold);
            JsonValues.figure(o, "wallMillis", millis, Quantity.Unit.MILLISECONDS);
            StabilityJson.stop(o, stop, region.cells().size(), planned);
            o.set("flows", org.rdmacheck.checker.trace.TraceJson.MAPPER.valueToTree(n));
            ArrayNode delaysJson = o.putArray("tauStar_us");
            for (double delay : d) {
                JsonValues.put(delaysJson.addObject(), Quantity.of("tauStar_us", delay, Quantity.Unit.MICROSECONDS));
            }
            ArrayNode arr = o.putArray("cells");
            region.cells().forEach(c -> cell(arr.addObject(), c));
            o.put("inRegion", region.inRegion().size());
            recommended(region, stop).ifPresentOrElse(c -> cell(o.putObject("recommended"), c),
                    () -> o.putNull("recommended"));
            best(region, stop).ifPresentOrElse(c -> cell(o.putObject("best"), c), () -> o.putNull("best"));
            StabilityJson.files(o, files);
            StabilityCommand.print(spec.commandLine().getOut(), StabilityJson.text(o));
            return EarlyStop.exit(stop, ExitCodes.OK);
        }
        List<String[]> t = StabilityText.start("Rai(Mb/s)", "Kmax(KB)", "g", "verdict", "worst PM(deg)", "at N", "at tau*(us)");
        for (StabilityRegion.Cell c : region.cells()) {
            boolean outside = c.verdict() == StabilityRegion.CellVerdict.OUTSIDE_LINEAR_REGION;
            t.add(new String[] {StabilityText.fmt("%.4g", c.raiMbps()), StabilityText.fmt("%.4g", c.kmaxKB()),
                StabilityFiles.gName(c.g()), outside ? "OUTSIDE_LINEAR_REGION (p* > Pmax from N = " + c.worstFlows() + ")"
                    : c.verdict().name(), Double.isNaN(c.worstMarginDeg()) ? "-" : StabilityText.fmt("%.2f", c.worstMarginDeg()),
                outside || c.worstFlows() < 0 ? "-" : Integer.toString(c.worstFlows()),
                Double.isNaN(c.worstDelayMicros()) ? "-" : StabilityText.fmt("%.4g", c.worstDelayMicros())});
        }
        StringBuilder sb = new StringBuilder(StabilityText.table(t));
        sb.append(String.format(Locale.ROOT, "region: %d of %d settings keep phase margin >= %.1f deg and p* <= Pmax for "
                + "N in %s, tau* in %s us%n", region.inRegion().size(), region.cells().size(), threshold, flows, delays));
        if (stop.isPresent()) {
            sb.append(StabilityText.stopped(stop, region.cells().size(), planned, "settings"));
            StabilityCommand.print(spec.commandLine().getOut(), sb.toString());
            return ExitCodes.INCONCLUSIVE;
        }
        sb.append(region.recommended().map(c -> String.format(Locale.ROOT,
                "recommended (closest to Rai = %.4g Mb/s, Kmax = %.4g KB, g = %s): Rai = %.4g Mb/s, Kmax = %.4g KB, g = %s, "
                        + "worst phase margin %.2f deg%n", base.rateAiMbps(), base.kmaxKB(), StabilityFiles.gName(base.g()),
                c.raiMbps(), c.kmaxKB(), StabilityFiles.gName(c.g()), c.worstMarginDeg()))
                .orElse("recommended: none (no setting meets the threshold)\n"));
        region.best().ifPresent(c -> sb.append(String.format(Locale.ROOT,
                "largest worst-case margin: %.2f deg at Rai = %.4g Mb/s, Kmax = %.4g KB, g = %s%n", c.worstMarginDeg(),
                c.raiMbps(), c.kmaxKB(), StabilityFiles.gName(c.g()))));
        StabilityCommand.print(spec.commandLine().getOut(), sb.toString());
        return ExitCodes.OK;
    }

    /** @return the recommended setting, none when the search was cut short (a setting not examined may be closer) */
    private static Optional<StabilityRegion.Cell> recommended(StabilityRegion region, Optional<EarlyStop> stop) {
        return stop.isPresent() ? Optional.empty() : region.recommended();
    }

    /** @return the setting with the largest worst margin, none when the search was cut short */
    private static Optional<StabilityRegion.Cell> best(StabilityRegion region, Optional<EarlyStop> stop) {
        return stop.isPresent() ? Optional.empty() : region.best();
    }

    private static void cell(ObjectNode o, StabilityRegion.Cell c) {
        StabilityJson.figure(o, "Rai_Mbps", c.raiMbps());
        StabilityJson.figure(o, "Kmax_KB", c.kmaxKB());
        StabilityJson.figure(o, "g", c.g());
        o.put("verdict", c.verdict().name());
        StabilityJson.figure(o, "worstPhaseMargin_deg", c.worstMarginDeg());
        if (c.worstFlows() >= 0) {
            o.put("worstN", c.worstFlows());
        } else {
            o.putNull("worstN");
        }
        StabilityJson.figure(o, "worstTauStar_us", c.worstDelayMicros());
        StabilityJson.figure(o, "logDistance", c.distance());
    }
}
