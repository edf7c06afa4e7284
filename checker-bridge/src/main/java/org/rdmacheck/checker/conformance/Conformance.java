package org.rdmacheck.checker.conformance;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.checker.vacuity.Vacuity;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.checker.tlc.TlcChecker;
import org.rdmacheck.checker.tlc.TlcOptions;
import org.rdmacheck.checker.tlc.TlcOutcome;
import org.rdmacheck.checker.tlc.TlcReport;
import org.rdmacheck.checker.tlc.TlcRequest;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.liveness.LivenessSpec;
import org.rdmacheck.engine.liveness.LivenessChecker;
import org.rdmacheck.engine.liveness.LivenessReport;

/**
 * Java/TLA+ conformance: the Java explorer and TLC, on the same constants, must find the same
 * number of distinct states and the same verdicts for every property both check (TLC's deadlock
 * check is the explorer's {@code DeadlockFree}). TLC stops at its first violation, so when it
 * does, a second TLC run without properties counts the full state space. A run cut short by a
 * limit settles nothing: the comparison is then unsettled (neither conforming nor a mismatch).
 * Symmetry reduction is the configuration's: only a manifest configuration marked {@code symmetry}
 * (its {@code .cfg} declares {@code SYMMETRY}) runs both checkers reduced; everything else compares
 * unreduced counts, whatever the explorer settings say. A manifest configuration that has TLC check
 * a temporal property the Java model declares as a liveness property under fairness (the same name,
 * stated with the twin's fairness: gbn-timed's {@code Delivered} under {@code FairSpec}) has the
 * explorer decide it too, on the graph of the same exploration, and compares the verdicts.
 */
public final class Conformance {

    private final TlcOptions tlc;
    private final ExplorerSettings explorer;

    /**
     * @param tlc      how to run TLC
     * @param explorer how to run the explorer
     */
    public Conformance(TlcOptions tlc, ExplorerSettings explorer) {
        this.tlc = tlc;
        // reduction is the manifest configuration's to choose (TLC's SYMMETRY), never the settings'
        this.explorer = explorer.withSymmetry(false);
    }

    /**
     * Runs one manifest configuration and checks both checkers against its expectation.
     *
     * @param m a manifest
     * @param c one of its configurations
     * @return the comparison
     */
    public ConformanceResult check(SpecManifest m, SpecManifest.Configuration c) {
        return check(m, c, null, null);
    }

    /**
     * As {@link #check(SpecManifest, SpecManifest.Configuration)} for each configuration, with their
     * TLC runs in one child JVM ({@link TlcChecker#checkAll}); the findings are the same.
     *
     * @param configurations manifests and one configuration of each
     * @return the comparisons, in order
     */
    public List<ConformanceResult> checkAll(List<Map.Entry<SpecManifest, SpecManifest.Configuration>> configurations) {
        List<TlcRequest> requests = configurations.stream()
                .map(e -> request(e.getKey(), e.getValue(), e.getValue().constants(),
                        witnesses(e.getKey(), e.getValue(), twin(e.getKey(), e.getValue())))).toList();
        TlcChecker checker = new TlcChecker(tlc);
        List<TlcReport> first = checker.checkAll(requests);
        // the runs TLC stopped at a violation count their whole state spaces again, in one child too
        List<Integer> stopped = new ArrayList<>();
        for (int i = 0; i < first.size(); i++) {
            if (first.get(i).counterexample().isPresent()) {
                stopped.add(i);
            }
        }
        List<TlcReport> counts = stopped.isEmpty() ? List.of()
                : checker.checkAll(stopped.stream().map(i -> counting(requests.get(i))).toList());
        List<ConformanceResult> out = new ArrayList<>();
        for (int i = 0; i < configurations.size(); i++) {
            int s = stopped.indexOf(i);
            out.add(check(configurations.get(i).getKey(), configurations.get(i).getValue(), first.get(i),
                    s < 0 ? null : counts.get(s)));
        }
        return out;
    }

