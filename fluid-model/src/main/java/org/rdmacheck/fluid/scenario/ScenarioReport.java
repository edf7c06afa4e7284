package org.rdmacheck.fluid.scenario;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What a scenario found: one summary line, its figures by name (in a fixed order), a verdict word
 * per finding, and the files it wrote.
 *
 * @param scenario scenario name
 * @param findings one entry per finding (a grid point, an incast degree, ...)
 * @param files    CSV and PNG files written (empty when no output folder was given)
 * @param wallMillis wall time
 */
public record ScenarioReport(String scenario, List<Finding> findings, List<Path> files, long wallMillis) {

    /** Copies the lists. */
    public ScenarioReport {
        findings = List.copyOf(findings);
        files = List.copyOf(files);
    }

    /** What a finding must give, where the model or the paper says so. */
    public enum Expect {
        /** a measurement: nothing expected */
        NONE,
        /** the claim (verdict CONFIRMED) must hold */
        HOLDS,
        /** the claim must be refuted (a documented disagreement: a change of it must be looked at) */
        FAILS
    }

    /**
     * One finding.
     *
     * @param label   what it is about, e.g. {@code strawman} or {@code N=16 Rai=40}
     * @param verdict a word: CONVERGED, NOT-CONVERGED, STARVES, NO-STARVATION, OK, NO-FIXED-POINT,
     *                CONFIRMED, REFUTED, INCONCLUSIVE...
     * @param figures named numbers (units in the names)
     * @param summary one line for people
     * @param expect  what the verdict must be (CONFIRMED or REFUTED for HOLDS or FAILS)
     */
    public record Finding(String label, String verdict, Map<String, Double> figures, String summary, Expect expect) {
        /** Copies the figures. */
        public Finding {
            figures = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(figures));
        }

        /** A measurement, nothing expected. */
        public Finding(String label, String verdict, Map<String, Double> figures, String summary) {
            this(label, verdict, figures, summary, Expect.NONE);
        }
    }
}
