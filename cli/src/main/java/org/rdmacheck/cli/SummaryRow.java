package org.rdmacheck.cli;

import java.util.Map;

/**
 * One line of a result table and one object of {@code --json} output.
 *
 * @param model           model or task name
 * @param variant         variant or scenario
 * @param parameters      effective parameters
 * @param property        property or figure checked
 * @param expected        {@code holds}, {@code fails}, or {@code -} when nothing is expected
 * @param verdict         VERIFIED, VIOLATED, INCONCLUSIVE, FAILED, or OK/INFEASIBLE and the like for non-model tasks
 * @param distinctStates  distinct states, -1 when not applicable
 * @param transitions     transitions, -1 when not applicable
 * @param depth           search depth, -1 when not applicable
 * @param wallMillis      wall time
 * @param statesPerSecond distinct states per second, 0 when not applicable
 * @param counterexample  file of the stored counterexample, or null
 * @param detail          one line of detail (limit reached, a figure), may be empty
 * @param outcome         whether the result is as expected
 */
public record SummaryRow(String model, String variant, Map<String, String> parameters, String property,
                         String expected, String verdict, long distinctStates, long transitions, int depth,
                         long wallMillis, double statesPerSecond, String counterexample, String detail,
                         Outcome outcome) {

    /** How a row bears on the exit code. */
    public enum Outcome {
        /** as expected: exit 0 */
        AS_EXPECTED,
        /** a property violated that must hold, a must-fail variant that held, or a failure: exit 1 */
        UNEXPECTED,
        /** a limit was reached: exit 3 */
        INCONCLUSIVE
    }
}
