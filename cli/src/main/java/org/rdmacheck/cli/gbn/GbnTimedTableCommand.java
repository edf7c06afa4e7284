package org.rdmacheck.cli.gbn;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.checker.gbn.RtoDerivation;
import org.rdmacheck.checker.gbn.TimedLeastLossTable;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.cli.EarlyStop;
import org.rdmacheck.cli.ExitCodes;
import org.rdmacheck.cli.ExplorerOptions;
import org.rdmacheck.cli.JsonValues;
import org.rdmacheck.cli.Quantity;
import org.rdmacheck.cli.TraceOutput;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.gbn.timed.TimedGbnEntry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rdmacheck gbn-timed-table}: the timed model's least-loss table (one cause per timeout) and
 * the smallest InfiniBand RTO that avoids premature timeouts for the configured delay bound.
 */
@Command(name = "gbn-timed-table", footerHeading = "%nExamples:%n", footer = {"  rdmacheck gbn-timed-table --max-losses 1", "  rdmacheck gbn-timed-table --param delayMax=4 --json"},
        description = "Timed Go-Back-N: per variant the least loss budget L that forces "
        + "an ACK timeout, each timeout at L attributed to one cause; and the smallest RTO (IB encoding "
        + "4.096 us x 2^timeout) that the explorer proves free of premature timeouts for the delay bound.")
