package org.rdmacheck.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Stats;
import org.rdmacheck.checker.explorer.ExplorationReport;
import org.rdmacheck.checker.explorer.Explorer;
import org.rdmacheck.checker.explorer.ExplorerSettings;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.properties.CheckSpec;

/** Runs the explorer on a check and turns its results into rows, storing counterexamples. */
public final class ModelChecks {

    private ModelChecks() {
    }

    /**
     * @param spec     what to check
     * @param settings explorer settings
     * @param outDir   where counterexamples go, or null to keep none
     * @return one row per property
     */
    public static List<SummaryRow> run(CheckSpec<?> spec, ExplorerSettings settings, Path outDir) {
        ExplorationReport report = new Explorer(settings).check(spec);
        return rows(spec, report, outDir);
    }

    /**
     * @param spec   the check
     * @param report its report
     * @param outDir where counterexamples go, or null
     * @return one row per property
     */
    public static List<SummaryRow> rows(CheckSpec<?> spec, ExplorationReport report, Path outDir) {
        List<SummaryRow> rows = new ArrayList<>();
        for (CheckResult r : report.results()) {
            boolean mustFail = spec.mustFail(r.property());
            String file = null;
            String detail = "";
            SummaryRow.Outcome outcome;
            if (r instanceof CheckResult.Violated v) {
                outcome = mustFail ? SummaryRow.Outcome.AS_EXPECTED : SummaryRow.Outcome.UNEXPECTED;
                detail = v.counterexample().kind() + " trace, " + v.counterexample().length() + " steps";
                if (outDir != null) {
                    try {
                        file = ExplorerOptions.display(Counterexamples.write(outDir, v.counterexample(), tag(spec)));
                    } catch (IOException e) {
                        throw new UncheckedIOException("cannot write counterexample under " + outDir, e);
                    }
                }
            } else if (r instanceof CheckResult.Verified) {
                outcome = mustFail ? SummaryRow.Outcome.UNEXPECTED : SummaryRow.Outcome.AS_EXPECTED;
                double pc = r.stats().collisionProbability();
                detail = pc > 0 ? String.format(java.util.Locale.ROOT, "P(fingerprint collision) <= %.1e", pc) : "";
            } else if (r instanceof CheckResult.Inconclusive i) {
                outcome = SummaryRow.Outcome.INCONCLUSIVE;
                detail = i.reason();
            } else {
                outcome = SummaryRow.Outcome.UNEXPECTED;
                detail = ((CheckResult.Failed) r).error();
            }
            Stats s = r.stats();
            rows.add(new SummaryRow(spec.modelName(), spec.variant(), spec.parameters(), r.property(),
                    mustFail ? "fails" : "holds", r.verdict().name(), s.distinctStates(), s.transitions(), s.depth(),
                    s.wallMillis(), s.statesPerSecond(), file, detail, outcome));
        }
        return rows;
    }

    /**
     * The non-default parameters of a check, as {@code k=v,k=v}: empty for a catalogue model's
     * defaults, so the default configuration keeps the plain file name.
     */
    static String tag(CheckSpec<?> spec) {
        java.util.Map<String, String> defaults;
        try {
            defaults = org.rdmacheck.properties.catalog.Catalog.find(spec.modelName()).defaults(spec.variant());
        } catch (org.rdmacheck.model.InputException notCatalogued) {
            defaults = java.util.Map.of();
        }
        StringBuilder sb = new StringBuilder();
        for (java.util.Map.Entry<String, String> e : new java.util.TreeMap<>(spec.parameters()).entrySet()) {
            if (!e.getValue().equals(defaults.get(e.getKey()))) {
                sb.append(sb.length() == 0 ? "" : ",").append(e.getKey()).append('=').append(e.getValue());
            }
        }
        return sb.toString();
    }
}
