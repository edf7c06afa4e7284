package org.rdmacheck.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;
import org.rdmacheck.checker.CheckResult.InconclusiveReason;

/**
 * Why a command stopped before it finished: the limit as the findings' {@code inconclusiveCause}
 * enum, and one line for people. A command that stopped early exits 3 and shows only what it
 * finished.
 *
 * @param cause  which limit
 * @param reason one line: {@code time limit 30s reached after 30.0 s}
 */
public record EarlyStop(InconclusiveReason cause, String reason) {

    /**
     * @param clock a clock past its limit
     * @return the time limit's stop
     */
    public static EarlyStop timeLimit(RunClock clock) {
        return new EarlyStop(InconclusiveReason.TIME_LIMIT, clock.limitReason());
    }

    /**
     * Writes {@code stopped} (the cause's name, or null when the command finished) and
     * {@code stopReason} (null when it finished).
     *
     * @param o    the command's JSON object
     * @param stop the stop, or empty
     */
    public static void put(ObjectNode o, Optional<EarlyStop> stop) {
        o.put("stopped", stop.map(s -> s.cause().name()).orElse(null));
        o.put("stopReason", stop.map(EarlyStop::reason).orElse(null));
    }

    /** @param stop the stop, or empty  @return exit 3 if the command stopped early, else {@code finished} */
    public static int exit(Optional<EarlyStop> stop, int finished) {
        return stop.isPresent() ? ExitCodes.INCONCLUSIVE : finished;
    }
}
