package org.rdmacheck.checker.tlc;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Splits TLC's {@code -tool} output into {@link TlcMessage}s. */
public final class TlcOutput {

    private static final Pattern START = Pattern.compile("@!@!@STARTMSG (\\d+):(\\d+) @!@!@");
    private static final Pattern END = Pattern.compile("@!@!@ENDMSG (\\d+) @!@!@");

    private TlcOutput() {
    }

    /**
     * @param output everything TLC printed
     * @return its messages in order; runs of plain text between messages become {@link TlcMessage#PLAIN} messages
     */
    public static List<TlcMessage> parse(String output) {
        List<TlcMessage> out = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        int code = TlcMessage.PLAIN;
        int severity = -1;
        for (String line : output.split("\r?\n", -1)) {
            Matcher s = START.matcher(line);
            if (s.find()) {
                String before = line.substring(0, s.start());
                if (!before.isBlank()) {
                    text.append(before).append('\n');
                }
                flush(out, code, severity, text);
                code = Integer.parseInt(s.group(1));
                severity = Integer.parseInt(s.group(2));
                String after = line.substring(s.end());
                if (!after.isEmpty()) {
                    text.append(after).append('\n');
                }
                continue;
            }
            Matcher e = END.matcher(line);
            if (e.find()) {
                text.append(line, 0, e.start());
                flush(out, code, severity, text);
                code = TlcMessage.PLAIN;
                severity = -1;
                continue;
            }
            text.append(line).append('\n');
        }
        flush(out, code, severity, text);
        return out;
    }

    private static void flush(List<TlcMessage> out, int code, int severity, StringBuilder text) {
        String t = text.toString().stripTrailing();
        text.setLength(0);
        if (code == TlcMessage.PLAIN && t.isBlank()) {
            return;
        }
        out.add(new TlcMessage(code, severity, t));
    }
}
