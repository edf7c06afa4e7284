package org.rdmacheck.checker.conformance;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.engine.liveness.LassoReplayer;
import org.rdmacheck.engine.liveness.LivenessChecker;
import org.rdmacheck.engine.liveness.LivenessReport;
import org.rdmacheck.checker.tlc.TlcChecker;
import org.rdmacheck.checker.tlc.TlcOptions;
import org.rdmacheck.checker.tlc.TlcReport;
import org.rdmacheck.checker.tlc.TlcRequest;
import org.rdmacheck.checker.trace.ReplayResult;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.liveness.LivenessSpec;

/**
 * Liveness agreement between the explorer and TLC: a Java model's liveness property under its
 * declared fairness, and the twin's temporal property of the same name under the same fairness
 * (a configuration such as {@code specs/gbn/MCLiveness.cfg}: {@code SPECIFICATION FairSpec},
 * {@code PROPERTY Delivered}), on the same constants. Both must give the same verdict; when both
 * finish without a violation they must have explored the same number of distinct states; TLC's
 * lasso, mapped onto Java states ({@link TlcStates}), is replayed on the Java model and re-decided
 * there (fair loop, property violated).
 */
public final class LivenessConformance {

    private final TlcOptions tlc;
    private final ExplorerSettings explorer;

    /**
     * @param tlc      how to run TLC
     * @param explorer how to run the explorer
     */
    public LivenessConformance(TlcOptions tlc, ExplorerSettings explorer) {
        this.tlc = tlc;
        this.explorer = explorer;
    }

    /**
     * What the two checkers said.
     *
     * @param property     the property
     * @param tlcVerdict   TLC's verdict
     * @param javaVerdict  the explorer's verdict
     * @param tlcStates    TLC's distinct states (partial when it stopped at a violation)
     * @param javaStates   the explorer's distinct states
     * @param tlcLasso     TLC's counterexample replayed on the Java model, when it found one
     * @param tlcMillis    TLC's wall time
     * @param javaMillis   the explorer's wall time, exploration and liveness analysis
     */
    public record Result(String property, CheckResult.Verdict tlcVerdict, CheckResult.Verdict javaVerdict,
                         long tlcStates, long javaStates, Optional<ReplayResult> tlcLasso, long tlcMillis,
                         long javaMillis) {

        /** @return whether the verdicts agree, and the state counts when both checkers finished without violation */
        public boolean agrees() {
            boolean counts = tlcVerdict != CheckResult.Verdict.VERIFIED || tlcStates == javaStates;
            boolean lasso = tlcLasso.map(r -> r instanceof ReplayResult.Reproduces).orElse(true);
            return tlcVerdict == javaVerdict && counts && lasso;
        }
    }

    /**
     * One comparison to make.
     *
     * @param manifest the twin's manifest (with a Java model and a constant mapping)
     * @param config   the TLC configuration in its folder, e.g. {@code MCLiveness.cfg} (its module
     *                 is the {@code .tla} of the same name)
     * @param property the liveness property, named alike in the catalogue and the spec
     * @param variant  Java variant
     * @param params   Java parameters (defaults filled in by the catalogue)
     */
    public record Case(SpecManifest manifest, String config, String property, String variant, Params params) {
    }

    /**
     * @param m        the twin's manifest (with a Java model and a constant mapping)
     * @param config   the TLC configuration in its folder, e.g. {@code MCLiveness.cfg} (its module
     *                 is the {@code .tla} of the same name)
     * @param property the liveness property, named alike in the catalogue and the spec
     * @param variant  Java variant
     * @param params   Java parameters (defaults filled in by the catalogue)
     * @return both verdicts
     */
    public Result check(SpecManifest m, String config, String property, String variant, Params params) {
        LivenessSpec<?> live = live(m, property, variant, params);
        long t0 = System.nanoTime();
        LivenessReport j = new LivenessChecker(explorer).check(live);
        return againstTlc(m, config, property, live, j, (System.nanoTime() - t0) / 1_000_000);
    }

