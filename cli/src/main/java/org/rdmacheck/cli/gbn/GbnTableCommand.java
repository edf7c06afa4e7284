package org.rdmacheck.cli.gbn;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.rdmacheck.checker.explorer.ExplorerSettings;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.cli.ExitCodes;
import org.rdmacheck.cli.ExplorerOptions;
import org.rdmacheck.cli.RunClock;
import org.rdmacheck.cli.TimeLimit;
import org.rdmacheck.cli.TraceOutput;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.gbn.GbnEntry;
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

    @Option(names = "--packets", description = "packets per message M (default: ${DEFAULT-VALUE})", defaultValue = "3")
    int packets;

    @Option(names = "--messages", description = "messages K (default: ${DEFAULT-VALUE})", defaultValue = "1")
    int messages;

    @Option(names = "--ack-interval", description = "AckReq every n packets, 0: last only (default: ${DEFAULT-VALUE})",
            defaultValue = "2")
    int ackInterval;

    @Option(names = "--capacity", description = "channel capacity (default: ${DEFAULT-VALUE})", defaultValue = "4")
    int capacity;

    @Option(names = "--nak-policy", description = "interval or epsn (default: ${DEFAULT-VALUE})",
            defaultValue = "interval")
    String nakPolicy;

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
        Map<String, String> base = base(packets, messages, ackInterval, capacity, nakPolicy);
        if (maxLosses < 1 || maxLosses > 8) {
            throw new InputException("--max-losses " + maxLosses + ": expected an integer in [1, 8] (a timeout "
                    + "needs at least one loss)");
        }
        int t = threads == null ? Runtime.getRuntime().availableProcessors() : ExplorerOptions.threads(threads);
        Path dir = traces.folder().orElse(null);
        PrintWriter err = spec.commandLine().getErr();
        RunClock clock = limit.start("gbn-table", err);
        GbnTable table = new GbnTable(base, maxLosses, ExplorerSettings.defaults().withThreads(t)
                .withProgress(RunClock.INTERVAL_MILLIS, line -> {
                    err.println(line);
                    err.flush();
                }), dir);
        List<GbnTableRow> rows = new ArrayList<>();
        int total = 2 * GbnTable.VARIANTS.size();
        String stopped = null;
        for (String dup : List.of("ack", "ignore")) {
            for (String v : GbnTable.VARIANTS) {
                if (stopped == null && clock.expired()) {
                    stopped = clock.limitReason() + ", " + rows.size() + " of " + total + " rows done";
                }
                if (stopped == null) {
                    rows.add(table.row(v, dup));
                    clock.tick(() -> clock.rate(rows.size(), total, "rows"));
                }
            }
        }
        PrintWriter w = spec.commandLine().getOut();
        if (json) {
            w.println(TraceJson.MAPPER.writeValueAsString(rows));
        } else {
            w.print(text(rows));
            if (stopped != null) {
                w.println("INCONCLUSIVE: " + stopped);
            }
        }
        w.flush();
        return stopped == null ? ExitCodes.OK : ExitCodes.INCONCLUSIVE;
    }

    /**
     * Validates the shape parameters (one line, exit 2, before anything is written).
     *
     * @return the parameters as the catalogue entry takes them
     */
    static Map<String, String> base(int packets, int messages, int ackInterval, int capacity, String nakPolicy) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("packets", Integer.toString(packets));
        m.put("messages", Integer.toString(messages));
        m.put("ackInterval", Integer.toString(ackInterval));
        m.put("capacity", Integer.toString(capacity));
        m.put("nakPolicy", nakPolicy);
        GbnEntry.model("gbn", new GbnEntry().resolve(Params.of(m)));
        return m;
    }

    /** @param rows the rows  @return the table as text */
    static String text(List<GbnTableRow> rows) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%-9s %-10s %-3s %9s %7s %6s  %s%n", "variant", "duplicates", "L",
                "states", "time", "steps", "causes at L (patterns)"));
        sb.append("-".repeat(110)).append('\n');
        for (GbnTableRow r : rows) {
            sb.append(String.format(Locale.ROOT, "%-9s %-10s %-3s %,9d %6.2fs %6d  %s%n", r.variant(), r.duplicates(),
                    r.leastLosses() < 0 ? "-" : Integer.toString(r.leastLosses()), r.distinctStates(),
                    r.wallMillis() / 1000.0, r.shortestLength(), r.labelCounts()));
        }
        for (GbnTableRow r : rows) {
            if (r.shortestFile() != null) {
                sb.append(String.format("%s/%s shortest: %s%n", r.variant(), r.duplicates(), r.shortestFile()));
            }
            for (GbnTableRow.Pattern p : r.patterns()) {
                if (p.newCause()) {
                    sb.append(String.format("%s/%s L=%d %s -- losses %s, trace %s%n", r.variant(), r.duplicates(),
                            r.leastLosses(), p.label(), p.losses(), p.file() == null ? "(not saved)" : p.file()));
                    p.trace().forEach(line -> sb.append("    ").append(line).append('\n'));
                }
            }
        }
        return sb.toString();
    }
}
