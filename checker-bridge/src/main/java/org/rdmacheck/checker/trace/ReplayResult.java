package org.rdmacheck.checker.trace;

/**
 * The outcome of replaying a stored counterexample.
 *
 * @param legal            whether every step is a legal transition of the current model
 * @param firstIllegalStep the first step that is not, or -1
 * @param stillViolated    whether the property is still violated at the end of the trace
 * @param message          one line for the reader
 */
public record ReplayResult(boolean legal, int firstIllegalStep, boolean stillViolated, String message) {

    /** @return whether the trace is legal and still a counterexample */
    public boolean reproduces() {
        return legal && stillViolated;
    }
}
