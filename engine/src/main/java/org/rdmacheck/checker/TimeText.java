package org.rdmacheck.checker;

/**
 * A limit written back the way people give it ({@code 30s}, {@code 10m}, {@code 1h},
 * {@code 1500ms}): the largest unit in which the value is whole, so a limit given as {@code 30s}
 * is reported as {@code 30s}, not as {@code 30000 ms}; a duration of a second or more that is not
 * whole (the remainder of a limit) in seconds with one decimal ({@code 14.9s}), as the tables print
 * times.
 */
public final class TimeText {

    private TimeText() {
    }

    /** @param millis a duration  @return it in the largest unit that keeps it whole */
    public static String of(long millis) {
        if (millis > 0 && millis % 3_600_000 == 0) {
            return millis / 3_600_000 + "h";
        }
        if (millis > 0 && millis % 60_000 == 0) {
            return millis / 60_000 + "m";
        }
        if (millis % 1000 == 0) {
            return millis / 1000 + "s";
        }
        if (millis >= 1000) {
            // a remainder of a limit (what a later step of a run was left): seconds, as the tables print
            return String.format(java.util.Locale.ROOT, "%.1fs", millis / 1000.0);
        }
        return millis + "ms";
    }
}
