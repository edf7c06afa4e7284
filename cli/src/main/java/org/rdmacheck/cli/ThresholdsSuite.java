package org.rdmacheck.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.checker.thresholds.Beta;
import org.rdmacheck.checker.thresholds.ConfigCheck;
import org.rdmacheck.checker.thresholds.DartSettings;
import org.rdmacheck.checker.thresholds.DeflectionSearch;
import org.rdmacheck.checker.thresholds.Headroom;
import org.rdmacheck.checker.thresholds.Inequality;
import org.rdmacheck.checker.thresholds.PaperFigure;
import org.rdmacheck.checker.thresholds.PauseRoundTrip;
import org.rdmacheck.checker.thresholds.SwitchSpec;
import org.rdmacheck.checker.thresholds.SwitchSpecs;
import org.rdmacheck.checker.thresholds.ThresholdAnalysis;
import org.rdmacheck.checker.thresholds.ThresholdConfig;
import org.rdmacheck.checker.thresholds.ThresholdReport;
import org.rdmacheck.checker.thresholds.ThresholdSolver;
import org.rdmacheck.checker.thresholds.WitnessCounterexamples;
import org.rdmacheck.checker.thresholds.WorkedExample;
import org.rdmacheck.checker.thresholds.sonic.SonicCheck;
import org.rdmacheck.checker.thresholds.sonic.SonicConfigReader;
import org.rdmacheck.checker.thresholds.sonic.SonicReport;
import org.rdmacheck.checker.thresholds.sonic.SpectrumAsic;
import org.rdmacheck.checker.trace.Counterexamples;

/**
 * {@code rdmacheck all}'s threshold rows: seed 004 §4's worked example (paper figures against its
 * formulas, derived settings proven safe, the §6 misconfiguration's witness), Dart's settings, and the
 * SONiC example configurations of {@code examples/sonic/}.
 */
final class ThresholdsSuite implements SuiteTask {

    private static final String MODEL = WitnessCounterexamples.MODEL;

    @Override
    public String name() {
        return MODEL;
    }

    /** @param f a figure of the worked example  @return the printed and the computed figure, those that are one */
    static List<Quantity> paperQuantities(PaperFigure f) {
        List<Quantity> out = new ArrayList<>();
        f.paperValue().ifPresent(a -> out.add(quantity("paperValue", a)));
        f.computedValue().ifPresent(a -> out.add(quantity("computedValue", a)));
        return out;
    }

    private static Quantity quantity(String name, PaperFigure.Amount a) {
        return Quantity.of(name, a.value().doubleValue(),
                a.unit() == PaperFigure.Amount.Unit.BYTES ? Quantity.Unit.BYTES : Quantity.Unit.RATIO);
    }

    @Override
    public List<Finding> run(ExplorerSettings settings, Path outDir, Path home) throws Exception {
        ThresholdAnalysis analysis = new ThresholdAnalysis(new ThresholdSolver(60_000));
        List<Finding> rows = new ArrayList<>();
        for (PaperFigure f : WorkedExample.figures()) {
            rows.add(Finding.of(MODEL, "seed004-paper", Map.of(), f.figure(), Finding.Expectation.NONE,
                    Finding.Verdict.valueOf(f.status().name())).with(paperQuantities(f))
                    .withDetail(f.paper() + " vs " + f.computed()));
        }
        SwitchSpec arista = SwitchSpecs.load("arista-7050qx32");
        long t0 = System.currentTimeMillis();
        ThresholdReport derived = analysis.derive(arista);
        rows.add(Finding.of(MODEL, "arista-7050qx32", Map.of(), "static derivation", Finding.Expectation.NONE,
                derived.staticDerivation().status() == org.rdmacheck.checker.thresholds.SolveStatus.TIMED_OUT
                        ? Finding.Verdict.INCONCLUSIVE
                        : derived.staticDerivation().feasible() ? Finding.Verdict.FEASIBLE : Finding.Verdict.INFEASIBLE)
                .with(Quantity.of("tPfcMaxBytes", derived.staticDerivation().tPfcMax(), Quantity.Unit.BYTES),
                        Quantity.of("tEcnMaxBytes", derived.staticDerivation().tEcnMax(), Quantity.Unit.BYTES))
                .withWallMillis(System.currentTimeMillis() - t0).withDetail("t_PFC <= "
                        + derived.staticDerivation().tPfcMax() + " B, t_ECN <= " + derived.staticDerivation().tEcnMax()
                        + " B"));
        // the static derivation pinned from both sides, as the dynamic one below: its settings hold, and one byte
        // more of either threshold fails (t_ECN: EcnBeforePfc, n·t_ECN < t_PFC; t_PFC: NoLossBeforePause,
        // p·n·(t_PFC + t_flight) <= B; seed 004 §4), so a derivation that drifts from the checked constraints is
        // an unexpected row, not a measurement
        org.rdmacheck.checker.thresholds.StaticDerivation sd = derived.staticDerivation();
        if (sd.status() == org.rdmacheck.checker.thresholds.SolveStatus.SATISFIABLE && sd.tEcnMax() >= 0) {
            // judged on the two constraints the derivation maximises under: whether its t_ECN reaches an MTU
            // (EcnAtLeastOneMtu, the paper's infeasibility for this switch) is the derivation row's verdict
            rows.add(checkRow(analysis, arista, ThresholdConfig.ofStatic("derived-static-NoLossBeforePause_EcnBeforePfc", sd.tPfcMax(),
                    sd.tEcnMax()),
                    Finding.Expectation.HOLDS, outDir, List.of("NoLossBeforePause", "EcnBeforePfc")));
            rows.add(checkRow(analysis, arista, ThresholdConfig.ofStatic("above-derived-static-EcnBeforePfc", sd.tPfcMax(),
                    sd.tEcnMax() + 1), Finding.Expectation.FAILS, outDir, List.of("EcnBeforePfc")));
            rows.add(checkRow(analysis, arista, ThresholdConfig.ofStatic("above-derived-static-NoLossBeforePause", sd.tPfcMax() + 1,
                    sd.tEcnMax()), Finding.Expectation.FAILS, outDir, List.of("NoLossBeforePause")));
        }
        Beta beta = derived.dynamicDerivation().beta().orElse(arista.betas().get(arista.betas().size() - 1));
        long tEcn = Math.max(1, derived.dynamicDerivation().tEcnMax());
        rows.add(checkRow(analysis, arista, ThresholdConfig.ofDynamic("derived-dynamic", beta, tEcn),
                Finding.Expectation.HOLDS, outDir));
        rows.add(checkRow(analysis, arista, ThresholdConfig.ofDynamic("above-derived-dynamic", beta, tEcn + 1),
                Finding.Expectation.FAILS, outDir));
        rows.add(checkRow(analysis, arista, ThresholdConfig.ofStatic("seed004-misconfigured", 24_470, 120_000),
                Finding.Expectation.FAILS, outDir));
        for (String preset : DartSettings.PRESETS) {
            SwitchSpec sw = SwitchSpecs.load(preset);
            for (ThresholdConfig c : DartSettings.configs(sw, analysis.derive(sw))) {
                rows.add(checkRow(analysis, sw, c, Finding.Expectation.NONE, outDir));
            }
        }
        rows.addAll(headroomRows());
        rows.addAll(sonicRows(analysis, outDir, home));
        return rows;
    }

