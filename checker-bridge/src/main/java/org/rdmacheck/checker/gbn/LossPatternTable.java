package org.rdmacheck.checker.gbn;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.gbn.GoBackN;
import org.rdmacheck.model.gbn.GbnLayout;
import org.rdmacheck.model.gbn.Ctrl;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.gbn.GbnVariant;
import org.rdmacheck.model.gbn.TimeoutCause;
import org.rdmacheck.properties.gbn.GbnEntry;
import org.rdmacheck.properties.gbn.LossHistory;
import org.rdmacheck.properties.gbn.LossId;
import org.rdmacheck.properties.gbn.LossPatterns;

/**
 * What each Go-Back-N variant does with each loss pattern up to a budget (seed 002, III-A and IV):
 * per variant, every pattern some schedule produces, whether every, some or no schedule with exactly
 * those losses ends in an ACK timeout, classified by the paper's four causes; and the patterns side
 * by side across variants, so that what Check-EPSN rescues that Send-Twice does not (and anything a
 * mechanism makes worse) is read off pattern by pattern rather than asserted.
 *
 * @param base      parameters other than the variant and losses (packets, messages, ...)
 * @param maxLosses the loss budget L (patterns of every size up to it)
 * @param variants  the variants compared
 * @param settings  explorer settings (time and state limits)
 */
