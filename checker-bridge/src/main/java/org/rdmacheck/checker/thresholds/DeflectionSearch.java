package org.rdmacheck.checker.thresholds;

import java.util.Optional;

/**
 * The outcome of searching with Choco for a {@link DeflectionWitness}: a queue that ECN-marks before
 * Dart deflects.
 *
 * @param status  SATISFIABLE (witness present), UNSATISFIABLE (the ordering holds) or TIMED_OUT
 * @param witness the witness when satisfiable: the least such occupancy
 * @param millis  solver wall time
 */
public record DeflectionSearch(SolveStatus status, Optional<DeflectionWitness> witness, long millis) {
}
