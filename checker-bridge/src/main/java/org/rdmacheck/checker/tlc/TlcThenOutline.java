package org.rdmacheck.checker.tlc;

import java.util.Arrays;

/**
 * Entry point of a child JVM that runs TLC and, once TLC has finished, prints the spec's
 * {@link SpecPreflight} outline: one JVM where a preflight child and a TLC child took two.
 * TLC runs first and exactly as {@code tlc2.TLC} alone would ({@code tlc2.TLC.main}, untouched);
 * it ends with {@code System.exit}, and a shutdown hook then loads the spec a second time, as
 * the preflight does, and prints the outline after {@link #BEGIN}. The JVM's start, its loading
 * of TLC's classes and its compiled code serve both, so the outline costs a fraction of a
 * preflight child. It is only for runs whose TLC check does not depend on the outline: a
 * configuration with {@code SYMMETRY} needs the outline before TLC starts
 * ({@link SymmetricProperties}).
 */
public final class TlcThenOutline {

    /** The line after which the child prints the outline: TLC's output ends before it. */
    static final String BEGIN = SpecPreflight.MARKER + "begin";

    private TlcThenOutline() {
    }

    /**
     * @param args the preflight's three arguments (spec folder with a trailing separator, root
     *             module, configuration, as {@link SpecPreflight#main}), then TLC's arguments
     * @throws Exception whatever {@code tlc2.TLC.main} throws
     */
    public static void main(String[] args) throws Exception {
        String[] preflight = Arrays.copyOfRange(args, 0, 3);
        Thread outline = new Thread(() -> {
            System.out.flush();
            System.out.println(BEGIN);
            try {
                SpecPreflight.printOutline(preflight);
            } catch (Throwable t) {
                // a spec or configuration error: TLC has reported it; no symmetry line, so no outline
                System.out.println("preflight failed: " + t);
            }
            System.out.flush();
        }, "rdmacheck-outline");
        Runtime.getRuntime().addShutdownHook(outline);
        tlc2.TLC.main(Arrays.copyOfRange(args, 3, args.length));
    }

    /**
     * @param output everything the child printed
     * @return TLC's part: the output up to the {@link #BEGIN} line
     */
    static String tlcPart(String output) {
        int at = beginAt(output);
        return at < 0 ? output : output.substring(0, at);
    }

    /**
     * @param output everything the child printed
     * @return the outline's part: the output after the {@link #BEGIN} line, empty without one
     */
    static String outlinePart(String output) {
        int at = beginAt(output);
        return at < 0 ? "" : output.substring(at + BEGIN.length());
    }

    /**
     * Routes a child's output as it arrives: TLC's lines to a {@link TlcOutput.Reader}, the outline's
     * (after the {@link #BEGIN} line) kept as text, so TLC's output is read once and never held whole.
     */
    static final class Split implements java.util.function.Consumer<String> {
        private final TlcOutput.Reader tlc = new TlcOutput.Reader();
        private final StringBuilder outline = new StringBuilder();
        private final boolean outlineAfter;
        private boolean inOutline;

        /** @param outlineAfter whether the child prints the outline after TLC's output */
        Split(boolean outlineAfter) {
            this.outlineAfter = outlineAfter;
        }

        @Override
        public synchronized void accept(String line) {
            if (inOutline) {
                outline.append(line).append('\n');
            } else if (outlineAfter && line.startsWith(BEGIN)) {
                inOutline = true;
                outline.append(line, BEGIN.length(), line.length()).append('\n');
            } else {
                tlc.accept(line);
            }
        }

        /** @return TLC's part, read */
        TlcOutput.Reader tlc() {
            return tlc;
        }

        /** @return the outline's part: after the {@link #BEGIN} line, empty without one */
        synchronized String outline() {
            return outline.toString();
        }
    }

    private static int beginAt(String output) {
        int at = output.indexOf(BEGIN);
        while (at > 0 && output.charAt(at - 1) != '\n') {
            at = output.indexOf(BEGIN, at + 1);
        }
        return at;
    }
}
