package org.rdmacheck.checker.thresholds;

/**
 * One egress queue's occupancy in a witness.
 *
 * @param port     egress port, 0-based
 * @param priority PFC priority, 0-based
 * @param bytes    occupancy
 */
public record EgressQueue(int port, int priority, long bytes) {
}
