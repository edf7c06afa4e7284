package org.rdmacheck.cli.gbn;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.rdmacheck.checker.gbn.LeastLossTable;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.gbn.DuplicatePolicy;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.gbn.GbnVariant;
import org.rdmacheck.properties.gbn.TimeoutPattern;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.cli.EarlyStop;
import org.rdmacheck.cli.ExitCodes;
import org.rdmacheck.cli.ExplorerOptions;
import org.rdmacheck.cli.JsonValues;
import org.rdmacheck.cli.Quantity;
import org.rdmacheck.cli.RunClock;
import org.rdmacheck.cli.TimeLimit;
import org.rdmacheck.cli.TraceOutput;
import org.rdmacheck.model.InputException;
import org.rdmacheck.properties.gbn.FirstTimeoutSearch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code rdmacheck gbn-table}: the least loss budget that forces an ACK timeout, per variant, with causes. */
@Command(name = "gbn-table", footerHeading = "%nExamples:%n", footer = {"  rdmacheck gbn-table --packets 3 --max-losses 2", "  rdmacheck gbn-table --nak-policy epsn --json"},
        description = "Per Go-Back-N variant: the least loss budget L for which NoTimeout fails, "
        + "its shortest counterexample, and every loss pattern at L classified into seed 002's four causes.")
