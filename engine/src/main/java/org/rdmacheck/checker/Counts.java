package org.rdmacheck.checker;

import java.util.Locale;

/** A count with its noun, singular or plural as the number wants: "1 step", "4 steps", "10,403 states". */
public final class Counts {

    private Counts() {
    }

    /**
     * @param n    the count
     * @param noun the singular noun (the plural adds "s")
     * @return e.g. {@code "1 step"}, {@code "12 steps"}
     */
    public static String of(long n, String noun) {
        return String.format(Locale.ROOT, "%,d %s", n, n == 1 ? noun : noun + "s");
    }
}
