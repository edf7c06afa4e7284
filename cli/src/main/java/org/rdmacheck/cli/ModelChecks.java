package org.rdmacheck.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.vacuity.Vacuity;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.engine.liveness.LivenessChecker;
import org.rdmacheck.engine.liveness.LivenessReport;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.properties.liveness.LivenessSpec;
import org.rdmacheck.properties.CheckSpec;

/**
 * Runs the explorer on a check and turns its results into findings, storing counterexamples; then
 * checks the liveness properties the model declares beside it (fair lassos, kind temporal).
 */
public final class ModelChecks {

    private ModelChecks() {
    }

    /**
     * @param spec     what to check
     * @param settings explorer settings
     * @param outDir   where counterexamples go, or null to keep none
     * @return one finding per property
     */
    public static List<Finding> run(CheckSpec<?> spec, ExplorerSettings settings, Path outDir) {
        return run(spec, livenessOf(spec).orElse(null), settings, outDir);
    }

    /**
     * @param spec     the safety and progress properties to check (may be empty)
     * @param live     the liveness properties to check, or null for none
     * @param settings explorer settings; their time limit covers both explorations
     * @param outDir   where counterexamples go, or null to keep none
     * @return one finding per property, liveness properties last
     */
    public static List<Finding> run(CheckSpec<?> spec, LivenessSpec<?> live, ExplorerSettings settings, Path outDir) {
        long start = System.currentTimeMillis();
        boolean liveness = live != null && !live.properties().isEmpty();
        // one exploration for both: the safety check keeps its graph for the liveness analysis when
        // it explores what the liveness checker would (same model, no symmetry, no reduction)
        boolean share = liveness && sharesExploration(spec, live, settings);
        // an implication whose antecedent no reachable state meets is reported vacuous, not verified
        Vacuity vacuity = Vacuity.of(spec, settings);
        CheckSpec<?> explored = vacuity.spec();
        ExplorationReport safety = spec.properties().isEmpty() ? null
                : vacuity.apply(share ? exploreSharing(explored, live, settings) : new Explorer(settings).check(explored));
        List<Finding> rows = safety == null ? new ArrayList<>() : rows(spec, safety, outDir);
        if (liveness) {
            // the time limit covers the check: the liveness part gets what the safety one left
            long left = Math.max(1, settings.maxMillis() - (System.currentTimeMillis() - start));
            // liveness under fairness is never reduced
            LivenessChecker checker = new LivenessChecker(settings.withMaxMillis(left)
                    .withReduction(org.rdmacheck.engine.Reduction.NONE));
            LivenessReport report = share && safety != null ? checker.check(live, safety) : checker.check(live);
            rows.addAll(livenessRows(live, asGiven(report, left, settings.maxMillis()), outDir));
        }
        // a violation the check did not expect may still be a stored finding's, by extending its trace
        List<Finding> checked = rows;
        return TraceExtensions.of(spec).map(x -> x.apply(checked, live)).orElse(rows);
    }

    /**
     * Random walks instead of the breadth-first search ({@code check --search random}): each row
     * records the search; liveness properties are not checked by walks (INCONCLUSIVE, NOT_CHECKED).
     *
     * @param spec     the safety properties to check
     * @param live     the liveness properties asked for, or null
     * @param settings explorer settings (threads, limits, progress)
     * @param walks    the walks' seed, depth and number
     * @param outDir   where counterexamples go, or null to keep none
     * @return one finding per property, liveness properties last
     */
    public static List<Finding> walk(CheckSpec<?> spec, LivenessSpec<?> live, ExplorerSettings settings,
                                     org.rdmacheck.engine.WalkSettings walks, Path outDir) {
        List<Finding> rows = new ArrayList<>();
        Finding.Search search = null;
        if (!spec.properties().isEmpty()) {
            org.rdmacheck.engine.RandomWalks.Report report = new org.rdmacheck.engine.RandomWalks(settings, walks)
                    .check(spec);
            search = new Finding.Search(walks.mode(), walks.seed(), walks.depth(), report.walks());
            for (Finding f : rows(spec, report.exploration(), outDir)) {
                rows.add(CheckFindings.walkFigures(f).withSearch(search));
            }
        }
        rows.addAll(notChecked(live, search, "random walks"));
        return rows;
    }