    /**
     * @param tlcReport TLC's report on the configuration, or null to run TLC here
     * @param count     TLC's report on the configuration without its properties, when the first run stopped at
     *                  a violation, or null to run it here if needed
     */
    private ConformanceResult check(SpecManifest m, SpecManifest.Configuration c, TlcReport tlcReport,
                                    TlcReport count) {
        List<String> mismatches = new ArrayList<>();
        List<ConformanceResult.Unsettled> unsettled = new ArrayList<>();
        Optional<CheckSpec<?>> twin = twin(m, c);
        Map<String, String> witnesses = witnesses(m, c, twin);
        TlcRun all = runTlc(m, c, c.constants(), false, tlcReport, count, witnesses);
        Map<String, String> witnessed = all.verdictsOf(witnesses.values());
        TlcRun t = all.without(witnesses.values());
        SpecManifest.Expectation ex = c.expect();
        if (t.settled()) {
            if (t.report.outcome() != ex.result()) {
                mismatches.add("TLC result " + t.report.outcome() + " (" + t.report.detail() + "), manifest expects "
                        + ex.result());
            }
            if (ex.distinctStates() >= 0 && t.distinct != ex.distinctStates()) {
                mismatches.add("TLC distinct states " + t.distinct + ", manifest expects " + ex.distinctStates());
            }
        }
        t.verdicts.forEach((p, v) -> {
            if (v.equals("VIOLATED") && !ex.violated().contains(p)) {
                mismatches.add("TLC violates " + p + ", which the manifest does not list as violated");
            }
        });
        long javaDistinct = -1;
        Map<String, String> java = Map.of();
        List<ConformanceResult.Vacuous> vacuous = List.of();
        if (c.symmetry() != declaresSymmetry(m, c)) {
            mismatches.add(c.config() + (c.symmetry() ? " declares no SYMMETRY, but the configuration says symmetry"
                    : " declares SYMMETRY: mark the configuration \"symmetry\": true"));
        }
        if (twin.isPresent()) {
            CheckSpec<?> spec = twin.get();
            if (c.symmetry() && spec.model().symmetry().isEmpty()) {
                mismatches.add("the Java model " + m.javaModel() + " declares no symmetric set for variant "
                        + c.variant() + ": its count cannot be compared with TLC's SYMMETRY");
            }
            Optional<LivenessSpec<?>> live = c.symmetry() ? Optional.empty() : liveness(m, spec, c.properties());
            Vacuity vacuity = Vacuity.of(spec, explorer);
            ExplorationReport r = vacuity.apply(live.isEmpty()
                    ? new Explorer(explorer.withSymmetry(c.symmetry())).check(vacuity.spec())
                    : exploreWithGraph(vacuity.spec(), live.get()));
            javaDistinct = r.stats().distinctStates();
            vacuous = vacuous(spec, r, witnesses, witnessed, mismatches);
            java = new LinkedHashMap<>(searched(r.results()));
            if (live.isPresent()) {
                // the temporal properties the configuration has TLC check, decided on the same graph
                LivenessReport lr = new LivenessChecker(explorer.withSymmetry(false)).check(live.get(), r);
                java.putAll(verdicts(lr.results()));
            }
            if (r.complete() && ex.distinctStates() >= 0 && javaDistinct != ex.distinctStates()) {
                mismatches.add("explorer distinct states " + javaDistinct + ", manifest expects " + ex.distinctStates());
            }
            for (String p : checked(c)) {
                String v = java.get(p);
                // a violation is definite even in a partial run; holding is definite only in a complete one
                if (v != null && (v.equals("VIOLATED") || v.equals("VERIFIED"))
                        && v.equals("VIOLATED") != ex.violated().contains(p)) {
                    mismatches.add("explorer: " + p + " " + v + ", manifest expects it "
                            + (ex.violated().contains(p) ? "violated" : "to hold"));
                }
            }
            compare(t, r, java, mismatches, unsettled);
        } else {
            t.unsettledInto(unsettled, mismatches);
        }
        // the manifest chooses what TLC checks for a configuration: one-sided properties are listed only
        List<String> notCompared = oneSided(t.verdicts, markedVacuous(java, vacuous), new ArrayList<>());
        return new ConformanceResult(m.folder().getFileName().toString(), c.name(), c.constants(), t.distinct,
                javaDistinct, t.verdicts, java, mismatches, unsettled, notCompared, vacuous);
    }

    /**
     * Runs a Java variant with parameters and TLC on the mapped constants, without expectations.
     * Refuses (before running anything) a variant or parameter value the spec has no counterpart for.
     *
     * @param m       a manifest with a Java twin
     * @param variant Java variant
     * @param params  Java parameters (defaults filled in by the catalogue)
     * @return the comparison
     * @throws ConstantMapping.Unmapped naming what the spec cannot express
     */
    public ConformanceResult compare(SpecManifest m, String variant, Params params) {
        return compareAll(List.of(new Comparison(m, variant, params))).get(0);
    }

    /**
     * A Java variant with parameters to compare with its spec ({@link #compare}).
     *
     * @param manifest a manifest with a Java twin
     * @param variant  Java variant
     * @param params   Java parameters (defaults filled in by the catalogue)
     */
    public record Comparison(SpecManifest manifest, String variant, Params params) {
    }

