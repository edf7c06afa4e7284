package org.rdmacheck.checker;

import com.fasterxml.jackson.databind.JsonNode;
import org.rdmacheck.model.Action;

/**
 * One step of a trace: the action that led here (none for the initial state) and the state.
 *
 * @param action the action, or null for step 0
 * @param state  the state as JSON
 */
public record TraceStep(Action action, JsonNode state) {
}
