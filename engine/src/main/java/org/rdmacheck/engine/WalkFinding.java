package org.rdmacheck.engine;

/**
 * A violation a random walk met: which walk, after how many steps, the path there as successor
 * ordinals (the position of the chosen transition among those the model emits, as the breadth-first
 * search's predecessor index records them) and, for an action property, the ordinal of the bad step.
 *
 * @param walk     the walk's number
 * @param initial  the ordinal of the walk's initial state
 * @param ordinals the successor ordinals of the steps taken to the state where the violation shows
 * @param badStep  for an action property, the ordinal of the violating step from that state; -1 otherwise
 */
record WalkFinding(long walk, int initial, int[] ordinals, int badStep) {

    /** @return the order of findings: by walk, then by the length of the path in it */
    long key() {
        return walk * (1L << 20) + ordinals.length;
    }
}
