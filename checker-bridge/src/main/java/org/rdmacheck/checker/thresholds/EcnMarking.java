package org.rdmacheck.checker.thresholds;

/**
 * Whether a lossless queue marks green packets with ECN: the side of {@code EcnMarksGreen}, a state
 * and not a number (seed 004 §4 needs ECN to fire before PFC, so it must be {@link #ON}).
 */
public enum EcnMarking implements Inequality.Side {
    /** the queue's WRED profile marks green packets */
    ON,
    /** no WRED profile, or one that does not mark green packets */
    OFF
}
