package org.rdmacheck.cli;

import java.util.List;

/** The command line's exit statuses. */
public final class ExitCodes {
    /** everything as expected */
    public static final int OK = 0;
    /** a property violated that must hold (or a must-fail variant that held, or a checker failure) */
    public static final int VIOLATED = 1;
    /** usage or input error */
    public static final int USAGE = 2;
    /** a limit was reached before a verdict */
    public static final int INCONCLUSIVE = 3;

    private ExitCodes() {
    }

    /**
     * @param rows results
     * @return 1 if any is unexpected, else 3 if any is inconclusive, else 0
     */
    public static int of(List<Finding> rows) {
        boolean inconclusive = false;
        for (Finding r : rows) {
            if (r.outcome() == Finding.Outcome.UNEXPECTED) {
                return VIOLATED;
            }
            inconclusive |= r.outcome() == Finding.Outcome.INCONCLUSIVE;
        }
        return inconclusive ? INCONCLUSIVE : OK;
    }
}
