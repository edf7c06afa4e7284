package org.rdmacheck.checker.thresholds;

import java.util.Optional;

/**
 * The outcome of searching for a {@link Witness} with Choco.
 *
 * @param status  SATISFIABLE (witness present), UNSATISFIABLE (proven safe) or TIMED_OUT
 * @param witness the witness when satisfiable
 * @param minimal whether the witness's ingress occupancy is proven the least possible
 * @param millis  solver wall time
 */
public record WitnessSearch(SolveStatus status, Optional<Witness> witness, boolean minimal, long millis) {
}
