package org.rdmacheck.checker.cdg.tables;

import org.rdmacheck.model.InputException;

/** LIDs and GUIDs as the InfiniBand tools print them: decimal, or hexadecimal with {@code 0x}. */
final class Lids {

    private Lids() {
    }

    /**
     * @param text  {@code 12} or {@code 0x000c}
     * @param where the file and line, for the message
     * @return the LID, in [0, 0xFFFF]
     */
    static int parse(String text, String where) {
        try {
            int v = text.startsWith("0x") || text.startsWith("0X") ? Integer.parseInt(text.substring(2), 16)
                    : Integer.parseInt(text);
            if (v >= 0 && v <= 0xFFFF) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InputException(where + ": '" + text + "': expected a LID (decimal or 0x-hex, at most 0xffff)");
    }

    /**
     * @param text  {@code 0x0002c90300001234} or {@code 0002c90300001234}
     * @param where the file and line, for the message
     * @return the GUID
     */
    static long guid(String text, String where) {
        String t = text.startsWith("0x") || text.startsWith("0X") ? text.substring(2) : text;
        try {
            if (!t.isEmpty() && t.length() <= 16) {
                return Long.parseUnsignedLong(t, 16);
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InputException(where + ": '" + text + "': expected a GUID (up to 16 hex digits)");
    }
}
