package org.rdmacheck.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.rdmacheck.fluid.FluidLimitException;
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

    @Option(names = "--seed", defaultValue = "1", description = "marking seed, 0 to 2^63 - 1 (default ${DEFAULT-VALUE})")
    long seed;

    @Override
    public Integer call() {
        opts.requireExact("packet-check");
        if (seed < 0) {
            // the range fluid packet-check's seed takes (docs/dcqcn.md)
            throw new InputException("--seed " + seed + ": expected an integer in [0, " + Long.MAX_VALUE + "]");
        }
        if (opts.closedForm || opts.frozenRate) {
            throw new InputException("packet-check: --closed-form and --frozen-rate do not apply (the packet runs start "
                    + "at the exact fixed point and are judged by the exact linearisation)");
        }
        FluidParameters base = opts.base();
        FluidParameters s = point("--stable", stable, base);
        FluidParameters u = point("--unstable", unstable, base);
        // both points refused before either run starts: bad input is one line and nothing else
        for (FluidParameters at : List.of(s, u)) {
            StabilityCommand.checked(() -> StabilityPacketCheck.linearRegion(at));
        }
        RunClock clock = opts.clock("packet-check", spec.commandLine().getErr());
        java.util.function.BooleanSupplier stopNow = () -> {
            synchronized (clock) {
                clock.tick(() -> "packet-level runs");
            }
            return clock.expired();
        };
        List<StabilityPacketCheck.Run> runs = new java.util.ArrayList<>();
        Optional<EarlyStop> stop = Optional.empty();
        try {
            for (FluidParameters at : List.of(s, u)) {
                runs.add(StabilityCommand.checked(() -> StabilityPacketCheck.simulate(at, seed, stopNow)));
            }
        } catch (FluidLimitException e) {
            stop = Optional.of(EarlyStop.timeLimit(clock));
        }
        if (opts.json) {
            ObjectNode o = StabilityJson.head("packet-check", base, opts);
            o.put("seed", seed);
            StabilityJson.stop(o, stop, runs.size(), 2);
            runOrNull(o, "stable", runs, 0);
            runOrNull(o, "unstable", runs, 1);
            if (stop.isPresent()) {
                o.putNull("unstableOscillatesMore");
            } else {
                o.put("unstableOscillatesMore", new StabilityPacketCheck(runs.get(0), runs.get(1), seed).agrees());
            }
            StabilityCommand.print(spec.commandLine().getOut(), StabilityJson.text(o));
            return EarlyStop.exit(stop, ExitCodes.OK);
        }
        List<String[]> t = StabilityText.start("point", "N", "tau*(us)", "PM(deg)", "linear", "mean q(KB)", "std q(KB)", "packets");
        for (int i = 0; i < runs.size(); i++) {
            t.add(row(i == 0 ? "stable" : "unstable", runs.get(i)));
        }
        if (stop.isPresent()) {
            StabilityCommand.print(spec.commandLine().getOut(), (runs.isEmpty() ? "" : StabilityText.table(t))
                    + StabilityText.stopped(stop, runs.size(), 2, "runs"));
            return ExitCodes.INCONCLUSIVE;
        }
        StabilityPacketCheck c = new StabilityPacketCheck(runs.get(0), runs.get(1), seed);
        StabilityCommand.print(spec.commandLine().getOut(), StabilityText.table(t) + String.format(Locale.ROOT,
                "the unstable point's queue oscillates %s (std ratio %.2f, seed %d)%n", c.agrees() ? "more" : "NOT more",
                c.unstable().queueStdKB() / c.stable().queueStdKB(), seed));
        return ExitCodes.OK;
    }

    private static void runOrNull(ObjectNode o, String name, List<StabilityPacketCheck.Run> runs, int i) {
        if (i < runs.size()) {
            run(o.putObject(name), runs.get(i));
        } else {
            o.putNull(name);
        }
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
        StabilityJson.figure(o, "meanQueue_KB", r.meanQueueKB());
        StabilityJson.figure(o, "queueStd_KB", r.queueStdKB());
        o.put("packets", r.packets());
    }

    private static String[] row(String name, StabilityPacketCheck.Run r) {
        return new String[] {name, Integer.toString(r.linear().flows()), StabilityText.fmt("%.4g", r.linear().delayMicros()),
            StabilityText.fmt("%.2f", r.linear().phaseMarginDeg()), r.linear().verdict().name(),
            StabilityText.fmt("%.1f", r.meanQueueKB()), StabilityText.fmt("%.1f", r.queueStdKB()), Long.toString(r.packets())};
    }
}