    /**
     * The directed search instead of the breadth-first search ({@code check --search directed}): each
     * row records the search and what its heuristic reached; liveness properties are not checked
     * (INCONCLUSIVE, NOT_CHECKED).
     *
     * @param spec     the safety properties to check
     * @param live     the liveness properties asked for, or null
     * @param settings explorer settings (limits, progress)
     * @param directed the search's seed and depth bound
     * @param outDir   where counterexamples go, or null to keep none
     * @return one finding per property, liveness properties last
     */
    public static List<Finding> directed(CheckSpec<?> spec, LivenessSpec<?> live, ExplorerSettings settings,
                                         org.rdmacheck.engine.DirectedSettings directed, Path outDir) {
        List<Finding> rows = new ArrayList<>();
        Finding.Search search = null;
        if (!spec.properties().isEmpty()) {
            org.rdmacheck.engine.DirectedSearch.Report report = new org.rdmacheck.engine.DirectedSearch(settings,
                    directed).check(spec);
            search = new Finding.Search(directed.mode(), directed.seed(), directed.depth(), report.expanded(),
                    java.util.Optional.of(new Finding.Directed(report.heuristic(), report.bestScore(), report.maxScore(),
                            report.dropped())));
            for (Finding f : rows(spec, report.exploration(), outDir)) {
                rows.add(f.withSearch(search));
            }
        }
        rows.addAll(notChecked(live, search, "the directed search"));
        return rows;
    }

    /**
     * @param live   the liveness properties asked for, or null
     * @param search the search that ran, or null if no safety property was checked
     * @param by     the search, as the rows name it ("random walks")
     * @return one INCONCLUSIVE (NOT_CHECKED) row per liveness property: a search that is not
     *         breadth-first checks none
     */
    private static List<Finding> notChecked(LivenessSpec<?> live, Finding.Search search, String by) {
        List<Finding> rows = new ArrayList<>();
        if (live == null) {
            return rows;
        }
        CheckSpec<?> base = live.base();
        for (var p : live.properties()) {
            Finding f = CheckFindings.of(base.modelName(), base.variant(), base.parameters(),
                    Finding.Expectation.holds(!live.expectedViolations().contains(p.name())),
                    new CheckResult.Inconclusive(p.name(), CheckResult.InconclusiveReason.NOT_CHECKED,
                            by + " check" + (by.endsWith("s") ? "" : "s") + " no liveness property: check " + p.name()
                            + " with --search bfs", org.rdmacheck.checker.Stats.empty(
                            org.rdmacheck.engine.Explorer.CHECKER)), null);
            rows.add(search == null ? f : f.withSearch(search));
        }
        return rows;
    }

    /**
     * @return whether the safety exploration of {@code spec} under {@code settings} is the one the
     *         liveness checker makes for {@code live}: the same model, unreduced (the liveness
     *         checker never reduces, by symmetry or partial order)
     */
    static boolean sharesExploration(CheckSpec<?> spec, LivenessSpec<?> live, ExplorerSettings settings) {
        return live.base().model() == spec.model() && !settings.symmetry()
                && settings.reduction() == org.rdmacheck.engine.Reduction.NONE && !settings.stopAtFirstViolation();
    }

    /**
     * The safety exploration that keeps its graph for the liveness analysis, with the labels that
     * analysis reads ({@link LivenessChecker#labels}): it then executes the model no second time.
     */
    @SuppressWarnings("unchecked")
    private static <S> ExplorationReport exploreSharing(CheckSpec<?> spec, LivenessSpec<S> live,
                                                        ExplorerSettings settings) {
        // the same model (sharesExploration), so of the same state type
        return new Explorer(settings.withRecordGraph(true)).check((CheckSpec<S>) spec, LivenessChecker.labels(live));
    }

    /**
     * The liveness part ran on what the safety part left of the time limit; a row it ended names
     * the limit the user gave, not the remainder it ran on.
     */
    private static LivenessReport asGiven(LivenessReport report, long leftMillis, long limitMillis) {
        if (leftMillis == limitMillis) {
            return report;
        }
        String left = "time limit " + org.rdmacheck.checker.TimeText.of(leftMillis) + " reached";
        String given = "time limit " + org.rdmacheck.checker.TimeText.of(limitMillis) + " reached ("
                + org.rdmacheck.checker.TimeText.of(leftMillis) + " of it left after the safety properties)";
        List<CheckResult> results = new ArrayList<>();
        for (CheckResult r : report.results()) {
            results.add(r instanceof CheckResult.Inconclusive in && in.reason().contains(left)
                    ? new CheckResult.Inconclusive(in.property(), in.cause(), in.reason().replace(left, given), in.stats())
                    : r);
        }
        String stop = report.stopReason() == null ? null : report.stopReason().replace(left, given);
        return new LivenessReport(results, report.stats(), report.complete(), stop, report.storeBytes(),
                report.graphBytes(), report.analysisBytes(), report.analysisMillis(), report.labelMillis(),
                report.searchMillis(), report.components());
    }

