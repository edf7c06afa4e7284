package org.rdmacheck.checker;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;

/**
 * One line for a JSON file a user gave that does not parse: where (line and column, when the parser
 * knows) and why. A document nested beyond the parser's limit has no position: it is named as such.
 */
public final class JsonErrors {

    private JsonErrors() {
    }

    /**
     * @param file a file the user named
     * @param e    why it could not be read
     * @return one line: a file that is not UTF-8 text (a binary file) is named as such
     */
    public static String cannotRead(Object file, java.io.IOException e) {
        if (e instanceof java.nio.charset.CharacterCodingException) {
            return file + ": not UTF-8 text (a binary file?): expected a JSON file";
        }
        if (e instanceof java.nio.file.NoSuchFileException) {
            return file + ": no such file";
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return file + ": permission denied";
        }
        return file + ": cannot read: " + e.getMessage();
    }

    /**
     * @param file what was read (a path, or a description)
     * @param e    the parser's exception
     * @return e.g. {@code "t.json: malformed JSON at line 3, column 7: Unexpected character"}
     */
    public static String describe(Object file, JsonProcessingException e) {
        if (e instanceof StreamConstraintsException) {
            String why = String.valueOf(e.getOriginalMessage());
            return file + (why.contains("nesting depth") ? ": JSON nested deeper than 1000 levels"
                    : ": JSON beyond the parser's limits (" + why.replaceAll("\\s*\\(.*", "") + ")")
                    + ": expected a trace or configuration of at most 1000 nested arrays and objects";
        }
        String where = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr() + ", column "
                + e.getLocation().getColumnNr();
        String why = e.getOriginalMessage() == null ? e.getClass().getSimpleName() : e.getOriginalMessage();
        return file + ": malformed JSON" + where + ": " + why.lines().findFirst().orElse("");
    }
}