    /**
     * As {@link #compare} for each comparison, with their TLC runs in one child JVM a round
     * ({@link TlcChecker#checkAll}): a round runs each comparison whose properties are not all settled
     * yet once ({@link #settleEach}); a round of one runs in a child of its own, as {@link #compare}
     * does. The TLC time limit covers all the rounds. Refuses (before running anything) a variant or
     * parameter value the spec has no counterpart for.
     *
     * @param comparisons the variants and parameters, each with its manifest
     * @return the comparisons' results, in order
     * @throws ConstantMapping.Unmapped naming what a spec cannot express
     */
    public List<ConformanceResult> compareAll(List<Comparison> comparisons) {
        List<CheckSpec<?>> specs = new ArrayList<>();
        List<Map<String, String>> constants = new ArrayList<>();
        List<SpecManifest.Configuration> templates = new ArrayList<>();
        List<Optional<SpecManifest.Configuration>> liveTemplates = new ArrayList<>();
        for (Comparison c : comparisons) {
            CheckSpec<?> spec = Catalog.find(c.manifest().javaModel()).build(c.variant(), c.params());
            specs.add(spec);
            constants.add(constants(c.manifest(), spec));
            templates.add(template(c.manifest(), c.variant()));
            liveTemplates.add(liveTemplate(c.manifest(), c.variant(), spec));
        }
        // no manifest says which properties fail here: TLC runs until every property it checks is settled
        // (settleEach), and any it still leaves open keeps the result open; the liveness runs follow the others
        List<TlcRequest> requests = new ArrayList<>(java.util.stream.IntStream.range(0, comparisons.size())
                .mapToObj(i -> request(comparisons.get(i).manifest(), templates.get(i), constants.get(i),
                        witnesses(comparisons.get(i).manifest(), templates.get(i), Optional.of(specs.get(i)))))
                .toList());
        int[] liveRun = new int[comparisons.size()];
        for (int i = 0; i < comparisons.size(); i++) {
            liveRun[i] = liveTemplates.get(i).isEmpty() ? -1 : requests.size();
            if (liveRun[i] >= 0) {
                requests.add(request(comparisons.get(i).manifest(), liveTemplates.get(i).get(), constants.get(i)));
            }
        }
        List<TlcReport> settled = settleAll(requests);
        List<ConformanceResult> out = new ArrayList<>();
        for (int i = 0; i < comparisons.size(); i++) {
            SpecManifest m = comparisons.get(i).manifest();
            CheckSpec<?> spec = specs.get(i);
            TlcReport tlcReport = liveRun[i] < 0 ? settled.get(i) : withResultsOf(settled.get(i), settled.get(liveRun[i]));
            Map<String, String> witnesses = witnesses(m, templates.get(i), Optional.of(spec));
            TlcRun all = runTlc(m, templates.get(i), constants.get(i), true, tlcReport, null, witnesses);
            Map<String, String> witnessed = all.verdictsOf(witnesses.values());
            TlcRun t = all.without(witnesses.values());
            // the Java model's liveness properties TLC checks here, in the safety run or the liveness run
            List<String> temporal = new ArrayList<>(templates.get(i).properties());
            liveTemplates.get(i).ifPresent(c -> temporal.addAll(c.properties()));
            Optional<LivenessSpec<?>> live = liveness(m, spec, temporal);
            Vacuity vacuity = Vacuity.of(spec, explorer);
            ExplorationReport r = vacuity.apply(live.isEmpty()
                    ? new Explorer(explorer.withSymmetry(false)).check(vacuity.spec())
                    : exploreWithGraph(vacuity.spec(), live.get()));
            Map<String, String> java = new LinkedHashMap<>(searched(r.results()));
            if (live.isPresent()) {
                java.putAll(verdicts(new LivenessChecker(explorer.withSymmetry(false)).check(live.get(), r).results()));
            }
            List<String> mismatches = new ArrayList<>();
            List<ConformanceResult.Unsettled> unsettled = new ArrayList<>();
            compare(t, r, java, mismatches, unsettled);
            settledOnBothSides(t.verdicts, java, t.report, r, unsettled);
            List<ConformanceResult.Vacuous> vacuous = vacuous(spec, r, witnesses, witnessed, mismatches);
            Optional<SpecManifest.Configuration> row = row(m, comparisons.get(i).variant(), spec);
            int before = unsettled.size();
            List<String> notCompared = oneSided(t.verdicts, markedVacuous(java, vacuous), unsettled,
                    Catalog.find(m.javaModel()).failureShownBy(), row);
            if (row.isEmpty()) {
                // no row runs these constants: name the one that runs the same knock-out, where conform MODEL checks it
                // (once, on the first one-sided violation)
                knockoutRow(m, comparisons.get(i).variant(), spec).filter(k -> unsettled.size() > before).ifPresent(k -> {
                    ConformanceResult.Unsettled open = unsettled.get(before);
                    unsettled.set(before, new ConformanceResult.Unsettled(open.cause(), open.reason()
                            + " (these constants are no manifest configuration's; " + k.name() + " runs the knock-out "
                            + "at " + k.parameters() + ", checked by conform " + m.folder().getFileName() + ")"));
                });
            }
            out.add(new ConformanceResult(m.folder().getFileName().toString(), comparisons.get(i).variant() + " "
                    + spec.parameters(), constants.get(i), t.distinct, r.stats().distinctStates(), t.verdicts, java,
                    mismatches, unsettled, notCompared, vacuous));
        }
        return out;
    }

    /**
     * Every property both sides check must be settled on both: a verdict left open on either side (TLC
     * stopped at another property's violation, a limit) compares nothing, so the result stays open.
     */
    private static void settledOnBothSides(Map<String, String> tlc, Map<String, String> java, TlcReport tr,
                                           ExplorationReport r, List<ConformanceResult.Unsettled> unsettled) {
        for (Map.Entry<String, String> e : tlc.entrySet()) {
            String jv = java.get(e.getKey());
            if (jv == null) {
                continue;
            }
            String side = e.getValue().equals("INCONCLUSIVE") ? "TLC" : jv.equals("INCONCLUSIVE") ? "the explorer"
                    : e.getValue().equals("FAILED") ? "TLC" : jv.equals("FAILED") ? "the explorer" : null;
            if (side != null) {
                CheckResult open = (side.equals("TLC") ? tr.results() : r.results()).stream()
                        .filter(c -> c.property().equals(e.getKey())).findFirst().orElseThrow();
                unsettled.add(new ConformanceResult.Unsettled(open instanceof CheckResult.Inconclusive i ? i.cause()
                        : CheckResult.InconclusiveReason.NOT_CHECKED, e.getKey() + " not settled by " + side + " ("
                        + (open instanceof CheckResult.Inconclusive i ? i.reason() : open instanceof CheckResult.Failed f
                        ? f.error() : open.verdict().name()) + ")"));
            }
        }
    }

    /**
     * Properties only one side checks are listed as not compared. A one-sided property found violated
     * is where the variant fails, and no comparison confirms it: the result stays open
     * ({@link CheckResult.InconclusiveReason#NOT_CHECKED}).
     *
     * @return the one-sided properties, as {@code name (explorer only, VERDICT)} or {@code name (TLC only, VERDICT)}
     */
    static List<String> oneSided(Map<String, String> tlc, Map<String, String> java,
                                 List<ConformanceResult.Unsettled> unsettled) {
        return oneSided(tlc, java, unsettled, Map.of());
    }

    /**
     * As {@link #oneSided(Map, Map, List)}, but a one-sided violation of a property whose failure the
     * model entry says another shows ({@code ModelEntry.failureShownBy}: Completion by Delivered) is
     * compared when that other is violated on both sides: listed as not compared, the failure confirmed.
     *
     * @param shownBy property to the property both sides decide whose violation its violation implies
     * @return the one-sided properties
     */
    static List<String> oneSided(Map<String, String> tlc, Map<String, String> java,
                                 List<ConformanceResult.Unsettled> unsettled, Map<String, String> shownBy) {
        return oneSided(tlc, java, unsettled, shownBy, Optional.empty());
    }