public final class GbnTableCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    GbnShape shape = new GbnShape();

    @Option(names = "--max-losses", description = "largest loss budget tried (default: ${DEFAULT-VALUE})",
            defaultValue = "3")
    int maxLosses;

    @Option(names = "--threads", description = "explorer threads (default: all cores)")
    Integer threads;

    @Mixin
    TraceOutput traces = new TraceOutput();

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Mixin
    TimeLimit limit = new TimeLimit();

    @Override
    public Integer call() throws JsonProcessingException {
        Map<String, String> base = shape.params();
        if (maxLosses < 1 || maxLosses > 8) {
            throw new InputException("--max-losses " + maxLosses + ": expected an integer in [1, 8] (a timeout "
                    + "needs at least one loss)");
        }
        int t = threads == null ? Runtime.getRuntime().availableProcessors() : ExplorerOptions.threads(threads);
        Optional<Path> dir = traces.folder();
        PrintWriter err = spec.commandLine().getErr();
        RunClock clock = limit.start("gbn-table", err);
        long start = System.nanoTime();
        LeastLossTable table = new LeastLossTable(base, maxLosses, ExplorerSettings.defaults().withThreads(t)
                .withMaxMillis(clock.maxMillis()).withProgress(RunClock.INTERVAL_MILLIS, line -> {
                    err.println(line);
                    err.flush();
                }));
        List<LeastLossTable.Row> rows = new ArrayList<>();
        List<GbnTraces.Files> files = new ArrayList<>();
        int total = LeastLossTable.POLICIES.size() * LeastLossTable.VARIANTS.size();
        Optional<EarlyStop> stopped = Optional.empty();
        for (DuplicatePolicy dup : LeastLossTable.POLICIES) {
            for (GbnVariant v : LeastLossTable.VARIANTS) {
                if (stopped.isEmpty() && clock.expired()) {
                    stopped = Optional.of(new EarlyStop(CheckResult.InconclusiveReason.TIME_LIMIT, clock.limitReason()
                            + ", " + rows.size() + " of " + total + " rows done"));
                }
                if (stopped.isEmpty()) {
                    try {
                        LeastLossTable.Row r = table.row(v, dup, start);
                        rows.add(r);
                        files.add(GbnTraces.write(r, dir));
                        clock.tick(() -> clock.rate(rows.size(), total, "rows"));
                    } catch (FirstTimeoutSearch.LimitReachedException e) {
                        // a row cut short would claim a least budget or a cause count it did not establish
                        stopped = Optional.of(new EarlyStop(cause(e), e.getMessage() + " in row " + v.word() + "/"
                                + dup.word() + ", " + rows.size() + " of " + total + " rows done"));
                    }
                }
            }
        }
        PrintWriter w = spec.commandLine().getOut();
        if (json) {
            ObjectNode o = TraceJson.MAPPER.createObjectNode();
            EarlyStop.put(o, stopped);
            o.put("rowsPlanned", total);
            o.put("rowsDone", rows.size());
            JsonValues.figure(o, "wallMillis", (System.nanoTime() - start) / 1_000_000, Quantity.Unit.MILLISECONDS);
            o.set("rows", json(rows, files));
            w.println(TraceJson.MAPPER.writeValueAsString(o));
        } else {
            w.print(text(rows, files));
            stopped.ifPresent(s -> w.println("INCONCLUSIVE: " + s.reason()));
        }
        w.flush();
        return EarlyStop.exit(stopped, ExitCodes.OK);
    }

    /** @param e a search stopped by a limit  @return the limit as the findings' cause enum */
    public static CheckResult.InconclusiveReason cause(FirstTimeoutSearch.LimitReachedException e) {
        return switch (e.kind()) {
            case STATE_LIMIT -> CheckResult.InconclusiveReason.STATE_LIMIT;
            case TIME_LIMIT -> CheckResult.InconclusiveReason.TIME_LIMIT;
            case MEMORY_LIMIT -> CheckResult.InconclusiveReason.MEMORY_LIMIT;
        };
    }

    /**
     * @param rows  the rows
     * @param files where each row's traces went
     * @return the table as text
     */
    static String text(List<LeastLossTable.Row> rows, List<GbnTraces.Files> files) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%-9s %-10s %-3s %9s %7s %6s  %s%n", "variant", "duplicates", "L",
                "states", "time", "steps", "causes at L (patterns)"));
        sb.append("-".repeat(110)).append('\n');
        for (LeastLossTable.Row r : rows) {
            Optional<LeastLossTable.Found> f = r.found();
            sb.append(String.format(Locale.ROOT, "%-9s %-10s %-3s %9s %6.2fs %6s  %s%n", r.variant().word(),
                    r.duplicates().word(), f.map(x -> Integer.toString(x.losses())).orElse("-"),
                    f.map(x -> String.format(Locale.ROOT, "%,d", x.distinctStates())).orElse("-"),
                    r.wallMillis() / 1000.0, f.map(x -> Integer.toString(x.shortest().length())).orElse("-"),
                    f.map(x -> x.labelCounts().toString()).orElse("no timeout up to the largest budget tried")));
        }
        for (int i = 0; i < rows.size(); i++) {
            LeastLossTable.Row r = rows.get(i);
            GbnTraces.Files fs = files.get(i);
            String name = r.variant().word() + "/" + r.duplicates().word();
            fs.shortest().ifPresent(p -> sb.append(name).append(" shortest: ").append(ExplorerOptions.display(p))
                    .append('\n'));
            r.found().ifPresent(f -> f.patterns().stream().filter(TimeoutPattern::isNewCause).forEach(p -> {
                sb.append(String.format("%s L=%d %s -- losses %s, trace %s%n", name, f.losses(), p.label(), p.losses(),
                        fs.of(p.label()).map(ExplorerOptions::display).orElse("(not saved)")));
                steps(p).forEach(line -> sb.append("    ").append(line).append('\n'));
            }));
        }
        return sb.toString();
    }

    /**
     * The JSON of {@code docs/json-schema/gbn-table.schema.json}.
     *
     * @param rows  the rows
     * @param files where each row's traces went
     * @return one object per row
     */
    static ArrayNode json(List<LeastLossTable.Row> rows, List<GbnTraces.Files> files) {
        ArrayNode arr = TraceJson.MAPPER.createArrayNode();
        for (int i = 0; i < rows.size(); i++) {
            LeastLossTable.Row r = rows.get(i);
            GbnTraces.Files fs = files.get(i);
            ObjectNode o = arr.addObject();
            o.put("variant", r.variant().word());
            o.put("duplicates", r.duplicates().word());
            Optional<LeastLossTable.Found> f = r.found();
            JsonValues.figureOrNull(o, "leastLosses", f.map(LeastLossTable.Found::losses), Quantity.Unit.LOSSES);
            JsonValues.figureOrNull(o, "distinctStates", f.map(LeastLossTable.Found::distinctStates),
                    Quantity.Unit.STATES);
            JsonValues.figure(o, "wallMillis", r.wallMillis(), Quantity.Unit.MILLISECONDS);
            JsonValues.figureOrNull(o, "shortestLength", f.map(x -> x.shortest().length()), Quantity.Unit.STEPS);
            o.put("shortestFile", fs.shortest().map(ExplorerOptions::display).orElse(null));
            ArrayNode ps = o.putArray("patterns");
            ObjectNode counts = TraceJson.MAPPER.createObjectNode();
            f.ifPresent(x -> {
                for (TimeoutPattern p : x.patterns()) {
                    ObjectNode po = ps.addObject();
                    ArrayNode ls = po.putArray("losses");
                    p.losses().forEach(l -> ls.addObject().put("channel", l.channel()).put("psn", l.psn()));
                    po.put("label", p.label());
                    ArrayNode cs = po.putArray("causes");
                    p.causes().forEach(c -> cs.add(c.name()));
                    po.put("newCause", p.isNewCause());
                    JsonValues.figure(po, "traceLength", p.trace().size(), Quantity.Unit.STEPS);
                    ArrayNode tr = po.putArray("trace");
                    if (p.isNewCause()) {
                        steps(p).forEach(tr::add);
                    }
                    po.put("file", fs.of(p.label()).map(ExplorerOptions::display).orElse(null));
                }
                x.labelCounts().forEach((label, n) -> JsonValues.figure(counts, label, n, Quantity.Unit.COUNT));
            });
            o.set("labelCounts", counts);
        }
        return arr;
    }

    /** @param p a pattern  @return its trace, one line per step with the sender's and receiver's variables */
    static List<String> steps(TimeoutPattern p) {
        List<String> lines = new ArrayList<>();
        for (Transition<LayoutState> t : p.trace()) {
            Map<String, Object> s = t.next().named();
            StringBuilder ctrl = new StringBuilder("[");
            for (Object o : (List<?>) s.get("ctrl")) {
                Map<?, ?> c = (Map<?, ?>) o;
                ctrl.append(ctrl.length() > 1 ? ", " : "").append(c.get("kind")).append('(').append(c.get("psn"))
                        .append(')');
            }
            lines.add(String.format(Locale.ROOT, "%-28s next=%d una=%d epsn=%d nakTimer=%b ceLpsn=%d lastNak=%d "
                    + "data=%s ctrl=%s", t.action(), s.get("next"), s.get("una"), s.get("epsn"), s.get("nakTimer"),
                    s.get("ceLpsn"), s.get("lastNak"), s.get("data"), ctrl.append(']')));
        }
        return lines;
    }
}
