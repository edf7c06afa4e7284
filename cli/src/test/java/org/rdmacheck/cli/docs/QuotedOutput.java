package org.rdmacheck.cli.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Compares what a page quotes with what a command printed, by the doc-check convention: lines in
 * order, word by word, durations matching any duration, {@code …} matching any run of words.
 */
final class QuotedOutput {

    static final String ANY = "…";
    private static final String DURATION_MARK = "\u0000t";
    private static final Pattern DURATION = Pattern.compile(
            "(?<=^|[\\s(\\[=])\\d+(?:\\.\\d+)?(?:ms|us|µs|min|s|h)(?=$|[\\s),;:\\]])");

    private QuotedOutput() {
    }

    /** Collapses runs of spaces and replaces every duration by one mark. */
    static String normalize(String line) {
        String s = line.strip().replaceAll("\\s+", " ");
        return DURATION.matcher(s).replaceAll(DURATION_MARK);
    }

    static Pattern pattern(String quotedLine) {
        String q = normalize(quotedLine);
        StringBuilder re = new StringBuilder();
        String[] pieces = q.split(Pattern.quote(ANY), -1);
        for (int i = 0; i < pieces.length; i++) {
            if (i > 0) {
                re.append(".*");
            }
            String piece = i > 0 ? pieces[i].stripLeading() : pieces[i];
            piece = i < pieces.length - 1 ? piece.stripTrailing() : piece;
            re.append(Pattern.quote(piece));
        }
        return Pattern.compile(re.toString(), Pattern.DOTALL);
    }

    /**
     * @return the first quoted line that does not appear (in order) among the printed lines, if any
     */
    static Optional<String> firstMissing(List<String> quoted, List<String> printed) {
        List<String> out = new ArrayList<>();
        for (String p : printed) {
            out.add(normalize(p));
        }
        int at = 0;
        for (String q : quoted) {
            Pattern p = pattern(q);
            int found = -1;
            for (int i = at; i < out.size(); i++) {
                if (p.matcher(out.get(i)).matches()) {
                    found = i;
                    break;
                }
            }
            if (found < 0) {
                return Optional.of(q);
            }
            at = found + 1;
        }
        return Optional.empty();
    }

    /** @return whether {@code text} occurs in the output, spaces collapsed */
    static boolean contains(String output, String text) {
        return output.replaceAll("\\s+", " ").contains(text.strip().replaceAll("\\s+", " "));
    }
}