    /**
     * As {@link #oneSided(Map, Map, List, Map)}, with the manifest configuration that runs the same variant at
     * the same parameters, if there is one ({@link #row}). Its expectation is what settles its row in
     * {@code conform MODEL}: where it lists a property as violated and both sides violate it here, the
     * variant's failure is compared through it, so a one-sided violation (a knock-out's kill that only the
     * explorer states, iofd's {@code MisroutesBoundedByTokens}) is listed as not compared without keeping
     * the result open, as in that row. A violation only TLC states is not: the explorer never shows it, so
     * it keeps the result open, the row or not. Where the row expects no violation the twin states (fabric's
     * {@code ecn-first}; iofd's {@code deflection-threshold} knock-out), nothing compares the failure and the
     * result stays open, the reason naming the row and what it compares.
     *
     * @param row the manifest configuration of the same variant and parameters, if any
     */
    static List<String> oneSided(Map<String, String> tlc, Map<String, String> java,
                                 List<ConformanceResult.Unsettled> unsettled, Map<String, String> shownBy,
                                 Optional<SpecManifest.Configuration> row) {
        List<String> out = new ArrayList<>();
        if (java.isEmpty()) {
            return out; // no Java twin: nothing is compared by property
        }
        // the manifest row's declared failure, violated on both sides here
        Optional<String> declared = row.flatMap(c -> c.expect().violated().stream()
                .filter(p -> "VIOLATED".equals(tlc.get(p)) && "VIOLATED".equals(java.get(p))).findFirst());
        for (String[] side : new String[][] {{"explorer", "TLC"}, {"TLC", "explorer"}}) {
            Map<String, String> mine = side[0].equals("TLC") ? tlc : java;
            Map<String, String> other = side[0].equals("TLC") ? java : tlc;
            mine.forEach((p, v) -> {
                if (!other.containsKey(p)) {
                    String by = shownBy.get(p);
                    if (v.equals("VIOLATED") && by != null && "VIOLATED".equals(tlc.get(by))
                            && "VIOLATED".equals(java.get(by))) {
                        out.add(p + " (" + side[0] + " only, VIOLATED; the failure compared through " + by
                                + ", violated on both sides)");
                        return;
                    }
                    // only a kill the explorer states is compared through the row: the twin does not state it,
                    // and the row's failure on both sides is the comparison. A violation only TLC states was never
                    // shown by the explorer (a twin-only property, or a bug of the twin): nothing compares it
                    if (v.equals("VIOLATED") && declared.isPresent() && side[0].equals("explorer")) {
                        out.add(p + " (" + side[0] + " only, VIOLATED; the failure compared through "
                                + declared.get() + ", violated on both sides as manifest configuration "
                                + row.get().name() + " expects)");
                        return;
                    }
                    out.add(p + " (" + side[0] + " only, " + v + ")");
                    if (v.equals("VIOLATED")) {
                        unsettled.add(new ConformanceResult.Unsettled(CheckResult.InconclusiveReason.NOT_CHECKED,
                                p + " is violated by " + the(side[0]) + " and " + the(side[1]) + " does not check it: "
                                + "the variant's failure is not compared" + row.map(c -> " (manifest configuration "
                                + c.name() + ", the same constants, expects " + (c.expect().violated().isEmpty()
                                ? "no violation" : String.join(", ", c.expect().violated()) + " violated")
                                + " of what TLC checks: it does not settle " + p + " either"
                                + (side[0].equals("TLC") ? ", a failure the explorer never shows" : "") + ")")
                                .orElse("")));
                    }
                }
            });
        }
        return out;
    }

    /**
     * @param m       a manifest
     * @param variant a Java variant
     * @param spec    the Java model built for the variant and the requested parameters
     * @return the manifest configuration (without symmetry) that runs the same variant at the same parameters
     *         (the catalogue's defaults filled in on both), if there is one
     */
    static Optional<SpecManifest.Configuration> row(SpecManifest m, String variant, CheckSpec<?> spec) {
        for (SpecManifest.Configuration c : m.configurations()) {
            if (c.symmetry() || !variant.equals(c.variant())) {
                continue;
            }
            try {
                if (Catalog.find(m.javaModel()).build(variant, Params.of(c.parameters())).parameters()
                        .equals(spec.parameters())) {
                    return Optional.of(c);
                }
            } catch (InputException e) {
                // a configuration whose parameters the catalogue refuses runs other constants
            }
        }
        return Optional.empty();
    }

    /**
     * @param m       a manifest
     * @param variant a Java variant
     * @param spec    the Java model built for the variant and the requested parameters, with a knock-out
     * @return the first manifest configuration (without symmetry) that runs the same variant with the same
     *         knock-out, at whatever parameters, if the request has a knock-out and there is one
     */
    static Optional<SpecManifest.Configuration> knockoutRow(SpecManifest m, String variant, CheckSpec<?> spec) {
        String k = spec.parameters().get(org.rdmacheck.properties.catalog.ModelEntry.KNOCKOUT_PARAM);
        if (k == null || k.isEmpty()) {
            return Optional.empty();
        }
        return m.configurations().stream().filter(c -> !c.symmetry() && variant.equals(c.variant())
                && k.equals(c.parameters().get(org.rdmacheck.properties.catalog.ModelEntry.KNOCKOUT_PARAM))).findFirst();
    }

