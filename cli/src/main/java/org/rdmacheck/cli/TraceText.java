package org.rdmacheck.cli;

import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.TraceStep;

/** Formats a counterexample for reading in a terminal: one line per step. */
final class TraceText {

    private TraceText() {
    }

    /**
     * @param cex a counterexample
     * @return the text: a header, then "step k: action -> state", then the loop or the note
     */
    static String format(Counterexample cex) {
        StringBuilder b = new StringBuilder();
        b.append(String.format("%s violated (%s, %s, by %s)%n", cex.property(), cex.kind(),
                org.rdmacheck.checker.Counts.of(cex.length(), "step"),
                cex.provenance().checker()));
        for (int k = 0; k < cex.steps().size(); k++) {
            TraceStep s = cex.steps().get(k);
            b.append(String.format("  step %d: %s -> %s%n", k, s.action() == null ? "initial" : s.action(),
                    s.state().toString()));
        }
        if (cex.loopStart() >= 0) {
            b.append(String.format("  ... and back to step %d (a lasso)%n", cex.loopStart()));
        }
        if (!cex.note().isEmpty()) {
            b.append("  note: ").append(cex.note()).append('\n');
        }
        return b.toString();
    }
}
