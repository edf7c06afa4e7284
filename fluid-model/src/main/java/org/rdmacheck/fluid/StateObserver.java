package org.rdmacheck.fluid;

/**
 * Receives the solution at the end of every accepted step (and at time 0), in model units
 * (packets, packets/µs, µs). The array is only valid during the call.
 */
@FunctionalInterface
public interface StateObserver {

    /**
     * @param timeMicros simulated time
     * @param state      the state vector, indexed by {@link StateLayout}
     */
    void observe(double timeMicros, double[] state);
}