    /**
     * The configuration whose invariants and properties TLC checks for a variant: the manifest's
     * first without symmetry reduction for that variant, else the first whose variant sets the same TLA+ constants (a Java
     * variant that differs only in parameter defaults, such as gbn's improved-ignore), checking the union of
     * the invariants and properties of every such configuration run on the same model file. The manifest splits a
     * variant's properties over configurations by where they fail (dasr's early-removal lists
     * {@code NCountsUniqueSenders} only in the configuration that expects it violated); the first alone would
     * leave TLC silent on a property the explorer checks, and the comparison open. Which ones fail with the
     * requested parameters is not known here: {@link #settleEach} settles each.
     */
    static SpecManifest.Configuration template(SpecManifest m, String variant) {
        Map<String, Map<String, String>> vs = m.constantMapping().variants();
        List<SpecManifest.Configuration> plain = m.configurations().stream().filter(c -> !c.symmetry()).toList();
        java.util.function.Predicate<SpecManifest.Configuration> same = c -> variant.equals(c.variant());
        if (plain.stream().noneMatch(same)) {
            same = c -> c.variant() != null && vs.get(variant).equals(vs.get(c.variant()));
        }
        java.util.function.Predicate<SpecManifest.Configuration> forVariant = same;
        SpecManifest.Configuration first = plain.stream().filter(forVariant).findFirst()
                .orElseThrow(() -> new InputException(m.folder() + ": no configuration for variant '" + variant
                        + "' (or one with the same TLA+ constants) in " + SpecManifest.FILE));
        java.util.LinkedHashSet<String> invariants = new java.util.LinkedHashSet<>();
        java.util.LinkedHashSet<String> properties = new java.util.LinkedHashSet<>();
        plain.stream().filter(forVariant).filter(c -> java.util.Objects.equals(c.config(), first.config()))
                .forEach(c -> {
                    invariants.addAll(c.invariants());
                    properties.addAll(c.properties());
                });
        return new SpecManifest.Configuration(first.name(), first.config(), first.variant(), first.parameters(),
                first.constants(), List.copyOf(invariants), List.copyOf(properties), first.checkDeadlock(),
                first.slow(), first.symmetry(), first.expect());
    }

    /**
     * The TLA+ constants of a Java configuration, without running anything: lets a caller refuse a
     * whole request before the first comparison runs.
     *
     * @param m       a manifest with a Java twin
     * @param variant Java variant
     * @param params  Java parameters (defaults filled in by the catalogue)
     * @return the constants
     * @throws ConstantMapping.Unmapped naming what the spec cannot express
     */
    public static Map<String, String> constants(SpecManifest m, String variant, Params params) {
        return constants(m, Catalog.find(m.javaModel()).build(variant, params));
    }

    private static Map<String, String> constants(SpecManifest m, CheckSpec<?> spec) {
        // Every parameter must reach the spec: an unmapped one would leave TLC on the cfg's default.
        return m.constants(spec.variant(), spec.parameters());
    }

    /**
     * Compares what both runs settled. A run that did not finish (a limit, TLC stopped early) leaves
     * the distinct-state counts and its open verdicts uncompared and the result unsettled: partial
     * counts, equal or not, prove nothing. Verdicts that are definite on both sides (a violation, or
     * holding after a complete run) must agree.
     */
    private static void compare(TlcRun t, ExplorationReport r, Map<String, String> java, List<String> mismatches,
                                List<ConformanceResult.Unsettled> unsettled) {
        long javaDistinct = r.stats().distinctStates();
        t.unsettledInto(unsettled, mismatches);
        if (!r.complete()) {
            unsettled.add(new ConformanceResult.Unsettled(cause(r), "the explorer did not finish: " + r.stopReason()));
        }
        if (t.settled() && r.complete() && t.distinct != javaDistinct) {
            mismatches.add("distinct states differ: TLC " + t.distinct + ", explorer " + javaDistinct);
        }
        t.verdicts.forEach((p, v) -> {
            String jv = java.get(p);
            if (jv != null && !v.equals("INCONCLUSIVE") && !jv.equals("INCONCLUSIVE") && !jv.equals(v)) {
                mismatches.add(p + ": TLC " + v + ", explorer " + jv);
            }
        });
    }

    /**
     * @param unsettled why the run or its state count did not finish (a limit, TLC stopped early), or empty
     * @param failed    why TLC failed (an error, not a limit), or empty
     */
    private record TlcRun(TlcReport report, long distinct, Map<String, String> verdicts, String unsettled,
                          String failed, CheckResult.InconclusiveReason cause) {
        boolean settled() {
            return unsettled.isEmpty() && failed.isEmpty();
        }

        /** @return the verdicts of these properties (the vacuity witnesses TLC checked) */
        Map<String, String> verdictsOf(java.util.Collection<String> properties) {
            Map<String, String> out = new LinkedHashMap<>(verdicts);
            out.keySet().retainAll(properties);
            return out;
        }

        /** @return this run without the verdicts of these properties: what is compared and listed */
        TlcRun without(java.util.Collection<String> properties) {
            Map<String, String> left = new LinkedHashMap<>(verdicts);
            left.keySet().removeAll(properties);
            return new TlcRun(report, distinct, left, unsettled, failed, cause);
        }

        void unsettledInto(List<ConformanceResult.Unsettled> unsettled, List<String> mismatches) {
            if (!failed.isEmpty()) {
                mismatches.add("TLC failed: " + failed);
            } else if (!this.unsettled.isEmpty()) {
                unsettled.add(new ConformanceResult.Unsettled(cause, "TLC did not finish: " + this.unsettled));
            }
        }
    }

    /**
     * @param witnesses the vacuity witnesses TLC checks beside the configuration's properties ({@link #witnesses})
     */
    private static TlcRequest request(SpecManifest m, SpecManifest.Configuration c, Map<String, String> constants,
                                      Map<String, String> witnesses) {
        TlcRequest req = request(m, c, constants);
        if (witnesses.isEmpty()) {
            return req;
        }
        List<String> properties = new ArrayList<>(c.properties());
        properties.addAll(witnesses.values());
        return req.withProperties(properties);
    }

    /** @return the configuration's Java twin, built, if it has one */
    private static Optional<CheckSpec<?>> twin(SpecManifest m, SpecManifest.Configuration c) {
        return m.javaModel() != null && c.variant() != null
                ? Optional.of(Catalog.find(m.javaModel()).build(c.variant(), Params.of(c.parameters())))
                : Optional.empty();
    }