    /**
     * @param spec a check built from the catalogue
     * @return the liveness properties its model declares beside it, if any
     */
    static java.util.Optional<LivenessSpec<?>> livenessOf(CheckSpec<?> spec) {
        try {
            return org.rdmacheck.properties.catalog.Catalog.find(spec.modelName()).liveness(spec);
        } catch (org.rdmacheck.model.InputException notCatalogued) {
            return java.util.Optional.empty();
        }
    }

    /**
     * @param live   liveness properties of a check
     * @param report their results
     * @param outDir where lassos go, or null
     * @return one finding per liveness property
     */
    static List<Finding> livenessRows(LivenessSpec<?> live, LivenessReport report, Path outDir) {
        CheckSpec<?> spec = live.base();
        List<Finding> rows = new ArrayList<>();
        for (CheckResult r : report.results()) {
            Path file = writeTrace(spec, r, outDir);
            Finding f = CheckFindings.of(spec.modelName(), spec.variant(), spec.parameters(),
                    Finding.Expectation.holds(!live.expectedViolations().contains(r.property())), r, file);
            List<Finding.Assumption> fair = fairnessOf(live, r.property());
            Finding g = withAnalysis(f, report).withFairness(fair);
            if (g.verdict() == Finding.Verdict.VIOLATED && !fair.isEmpty()) {
                // a lasso is a counterexample only under the fairness it respects: say which (a proof says it
                // on its verified-within line)
                g = g.withDetail("a lasso fair under " + fair.stream().map(Object::toString)
                        .collect(java.util.stream.Collectors.joining(", ")) + "; " + g.detail());
            }
            rows.add(g);
        }
        return rows;
    }

    /**
     * The fairness a liveness verdict rests on, as values: every verdict of a liveness property holds
     * only under it, so each row carries it (JSON {@code fairness}, the text's verified-within line).
     */
    private static List<Finding.Assumption> fairnessOf(LivenessSpec<?> live, String property) {
        return live.properties().stream().filter(p -> p.name().equals(property)).findFirst()
                .map(p -> p.fairness().stream().map(Finding.Assumption::of).toList()).orElse(List.of());
    }

    /**
     * Adds the memory and time of the liveness analysis (labelled graph, SCC search; the time split
     * into the labelling of the graph and the fair-cycle search) and of the explorer's recorded
     * graph: figures in JSON, one clause of the detail in text; the row's wall
     * time is the exploration's and the analysis's.
     */
    private static Finding withAnalysis(Finding f, LivenessReport report) {
        Finding g = f.with(Quantity.of("analysisBytes", report.analysisBytes(), Quantity.Unit.BYTES),
                Quantity.of("graphBytes", report.graphBytes(), Quantity.Unit.BYTES),
                Quantity.of("analysisMillis", report.analysisMillis(), Quantity.Unit.MILLISECONDS),
                Quantity.of("labellingMillis", report.labelMillis(), Quantity.Unit.MILLISECONDS),
                Quantity.of("searchMillis", report.searchMillis(), Quantity.Unit.MILLISECONDS),
                Quantity.of("components", report.components(), Quantity.Unit.COUNT))
                .withWallMillis(f.wallMillis() + report.analysisMillis());
        // times in seconds, as the table's time column prints them
        String memory = String.format(java.util.Locale.ROOT, "liveness analysis %.1f MiB (+ graph %.1f MiB), %.2fs "
                + "(labelling %.2fs, fair-cycle search %.2fs)", report.analysisBytes() / 1048576.0,
                report.graphBytes() / 1048576.0, report.analysisMillis() / 1000.0, report.labelMillis() / 1000.0,
                report.searchMillis() / 1000.0);
        return g.withDetail(f.detail().isEmpty() ? memory : f.detail() + "; " + memory);
    }

    /**
     * @param spec   the check
     * @param report its report
     * @param outDir where counterexamples go, or null
     * @return one finding per property
     */
    public static List<Finding> rows(CheckSpec<?> spec, ExplorationReport report, Path outDir) {
        return rowsOf(spec, report, outDir);
    }

    /** @return the properties the spec's catalogued model declares vacuous at its configuration, if any */
    private static java.util.Set<String> expectedVacuous(CheckSpec<?> spec) {
        try {
            return org.rdmacheck.properties.catalog.Catalog.find(spec.modelName()).expectedVacuous(spec);
        } catch (org.rdmacheck.model.InputException notCatalogued) {
            return java.util.Set.of();
        }
    }

