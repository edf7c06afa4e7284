package org.rdmacheck.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.model.InputException;

/**
 * Declared outcomes of a TLC run, as in the manifests of tlaplus/Examples: {@code --expect violated}
 * says the model is meant to fail (some checked property must be violated; TLC stops at the first
 * violation, so the properties it did not finish are not held against it), {@code --expect NAME=violated}
 * or {@code NAME=holds} pins one property. Without any, every property must hold.
 *
 * @param global    the whole model's expectation, or null (every property must hold)
 * @param perName   expectations of named properties (take precedence over {@code global})
 */
record TlcExpectations(Finding.Expectation global, Map<String, Finding.Expectation> perName) {

    /** Copies the map. */
    TlcExpectations {
        perName = new LinkedHashMap<>(perName);
    }

    /**
     * @param values {@code violated}, {@code holds}, or {@code NAME=violated|holds}, each at most once
     * @return the expectations
     * @throws InputException naming the value and what was expected
     */
    static TlcExpectations parse(List<String> values) {
        Finding.Expectation global = null;
        Map<String, Finding.Expectation> named = new LinkedHashMap<>();
        for (String v : values == null ? List.<String>of() : values) {
            int eq = v.indexOf('=');
            String name = eq < 0 ? null : v.substring(0, eq).trim();
            Finding.Expectation e = word(v, eq < 0 ? v.trim() : v.substring(eq + 1).trim());
            if (name == null) {
                if (global != null) {
                    throw new InputException("--expect " + v + ": the model's expectation is already given");
                }
                global = e;
            } else {
                if (!name.matches("[A-Za-z_][A-Za-z0-9_]*|\\(state space\\)")) {
                    throw new InputException("--expect " + v + ": expected NAME=violated|holds with a TLA+ name");
                }
                if (named.put(name, e) != null) {
                    throw new InputException("--expect " + v + ": property '" + name + "' is already given");
                }
            }
        }
        return new TlcExpectations(global, named);
    }

    private static Finding.Expectation word(String value, String w) {
        return switch (w) {
            case "violated" -> Finding.Expectation.FAILS;
            case "holds" -> Finding.Expectation.HOLDS;
            default -> throw new InputException("--expect " + value
                    + ": expected violated, holds, or NAME=violated|holds");
        };
    }

    /** @return whether the whole model is expected to be violated */
    boolean modelViolated() {
        return global == Finding.Expectation.FAILS;
    }

    /**
     * @param results what TLC reported
     * @throws InputException if an expectation names a property that was not checked (a typo would
     *                        otherwise pass unnoticed)
     */
    void requireChecked(List<CheckResult> results) {
        Set<String> checked = new TreeSet<>();
        results.forEach(r -> checked.add(r.property()));
        for (String name : perName.keySet()) {
            if (!checked.contains(name)) {
                throw new InputException("--expect " + name + "=...: no property '" + name + "' was checked (checked: "
                        + (checked.isEmpty() ? "none" : String.join(", ", checked)) + ")");
            }
        }
    }

    /**
     * @param property       a result's property
     * @param anyViolated    whether some property without its own expectation was violated
     * @param result         the result
     * @return what the row expects
     */
    Finding.Expectation of(String property, boolean anyViolated, CheckResult result) {
        Finding.Expectation e = perName.get(property);
        if (e != null) {
            return e;
        }
        if (!modelViolated()) {
            return Finding.Expectation.HOLDS;
        }
        // The model must fail somewhere: once it has, the other properties are measurements.
        return !anyViolated || result instanceof CheckResult.Violated ? Finding.Expectation.FAILS
                : Finding.Expectation.NONE;
    }

    /**
     * @param results what TLC reported
     * @return whether a property without its own expectation was violated
     */
    boolean globalViolation(List<CheckResult> results) {
        return results.stream().anyMatch(r -> !perName.containsKey(r.property()) && r instanceof CheckResult.Violated);
    }

    /**
     * @param rows the findings built with {@link #of}
     * @return the exit code: a model meant to fail that did is not inconclusive for the properties TLC
     *         left unfinished after the violation
     */
    int exitCode(List<Finding> rows) {
        boolean violated = rows.stream().anyMatch(r -> !perName.containsKey(r.subject().property())
                && r.verdict().polarity() == Finding.Polarity.FAILS);
        List<Finding> counted = new ArrayList<>();
        for (Finding r : rows) {
            boolean excused = modelViolated() && violated && !perName.containsKey(r.subject().property())
                    && r.outcome() == Finding.Outcome.INCONCLUSIVE;
            if (!excused) {
                counted.add(r);
            }
        }
        return ExitCodes.of(counted);
    }
}