    /**
     * Every built-in switch profile whose headroom is derived from its link: the derived t_flight
     * against the worst case of a discrete-event simulation of one PAUSE round trip, which does not
     * share the derivation's formula (a profile with t_flight given has no link to simulate).
     */
    static List<Finding> headroomRows() {
        List<Finding> rows = new ArrayList<>();
        for (String preset : SwitchSpecs.PRESETS) {
            SwitchSpec sw = SwitchSpecs.load(preset);
            if (sw.link().isEmpty()) {
                continue;
            }
            long t0 = System.currentTimeMillis();
            long derived = Headroom.of(sw).bytes();
            PauseRoundTrip.Result r = PauseRoundTrip.worstCase(sw.link().get(), sw.mtuBytes());
            boolean covers = r.worstBytes() <= derived;
            rows.add(Finding.of(MODEL, preset, Map.of(), "HeadroomCoversPauseRoundTrip", Finding.Expectation.HOLDS,
                    covers ? Finding.Verdict.CONFIRMED : Finding.Verdict.REFUTED)
                    .with(Quantity.of("tFlightBytes", derived, Quantity.Unit.BYTES),
                            Quantity.of("simulatedWorstBytes", r.worstBytes(), Quantity.Unit.BYTES))
                    .withWallMillis(System.currentTimeMillis() - t0)
                    .withDetail(String.format(java.util.Locale.ROOT, "simulated PAUSE round trip, worst of %d phases: "
                            + "%,d B arrive after the threshold is crossed; derived t_flight %,d B%s", r.runs(),
                            r.worstBytes(), derived, covers ? "" : ": the headroom is too small")));
        }
        return rows;
    }

    /** The SONiC example configurations of examples/sonic/ and what each must give. */
    private static final Map<String, Finding.Expectation> SONIC_EXAMPLES = Map.of(
            "leaf-32x100g-40m", Finding.Expectation.HOLDS,
            "spine-64x400g-100m", Finding.Expectation.FAILS,
            "leaf-32x100g-300m-cables", Finding.Expectation.FAILS,
            "leaf-32x100g-40m-tc-map", Finding.Expectation.FAILS);