    /**
     * The vacuity witnesses TLC checks beside a comparison: for each property TLC checks there whose
     * vacuity the Java model declares from the constants ({@code ModelEntry.expectedVacuous}), the twin's
     * property that its antecedent is never met ({@link SpecManifest#antecedents}). Only there: a witness is
     * meant to hold, and one violated stops TLC (one more run when it settles every property), so none is
     * checked where the antecedent may be met.
     *
     * @param m    the manifest
     * @param c    the configuration TLC checks (or the template of a comparison)
     * @param spec the Java check compared, if any
     * @return property to its witness
     */
    static Map<String, String> witnesses(SpecManifest m, SpecManifest.Configuration c, Optional<CheckSpec<?>> spec) {
        if (m.antecedents().isEmpty() || spec.isEmpty()) {
            return Map.of();
        }
        java.util.Set<String> declared = Catalog.find(spec.get().modelName()).expectedVacuous(spec.get());
        Map<String, String> out = new LinkedHashMap<>();
        for (String p : c.properties()) {
            if (declared.contains(p) && m.antecedents().containsKey(p)) {
                out.put(p, m.antecedents().get(p));
            }
        }
        return out;
    }

    private static TlcRequest request(SpecManifest m, SpecManifest.Configuration c, Map<String, String> constants) {
        java.nio.file.Path cfg = m.folder().resolve(c.config());
        java.nio.file.Path tla = m.folder().resolve(c.config().replaceFirst("\\.cfg$", ".tla"));
        return TlcRequest.of(tla, cfg).withConstants(constants).withInvariants(c.invariants())
                .withProperties(c.properties()).withCheckDeadlock(c.checkDeadlock())
                .withProvenance(m.folder().getFileName().toString(), c.name());
    }

    /**
     * @param settleEach whether TLC runs until every property is settled ({@link #settleEach}), or stops at
     *                   the first violation
     * @param ran        TLC's report on the request, already run and stopped at its first violation, or null to
     *                   run it here
     * @param count      TLC's report on the request without its properties ({@link #counting}), already run, or
     *                   null to run it here when {@code ran} stopped at a violation
     */
    private TlcRun runTlc(SpecManifest m, SpecManifest.Configuration c, Map<String, String> constants,
                          boolean settleEach, TlcReport ran, TlcReport count, Map<String, String> witnesses) {
        TlcRequest req = request(m, c, constants, witnesses);
        TlcChecker checker = new TlcChecker(tlc);
        TlcReport report = ran != null ? ran : settleEach ? settleEach(req) : checker.check(req);
        long distinct = report.stats().distinctStates();
        TlcReport counted = report;
        String prefix = "";
        if (report.counterexample().isPresent() && !settleEach) {
            // TLC stopped at a violation: count the whole state space without properties.
            counted = count != null ? count : checker.check(counting(req));
            distinct = counted.stats().distinctStates();
            prefix = "counting the state space: ";
        }
        TlcOutcome o = counted.outcome();
        boolean limited = o == TlcOutcome.TIMEOUT || o == TlcOutcome.INCOMPLETE;
        boolean failed = o == TlcOutcome.ERROR;
        // TLC's time limit, or TLC stopping with states left (an exit requested by the spec, a lost worker)
        return new TlcRun(report, distinct, verdicts(report.results()), limited ? prefix + counted.detail() : "",
                failed ? prefix + counted.detail() : "", o == TlcOutcome.TIMEOUT ? CheckResult.InconclusiveReason.TIME_LIMIT
                        : CheckResult.InconclusiveReason.STOPPED_EARLY);
    }

    /** @return the request without its invariants, properties and deadlock check: TLC counts the whole state space */
    private static TlcRequest counting(TlcRequest req) {
        return req.withInvariants(List.of()).withProperties(List.of()).withCheckDeadlock(false);
    }

    /**
     * TLC until every property of the request is settled: each run stops at its first violation, and
     * the next runs without the properties found violated, so each violation keeps the trace TLC
     * gave it (breadth-first, the shortest, as {@code -continue} would report it) and the last run,
     * with no violation, explores the whole state space (its count is the count). TLC's
     * {@code -continue} settles them in one run, but rebuilds and prints a trace for every violating
     * state: on gbn-timed's improved-short-rto (25,866 states, four properties violated) it had
     * printed 7,309 traces after 8,265 states and slowed to about 600 distinct states a minute
     * (docs/conformance.md). The time limit covers all the runs.
     *
     * @param req the request, with its invariants, properties and deadlock check
     * @return one report: each violated property's from the run that found it, the others and the
     *         statistics from the last run
     */
    private TlcReport settleEach(TlcRequest req) {
        Settling settling = new Settling(req);
        long deadline = System.currentTimeMillis() + tlc.timeLimitMillis();
        while (true) {
            long left = Math.max(1, deadline - System.currentTimeMillis());
            if (settling.settledBy(new TlcChecker(tlc.withTimeLimitMillis(left)).check(settling.next()))) {
                return settling.report();
            }
        }
    }

    /**
     * {@link #settleEach} for several requests, in rounds: each round runs every request not yet
     * settled once, all in one child JVM ({@link TlcChecker#checkAll}), or in a child of its own when it
     * is the only one. The time limit covers all the rounds.
     *
     * @param requests the requests, each with its invariants, properties and deadlock check
     * @return one report per request, as {@link #settleEach} gives it
     */
    private List<TlcReport> settleAll(List<TlcRequest> requests) {
        if (requests.size() == 1) {
            return List.of(settleEach(requests.get(0)));
        }
        List<Settling> open = new ArrayList<>(requests.stream().map(Settling::new).toList());
        List<Settling> all = List.copyOf(open);
        long deadline = System.currentTimeMillis() + tlc.timeLimitMillis();
        while (!open.isEmpty()) {
            TlcChecker checker = new TlcChecker(tlc.withTimeLimitMillis(Math.max(1, deadline
                    - System.currentTimeMillis())));
            List<TlcReport> round = open.size() == 1 ? List.of(checker.check(open.get(0).next()))
                    : checker.checkAll(open.stream().map(Settling::next).toList());
            List<Settling> next = new ArrayList<>();
            for (int i = 0; i < open.size(); i++) {
                if (!open.get(i).settledBy(round.get(i))) {
                    next.add(open.get(i));
                }
            }
            open = next;
        }
        return all.stream().map(Settling::report).toList();
    }

