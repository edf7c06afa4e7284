package org.rdmacheck.model.gbn;

/**
 * The requester's loss-recovery state.
 *
 * @param next the next PSN to transmit
 * @param una  the oldest unacknowledged PSN: every PSN below it is released
 */
public record SenderState(int next, int una) {
}
