package org.rdmacheck.checker.tlc;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads TLC's {@code -coverage} report: after "The coverage statistics at ..." (message 2201), one
 * line per action, {@code <Name line l, col c to line l2, col c2 of module M>: distinct:generated}
 * (2773 for the initial predicate, 2772 for the actions of the next-state relation), each followed
 * by per-expression counts that are not read. TLC prints the report every interval and once at the
 * end; the last one counts the whole run.
 */
final class TlcCoverage {

    private static final Pattern ACTION = Pattern.compile(
            "^<(\\S+) line (\\d+), col \\d+ to line \\d+, col \\d+ of module (\\w+)>: ([\\d,]+):([\\d,]+)\\s*$");

    private TlcCoverage() {
    }

    /**
     * @param messages TLC's output
     * @return per action, from the last coverage report (empty if there is none)
     */
    static List<ActionCoverage> read(List<TlcMessage> messages) {
        int start = -1;
        for (int i = 0; i < messages.size(); i++) {
            if (messages.get(i).code() == TlcMessage.COVERAGE_START) {
                start = i;
            }
        }
        List<ActionCoverage> out = new ArrayList<>();
        if (start < 0) {
            return out;
        }
        for (TlcMessage m : messages.subList(start + 1, messages.size())) {
            if (m.code() != TlcMessage.COVERAGE_INIT && m.code() != TlcMessage.COVERAGE_NEXT) {
                continue;
            }
            Matcher a = ACTION.matcher(m.text().strip());
            if (a.matches()) {
                out.add(new ActionCoverage(a.group(1), a.group(3), Integer.parseInt(a.group(2)),
                        m.code() == TlcMessage.COVERAGE_INIT, number(a.group(5)), number(a.group(4))));
            }
        }
        return out;
    }

    private static long number(String s) {
        return Long.parseLong(s.replace(",", ""));
    }
}
