package org.rdmacheck.checker.thresholds;

/** What a Choco solve established; a time limit is never mistaken for unsatisfiability. */
public enum SolveStatus {
    /** a solution exists (and is given) */
    SATISFIABLE,
    /** proven: no solution exists */
    UNSATISFIABLE,
    /** the time limit was reached before a verdict */
    TIMED_OUT
}
