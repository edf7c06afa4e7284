package org.rdmacheck.properties.catalog;

import java.util.List;
import java.util.Set;

/**
 * The rule by which a violation at a configuration that contains no stored finding still counts as one: a
 * stored finding's trace, replayed step for step at the configuration (its scaled values, such as packets,
 * tokens, background packets and table entries, at the configuration's larger ones), reaches a state from
 * which a bounded search at the configuration finds a state violating the same property; the extended trace
 * is replayed and the violation re-evaluated, and it must show the check's own violation
 * ({@link ModelEntry#violationKind}: for a deadlock its kind, cycle of buffers and failed element; for a goodput
 * violation what drove the excess), before the expectation is granted
 * ({@code org.rdmacheck.checker.trace.TraceExtension}). Where no finding's trace extends within the bounds,
 * the violation stays unexpected. A model declares the rule per built check
 * ({@link ModelEntry#traceExtension}); the command line applies it to the violations its check did not
 * expect.
 *
 * @param findings      the stored findings the configuration may extend, in the order to try them; finding
 *                      {@code f}'s trace is {@code counterexamples/<model>/f-<traceProperty>.json}
 * @param traceProperty the property whose stored traces are replayed (for a deadlock, {@code DeadlockFree})
 * @param properties    the properties (safety, progress or liveness) whose violation the rule may expect: a
 *                      progress or {@code <>p} liveness property through a dead end of the extension where its
 *                      goal is false
 * @param scaledFields  action parameters that carry a scaled value (left out when a stored step is matched
 *                      with a transition of the configuration)
 * @param maxStates     distinct states the search from the replayed state may store, per finding: the only
 *                      bound, so that the outcome is the same on an idle machine and a loaded one
 */
public record TraceExtensionRule(List<String> findings, String traceProperty, Set<String> properties,
                                 Set<String> scaledFields, long maxStates) {

    /** Copies the lists; rejects empty bounds. */
    public TraceExtensionRule {
        findings = List.copyOf(findings);
        properties = Set.copyOf(properties);
        scaledFields = Set.copyOf(scaledFields);
        if (maxStates < 1) {
            throw new IllegalArgumentException("the bound must be positive: " + maxStates + " states");
        }
    }
}
