package org.rdmacheck.checker.cdg.tables;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.rdmacheck.model.InputException;

/**
 * The text files the table readers take (ibnetdiscover output, SL-to-VL dumps, SL lists): read as
 * UTF-8, and a file that is not text named with the line and byte where it stops being so; and
 * short, escaped excerpts of a line for messages, so that a binary file never echoes raw bytes to
 * the terminal.
 */
final class TextFiles {

    /** The most characters of a line quoted in a message. */
    static final int EXCERPT = 40;

    private TextFiles() {
    }

    /**
     * @param file the file
     * @param what what it is, for messages ({@code topology file})
     * @return its lines
     * @throws InputException naming the file and, for a file that is not UTF-8, the line and byte offset
     */
    static List<String> readLines(Path file, String what) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new InputException(what + " '" + file + "': cannot read (" + e.getMessage() + ")", e);
        }
        CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        try {
            return utf8.decode(in).toString().lines().toList();
        } catch (CharacterCodingException e) {
            // the decoder stops at the first byte it cannot read: the buffer's position
            int at = in.position();
            int line = 1;
            for (int i = 0; i < at; i++) {
                if (bytes[i] == '\n') {
                    line++;
                }
            }
            throw new InputException(String.format(Locale.ROOT, "%s '%s' line %d, byte %d: not UTF-8 text (byte 0x%02x):"
                    + " expected the tool's text output", what, file, line, at, bytes[at] & 0xff), e);
        }
    }

    /**
     * @param line a line of an input file
     * @return at most {@link #EXCERPT} characters of it, characters other than printable ASCII written
     *         as {@code \xNN} or {@code \}{@code uNNNN}, and {@code ...} if it was cut
     */
    static String excerpt(String line) {
        StringBuilder b = new StringBuilder();
        int n = Math.min(line.length(), EXCERPT);
        for (int i = 0; i < n; i++) {
            char c = line.charAt(i);
            if (c >= 0x20 && c < 0x7f) {
                b.append(c);
            } else if (c < 0x100) {
                b.append(String.format(Locale.ROOT, "\\x%02x", (int) c));
            } else {
                b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            }
        }
        return line.length() > EXCERPT ? b + "..." : b.toString();
    }
}
