package org.rdmacheck.checker.tlc;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.Stats;

/**
 * What one TLC run found.
 *
 * @param results    one result per checked property: invariants, temporal properties, and
 *                   {@value TlcChecker#DEADLOCK} when deadlocks are checked (plus {@value TlcChecker#ASSERTION}
 *                   when an {@code Assert} failed)
 * @param stats      statistics of the run (partial when it was cut short)
 * @param status     TLC's exit status ({@link TlcExitStatus#UNKNOWN} if killed at the time limit)
 * @param outcome    the outcome, as in {@code manifest.json}
 * @param detail     one line: the violated property, the reason of a failure, or empty
 * @param warnings   what TLC warned about, and a note when no state was explored (every property
 *                   then holds vacuously); one line each
 * @param itfTraces  each violated property's error trace in the Informal Trace Format (values as TLC printed
 *                   them, sets and sequences kept apart), by property name
 * @param coverage   per action, as TLC's {@code -coverage} counted it (empty unless asked for)
 */
public record TlcReport(List<CheckResult> results, Stats stats, TlcExitStatus status, TlcOutcome outcome, String detail,
                        List<String> warnings, Map<String, ObjectNode> itfTraces, List<ActionCoverage> coverage) {

    /** Copies the lists. */
    public TlcReport {
        results = List.copyOf(results);
        warnings = List.copyOf(warnings);
        itfTraces = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(itfTraces));
        coverage = List.copyOf(coverage);
    }

    /**
     * A report without ITF traces or coverage.
     *
     * @param results  results
     * @param stats    statistics
     * @param status   exit status
     * @param outcome  outcome
     * @param detail   detail line
     * @param warnings warnings
     */
    public TlcReport(List<CheckResult> results, Stats stats, TlcExitStatus status, TlcOutcome outcome, String detail,
                     List<String> warnings) {
        this(results, stats, status, outcome, detail, warnings, Map.of(), List.of());
    }

    /**
     * A report without warnings.
     *
     * @param results results
     * @param stats   statistics
     * @param status  exit status
     * @param outcome outcome
     * @param detail  detail line
     */
    public TlcReport(List<CheckResult> results, Stats stats, TlcExitStatus status, TlcOutcome outcome, String detail) {
        this(results, stats, status, outcome, detail, List.of());
    }

    /**
     * @param more further warnings
     * @return a copy with them added
     */
    public TlcReport withWarnings(List<String> more) {
        List<String> all = new java.util.ArrayList<>(warnings);
        all.addAll(more);
        return new TlcReport(results, stats, status, outcome, detail, all, itfTraces, coverage);
    }

    /**
     * @param traces ITF traces by property
     * @param cov    per-action coverage
     * @return a copy with them
     */
    public TlcReport withTracesAndCoverage(Map<String, ObjectNode> traces, List<ActionCoverage> cov) {
        return new TlcReport(results, stats, status, outcome, detail, warnings, traces, cov);
    }

    /** @return every counterexample, one per violated property, in the order of the results */
    public List<Counterexample> counterexamples() {
        return results.stream().filter(r -> r instanceof CheckResult.Violated)
                .map(r -> ((CheckResult.Violated) r).counterexample()).toList();
    }

    /**
     * @param property a property name
     * @return its result
     */
    public CheckResult result(String property) {
        return results.stream().filter(r -> r.property().equals(property)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no result for " + property));
    }

    /** @return the counterexample, if a property was violated */
    public Optional<Counterexample> counterexample() {
        return results.stream().filter(r -> r instanceof CheckResult.Violated)
                .map(r -> ((CheckResult.Violated) r).counterexample()).findFirst();
    }
}
