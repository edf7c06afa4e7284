package org.rdmacheck.checker.thresholds.sonic;

/**
 * A lossless PG whose headroom overflows: once the PG has sent XOFF, the bytes still arriving before
 * the peer stops (SONiC's own calculation of them) exceed the configured headroom, so packets of a
 * lossless priority are dropped.
 *
 * @param port                    the port
 * @param priority                the lossless priority
 * @param profile                 the BUFFER_PROFILE
 * @param headroomBytes           the configured xoff headroom, full when the PG overflows
 * @param arrivingAfterXoffBytes  what arrives after XOFF, as SONiC computes it
 * @param droppedBytes            arriving minus headroom
 */
public record HeadroomWitness(String port, int priority, String profile, long headroomBytes,
                              long arrivingAfterXoffBytes, long droppedBytes) {
}