public record LossPatternTable(Map<String, String> base, int maxLosses, List<GbnVariant> variants,
                               ExplorerSettings settings) {

    /** Copies the collections. */
    public LossPatternTable {
        base = Collections.unmodifiableMap(new LinkedHashMap<>(base));
        variants = List.copyOf(variants);
    }

    /**
     * One variant's patterns.
     *
     * @param variant    the variant
     * @param patterns   every pattern up to the budget
     * @param wallMillis time of the search
     */
    public record Column(GbnVariant variant, List<LossPatterns.Pattern<LayoutState>> patterns, long wallMillis) {
        /** Copies the patterns. */
        public Column {
            patterns = List.copyOf(patterns);
        }

        /**
         * @param size a pattern size
         * @param o    an outcome
         * @return how many patterns of that size have it
         */
        public long count(int size, LossPatterns.Outcome o) {
            return patterns.stream().filter(p -> p.losses().size() == size && p.outcome() == o).count();
        }

        /**
         * @param size a pattern size
         * @param o    an outcome
         * @return per seed cause label, how many patterns of that size have the outcome
         */
        public Map<String, Integer> byCause(int size, LossPatterns.Outcome o) {
            Map<String, Integer> m = new TreeMap<>();
            patterns.stream().filter(p -> p.losses().size() == size && p.outcome() == o)
                    .forEach(p -> m.merge(p.causeLabel(), 1, Integer::sum));
            return m;
        }

        /** @param losses a pattern  @return this variant's outcome for it, empty when it cannot occur */
        public Optional<LossPatterns.Pattern<LayoutState>> pattern(List<LossId> losses) {
            return patterns.stream().filter(p -> p.losses().equals(losses)).findFirst();
        }

        /** @return the largest pattern size */
        public int maxSize() {
            return patterns.stream().mapToInt(p -> p.losses().size()).max().orElse(0);
        }
    }

    /**
     * One pattern across the variants.
     *
     * @param losses   the pattern
     * @param causes   its seed causes under each variant that produces it (they agree but for Send-Twice's copies)
     * @param outcomes per variant, its outcome; absent where the variant never produces the pattern
     */
    public record Row(List<LossId> losses, Map<GbnVariant, List<TimeoutCause>> causes,
                      Map<GbnVariant, LossPatterns.Outcome> outcomes) {
        /** Copies the maps. */
        public Row {
            losses = List.copyOf(losses);
            causes = Collections.unmodifiableMap(new LinkedHashMap<>(causes));
            outcomes = Collections.unmodifiableMap(new LinkedHashMap<>(outcomes));
        }

        /**
         * @param v a variant
         * @return whether some schedule of this pattern times out under it (false when it cannot occur)
         */
        public boolean timesOut(GbnVariant v) {
            LossPatterns.Outcome o = outcomes.get(v);
            return o != null && o != LossPatterns.Outcome.NEVER;
        }

        /**
         * @param v a variant
         * @return whether the pattern occurs under it and never times out
         */
        public boolean recovers(GbnVariant v) {
            return outcomes.get(v) == LossPatterns.Outcome.NEVER;
        }
    }

    /**
     * The whole table.
     *
     * @param columns per variant
     * @param rows    every pattern that occurs under some variant, across the variants
     */
    public record Result(List<Column> columns, List<Row> rows) {
        /** Copies the lists. */
        public Result {
            columns = List.copyOf(columns);
            rows = List.copyOf(rows);
        }

        /**
         * @param without a variant
         * @param with    another
         * @return the patterns that time out (some schedule) under {@code without} and never under {@code with}
         */
        public List<Row> rescued(GbnVariant without, GbnVariant with) {
            return rows.stream().filter(r -> r.timesOut(without) && r.recovers(with)).toList();
        }
    }

    /** @return every column and the rows across them */
    public Result compute() {
        long start = System.nanoTime();
        List<Column> cols = new ArrayList<>();
        for (GbnVariant v : variants) {
            cols.add(column(v, start));
        }
        return across(cols);
    }

    /**
     * @param cols columns computed (e.g. those a time limit left finished)
     * @return the columns and every pattern across them
     */
    public static Result across(List<Column> cols) {
        Map<List<LossId>, Boolean> keys = new TreeMap<>(LossPatterns::compare);
        cols.forEach(c -> c.patterns().forEach(p -> keys.put(p.losses(), true)));
        List<Row> out = new ArrayList<>();
        for (List<LossId> l : keys.keySet()) {
            Map<GbnVariant, List<TimeoutCause>> causes = new EnumMap<>(GbnVariant.class);
            Map<GbnVariant, LossPatterns.Outcome> outcomes = new EnumMap<>(GbnVariant.class);
            for (Column c : cols) {
                c.pattern(l).ifPresent(p -> {
                    causes.put(c.variant(), p.causes());
                    outcomes.put(c.variant(), p.outcome());
                });
            }
            out.add(new Row(l, causes, outcomes));
        }
        return new Result(cols, out);
    }

    /**
     * @param v          a variant
     * @param startNanos when the table started: the settings' time limit counts from it
     * @return its column
     * @throws org.rdmacheck.properties.gbn.FirstTimeoutSearch.LimitReachedException when a limit stops it
     */
    public Column column(GbnVariant v, long startNanos) {
        long t0 = System.currentTimeMillis();
        Map<String, String> m = new LinkedHashMap<>(base);
        m.put(GbnEntry.LOSSES.name(), Integer.toString(maxLosses));
        GbnEntry entry = new GbnEntry();
        Params p = entry.resolve(Params.of(m));
        GoBackN model = GbnEntry.model(v.word(), p);
        GbnLayout g = model.fields();
        LossHistory.Channels<LayoutState> channels = new LossHistory.Channels<>(
                s -> java.util.Arrays.stream(s.elements(g.data)).map(g.dataPsn::of).boxed().toList(),
                s -> java.util.Arrays.stream(s.elements(g.ctrl)).mapToObj(e -> new LossHistory.Packet(
                        Ctrl.Kind.values()[g.ctrlKind.of(e)].name(), g.ctrlPsn.of(e))).toList());
        LossPatterns.Shape shape = new LossPatterns.Shape(model.config()::isLast, model.config()::copies);
        List<LossPatterns.Pattern<LayoutState>> patterns = LossPatterns.analyse(model, GoBackN.TIMEOUT, channels,
                model.config().total(), maxLosses + 1, shape, model::isFinal, SearchLimits.of(settings, startNanos));
        return new Column(v, patterns, System.currentTimeMillis() - t0);
    }
}
