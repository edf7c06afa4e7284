package org.rdmacheck.checker.gbn;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.Provenance;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.checker.Version;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.gbn.DuplicatePolicy;
import org.rdmacheck.model.gbn.GoBackN;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.gbn.GbnVariant;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.gbn.GbnEntry;
import org.rdmacheck.properties.gbn.GbnProperties;
import org.rdmacheck.properties.gbn.TimeoutCauses;
import org.rdmacheck.properties.gbn.TimeoutPattern;

/**
 * The Go-Back-N timeout table of the untimed model (seed 002, III-A): per variant and duplicate
 * policy, the least loss budget L that forces an ACK timeout, the shortest counterexample (explorer)
 * and every loss pattern at L classified into the paper's four causes, each label with a replayable
 * trace. The timed model's table is {@link TimedLeastLossTable}.
 *
 * @param base      parameters other than losses and duplicates (packets, messages, ...)
 * @param maxLosses the largest budget tried
 * @param settings  explorer settings for the shortest counterexample
 */
public record LeastLossTable(Map<String, String> base, int maxLosses, ExplorerSettings settings) {

    /** Variants in table order. */
    public static final List<GbnVariant> VARIANTS = List.of(GbnVariant.values());

    /** Duplicate policies in table order. */
    public static final List<DuplicatePolicy> POLICIES = List.of(DuplicatePolicy.ACK, DuplicatePolicy.IGNORE);

    /** Copies the parameters. */
    public LeastLossTable {
        base = Collections.unmodifiableMap(new LinkedHashMap<>(base));
    }

    /**
     * What the table found at the least budget L.
     *
     * @param losses         L
     * @param distinctStates distinct states of the exhaustive check at L
     * @param shortest       the explorer's shortest NoTimeout counterexample at L
     * @param patterns       every loss pattern at L that ends in a first timeout, classified
     * @param examples       per classification label, the trace of its first pattern
     */
    public record Found(int losses, long distinctStates, Counterexample shortest, List<TimeoutPattern> patterns,
                        Map<String, Counterexample> examples) {
        /** Copies the collections. */
        public Found {
            patterns = List.copyOf(patterns);
            examples = Collections.unmodifiableMap(new LinkedHashMap<>(examples));
        }

        /** @return patterns per classification label */
        public Map<String, Integer> labelCounts() {
            Map<String, Integer> counts = new TreeMap<>();
            patterns.forEach(p -> counts.merge(p.label(), 1, Integer::sum));
            return Collections.unmodifiableMap(counts);
        }
    }

    /**
     * One variant's row.
     *
     * @param variant    the variant
     * @param duplicates the duplicate policy
     * @param found      what was found at the least budget; empty when no budget up to the maximum forces a timeout
     * @param wallMillis time of the whole row (budget search, check and classification)
     */
    public record Row(GbnVariant variant, DuplicatePolicy duplicates, Optional<Found> found, long wallMillis) {

        /** @return the least budget forcing a timeout, if one up to the maximum does */
        public OptionalInt leastLosses() {
            return found.map(f -> OptionalInt.of(f.losses())).orElse(OptionalInt.empty());
        }
    }

    /** @return one row per duplicate policy and variant, in table order */
    public List<Row> compute() {
        List<Row> rows = new ArrayList<>();
        long start = System.nanoTime();
        for (DuplicatePolicy d : POLICIES) {
            for (GbnVariant v : VARIANTS) {
                rows.add(row(v, d, start));
            }
        }
        return rows;
    }

    /**
     * @param variant    the variant
     * @param duplicates the duplicate policy
     * @return its row
     */
    public Row row(GbnVariant variant, DuplicatePolicy duplicates) {
        return row(variant, duplicates, System.nanoTime());
    }

    /**
     * @param variant    the variant
     * @param duplicates the duplicate policy
     * @param startNanos when the table started ({@link System#nanoTime()}): the settings' time limit counts from it
     * @return its row
     * @throws org.rdmacheck.properties.gbn.FirstTimeoutSearch.LimitReachedException when the settings' state,
     *         time or heap limit stops the row: it would be partial
     */
    public Row row(GbnVariant variant, DuplicatePolicy duplicates, long startNanos) {
        long t0 = System.currentTimeMillis();
        GbnEntry entry = new GbnEntry();
        for (int l = 0; l <= maxLosses; l++) {
            Params p = params(entry, l, duplicates);
            GoBackN model = GbnEntry.model(variant.word(), p);
            List<TimeoutPattern> patterns = TimeoutCauses.analyse(model, SearchLimits.of(settings, startNanos));
            if (!patterns.isEmpty()) {
                Found f = found(entry, variant, l, p, model, patterns);
                return new Row(variant, duplicates, Optional.of(f), System.currentTimeMillis() - t0);
            }
        }
        return new Row(variant, duplicates, Optional.empty(), System.currentTimeMillis() - t0);
    }

    private Params params(GbnEntry entry, int losses, DuplicatePolicy duplicates) {
        Map<String, String> m = new LinkedHashMap<>(base);
        m.put(GbnEntry.LOSSES.name(), Integer.toString(losses));
        m.put(GbnEntry.DUPLICATES.name(), duplicates.word());
        return entry.resolve(Params.of(m));
    }

    private Found found(GbnEntry entry, GbnVariant variant, int losses, Params p, GoBackN model,
                        List<TimeoutPattern> patterns) {
        CheckSpec<LayoutState> spec = entry.build(variant.word(), p);
        // every property, so that the exploration covers the whole state space at L
        ExplorationReport report = new Explorer(settings.withStopAtFirstViolation(false)).check(spec);
        SearchLimits.requireComplete(report);
        CheckResult r = report.result(GbnProperties.NO_TIMEOUT);
        if (!(r instanceof CheckResult.Violated v)) {
            throw new IllegalStateException("the cause analysis found a timeout at L=" + losses
                    + " but the explorer says " + r.verdict() + " for " + variant.word());
        }
        Map<String, Counterexample> examples = new LinkedHashMap<>();
        for (TimeoutPattern tp : patterns) {
            examples.computeIfAbsent(tp.label(), k -> counterexample(model, variant, spec.parameters(), tp));
        }
        return new Found(losses, report.stats().distinctStates(), v.counterexample(), patterns, examples);
    }

    /**
     * @param model   the model the pattern came from
     * @param variant the variant
     * @param params  effective parameters
     * @param p       the pattern
     * @return a NoTimeout counterexample (action kind) whose last step is the Timeout
     */
    static Counterexample counterexample(GoBackN model, GbnVariant variant, Map<String, String> params,
                                         TimeoutPattern p) {
        List<TraceStep> steps = new ArrayList<>();
        steps.add(new TraceStep(null, TraceJson.toJson(model.view(p.initial()))));
        for (Transition<LayoutState> t : p.trace()) {
            steps.add(new TraceStep(t.action(), TraceJson.toJson(model.view(t.next()))));
        }
        String note = "losses " + p.losses() + ": " + p.label();
        return new Counterexample(GbnProperties.NO_TIMEOUT, Counterexample.Kind.ACTION, steps, steps.size() - 1, -1,
                new Provenance("gbn", variant.word(), params, "gbn-table", Version.VERSION), note);
    }
}
