package org.rdmacheck.cli.gbn;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.checker.gbn.LossPatternTable;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.cli.EarlyStop;
import org.rdmacheck.cli.ExitCodes;
import org.rdmacheck.cli.JsonValues;
import org.rdmacheck.cli.Quantity;
import org.rdmacheck.cli.RunClock;
import org.rdmacheck.cli.TimeLimit;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.gbn.GbnVariant;
import org.rdmacheck.properties.gbn.FirstTimeoutSearch;
import org.rdmacheck.properties.gbn.LossId;
import org.rdmacheck.properties.gbn.LossPatterns;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rdmacheck gbn-patterns}: every loss pattern up to a budget, per Go-Back-N variant, with
 * whether every, some or no schedule ends in an ACK timeout, by seed 002's causes, and the patterns
 * one mechanism rescues that another does not (the least-loss table is {@code gbn-table}).
 */
@Command(name = "gbn-patterns", footerHeading = "%nExamples:%n",
        footer = {"  rdmacheck gbn-patterns --max-losses 2", "  rdmacheck gbn-patterns --max-losses 1 --json"},
        description = "Per Go-Back-N variant and loss budget: every loss pattern (data losses as PSN.transmission"
        + "[b for Send-Twice's second copy], control losses as KIND(psn)[#number]) for which every schedule, or "
        + "some schedule, ends in an ACK timeout, classified by seed 002's four causes; then the patterns compared "
        + "across variants: what Check-EPSN rescues that Send-Twice does not, and any pattern a mechanism makes "
        + "worse, each with a shortest trace.")
public final class GbnPatternsCommand implements Callable<Integer> {

    /** The pairs compared: (without, with) a mechanism, and what the pair shows. */
    static final List<Comparison> COMPARISONS = List.of(
            new Comparison(GbnVariant.ST, GbnVariant.IMPROVED, "Check-EPSN rescues on top of Send-Twice"),
            new Comparison(GbnVariant.GBN, GbnVariant.CE, "Check-EPSN rescues alone"),
            new Comparison(GbnVariant.GBN, GbnVariant.ST, "Send-Twice rescues alone"),
            new Comparison(GbnVariant.CE, GbnVariant.IMPROVED, "Send-Twice rescues on top of Check-EPSN"),
            new Comparison(GbnVariant.CE, GbnVariant.GBN, "worse with Check-EPSN (times out with it, never without)"),
            new Comparison(GbnVariant.IMPROVED, GbnVariant.ST,
                    "worse with Check-EPSN on top of Send-Twice"),
            new Comparison(GbnVariant.ST, GbnVariant.GBN, "worse with Send-Twice"));

    /**
     * Patterns that time out under one variant and never under another.
     *
     * @param without the variant that times out
     * @param with    the variant that never does
     * @param title   what the difference shows
     */
    record Comparison(GbnVariant without, GbnVariant with, String title) {
    }

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    GbnShape shape = new GbnShape();

    @Option(names = "--max-losses", description = "loss budget L: patterns of 1..L losses (default: ${DEFAULT-VALUE})",
            defaultValue = "2")
    int maxLosses;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Mixin
    TimeLimit limit = new TimeLimit();

    @Override
    public Integer call() throws JsonProcessingException {
        Map<String, String> base = shape.params();
        if (maxLosses < 1 || maxLosses > 4) {
            throw new InputException("--max-losses " + maxLosses + ": expected an integer in [1, 4]");
        }
        PrintWriter err = spec.commandLine().getErr();
        RunClock clock = limit.start("gbn-patterns", err);
        long start = System.nanoTime();
        List<GbnVariant> variants = List.of(GbnVariant.GBN, GbnVariant.ST, GbnVariant.CE, GbnVariant.IMPROVED);
        LossPatternTable table = new LossPatternTable(base, maxLosses, variants,
                ExplorerSettings.defaults().withMaxMillis(clock.maxMillis()));
        List<LossPatternTable.Column> cols = new ArrayList<>();
        Optional<EarlyStop> stopped = Optional.empty();
        for (GbnVariant v : variants) {
            if (stopped.isPresent()) {
                break;
            }
            try {
                cols.add(table.column(v, start));
                clock.tick(() -> clock.rate(cols.size(), variants.size(), "variants"));
            } catch (FirstTimeoutSearch.LimitReachedException e) {
                stopped = Optional.of(new EarlyStop(GbnTableCommand.cause(e), e.getMessage() + " in variant "
                        + v.word() + ", " + cols.size() + " of " + variants.size() + " variants done"));
            }
        }
        LossPatternTable.Result r = LossPatternTable.across(cols);
        PrintWriter w = spec.commandLine().getOut();
        if (json) {
            ObjectNode o = TraceJson.MAPPER.createObjectNode();
            EarlyStop.put(o, stopped);
            o.put("maxLosses", maxLosses);
            JsonValues.figure(o, "wallMillis", (System.nanoTime() - start) / 1_000_000, Quantity.Unit.MILLISECONDS);
            o.set("variants", json(r, maxLosses));
            o.set("comparisons", comparisons(r));
            w.println(TraceJson.MAPPER.writeValueAsString(o));
        } else {
            w.print(text(r, maxLosses));
            stopped.ifPresent(s -> w.println("INCONCLUSIVE: " + s.reason()));
        }
        w.flush();
        return EarlyStop.exit(stopped, ExitCodes.OK);
    }