public final class GbnTimedTableCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--param", paramLabel = "KEY=VALUE", description = "gbn-timed parameter (repeatable), e.g. "
            + "delayMax=4, tickNs=1024, packets=4")
    List<String> params = new ArrayList<>();

    @Option(names = "--max-losses", description = "largest loss budget tried (default: ${DEFAULT-VALUE})",
            defaultValue = "2")
    int maxLosses;

    @Option(names = "--rto-variant", description = "variant whose RTO is derived (default: ${DEFAULT-VALUE})",
            defaultValue = "improved")
    String rtoVariant;

    @Option(names = "--threads", description = "explorer threads (default: all cores)")
    Integer threads;

    @picocli.CommandLine.Mixin
    TraceOutput traces = new TraceOutput();

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @picocli.CommandLine.Mixin
    org.rdmacheck.cli.TimeLimit limit = new org.rdmacheck.cli.TimeLimit();

    @Override
    public Integer call() throws IOException {
        TimedGbnEntry entry = new TimedGbnEntry();
        Params p = Params.parse(params);
        if (p.has("losses") || p.has("timeout")) {
            throw new InputException("--param losses/timeout: these are what the table varies; expected other parameters");
        }
        TimedGbnEntry.model(entry.variant(rtoVariant).name(), entry.resolve(rtoVariant, p));
        if (maxLosses < 0 || maxLosses > 6) {
            // L = 0 is meaningful here: an RTO below the round trip expires without any loss
            throw new InputException("--max-losses " + maxLosses + ": expected an integer in [0, 6]");
        }
        int t = threads == null ? Runtime.getRuntime().availableProcessors() : ExplorerOptions.threads(threads);
        Path dir = traces.folder().orElse(null);
        ExplorerSettings settings = ExplorerSettings.defaults().withThreads(t)
                .withMaxMillis(limit.start("gbn-timed-table", spec.commandLine().getErr()).maxMillis());
        Map<String, String> base = p.asMap();
        List<TimedLeastLossTable.Row> rows = new ArrayList<>();
        TimedLeastLossTable table = new TimedLeastLossTable(base, maxLosses, settings);
        long start = System.nanoTime();
        for (String v : TimedLeastLossTable.VARIANTS) {
            try {
                rows.add(table.row(v, start));
            } catch (org.rdmacheck.properties.gbn.FirstTimeoutSearch.LimitReachedException e) {
                // a row cut short would claim a least budget or cause counts it did not establish: the rows
                // finished are shown, the RTO derivation is not run
                return stopped(rows, new EarlyStop(GbnTableCommand.cause(e), e.getMessage() + " in row " + v + ", "
                        + rows.size() + " of " + TimedLeastLossTable.VARIANTS.size() + " rows done"), dir);
            }
        }
        // the time limit covers the whole command: the derivation gets what the table left
        long left = settings.maxMillis() - (System.nanoTime() - start) / 1_000_000;
        if (left <= 0) {
            return stopped(rows, new EarlyStop(CheckResult.InconclusiveReason.TIME_LIMIT, "time limit "
                    + org.rdmacheck.checker.TimeText.of(settings.maxMillis()) + " reached after the table"), dir);
        }
        RtoDerivation.Report rto = new RtoDerivation(rtoVariant, base, settings.withMaxMillis(left)).derive();
        Map<Object, String> files = save(dir, rows, rto);
        // a try left open by a limit settles nothing: the command stopped early, at that limit
        Optional<EarlyStop> stop = rto.tries().stream().filter(x -> x.cause().isPresent()).findFirst()
                .map(x -> new EarlyStop(x.cause().get(), "RTO derivation: timeout=" + x.timeout() + " "
                        + x.verdict() + " (" + x.cause().get() + "), no smallest RTO established"));
        PrintWriter w = spec.commandLine().getOut();
        if (json) {
            ObjectNode o = json(rows, rto, files);
            EarlyStop.put(o, stop);
            w.println(TraceJson.MAPPER.writeValueAsString(o));
        } else {
            w.print(text(rows, rto, files));
            stop.ifPresent(x -> w.println("INCONCLUSIVE: " + x.reason()));
        }
        w.flush();
        return settled(rto) ? ExitCodes.OK : ExitCodes.INCONCLUSIVE;
    }

    /** Prints the rows finished before a limit stopped the table (no files), and exits 3. */
    private int stopped(List<TimedLeastLossTable.Row> rows, EarlyStop stop, Path dir) throws IOException {
        Map<Object, String> none = Map.of();
        PrintWriter w = spec.commandLine().getOut();
        if (json) {
            ObjectNode o = TraceJson.MAPPER.createObjectNode();
            EarlyStop.put(o, Optional.of(stop));
            o.set("leastLoss", json(rows, null, none).get("leastLoss"));
            o.putNull("rto");
            w.println(TraceJson.MAPPER.writeValueAsString(o));
        } else {
            w.print(rowsText(rows, none));
            w.println("INCONCLUSIVE: " + stop.reason() + "; the RTO derivation was not run");
        }
        w.flush();
        return ExitCodes.INCONCLUSIVE;
    }

    private static Map<Object, String> save(Path dir, List<TimedLeastLossTable.Row> rows, RtoDerivation.Report rto) {
        Map<Object, String> files = new LinkedHashMap<>();
        if (dir == null) {
            return files;
        }
        for (TimedLeastLossTable.Row r : rows) {
            for (TimedLeastLossTable.CauseRow c : r.causes()) {
                String name = "cause-" + r.variant() + "-L" + r.leastLosses() + "-" + c.cause().name().toLowerCase(Locale.ROOT)
                        .replace('_', '-') + ".json";
                files.put(c, write(dir, name, c.example()));
            }
        }
        for (RtoDerivation.Try x : rto.tries()) {
            x.counterexample().ifPresent(cex -> files.put(x, write(dir, "rto-" + rto.variant() + "-delayMax"
                    + rto.delayMaxTicks() + "x" + rto.tickNanos() + "ns-timeout" + x.timeout() + "-NoPrematureTimeout.json",
                    cex)));
        }
        return files;
    }

    private static String write(Path dir, String name, Counterexample cex) {
        Path file = dir.resolve("gbn-timed").resolve(name);
        try {
            Counterexamples.writeTo(file, cex);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        return file.toString();
    }

    static ObjectNode json(List<TimedLeastLossTable.Row> rows, RtoDerivation.Report rto, Map<Object, String> files) {
        ObjectNode o = TraceJson.MAPPER.createObjectNode();
        ArrayNode table = o.putArray("leastLoss");
        for (TimedLeastLossTable.Row r : rows) {
            ObjectNode ro = table.addObject();
            ro.put("variant", r.variant());
            JsonValues.figure(ro, "leastLosses", r.leastLosses(), Quantity.Unit.LOSSES);
            JsonValues.figure(ro, "distinctStates", r.distinctStates(), Quantity.Unit.STATES);
            JsonValues.figure(ro, "historyNodes", r.historyNodes(), Quantity.Unit.COUNT);
            JsonValues.figure(ro, "wallMillis", r.wallMillis(), Quantity.Unit.MILLISECONDS);
            ArrayNode cs = ro.putArray("causes");
            for (TimedLeastLossTable.CauseRow c : r.causes()) {
                ObjectNode co = cs.addObject();
                co.put("cause", c.cause().name());
                co.put("words", c.cause().words());
                JsonValues.figure(co, "histories", c.histories(), Quantity.Unit.COUNT);
                JsonValues.figure(co, "traceLength", c.traceLength(), Quantity.Unit.STEPS);
                co.put("file", files.get(c));
            }
        }
        if (rto == null) {
            return o;
        }
        ObjectNode ro = o.putObject("rto");
        ro.put("variant", rto.variant());
        JsonValues.figure(ro, "tickNs", rto.tickNanos(), Quantity.Unit.NANOSECONDS);
        JsonValues.figure(ro, "delayMaxTicks", rto.delayMaxTicks(), Quantity.Unit.TICKS);
        JsonValues.figure(ro, "rttBoundNs", rto.rttBoundNanos(), Quantity.Unit.NANOSECONDS);
        if (rto.smallestTimeout().isPresent()) {
            ro.put("smallestTimeout", rto.smallestTimeout().get());
            JsonValues.figure(ro, "smallestRtoNs", rto.smallestRtoNanos().get(), Quantity.Unit.NANOSECONDS);
        } else {
            ro.putNull("smallestTimeout");
            ro.putNull("smallestRtoNs");
        }
        ArrayNode ts = ro.putArray("tries");
        for (RtoDerivation.Try x : rto.tries()) {
            ObjectNode xo = ts.addObject();
            xo.put("timeout", x.timeout());
            JsonValues.figure(xo, "rtoNs", x.rtoNanos(), Quantity.Unit.NANOSECONDS);
            JsonValues.figure(xo, "rtoTicks", x.rtoTicks(), Quantity.Unit.TICKS);
            xo.put("verdict", x.verdict().name());
            xo.put("inconclusiveCause", x.cause().map(Enum::name).orElse(null));
            JsonValues.figure(xo, "distinctStates", x.distinctStates(), Quantity.Unit.STATES);
            JsonValues.figure(xo, "traceLength", x.counterexample().map(Counterexample::length).orElse(0),
                    Quantity.Unit.STEPS);
            xo.put("file", files.get(x));
        }
        return o;
    }

    static String text(List<TimedLeastLossTable.Row> rows, RtoDerivation.Report rto, Map<Object, String> files) {
        StringBuilder sb = new StringBuilder(rowsText(rows, files));
        rtoText(sb, rto, files);
        return sb.toString();
    }

    private static String rowsText(List<TimedLeastLossTable.Row> rows, Map<Object, String> files) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%-9s %-3s %9s %9s %7s  %s%n", "variant", "L", "states", "histories",
                "time", "first timeouts at L, by cause (histories, shortest steps)"));
        sb.append("-".repeat(120)).append('\n');
        for (TimedLeastLossTable.Row r : rows) {
            List<String> cs = new ArrayList<>();
            for (TimedLeastLossTable.CauseRow c : r.causes()) {
                cs.add(c.cause().words() + " (" + c.histories() + ", " + c.traceLength() + ")");
            }
            sb.append(String.format(Locale.ROOT, "%-9s %-3s %,9d %,9d %6.2fs  %s%n", r.variant(),
                    r.leastLosses() < 0 ? "-" : Integer.toString(r.leastLosses()), r.distinctStates(), r.historyNodes(),
                    r.wallMillis() / 1000.0, String.join("; ", cs)));
        }
        return sb.toString();
    }

    private static void rtoText(StringBuilder sb, RtoDerivation.Report rto, Map<Object, String> files) {
        sb.append(String.format(Locale.ROOT, "%nRTO for %s: tick %d ns, one-way delay <= %d ticks, RTT bound %.3f us%n",
                rto.variant(), rto.tickNanos(), rto.delayMaxTicks(), rto.rttBoundNanos() / 1000.0));
        for (RtoDerivation.Try x : rto.tries()) {
            sb.append(String.format(Locale.ROOT, "  timeout=%-2d RTO %12.3f us = %6d ticks  NoPrematureTimeout %-12s %,9d states%s%n",
                    x.timeout(), x.rtoNanos() / 1000.0, x.rtoTicks(), x.verdict(), x.distinctStates(),
                    files.containsKey(x) ? "  " + files.get(x) : ""));
        }
        sb.append(rto.smallestTimeout().map(s -> String.format(Locale.ROOT,
                        "smallest RTO without premature timeouts: timeout=%d (%.3f us)%n", s, rto.smallestRtoNanos().get() / 1000.0))
                .orElse("smallest RTO without premature timeouts: not established (see the verdicts above)\n"));
    }

    /** @return whether a derivation settled the question */
    static boolean settled(RtoDerivation.Report rto) {
        return rto.tries().stream().allMatch(x -> x.verdict() != CheckResult.Verdict.INCONCLUSIVE);
    }
}
