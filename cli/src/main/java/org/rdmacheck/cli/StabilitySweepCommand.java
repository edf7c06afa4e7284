package org.rdmacheck.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.fluid.stability.StabilityFiles;
import org.rdmacheck.fluid.stability.StabilitySweep;
import org.rdmacheck.model.InputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code rdmacheck fluid stability sweep}: phase margin vs N per τ* (and per value of one more parameter). */
@Command(footerHeading = "%nExamples:%n", footer = {"  rdmacheck fluid stability sweep --flows 2..20:6", "  rdmacheck fluid stability sweep --vary Rai=10,20,40 --json"},
        name = "sweep", description = "Phase margin vs N for each tau*, optionally for each value of one parameter "
        + "(--vary Rai=10,20,40). Writes stability-sweep.csv and .png.")
final class StabilitySweepCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    StabilityOptions opts;

    @CommandLine.Mixin
    StabilityOutput output = new StabilityOutput();

    @Option(names = "--flows", defaultValue = "2..100:2", description = "N values: list and FROM..TO:STEP ranges (default ${DEFAULT-VALUE})")
    String flows;

    @Option(names = "--delays", defaultValue = "1,50,100", description = "tau* values in us (default ${DEFAULT-VALUE})")
    String delays;

    @Option(names = "--vary", paramLabel = "NAME=VALUES", description = "one more parameter to sweep, e.g. Rai=10,20,40 or Kmax=200..1000:200")
    String vary;

    @Override
    public Integer call() {
        FluidParameters base = opts.base();
        Path dir = output.folder();
        int[] n = NumberLists.positiveInts("--flows", flows);
        double[] d = NumberLists.doubles("--delays", delays);
        String name = "N";
        double[] values = {Double.NaN};
        if (vary != null) {
            int eq = vary.indexOf('=');
            if (eq <= 0) {
                throw new InputException("--vary '" + vary + "': expected NAME=VALUES, e.g. Rai=10,20,40");
            }
            name = vary.substring(0, eq).trim();
            values = NumberLists.doubles("--vary", vary.substring(eq + 1));
        }
        String param = name;
        double[] vs = values;
        RunClock clock = opts.clock("sweep", spec.commandLine().getErr());
        long t0 = System.currentTimeMillis();
        long planned = (long) vs.length * n.length * d.length;
        java.util.Set<org.rdmacheck.fluid.stability.Simplification> simplified = opts.simplifications();
        java.util.function.BooleanSupplier stopNow = StabilityOptions.stop(clock, (long) vs.length * n.length, "cells");
        List<StabilitySweep.Row> rows = StabilityCommand.checked(() -> simplified.isEmpty()
                ? StabilitySweep.vary(base, param, vs, n, d, opts.source(), opts.rateTerms(), stopNow)
                : StabilitySweep.vary(base, param, vs, n, d, simplified, stopNow));
        long millis = System.currentTimeMillis() - t0;
        // a sweep cut short writes no files: its plot would look complete
        Optional<EarlyStop> stop = rows.size() < planned ? Optional.of(EarlyStop.timeLimit(clock)) : Optional.empty();
        List<Path> files = stop.isPresent() ? List.of() : StabilityFiles.sweep(rows, dir);
        StabilityCommand.listFiles(spec.commandLine().getErr(), files);
        if (opts.json) {
            ObjectNode o = StabilityJson.head("sweep", base, opts);
            o.put("varied", param);
            JsonValues.figure(o, "wallMillis", millis, Quantity.Unit.MILLISECONDS);
            StabilityJson.stop(o, stop, rows.size(), planned);
            ArrayNode arr = o.putArray("rows");
            for (StabilitySweep.Row r : rows) {
                ObjectNode x = arr.addObject();
                if (!param.equals("N")) {
                    x.put(param, r.value());
                }
                StabilityJson.point(x, r.point());
            }
            StabilityJson.files(o, files);
            StabilityCommand.print(spec.commandLine().getOut(), StabilityJson.text(o));
            return EarlyStop.exit(stop, ExitCodes.OK);
        }
        String[] header = StabilityText.pointHeader();
        List<String[]> t = param.equals("N") ? StabilityText.start(header) : StabilityText.start(prepend(param, header));
        for (StabilitySweep.Row r : rows) {
            String[] cells = StabilityText.pointCells(r.point());
            t.add(param.equals("N") ? cells : prepend(StabilityText.fmt("%.4g", r.value()), cells));
        }
        StabilityCommand.print(spec.commandLine().getOut(), StabilityText.table(t) + StabilityText.stopped(stop,
                rows.size(), planned, "rows"));
        return EarlyStop.exit(stop, ExitCodes.OK);
    }

    private static String[] prepend(String first, String[] rest) {
        String[] out = new String[rest.length + 1];
        out[0] = first;
        System.arraycopy(rest, 0, out, 1, rest.length);
        return out;
    }
}
