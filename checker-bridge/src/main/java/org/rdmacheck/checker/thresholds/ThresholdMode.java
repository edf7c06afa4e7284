package org.rdmacheck.checker.thresholds;

/** How the PFC threshold is set (seed 004 §4). */
public enum ThresholdMode {
    /** a fixed {@code t_PFC} per ingress queue */
    STATIC,
    /** {@code t_PFC = β(B − p·n·t_flight − s)/divisor}, shrinking as the shared buffer fills */
    DYNAMIC
}