    private static List<Finding> sonicRows(ThresholdAnalysis analysis, Path outDir, Path home) throws IOException {
        List<Finding> rows = new ArrayList<>();
        // the checkout holding examples/ (the launcher's home, or above a module folder); none outside one
        Optional<Path> examples = java.util.stream.Stream.iterate(home.toAbsolutePath(), java.util.Objects::nonNull,
                Path::getParent).map(p -> p.resolve("examples/sonic")).filter(Files::isDirectory).findFirst();
        if (examples.isEmpty()) {
            return rows;
        }
        Path dir = examples.get();
        for (String stem : new TreeSet<>(SONIC_EXAMPLES.keySet())) {
            long t0 = System.currentTimeMillis();
            SonicReport r = new SonicCheck(analysis, SpectrumAsic.SPECTRUM_2, 0, Optional.empty())
                    .check(SonicConfigReader.read(dir.resolve(stem + ".json")));
            boolean agrees = r.groups().stream().allMatch(g -> g.report().check().orElseThrow().solverAgrees());
            Finding.Verdict verdict = !agrees ? Finding.Verdict.FAILED : switch (r.verdict()) {
                case SAFE -> Finding.Verdict.VERIFIED;
                case UNSAFE -> Finding.Verdict.VIOLATED;
                case INCONCLUSIVE -> Finding.Verdict.INCONCLUSIVE;
            };
            long unsafe = r.priorities().stream().filter(p -> p.verdict() == ConfigCheck.Verdict.UNSAFE).count();
            Finding f = Finding.of(MODEL, "sonic:" + stem, Map.of(), "XoffCoversHeadroom,EcnBeforePfc",
                    SONIC_EXAMPLES.get(stem), verdict)
                    .with(Quantity.of("returnableHeadroomBytes", r.returnableBytes(), Quantity.Unit.BYTES))
                    .withDetail(unsafe + " of " + r.priorities().size() + " lossless (port, priority) pairs unsafe");
            List<Counterexample> witnesses = new ArrayList<>();
            r.groups().forEach(g -> g.report().check().orElseThrow().witnessSearch().witness().ifPresent(
                    w -> witnesses.add(WitnessCounterexamples.of(g.report().sw(), g.report().check().get().config(), w))));
            witnesses.addAll(r.headroomWitnesses());
            if (!witnesses.isEmpty()) {
                Counterexample cex = witnesses.get(0);
                f = f.withCounterexample(cex, outDir == null ? null : Counterexamples.write(outDir, cex));
            }
            rows.add(f.withWallMillis(System.currentTimeMillis() - t0));
        }
        return rows;
    }

    private static Finding checkRow(ThresholdAnalysis analysis, SwitchSpec sw, ThresholdConfig c,
                                    Finding.Expectation expected, Path outDir) throws java.io.IOException {
        return checkRow(analysis, sw, c, expected, outDir, List.of());
    }

    /**
     * @param judged the inequalities the verdict is taken from (none: every one, the configuration's
     *               own verdict); a named one the check lacks is an error of this suite
     */
    private static Finding checkRow(ThresholdAnalysis analysis, SwitchSpec sw, ThresholdConfig c,
                                    Finding.Expectation expected, Path outDir, List<String> judged)
            throws java.io.IOException {
        long t0 = System.currentTimeMillis();
        ConfigCheck check = analysis.check(sw, c).check().orElseThrow();
        Finding.Verdict verdict;
        if (!check.solverAgrees()) {
            verdict = Finding.Verdict.FAILED;
        } else if (judged.isEmpty() || check.verdict() == ConfigCheck.Verdict.INCONCLUSIVE) {
            verdict = switch (check.verdict()) {
                case SAFE -> Finding.Verdict.VERIFIED;
                case UNSAFE -> Finding.Verdict.VIOLATED;
                case INCONCLUSIVE -> Finding.Verdict.INCONCLUSIVE;
            };
        } else {
            List<Inequality> named = check.inequalities().stream().filter(i -> judged.contains(i.name())).toList();
            if (named.size() != judged.size()) {
                throw new IllegalStateException("thresholds suite: " + judged + " not all among the check's "
                        + check.inequalities().stream().map(Inequality::name).toList());
            }
            verdict = named.stream().allMatch(Inequality::holds) ? Finding.Verdict.VERIFIED : Finding.Verdict.VIOLATED;
        }
        String failed = String.join(",", check.inequalities().stream().filter(i -> !i.holds()).map(Inequality::name)
                .toList());
        String detail = (failed.isEmpty() ? "all constraints hold" : "fails: " + failed)
                + (judged.isEmpty() ? "" : "; judged on " + String.join(",", judged));
        Finding f = Finding.of(MODEL, sw.name(), Map.of(), c.name(), expected, verdict)
                .with(c.beta().isEmpty() ? List.of(Quantity.of("tPfcBytes", c.tPfc(), Quantity.Unit.BYTES))
                        : List.of())
                .with(Quantity.of("tEcnBytes", c.tEcn(), Quantity.Unit.BYTES))
                .withDetail(check.solverAgrees() ? detail : "the solver and the exact check disagree; " + detail);
        Optional<Counterexample> cex = check.witnessSearch().witness().map(w -> WitnessCounterexamples.of(sw, c, w))
                .or(() -> check.deflectionSearch().flatMap(DeflectionSearch::witness)
                        .map(w -> WitnessCounterexamples.ofDeflection(sw, c, w)));
        if (cex.isPresent()) {
            f = f.withCounterexample(cex.get(), outDir == null ? null : Counterexamples.write(outDir, cex.get()));
        }
        return f.withWallMillis(System.currentTimeMillis() - t0);
    }
}
