package org.rdmacheck.checker.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import org.rdmacheck.model.Action;

/**
 * Whether a trace is a behaviour of a spec, and if not, where it leaves it.
 *
 * @param accepted        whether every step is a step of the spec
 * @param steps           number of states in the trace
 * @param firstMismatch   the first step (0 = initial state) the spec cannot take, or -1
 * @param action          the trace's action at that step (null for the initial state or when accepted)
 * @param lastMatched     the state of step {@code firstMismatch - 1} (null when accepted or at step 0)
 * @param unmatched       the trace's state at {@code firstMismatch} (null when accepted)
 * @param tlcStates       distinct states TLC explored while following the trace
 * @param message         one line for the reader
 */
public record TraceValidation(boolean accepted, int steps, int firstMismatch, Action action, JsonNode lastMatched,
                              JsonNode unmatched, long tlcStates, String message) {
}
