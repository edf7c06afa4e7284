package org.rdmacheck.cli.report;

/**
 * Generous widths of text in the report's sans-serif font, so that charts can place labels apart
 * before a browser measures them: per-character advances a little above DejaVu Sans' (the widest
 * common sans-serif; Arial and Helvetica are narrower), so a label never takes more room than planned.
 */
final class TextMetrics {

    private TextMetrics() {
    }

    /**
     * @param text     a label
     * @param fontSize its font size in pixels
     * @return its width in pixels, rounded up
     */
    static int width(String text, double fontSize) {
        double em = 0;
        for (int i = 0; i < text.length(); i++) {
            em += advance(text.charAt(i));
        }
        return (int) Math.ceil(em * fontSize);
    }

    /** Advance of one character in ems. */
    private static double advance(char c) {
        if (c == 'm' || c == 'w' || c == 'M' || c == 'W' || c == '@' || c == '%') {
            return 1.0;
        }
        if (c == 'i' || c == 'j' || c == 'l' || c == 'I' || c == '\'' || c == '|' || c == '!') {
            return 0.32;
        }
        if (c == 'f' || c == 't' || c == 'r') {
            return 0.46;
        }
        if (c == ' ' || c == '.' || c == ',' || c == ':' || c == ';') {
            return 0.36;
        }
        if (c == '(' || c == ')' || c == '[' || c == ']' || c == '{' || c == '}' || c == '-' || c == '/') {
            return 0.42;
        }
        if (Character.isDigit(c) || Character.isLowerCase(c) && c < 128) {
            return 0.66;
        }
        if (Character.isUpperCase(c) && c < 128) {
            return 0.8;
        }
        return 0.9 + (c < 128 ? 0 : 0.1);
    }
}
