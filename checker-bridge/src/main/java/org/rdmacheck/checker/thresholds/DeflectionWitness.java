package org.rdmacheck.checker.thresholds;

/**
 * A buffer state that breaks Dart's ordering "deflection threshold below ECN" (seed 000 §IV-B): the
 * egress queue ({@code port}, {@code priority}), fed by one ingress queue, holds {@code queueBytes}.
 * That is at least {@code t_ECN}, so arriving packets are ECN-marked and DCQCN's heavy-weight
 * response starts, yet at most the deflection threshold, so IOFD does not deflect (it deflects only
 * above the threshold, seed 000 §IV-B); and the ingress queue is below {@code t_PFC}, so traffic still
 * flows and it is ECN, not PFC, that acts first.
 *
 * @param port         the egress port, 0-based
 * @param priority     its priority, 0-based
 * @param queueBytes   the queue's occupancy (also the ingress's and the shared buffer's)
 * @param tEcnBytes         the ECN threshold
 * @param deflectionBytes   Dart's deflection threshold
 * @param pfcThresholdBytes t_PFC at that occupancy, as an exact fraction of bytes
 */
public record DeflectionWitness(int port, int priority, long queueBytes, long tEcnBytes, long deflectionBytes,
                                String pfcThresholdBytes) {
}