    /** One request's way through {@link #settleEach}: what the next run checks, and the violations found so far. */
    private static final class Settling {
        private final TlcRequest req;
        private final List<String> inv;
        private final List<String> props;
        private final List<String> all;
        private final Map<String, CheckResult> violated = new LinkedHashMap<>();
        private boolean deadlock;
        private TlcReport report;

        Settling(TlcRequest req) {
            this.req = req;
            inv = new ArrayList<>(req.invariants() == null ? List.of() : req.invariants());
            props = new ArrayList<>(req.properties() == null ? List.of() : req.properties());
            deadlock = Boolean.TRUE.equals(req.checkDeadlock());
            all = new ArrayList<>(inv);
            all.addAll(props);
            if (deadlock) {
                all.add(TlcChecker.DEADLOCK);
            }
        }

        /** @return the next run: the request without the properties found violated */
        TlcRequest next() {
            return req.withInvariants(inv).withProperties(props).withCheckDeadlock(deadlock);
        }

        /**
         * @param last the report of the run {@link #next} asked for
         * @return whether no further run is needed ({@link #report} is then ready)
         */
        boolean settledBy(TlcReport last) {
            boolean removed = false;
            for (CheckResult r : last.results()) {
                if (r instanceof CheckResult.Violated v) {
                    violated.putIfAbsent(v.property(), v);
                    removed |= inv.remove(v.property()) | props.remove(v.property());
                    if (v.property().equals(TlcChecker.DEADLOCK) && deadlock) {
                        deadlock = false;
                        removed = true;
                    }
                }
            }
            boolean settled = last.counterexample().isEmpty();
            if (settled || !removed || last.outcome() == TlcOutcome.TIMEOUT) {
                // settled; or a violation named otherwise than the request's properties (an assertion), which
                // no run can leave out; or the time is up
                report = merged(all, violated, last);
                return true;
            }
            return false;
        }

        /** @return the merged report, once settled */
        TlcReport report() {
            return report;
        }
    }

    /** The violations found run by run, and the last run's results and statistics for the rest. */
    private static TlcReport merged(List<String> all, Map<String, CheckResult> violated, TlcReport last) {
        List<CheckResult> results = new ArrayList<>();
        for (String p : all) {
            results.add(violated.containsKey(p) ? violated.get(p) : last.results().stream()
                    .filter(r -> r.property().equals(p)).findFirst().orElseGet(() -> new CheckResult.Inconclusive(p,
                            CheckResult.InconclusiveReason.NOT_CHECKED, "TLC reported nothing on " + p, last.stats())));
        }
        violated.forEach((p, r) -> {
            if (!all.contains(p)) {
                results.add(r);
            }
        });
        return new TlcReport(results, last.stats(), last.status(), last.outcome(), last.detail(), last.warnings());
    }

    /**
     * The Java model's liveness properties under fairness that a configuration has TLC check
     * ({@code PROPERTIES Delivered} under {@code FairSpec}): named alike on both sides, each stated
     * with the twin's fairness (the catalogue entry says which). Without such a property, none.
     *
     * @param m          the manifest
     * @param spec       the Java check of the configuration
     * @param properties the temporal properties TLC checks there
     * @return the Java liveness check of those properties the model declares, if any
     */
    static Optional<LivenessSpec<?>> liveness(SpecManifest m, CheckSpec<?> spec, List<String> properties) {
        Optional<LivenessSpec<?>> declared = Catalog.find(m.javaModel()).liveness(spec);
        return declared.<LivenessSpec<?>>map(l -> l.selecting(p -> properties.contains(p.name())))
                .filter(l -> !l.properties().isEmpty());
    }

    /** The reserved parameter of knock-outs. */
    private static final String KNOCKOUT = org.rdmacheck.properties.catalog.ModelEntry.KNOCKOUT_PARAM;

    /**
     * The configuration whose temporal properties TLC checks beside a variant's comparison: the
     * manifest's first (without symmetry, with a configuration file of its own) that has TLC check a
     * liveness property the Java model declares, for the same variant, or for a variant with the same
     * TLA+ constants at the same Java parameters (gbn-timed's live-gbn-five-packets for
     * gbn-five-packets), with the same knock-outs; its invariants left out, its liveness properties
     * only. None for a variant no such configuration is about.
     *
     * @param m       the manifest
     * @param variant the Java variant compared
     * @param spec    its check, parameters resolved
     * @return the liveness template, if any
     */
    static Optional<SpecManifest.Configuration> liveTemplate(SpecManifest m, String variant, CheckSpec<?> spec) {
        org.rdmacheck.properties.catalog.ModelEntry entry = Catalog.find(m.javaModel());
        Optional<LivenessSpec<?>> declared = entry.liveness(spec);
        if (declared.isEmpty()) {
            return Optional.empty();
        }
        java.util.Set<String> names = new java.util.HashSet<>();
        declared.get().properties().forEach(p -> names.add(p.name()));
        Map<String, Map<String, String>> vs = m.constantMapping().variants();
        for (SpecManifest.Configuration c : m.configurations()) {
            List<String> props = c.properties().stream().filter(names::contains).toList();
            if (c.symmetry() || c.variant() == null || c.config() == null || props.isEmpty()) {
                continue;
            }
            // a knock-out's configuration speaks for that knock-out only
            boolean sameKnockouts = java.util.Objects.equals(c.parameters().get(KNOCKOUT),
                    spec.parameters().get(KNOCKOUT));
            boolean same = sameKnockouts && (variant.equals(c.variant())
                    || java.util.Objects.equals(vs.get(variant), vs.get(c.variant()))
                    && entry.build(c.variant(), Params.of(c.parameters())).parameters().equals(spec.parameters()));
            if (same) {
                return Optional.of(new SpecManifest.Configuration(c.name(), c.config(), c.variant(), c.parameters(),
                        c.constants(), List.of(), props, false, c.slow(), false, c.expect()));
            }
        }
        return Optional.empty();
    }

