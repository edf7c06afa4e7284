package org.rdmacheck.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.rdmacheck.checker.explorer.ExplorerSettings;
import org.rdmacheck.checker.thresholds.Beta;
import org.rdmacheck.checker.thresholds.ConfigCheck;
import org.rdmacheck.checker.thresholds.DartSettings;
import org.rdmacheck.checker.thresholds.Inequality;
import org.rdmacheck.checker.thresholds.PaperFigure;
import org.rdmacheck.checker.thresholds.SwitchSpec;
import org.rdmacheck.checker.thresholds.SwitchSpecs;
import org.rdmacheck.checker.thresholds.ThresholdAnalysis;
import org.rdmacheck.checker.thresholds.ThresholdConfig;
import org.rdmacheck.checker.thresholds.ThresholdReport;
import org.rdmacheck.checker.thresholds.ThresholdSolver;
import org.rdmacheck.checker.thresholds.WitnessCounterexamples;
import org.rdmacheck.checker.thresholds.WorkedExample;
import org.rdmacheck.checker.trace.Counterexamples;

/**
 * {@code rdmacheck all}'s threshold rows: seed 004 §4's worked example (paper figures against its
 * formulas, derived settings proven safe, the §6 misconfiguration's witness) and Dart's settings.
 */
final class ThresholdsSuite implements SuiteTask {

    private static final String MODEL = WitnessCounterexamples.MODEL;

    @Override
    public String name() {
        return MODEL;
    }

    @Override
    public List<SummaryRow> run(ExplorerSettings settings, Path outDir, Path home) throws Exception {
        ThresholdAnalysis analysis = new ThresholdAnalysis(new ThresholdSolver(60_000));
        List<SummaryRow> rows = new ArrayList<>();
        for (PaperFigure f : WorkedExample.figures()) {
            rows.add(row("seed004-paper", f.figure(), "-", f.status().name(), 0, null,
                    f.paper() + " vs " + f.computed(), SummaryRow.Outcome.AS_EXPECTED));
        }
        SwitchSpec arista = SwitchSpecs.load("arista-7050qx32");
        long t0 = System.currentTimeMillis();
        ThresholdReport derived = analysis.derive(arista);
        rows.add(row("arista-7050qx32", "static derivation", "-", derived.staticDerivation().feasible() ? "FEASIBLE"
                : "INFEASIBLE", System.currentTimeMillis() - t0, null, "t_PFC <= " + derived.staticDerivation().tPfcMax()
                + " B, t_ECN <= " + derived.staticDerivation().tEcnMax() + " B", SummaryRow.Outcome.AS_EXPECTED));
        Beta beta = derived.dynamicDerivation().beta().orElse(arista.betas().get(arista.betas().size() - 1));
        long tEcn = Math.max(1, derived.dynamicDerivation().tEcnMax());
        rows.add(checkRow(analysis, arista, ThresholdConfig.ofDynamic("derived-dynamic", beta, tEcn), "holds", outDir));
        rows.add(checkRow(analysis, arista, ThresholdConfig.ofDynamic("above-derived-dynamic", beta, tEcn + 1), "fails",
                outDir));
        rows.add(checkRow(analysis, arista, ThresholdConfig.ofStatic("seed004-misconfigured", 24_470, 120_000), "fails",
                outDir));
        for (String preset : DartSettings.PRESETS) {
            SwitchSpec sw = SwitchSpecs.load(preset);
            for (ThresholdConfig c : DartSettings.configs(sw, analysis.derive(sw))) {
                rows.add(checkRow(analysis, sw, c, "-", outDir));
            }
        }
        return rows;
    }

    private static SummaryRow checkRow(ThresholdAnalysis analysis, SwitchSpec sw, ThresholdConfig c, String expected,
                                       Path outDir) throws java.io.IOException {
        long t0 = System.currentTimeMillis();
        ConfigCheck check = analysis.check(sw, c).check().orElseThrow();
        String file = null;
        if (outDir != null && check.witnessSearch().witness().isPresent()) {
            file = Counterexamples.write(outDir, WitnessCounterexamples.of(sw, c, check.witnessSearch().witness().get()))
                    .toString();
        }
        String verdict = switch (check.verdict()) {
            case SAFE -> "VERIFIED";
            case UNSAFE -> "VIOLATED";
            case INCONCLUSIVE -> "INCONCLUSIVE";
        };
        SummaryRow.Outcome outcome;
        if (!check.solverAgrees()) {
            outcome = SummaryRow.Outcome.UNEXPECTED;
        } else if (check.verdict() == ConfigCheck.Verdict.INCONCLUSIVE) {
            outcome = SummaryRow.Outcome.INCONCLUSIVE;
        } else if (expected.equals("-") || expected.equals("holds") == (check.verdict() == ConfigCheck.Verdict.SAFE)) {
            outcome = SummaryRow.Outcome.AS_EXPECTED;
        } else {
            outcome = SummaryRow.Outcome.UNEXPECTED;
        }
        String failed = String.join(",", check.inequalities().stream().filter(i -> !i.holds()).map(Inequality::name)
                .toList());
        return row(sw.name(), c.name(), expected, verdict, System.currentTimeMillis() - t0, file,
                failed.isEmpty() ? "all constraints hold" : "fails: " + failed, outcome);
    }

    private static SummaryRow row(String variant, String property, String expected, String verdict, long millis,
                                  String file, String detail, SummaryRow.Outcome outcome) {
        return new SummaryRow(MODEL, variant, Map.of(), property, expected, verdict, -1, -1, -1, millis, 0, file,
                detail, outcome);
    }
}