    /**
     * @param r the table
     * @param l the budget
     * @return the table as text
     */
    static String text(LossPatternTable.Result r, int l) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%-9s %-2s %8s %6s %6s %6s  %s%n", "variant", "L", "patterns", "every",
                "some", "never", "causes of the patterns that time out (every / some)"));
        sb.append("-".repeat(110)).append('\n');
        for (LossPatternTable.Column c : r.columns()) {
            for (int k = 1; k <= l; k++) {
                long every = c.count(k, LossPatterns.Outcome.EVERY);
                long some = c.count(k, LossPatterns.Outcome.SOME);
                long never = c.count(k, LossPatterns.Outcome.NEVER);
                sb.append(String.format(Locale.ROOT, "%-9s %-2d %8d %6d %6d %6d  every %s / some %s%n",
                        c.variant().word(), k, every + some + never, every, some, never,
                        c.byCause(k, LossPatterns.Outcome.EVERY), c.byCause(k, LossPatterns.Outcome.SOME)));
            }
        }
        for (Comparison cmp : COMPARISONS) {
            if (r.columns().stream().noneMatch(c -> c.variant() == cmp.without())
                    || r.columns().stream().noneMatch(c -> c.variant() == cmp.with())) {
                continue;
            }
            List<LossPatternTable.Row> rows = r.rescued(cmp.without(), cmp.with());
            sb.append('\n').append(cmp.title()).append(" (times out under ").append(cmp.without().word())
                    .append(", never under ").append(cmp.with().word()).append("): ").append(rows.size())
                    .append(rows.isEmpty() ? " patterns\n" : " patterns\n");
            for (LossPatternTable.Row row : rows) {
                LossPatterns.Pattern<LayoutState> p = column(r, cmp.without()).pattern(row.losses()).orElseThrow();
                sb.append(String.format(Locale.ROOT, "  %-24s %-40s %s%n", row.losses(), p.causeLabel(),
                        outcomes(row)));
                p.trace().ifPresent(t -> sb.append("    ").append(cmp.without().word()).append(": ")
                        .append(actions(t)).append('\n'));
            }
        }
        return sb.toString();
    }

    private static LossPatternTable.Column column(LossPatternTable.Result r, GbnVariant v) {
        return r.columns().stream().filter(c -> c.variant() == v).findFirst().orElseThrow();
    }

    private static String outcomes(LossPatternTable.Row row) {
        StringBuilder sb = new StringBuilder();
        row.outcomes().forEach((v, o) -> sb.append(sb.length() == 0 ? "" : " ").append(v.word()).append('=')
                .append(o.name().toLowerCase(Locale.ROOT)));
        return sb.toString();
    }

    /** @param t a trace  @return its actions, one after the other */
    static String actions(FirstTimeoutSearch.Trace<LayoutState> t) {
        StringBuilder sb = new StringBuilder();
        for (Transition<LayoutState> s : t.steps()) {
            sb.append(sb.length() == 0 ? "" : " ").append(s.action());
        }
        return sb.toString();
    }

    private static ArrayNode json(LossPatternTable.Result r, int l) {
        ArrayNode arr = TraceJson.MAPPER.createArrayNode();
        for (LossPatternTable.Column c : r.columns()) {
            ObjectNode o = arr.addObject();
            o.put("variant", c.variant().word());
            JsonValues.figure(o, "wallMillis", c.wallMillis(), Quantity.Unit.MILLISECONDS);
            ArrayNode ps = o.putArray("patterns");
            for (LossPatterns.Pattern<LayoutState> p : c.patterns()) {
                if (p.losses().isEmpty()) {
                    continue;
                }
                ObjectNode po = ps.addObject();
                po.set("losses", losses(p.losses()));
                po.put("outcome", p.outcome().name());
                ArrayNode cs = po.putArray("causes");
                p.causes().forEach(x -> cs.add(x.name()));
                if (p.trace().isPresent()) {
                    JsonValues.figure(po, "traceLength", p.trace().get().steps().size(), Quantity.Unit.STEPS);
                    po.put("trace", actions(p.trace().get()));
                } else {
                    po.putNull("traceLength");
                    po.putNull("trace");
                }
            }
        }
        return arr;
    }

    private static ArrayNode comparisons(LossPatternTable.Result r) {
        ArrayNode arr = TraceJson.MAPPER.createArrayNode();
        for (Comparison cmp : COMPARISONS) {
            if (r.columns().stream().noneMatch(c -> c.variant() == cmp.without())
                    || r.columns().stream().noneMatch(c -> c.variant() == cmp.with())) {
                continue;
            }
            ObjectNode o = arr.addObject();
            o.put("timesOut", cmp.without().word());
            o.put("never", cmp.with().word());
            o.put("title", cmp.title());
            ArrayNode ps = o.putArray("patterns");
            r.rescued(cmp.without(), cmp.with()).forEach(row -> ps.add(losses(row.losses())));
        }
        return arr;
    }

    private static ArrayNode losses(List<LossId> losses) {
        ArrayNode ls = TraceJson.MAPPER.createArrayNode();
        for (LossId l : losses) {
            ObjectNode lo = ls.addObject();
            if (l instanceof LossId.Data d) {
                lo.put("channel", "DATA").put("psn", d.psn()).put("transmission", d.transmission())
                        .put("copy", d.copy());
            } else if (l instanceof LossId.Control c) {
                lo.put("channel", c.kind()).put("psn", c.psn()).put("number", c.number());
            }
        }
        return ls;
    }
}
