package org.rdmacheck.checker.cdg;

/**
 * One hop of a concrete route: the channel taken and why.
 *
 * @param arc  the arc, {@code A->B}
 * @param lane the virtual lane
 * @param move {@code inject}, {@code route}, {@code reroute} (around a failed link),
 *             {@code deflect}, {@code to-escape} or {@code from-escape}
 */
public record Hop(String arc, int lane, String move) {
}