    /** @return the first report with the results of the second added (a liveness run beside the safety one) */
    private static TlcReport withResultsOf(TlcReport first, TlcReport second) {
        List<CheckResult> results = new ArrayList<>(first.results());
        results.addAll(second.results());
        return new TlcReport(results, first.stats(), first.status(), first.outcome(), first.detail(), first.warnings());
    }

    /**
     * The safety exploration that keeps its graph, labelled for the liveness analysis of {@code live}
     * (the same model instance), so that the analysis executes the model no second time; unreduced,
     * as the liveness checker explores.
     */
    @SuppressWarnings("unchecked")
    private <S> ExplorationReport exploreWithGraph(CheckSpec<?> spec, LivenessSpec<S> live) {
        return new Explorer(explorer.withSymmetry(false).withReduction(org.rdmacheck.engine.Reduction.NONE)
                .withRecordGraph(true)).check((CheckSpec<S>) spec,
                LivenessChecker.labels(live));
    }

    /** @return whether the configuration file of {@code c} has a {@code SYMMETRY} section */
    private static boolean declaresSymmetry(SpecManifest m, SpecManifest.Configuration c) {
        java.nio.file.Path cfg = m.folder().resolve(c.config());
        try {
            return !org.rdmacheck.checker.tlc.TlcConfig.parse(java.nio.file.Files.readString(cfg))
                    .section("SYMMETRY").isEmpty();
        } catch (java.io.IOException | IllegalArgumentException e) {
            // TLC reports an unreadable configuration itself; the flag alone decides then
            return c.symmetry();
        }
    }

    private static List<String> checked(SpecManifest.Configuration c) {
        List<String> p = new ArrayList<>(c.invariants());
        p.addAll(c.properties());
        if (c.checkDeadlock()) {
            p.add(TlcChecker.DEADLOCK);
        }
        return p;
    }

    private static String the(String side) {
        return side.equals("TLC") ? side : "the " + side;
    }

    /** @return the limit that stopped an incomplete exploration, as its inconclusive results name it */
    private static CheckResult.InconclusiveReason cause(ExplorationReport r) {
        return r.results().stream().filter(x -> x instanceof CheckResult.Inconclusive)
                .map(x -> ((CheckResult.Inconclusive) x).cause()).findFirst()
                .orElse(CheckResult.InconclusiveReason.STOPPED_EARLY);
    }

    /**
     * The properties the explorer's report holds only vacuously, each with whether the model declares it and the
     * TLC witness that agrees; where TLC checked a witness, its verdict and the explorer's record must agree (the
     * witness holding where the explorer met the antecedent, or violated where it did not, is a mismatch).
     *
     * @param witnesses property to the witness TLC checked beside it
     * @param witnessed the witnesses' TLC verdicts
     * @param mismatches where a disagreement goes
     */
    private static List<ConformanceResult.Vacuous> vacuous(CheckSpec<?> spec, ExplorationReport r,
                                                           Map<String, String> witnesses, Map<String, String> witnessed,
                                                           List<String> mismatches) {
        java.util.Set<String> declared = Catalog.find(spec.modelName()).expectedVacuous(spec);
        Map<String, String> found = Vacuity.vacuous(r);
        witnesses.forEach((p, w) -> {
            String tv = witnessed.get(w);
            boolean met = r.complete() && !found.containsKey(p) && r.results().stream().anyMatch(x -> x.property()
                    .equals(p) && (x instanceof CheckResult.Verified || x instanceof CheckResult.Violated));
            if ("VERIFIED".equals(tv) && met) {
                mismatches.add(p + ": the explorer meets its antecedent, TLC never does (" + w + " holds)");
            } else if ("VIOLATED".equals(tv) && found.containsKey(p)) {
                mismatches.add(p + ": the explorer never meets its antecedent, TLC does (" + w + " violated)");
            }
        });
        return found.entrySet().stream().map(e -> {
            String w = witnesses.get(e.getKey());
            return new ConformanceResult.Vacuous(e.getKey(), e.getValue(), declared.contains(e.getKey()),
                    w != null && "VERIFIED".equals(witnessed.get(w)) ? Optional.of(w) : Optional.empty());
        }).toList();
    }

    /** @return the verdicts, a vacuous one as {@code VERIFIED (VACUOUS)}: the one-sided list names it so */
    private static Map<String, String> markedVacuous(Map<String, String> verdicts,
                                                     List<ConformanceResult.Vacuous> vacuous) {
        Map<String, String> out = new LinkedHashMap<>(verdicts);
        vacuous.forEach(v -> out.computeIfPresent(v.property(), (p, x) -> x + " (VACUOUS)"));
        return out;
    }

    /**
     * The verdicts the explorer's search reached: a property {@link Vacuity} found vacuous was VERIFIED by the
     * search, and that is the verdict compared with TLC's (the two searches conform); its vacuity is reported
     * beside ({@link ConformanceResult#vacuous}).
     */
    private static Map<String, String> searched(List<CheckResult> results) {
        Map<String, String> m = new LinkedHashMap<>();
        results.forEach(r -> m.put(r.property(), r instanceof CheckResult.Inconclusive i
                && i.cause() == CheckResult.InconclusiveReason.VACUOUS ? CheckResult.Verdict.VERIFIED.name()
                : r.verdict().name()));
        return m;
    }

    private static Map<String, String> verdicts(List<CheckResult> results) {
        Map<String, String> m = new LinkedHashMap<>();
        results.forEach(r -> m.put(r.property(), r.verdict().name()));
        return m;
    }
}
