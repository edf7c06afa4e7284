package org.rdmacheck.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.explorer.ExplorationReport;
import org.rdmacheck.checker.explorer.Explorer;
import org.rdmacheck.checker.explorer.ExplorerSettings;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.properties.CheckSpec;

/** Runs the explorer on a check and turns its results into findings, storing counterexamples. */
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
        ExplorationReport report = new Explorer(settings).check(spec);
        return rows(spec, report, outDir);
    }

    /**
     * @param spec   the check
     * @param report its report
     * @param outDir where counterexamples go, or null
     * @return one finding per property
     */
    public static List<Finding> rows(CheckSpec<?> spec, ExplorationReport report, Path outDir) {
        List<Finding> rows = new ArrayList<>();
        for (CheckResult r : report.results()) {
            Path file = null;
            if (r instanceof CheckResult.Violated v && outDir != null) {
                try {
                    file = Counterexamples.write(outDir, v.counterexample(), tag(spec));
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot write counterexample under " + outDir, e);
                }
            }
            rows.add(CheckFindings.of(spec.modelName(), spec.variant(), spec.parameters(),
                    Finding.Expectation.holds(!spec.mustFail(r.property())), r, file));
        }
        return rows;
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
}
