package org.rdmacheck.cli.gbn;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.cli.EarlyStop;
import org.rdmacheck.cli.ExitCodes;
import org.rdmacheck.cli.ExplorerOptions;
import org.rdmacheck.cli.JsonValues;
import org.rdmacheck.cli.OutputFolders;
import org.rdmacheck.cli.Quantity;
import org.rdmacheck.cli.RunClock;
import org.rdmacheck.cli.TimeLimit;
import org.rdmacheck.model.gbn.SimCell;
import org.rdmacheck.model.gbn.SimGrid;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code rdmacheck gbn-sim}: timed simulation of the Go-Back-N variants under independent loss. */
@Command(name = "gbn-sim", footerHeading = "%nExamples:%n", footer = {"  rdmacheck gbn-sim --param lossRates=1e-4,1e-3 --param replications=3 --out out/gbn-sim"},
        description = "Discrete-event simulation (seed 002 Table I) of every Go-Back-N variant: "
        + "relative throughput vs loss rate with 95%% confidence intervals and the causes of ACK timeouts; "
        + "writes throughput.csv, causes.csv, throughput-rto-RTO.png per RTO, throughput-VARIANT.png per variant "
        + "and causes.png.")
public final class GbnSimCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--param", paramLabel = "KEY=VALUE", description = "variants, lossRates, rto (comma-separated "
            + "times: 100ms,10ms,500us or seconds), replications, messages, seed, duplicates, nakPolicy, messageBytes, "
            + "payloadBytes, ackIntervalBytes (sizes: 4MiB, 1KB or bytes), nakInterval, hopDelay (times), bandwidth "
            + "(40G, 40Gbps or bits/s)")
    List<String> params = new ArrayList<>();

    @Option(names = "--out", description = "output folder (default: out/gbn-sim in the checkout)")
    Path out;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @picocli.CommandLine.Mixin
    TimeLimit limit = new TimeLimit();

    @Override
    public Integer call() throws IOException {
        SimGrid grid = SimSettings.grid(params);
        Path dir = out != null ? OutputFolders.writable("--out", out) : OutputFolders.writable(
                "the default output folder", ExplorerOptions.home().resolve("out").resolve("gbn-sim"));
        RunClock clock = limit.start("gbn-sim", spec.commandLine().getErr());
        long t0 = System.currentTimeMillis();
        List<SimCell> cells = run(grid, clock);
        long millis = System.currentTimeMillis() - t0;
        // a grid cut short writes no files: its plots would look complete
        Optional<EarlyStop> stop = cells.size() < grid.points() ? Optional.of(EarlyStop.timeLimit(clock))
                : Optional.empty();
        List<Path> files = stop.isPresent() ? List.of() : SimOutput.write(dir, cells);
        PrintWriter w = spec.commandLine().getOut();
        if (json) {
            w.println(json(cells, grid.points(), millis, stop));
        } else {
            w.print(table(cells));
            w.printf(Locale.ROOT, "%d of %d points in %.1f s; wrote %s%n", cells.size(), grid.points(), millis / 1000.0,
                    files.stream().map(ExplorerOptions::display).toList());
            stop.ifPresent(s -> w.println("INCONCLUSIVE: " + s.reason() + "; the points not finished are left out"));
        }
        w.flush();
        return EarlyStop.exit(stop, ExitCodes.OK);
    }

    /**
     * @param grid  the grid
     * @param clock progress lines and the time limit
     * @return the points finished before the limit
     */
    static List<SimCell> run(SimGrid grid, RunClock clock) {
        java.util.concurrent.atomic.AtomicLong messages = new java.util.concurrent.atomic.AtomicLong();
        return grid.run(() -> {
            long m = messages.incrementAndGet();
            synchronized (clock) {
                clock.tick(() -> clock.rate(m, (long) grid.points() * grid.replications() * grid.messages(),
                        "messages"));
            }
            return clock.expired();
        });
    }

    /** @param seconds a time  @return it as given on the command line: {@code 10ms}, {@code 500us}, {@code 1s} */
    public static String time(double seconds) {
        if (seconds >= 1) {
            return trim(seconds) + "s";
        }
        return seconds >= 1e-3 ? trim(seconds * 1e3) + "ms" : trim(seconds * 1e6) + "us";
    }

    private static String trim(double v) {
        return new java.math.BigDecimal(String.format(Locale.ROOT, "%.6g", v)).stripTrailingZeros().toPlainString();
    }

    /**
     * The cells as JSON (schema {@code docs/json-schema/gbn-sim.schema.json}): the grid point's timeout
     * (s) and loss rate, the measured throughput, its confidence half-width and the timeouts per message
     * as figures; replications, messages, QP errors and causes as the simulation's own tallies.
     */
    private static String json(List<SimCell> cells, int points, long millis, Optional<EarlyStop> stop)
            throws JsonProcessingException {
        com.fasterxml.jackson.databind.node.ObjectNode top = TraceJson.MAPPER.createObjectNode();
        EarlyStop.put(top, stop);
        top.put("points", points);
        top.put("pointsDone", cells.size());
        JsonValues.figure(top, "wallMillis", millis, Quantity.Unit.MILLISECONDS);
        com.fasterxml.jackson.databind.node.ArrayNode arr = top.putArray("cells");
        for (SimCell c : cells) {
            com.fasterxml.jackson.databind.node.ObjectNode o = arr.addObject();
            o.put("variant", c.variant());
            JsonValues.figure(o, "rtoSeconds", c.rto(), Quantity.Unit.SECONDS);
            JsonValues.figure(o, "lossRate", c.lossRate(), Quantity.Unit.RATIO);
            JsonValues.figure(o, "relativeThroughput", c.relativeThroughput(), Quantity.Unit.RATIO);
            JsonValues.figure(o, "ciHalfWidth", c.ciHalfWidth(), Quantity.Unit.RATIO);
            o.put("replications", c.replications());
            o.put("messages", c.messages());
            JsonValues.figure(o, "timeoutsPerMessage", c.timeoutsPerMessage(), Quantity.Unit.RATIO);
            o.put("qpErrors", c.qpErrors());
            com.fasterxml.jackson.databind.node.ObjectNode causes = o.putObject("causes");
            new java.util.TreeMap<>(c.causes()).forEach(causes::put);
        }
        return TraceJson.MAPPER.writeValueAsString(top);
    }

    /** @param cells results  @return a text table */
    static String table(List<SimCell> cells) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%-9s %9s %9s %22s %9s %9s  %s%n", "variant",
                "rto", "loss", "rel. throughput (95%)", "RTO/msg", "QP error", "timeout causes"));
        for (SimCell c : cells) {
            sb.append(String.format(Locale.ROOT, "%-9s %9s %9s %13.3f ± %6.3f %9.4f %9d  %s%n", c.variant(),
                    time(c.rto()), String.format(Locale.ROOT, "%.3g", c.lossRate()), c.relativeThroughput(),
                    c.ciHalfWidth(), c.timeoutsPerMessage(), c.qpErrors(),
                    new java.util.TreeMap<>(c.causes())));
        }
        return sb.toString();
    }
}
