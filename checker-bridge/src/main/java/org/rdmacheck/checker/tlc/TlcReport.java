package org.rdmacheck.checker.tlc;

import java.util.List;
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
 */
public record TlcReport(List<CheckResult> results, Stats stats, TlcExitStatus status, TlcOutcome outcome, String detail) {

    /** Copies the results. */
    public TlcReport {
        results = List.copyOf(results);
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
