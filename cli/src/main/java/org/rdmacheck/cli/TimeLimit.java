package org.rdmacheck.cli;

import java.io.PrintWriter;
import picocli.CommandLine.Option;

/** {@code --max-time} for the commands without explorer options: beyond it, Inconclusive (exit 3). */
public final class TimeLimit {

    @Option(names = "--max-time", paramLabel = "DURATION", description = "time limit, e.g. 90s, 10m, 1h; "
            + "reaching it ends the run Inconclusive (exit 3) with partial results (default: ${DEFAULT-VALUE})",
            defaultValue = "1h")
    String maxTime;

    /**
     * @param what the task, for progress lines
     * @param err  where progress lines go
     * @return a clock for the run (the duration checked: one line, exit 2)
     */
    public RunClock start(String what, PrintWriter err) {
        return new RunClock(what, Durations.parseMillis("--max-time", maxTime), maxTime.trim(), err);
    }
}
