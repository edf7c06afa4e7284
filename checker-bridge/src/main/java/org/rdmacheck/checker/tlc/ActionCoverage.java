package org.rdmacheck.checker.tlc;

/**
 * How one action (or the initial predicate) fared in a TLC run, as TLC's {@code -coverage} counts it
 * (message 2772, {@code <Action line l, col c to ... of module M>: distinct:generated}).
 *
 * @param action         the action's name ({@code Init} for the initial predicate)
 * @param module         the module that defines it
 * @param line           the line of its definition
 * @param initial        whether it is the initial predicate
 * @param taken          successor states it generated: for an action without internal choice, the number of
 *                       explored states in which it was enabled
 * @param distinctStates states it found that no earlier action had found
 */
public record ActionCoverage(String action, String module, int line, boolean initial, long taken,
                             long distinctStates) {
}
