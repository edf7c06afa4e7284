package org.rdmacheck.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.checker.thresholds.ConfigCheck;
import org.rdmacheck.checker.thresholds.DeflectionSearch;
import org.rdmacheck.checker.thresholds.ThresholdReport;
import org.rdmacheck.checker.thresholds.WitnessCounterexamples;
import org.rdmacheck.checker.trace.Counterexamples;

/** Stores the witnesses of unsafe configurations as counterexample files. */
final class ThresholdWitnessFiles {

    private ThresholdWitnessFiles() {
    }

    /**
     * @param reports reports, some with a check that found a witness
     * @param dir     the counterexamples folder, or null not to save
     * @return the files written
     * @throws IOException if writing fails
     */
    static List<String> save(List<ThresholdReport> reports, Path dir) throws IOException {
        List<String> files = new ArrayList<>();
        if (dir == null) {
            return files;
        }
        for (ThresholdReport r : reports) {
            if (r.check().isEmpty()) {
                continue;
            }
            ConfigCheck c = r.check().get();
            if (c.witnessSearch().witness().isPresent()) {
                files.add(Counterexamples.write(dir, WitnessCounterexamples.of(r.sw(), c.config(),
                        c.witnessSearch().witness().get())).toString());
            }
            if (c.deflectionSearch().flatMap(DeflectionSearch::witness).isPresent()) {
                files.add(Counterexamples.write(dir, WitnessCounterexamples.ofDeflection(r.sw(), c.config(),
                        c.deflectionSearch().get().witness().get())).toString());
            }
        }
        return files;
    }
}
