package org.rdmacheck.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.fluid.stability.StabilityPacketCheck;
import org.rdmacheck.model.InputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code rdmacheck fluid stability packet-check}: packet-level runs at a stable and an unstable point. */
@Command(footerHeading = "%nExamples:%n", footer = {"  rdmacheck fluid stability packet-check", "  rdmacheck fluid stability packet-check --stable=8,10 --unstable=8,150 --json"},
        name = "packet-check", description = "Packet-level DCQCN at a stable and an unstable point of the linear "
        + "analysis (tau* added to the CNP path); compares the queue's oscillation over the last 50 ms.")
final class StabilityPacketCheckCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    StabilityOptions opts;

    @Option(names = "--stable", defaultValue = "8,1", paramLabel = "N,TAU", description = "a stable point: N,tau* in us (default ${DEFAULT-VALUE})")
    String stable;

    @Option(names = "--unstable", defaultValue = "8,200", paramLabel = "N,TAU", description = "an unstable point (default ${DEFAULT-VALUE})")
    String unstable;

    @Option(names = "--seed", defaultValue = "1", description = "marking seed (default ${DEFAULT-VALUE})")
    long seed;

    @Override
    public Integer call() {
        if (opts.closedForm || opts.frozenRate) {
            throw new InputException("packet-check: --closed-form and --frozen-rate do not apply (the packet runs start "
                    + "at the exact fixed point and are judged by the exact linearisation)");
        }
        FluidParameters base = opts.base();
        FluidParameters s = point("--stable", stable, base);
        FluidParameters u = point("--unstable", unstable, base);
        StabilityPacketCheck c = StabilityCommand.checked(() -> StabilityPacketCheck.run(s, u, seed));
        if (opts.json) {
            ObjectNode o = StabilityJson.head("packet-check", base, opts);
            o.put("seed", seed);
            run(o.putObject("stable"), c.stable());
            run(o.putObject("unstable"), c.unstable());
            o.put("unstableOscillatesMore", c.agrees());
            StabilityCommand.print(spec.commandLine().getOut(), StabilityJson.text(o));
            return ExitCodes.OK;
        }
        List<String[]> t = StabilityText.start("point", "N", "tau*(us)", "PM(deg)", "linear", "mean q(KB)", "std q(KB)", "packets");
        t.add(row("stable", c.stable()));
        t.add(row("unstable", c.unstable()));
        StabilityCommand.print(spec.commandLine().getOut(), StabilityText.table(t) + String.format(Locale.ROOT,
                "the unstable point's queue oscillates %s (std ratio %.2f, seed %d)%n", c.agrees() ? "more" : "NOT more",
                c.unstable().queueStdKB() / c.stable().queueStdKB(), seed));
        return ExitCodes.OK;
    }

    private static FluidParameters point(String option, String text, FluidParameters base) {
        String[] parts = text.split(",");
        if (parts.length != 2) {
            throw new InputException(option + " '" + text + "': expected N,TAU (flows and tau* in us)");
        }
        int[] n = NumberLists.positiveInts(option, parts[0]);
        double[] tau = NumberLists.doubles(option, parts[1]);
        return StabilityCommand.checked(() -> base.with("N", Integer.toString(n[0])).with("tauStar", Double.toString(tau[0])));
    }

    private static void run(ObjectNode o, StabilityPacketCheck.Run r) {
        StabilityJson.point(o, r.linear());
        o.put("meanQueue_KB", r.meanQueueKB());
        o.put("queueStd_KB", r.queueStdKB());
        o.put("packets", r.packets());
    }

    private static String[] row(String name, StabilityPacketCheck.Run r) {
        return new String[] {name, Integer.toString(r.linear().flows()), StabilityText.fmt("%.4g", r.linear().delayMicros()),
            StabilityText.fmt("%.2f", r.linear().phaseMarginDeg()), r.linear().verdict().name(),
            StabilityText.fmt("%.1f", r.meanQueueKB()), StabilityText.fmt("%.1f", r.queueStdKB()), Long.toString(r.packets())};
    }
}
