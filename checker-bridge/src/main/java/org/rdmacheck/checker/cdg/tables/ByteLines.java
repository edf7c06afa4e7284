package org.rdmacheck.checker.cdg.tables;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Lines of a large text file as bytes, without a String per line: forwarding-table dumps of a
 * large fabric run to millions of rows. {@link #next()} fills {@link #buf} from 0 to
 * {@link #length} (no line terminator) and counts {@link #number}.
 */
final class ByteLines {

    private final InputStream in;
    private final byte[] chunk = new byte[1 << 16];
    private int pos;
    private int lim;
    byte[] buf = new byte[256];
    int length;
    int number;

    ByteLines(InputStream in) {
        this.in = in;
    }

    /** @return whether a line was read */
    boolean next() throws IOException {
        length = 0;
        boolean any = false;
        while (true) {
            if (pos == lim) {
                lim = in.read(chunk);
                pos = 0;
                if (lim <= 0) {
                    lim = 0;
                    if (any) {
                        number++;
                    }
                    return any;
                }
            }
            any = true;
            byte b = chunk[pos++];
            if (b == '\n') {
                if (length > 0 && buf[length - 1] == '\r') {
                    length--;
                }
                number++;
                return true;
            }
            if (length == buf.length) {
                buf = java.util.Arrays.copyOf(buf, length * 2);
            }
            buf[length++] = b;
        }
    }

    /** @return the line as a String */
    String text() {
        return new String(buf, 0, length, StandardCharsets.UTF_8);
    }

    /** @return whether the line starts with {@code prefix} */
    boolean startsWith(String prefix) {
        if (length < prefix.length()) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (buf[i] != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
