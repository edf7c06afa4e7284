package org.rdmacheck.checker.tlc;

/**
 * One message of TLC's {@code -tool} output: {@code @!@!@STARTMSG code:severity @!@!@}, text,
 * {@code @!@!@ENDMSG code @!@!@}. Text printed outside message markers (SANY's error listing, for
 * instance) becomes a message with code {@link #PLAIN}.
 *
 * @param code     TLC's message code (see {@code tlc2.output.EC}), or {@link #PLAIN}
 * @param severity 0 info, 1 error, 2 TLC bug, 3 warning, 4 state print; -1 for plain text
 * @param text     the text between the markers, without the trailing newline
 */
public record TlcMessage(int code, int severity, String text) {

    /** Code of text printed outside any message. */
    public static final int PLAIN = -1;

    // Codes of tlc2.output.EC (TLC 2.18) that the bridge reads.
    static final int GENERAL = 1000;
    static final int OUT_OF_MEMORY = 1001;
    static final int OUT_OF_MEMORY_TOO_MANY_INIT = 1002;
    static final int OUT_OF_MEMORY_LIVENESS = 1003;
    static final int INVARIANT_VIOLATED_INITIAL = 2107;
    static final int PROPERTY_VIOLATED_INITIAL = 2108;
    static final int INVARIANT_VIOLATED_BEHAVIOR = 2110;
    static final int ACTION_PROPERTY_VIOLATED_BEHAVIOR = 2112;
    static final int DEADLOCK_REACHED = 2114;
    static final int TEMPORAL_PROPERTY_VIOLATED = 2116;
    static final int BEHAVIOR_UP_TO_THIS_POINT = 2121;
    static final int BACK_TO_STATE = 2122;
    static final int ASSERT_FAILED = 2132;
    static final int ASSUMPTION_FALSE = 2104;
    static final int INIT_GENERATED1 = 2190;
    static final int SUCCESS = 2193;
    static final int SEARCH_DEPTH = 2194;
    static final int STATS = 2199;
    static final int PROGRESS_STATS = 2200;
    static final int SIMULATION_PROGRESS = 2209;
    static final int COVERAGE_INIT = 2773;
    static final int COVERAGE_NEXT = 2772;
    static final int COVERAGE_START = 2201;
    static final int STATE_PRINT2 = 2217;
    static final int STATE_PRINT3 = 2218;
    static final int VERSION = 2262;
    static final int PARSING_FAILED = 3002;
    static final int PARSING_FAILED2 = 2171;
    static final int CFG_FIRST = 5001;
    static final int CFG_LAST = 5006;
    static final int CONFIG_FIRST = 2222;
    static final int CONFIG_LAST = 2243;
    static final int CONFIG_UNDEFINED_OR_NO_OPERATOR = 2280;
    static final int CONFIG_SUBSTITUTION_NON_CONSTANT = 2281;
    static final int CONFIG_VALUE_NOT_ASSIGNED = 2222;
    static final int NO_MODULES = 2245;
    static final int FEATURE_UNSUPPORTED = 2156;
    static final int NESTED_EXPRESSION = 2103;
    static final int LIVENESS_WITH_SYMMETRY = 2279;
    static final int LIVENESS_WITH_CONSTRAINTS = 2284;
    static final int WORKER_DEREGISTERED = 7002;
    static final int WORKER_LOST = 7006;

    // Codes TLC prints once it has parsed the spec, read the configuration and checked every assumption.
    static final int COMPUTING_INIT = 2189;
    static final int COMPUTING_INIT_PROGRESS = 2269;

    /** Severity of a warning. */
    static final int SEVERITY_WARNING = 3;

    /**
     * @param line one line of TLC's {@code -tool} output, as it arrives
     * @return whether the line opens a message TLC prints only after it has accepted the input (parsed
     *         the spec, read the configuration, found every assumption true): the start of the initial
     *         states, of TLC's progress statistics, or of the simulation's progress
     */
    static boolean marksInputAccepted(String line) {
        if (!line.startsWith("@!@!@STARTMSG ")) {
            return false;
        }
        int colon = line.indexOf(':', 14);
        if (colon < 0) {
            return false;
        }
        try {
            int code = Integer.parseInt(line.substring(14, colon));
            return code == COMPUTING_INIT || code == COMPUTING_INIT_PROGRESS || code == INIT_GENERATED1
                    || code == PROGRESS_STATS || code == SIMULATION_PROGRESS;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** @return whether TLC flags this message as an error */
    public boolean isError() {
        return severity == 1 || severity == 2;
    }

    /** @return whether the message reports a problem in the configuration file */
    public boolean isConfigError() {
        return code >= CFG_FIRST && code <= CFG_LAST || code >= CONFIG_FIRST && code <= CONFIG_LAST
                || code == CONFIG_UNDEFINED_OR_NO_OPERATOR || code == CONFIG_SUBSTITUTION_NON_CONSTANT
                || code == NO_MODULES;
    }
}
