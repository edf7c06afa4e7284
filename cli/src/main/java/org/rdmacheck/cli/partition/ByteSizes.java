package org.rdmacheck.cli.partition;

import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.model.InputException;

/** Parses byte sizes as seed 003 writes them: {@code 10M}, {@code 128K}, {@code 1024} (binary units). */
public final class ByteSizes {

    private ByteSizes() {
    }

    /**
     * @param option the option's name, for messages
     * @param text   e.g. {@code 10M}, {@code 64K}, {@code 4096}, optionally ending in B
     * @param max    greatest accepted value
     * @return bytes
     * @throws InputException naming the text when it is no size up to {@code max}
     */
    public static long parse(String option, String text, long max) {
        String t = text.trim().toUpperCase(java.util.Locale.ROOT);
        if (t.endsWith("B")) {
            t = t.substring(0, t.length() - 1);
        }
        long unit = 1;
        if (t.endsWith("K") || t.endsWith("M") || t.endsWith("G")) {
            unit = t.endsWith("K") ? 1L << 10 : t.endsWith("M") ? 1L << 20 : 1L << 30;
            t = t.substring(0, t.length() - 1);
        }
        long v;
        try {
            v = Long.parseLong(t) * unit;
        } catch (NumberFormatException e) {
            throw new InputException(option + " '" + text + "': expected a byte size such as 4096, 64K or 10M");
        }
        if (v < 1 || v > max) {
            throw new InputException(option + " '" + text + "': expected a byte size in [1, " + max + "]");
        }
        return v;
    }

    /**
     * @param option the option's name
     * @param text   comma-separated sizes
     * @param max    greatest accepted value
     * @return the sizes
     */
    static List<Integer> parseList(String option, String text, int max) {
        List<Integer> out = new ArrayList<>();
        for (String s : text.split(",")) {
            out.add((int) parse(option, s, max));
        }
        return out;
    }

    /**
     * @param option the option's name
     * @param text   comma-separated integers
     * @param min    least accepted value
     * @param max    greatest accepted value
     * @return the integers
     */
    static List<Integer> parseInts(String option, String text, int min, int max) {
        List<Integer> out = new ArrayList<>();
        for (String s : text.split(",")) {
            int v;
            try {
                v = Integer.parseInt(s.trim());
            } catch (NumberFormatException e) {
                throw new InputException(option + " '" + s + "': expected integers in [" + min + ", " + max + "]");
            }
            if (v < min || v > max) {
                throw new InputException(option + " " + v + ": expected integers in [" + min + ", " + max + "]");
            }
            out.add(v);
        }
        return out;
    }

    /** @param bytes a size  @return it in the paper's units, e.g. 64K */
    static String label(long bytes) {
        if (bytes % (1 << 20) == 0) {
            return bytes / (1 << 20) + "M";
        }
        return bytes % 1024 == 0 ? bytes / 1024 + "K" : bytes + "B";
    }
}
