package org.rdmacheck.cli.gbn;

import java.util.List;
import java.util.Map;

/**
 * One variant's line of {@code rdmacheck gbn-table}.
 *
 * @param variant        variant name
 * @param duplicates     duplicate policy ({@code ack} or {@code ignore})
 * @param leastLosses    the least loss budget L for which NoTimeout fails; -1 if none up to the maximum tried
 * @param distinctStates distinct states of the exhaustive check at that L
 * @param wallMillis     time of the whole row (budget search, check and classification)
 * @param shortestLength steps of the shortest counterexample
 * @param shortestFile   its file, or null when not saved
 * @param patterns       every loss pattern at L that ends in a first timeout, classified
 * @param labelCounts    patterns per classification
 */
public record GbnTableRow(String variant, String duplicates, int leastLosses, long distinctStates, long wallMillis,
                          int shortestLength, String shortestFile, List<Pattern> patterns,
                          Map<String, Integer> labelCounts) {

    /** Copies the lists. */
    public GbnTableRow {
        patterns = List.copyOf(patterns);
        labelCounts = Map.copyOf(labelCounts);
    }

    /**
     * One classified loss pattern.
     *
     * @param losses      the losses, e.g. {@code [DATA(1), NAK(1)]}
     * @param label       seed causes joined by "+", or a new cause's name
     * @param newCause    whether no seed cause fits
     * @param traceLength steps of its shortest trace
     * @param trace       the trace as text (one step per line) for new causes; empty otherwise
     * @param file        where its trace was stored (one per label), or null
     */
    public record Pattern(String losses, String label, boolean newCause, int traceLength, List<String> trace,
                          String file) {
        /** Copies the trace. */
        public Pattern {
            trace = List.copyOf(trace);
        }
    }
}