    private static List<Finding> rowsOf(CheckSpec<?> spec, ExplorationReport report, Path outDir) {
        List<Finding> rows = new ArrayList<>();
        for (CheckResult r : report.results()) {
            Path file = writeTrace(spec, r, outDir);
            java.util.Optional<String> other = otherKind(spec, r);
            Finding.Expectation expected = Finding.Expectation.holds(!spec.mustFail(r.property()) || other.isPresent());
            if (expected == Finding.Expectation.HOLDS && expectedVacuous(spec).contains(r.property())) {
                expected = Finding.Expectation.VACUOUS;
            }
            Finding f = withMemory(withReduction(CheckFindings.of(spec.modelName(), spec.variant(), spec.parameters(),
                    expected, r, file),
                    report.reduction()), report);
            Finding g = report.symmetryAudit().map(f::withSymmetryAudit).orElse(f);
            // a violation of another kind than the stored finding's is not covered by its expectation
            rows.add(other.map(line -> g.withDetail(g.detail().isEmpty() ? line : line + "; " + g.detail())).orElse(g));
        }
        return rows;
    }

    /**
     * @return for an expected violation, the model entry's line when its counterexample is of another
     *         kind than the stored finding the expectation comes from
     */
    static <S> java.util.Optional<String> otherKind(CheckSpec<S> spec, CheckResult r) {
        if (!(r instanceof CheckResult.Violated v) || !spec.mustFail(r.property())) {
            return java.util.Optional.empty();
        }
        org.rdmacheck.properties.catalog.ModelEntry entry;
        try {
            entry = org.rdmacheck.properties.catalog.Catalog.find(spec.modelName());
        } catch (org.rdmacheck.model.InputException notCatalogued) {
            return java.util.Optional.empty();
        }
        return org.rdmacheck.checker.trace.TraceReplayer.lastState(spec, v.counterexample())
                .flatMap(end -> entry.otherKind(spec, r.property(), end));
    }

    /**
     * Adds the explorer's heap figures (fingerprint storage): the visited store with the predecessor
     * index, and the most the level structures held at once (frontier, level table, buffers).
     */
    private static Finding withMemory(Finding f, ExplorationReport report) {
        if (report.storeBytes() < 0) {
            return f;
        }
        return f.with(Quantity.of("storeBytes", report.storeBytes(), Quantity.Unit.BYTES),
                Quantity.of("levelBytes", report.levelBytes(), Quantity.Unit.BYTES));
    }

    /**
     * Adds the partial-order reduction, when one was asked for: its name (JSON {@code reduction}),
     * the states it expanded with fewer successors, and why less was applied than asked.
     */
    private static Finding withReduction(Finding f, org.rdmacheck.engine.ReductionSummary red) {
        if (red.requested() == org.rdmacheck.engine.Reduction.NONE) {
            return f;
        }
        Finding g = f.withReduction(red.applied().label()).with(Quantity.states("reducedStates", red.reducedStates()));
        if (red.applied() == red.requested()) {
            return g;
        }
        String why = "reduction " + red.requested().label() + " not applied: " + red.reason();
        return g.withDetail(f.detail().isEmpty() ? why : f.detail() + "; " + why);
    }

    /**
     * The non-default parameters of a check, as {@code k=v,k=v}: empty for a catalogue model's
     * defaults, so the default configuration keeps the plain file name.
     */
    static String tag(CheckSpec<?> spec) {
        return nonDefault(spec.modelName(), spec.variant(), spec.parameters());
    }

    /**
     * @param model      a model name
     * @param variant    its variant
     * @param parameters the parameters of a run
     * @return those differing from the catalogue's defaults for the variant, as {@code k=v,k=v}
     *         (every parameter for a model not in the catalogue)
     */
    static String nonDefault(String model, String variant, java.util.Map<String, String> parameters) {
        java.util.Map<String, String> defaults;
        try {
            defaults = org.rdmacheck.properties.catalog.Catalog.find(model).defaults(variant);
        } catch (org.rdmacheck.model.InputException notCatalogued) {
            defaults = java.util.Map.of();
        }
        StringBuilder sb = new StringBuilder();
        for (java.util.Map.Entry<String, String> e : new java.util.TreeMap<>(parameters).entrySet()) {
            if (!e.getValue().equals(defaults.get(e.getKey()))) {
                sb.append(sb.length() == 0 ? "" : ",").append(e.getKey()).append('=').append(e.getValue());
            }
        }
        return sb.toString();
    }

    /** Writes a violated result's counterexample under {@code outDir}; null when none is written. */
    private static Path writeTrace(CheckSpec<?> spec, CheckResult r, Path outDir) {
        if (r instanceof CheckResult.Violated v && outDir != null) {
            try {
                return Counterexamples.write(outDir, v.counterexample(), tag(spec));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write counterexample under " + outDir, e);
            }
        }
        return null;
    }
}
