package org.rdmacheck.cli;

import org.rdmacheck.model.InputException;

/** Parses durations such as {@code 500ms}, {@code 90s}, {@code 10m}, {@code 1h}. */
public final class Durations {

    /** The longest duration taken: a year. Beyond it a figure is a typo, not a limit. */
    static final long MAX_MILLIS = 365L * 24 * 3_600_000;

    private Durations() {
    }

    /**
     * @param option option name for the error message
     * @param text   the duration
     * @return milliseconds
     */
    public static long parseMillis(String option, String text) {
        String t = text.trim().toLowerCase(java.util.Locale.ROOT);
        long mult;
        String num;
        if (t.endsWith("ms")) {
            mult = 1;
            num = t.substring(0, t.length() - 2);
        } else if (t.endsWith("s")) {
            mult = 1000;
            num = t.substring(0, t.length() - 1);
        } else if (t.endsWith("m")) {
            mult = 60_000;
            num = t.substring(0, t.length() - 1);
        } else if (t.endsWith("h")) {
            mult = 3_600_000;
            num = t.substring(0, t.length() - 1);
        } else {
            throw new InputException(option + " '" + text + "': expected a positive duration with its unit (ms, s, m "
                    + "or h), such as " + (t.matches("[0-9.]+") && t.matches(".*[1-9].*") ? t + "s or " + t + "m"
                    : "90s, 10m or 1h")); // a bare 0 would be told 0s, which is no positive duration either
        }
        try {
            double v = Double.parseDouble(num);
            if (!(v > 0) || Double.isInfinite(v) || v * mult > MAX_MILLIS) {
                throw new NumberFormatException();
            }
            return Math.max(1, Math.round(v * mult));
        } catch (NumberFormatException e) {
            throw new InputException(option + " '" + text + "': expected a positive duration up to a year "
                    + "(8760h), such as 90s, 10m or 1h");
        }
    }

    /**
     * @param millis a wall time
     * @return it as people read it: {@code 0.12s}, {@code 41.3s}, {@code 2m05s}, {@code 1h02m}
     */
    public static String format(long millis) {
        if (millis < 60_000) {
            return String.format(java.util.Locale.ROOT, millis < 10_000 ? "%.2fs" : "%.1fs", millis / 1000.0);
        }
        long s = millis / 1000;
        return s < 3600 ? String.format(java.util.Locale.ROOT, "%dm%02ds", s / 60, s % 60)
                : String.format(java.util.Locale.ROOT, "%dh%02dm", s / 3600, s % 3600 / 60);
    }
}