    /**
     * The comparisons of {@link #check}, one per case, with every TLC run in one child JVM
     * ({@link TlcChecker#checkAll}: a class loader per run, so each starts afresh, while the JVM's start
     * is shared); the explorer's checks run one after another first. The results are those
     * {@link #check} gives case by case; {@link Result#tlcMillis()} is a run's own time in the batch.
     *
     * @param cases the comparisons
     * @return their results, in order
     */
    public List<Result> checkAll(List<Case> cases) {
        List<LivenessSpec<?>> lives = new ArrayList<>();
        List<LivenessReport> javaReports = new ArrayList<>();
        long[] javaMillis = new long[cases.size()];
        List<TlcRequest> requests = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            LivenessSpec<?> live = live(c.manifest(), c.property(), c.variant(), c.params());
            long t0 = System.nanoTime();
            javaReports.add(new LivenessChecker(explorer).check(live));
            javaMillis[i] = (System.nanoTime() - t0) / 1_000_000;
            lives.add(live);
            requests.add(request(c.manifest(), c.config(), c.property(), live));
        }
        List<TlcReport> tlcReports = new TlcChecker(tlc).checkAll(requests);
        List<Result> out = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            TlcReport t = tlcReports.get(i);
            out.add(compare(cases.get(i).manifest(), cases.get(i).property(), lives.get(i), javaReports.get(i),
                    javaMillis[i], t, t.stats().wallMillis()));
        }
        return out;
    }

    /**
     * Runs TLC on the twin and compares its verdict with an explorer report already made.
     *
     * @param m          the twin's manifest
     * @param config     the TLC configuration in its folder
     * @param property   the liveness property
     * @param live       the Java check the report is about (its variant and parameters give the constants)
     * @param j          the explorer's report on it
     * @param javaMillis the explorer's wall time
     * @return both verdicts
     */
    public Result againstTlc(SpecManifest m, String config, String property, LivenessSpec<?> live, LivenessReport j,
                             long javaMillis) {
        long t0 = System.nanoTime();
        TlcReport t = new TlcChecker(tlc).check(request(m, config, property, live));
        return compare(m, property, live, j, javaMillis, t, (System.nanoTime() - t0) / 1_000_000);
    }

    /** @return the Java side's liveness check of one property */
    private static LivenessSpec<?> live(SpecManifest m, String property, String variant, Params params) {
        ModelEntry entry = Catalog.find(m.javaModel());
        CheckSpec<?> spec = entry.build(variant, params);
        LivenessSpec<?> live = entry.liveness(spec).orElseThrow(() -> new InputException("model " + m.javaModel()
                + " declares no liveness properties"))
                .selecting(p -> p.name().equals(property));
        if (live.properties().isEmpty()) {
            throw new InputException("model " + m.javaModel() + " has no liveness property " + property);
        }
        return live;
    }

    /** @return TLC's run of the twin on the Java check's constants, checking the one property */
    private static TlcRequest request(SpecManifest m, String config, String property, LivenessSpec<?> live) {
        CheckSpec<?> spec = live.base();
        Map<String, String> constants = m.constants(spec.variant(), spec.parameters());
        Path cfg = m.folder().resolve(config);
        Path tla = m.folder().resolve(config.replaceFirst("\\.cfg$", ".tla"));
        return TlcRequest.of(tla, cfg).withConstants(constants)
                .withInvariants(List.of()).withProperties(List.of(property)).withCheckDeadlock(false)
                .withProvenance(m.folder().getFileName().toString(), spec.variant());
    }

    /**
     * The Java state view's fields: a twin variable the Java model's configuration lays out no field for
     * (the fabric's pause bits at pfc-hysteresis 1, which the manifest's traceMapping reads as "absent")
     * is left out of TLC's states before they are compared.
     */
    private static <S> java.util.Set<String> javaFields(LivenessSpec<S> live) {
        java.util.Set<String> names = new java.util.HashSet<>();
        for (S init : live.base().model().initialStates()) {
            org.rdmacheck.checker.trace.TraceJson.toJson(live.base().model().view(init)).fieldNames()
                    .forEachRemaining(names::add);
            break;
        }
        return names;
    }

    /** @return both verdicts, TLC's lasso replayed on the Java model */
    private static Result compare(SpecManifest m, String property, LivenessSpec<?> live, LivenessReport j,
                                  long javaMillis, TlcReport t, long tlcMillis) {
        java.util.function.UnaryOperator<com.fasterxml.jackson.databind.JsonNode> toJava =
                TlcStates.forModel(m.javaModel());
        java.util.Set<String> javaFields = javaFields(live);
        Optional<ReplayResult> replay = t.counterexample().filter(c -> c.kind() == Counterexample.Kind.TEMPORAL)
                .map(c -> LassoReplayer.replayByStates(live, c, tlc -> TlcStates.keepOnly(toJava.apply(tlc),
                        javaFields)));
        return new Result(property, t.result(property).verdict(), j.result(property).verdict(),
                t.stats().distinctStates(), j.stats().distinctStates(), replay, tlcMillis, javaMillis);
    }
}
