package org.rdmacheck.checker.thresholds;

import java.util.List;

/**
 * A concrete buffer state that breaks ECN-before-PFC (seed 004 §4's worst case): the ingress queue
 * ({@code ingressPort}, {@code priority}) feeds {@code fedQueues}, one egress queue per port of its
 * priority; no egress queue exceeds {@code t_ECN}, yet the ingress queue has reached {@code t_PFC}.
 * {@code otherQueues} (other priorities, fed by other ingresses) fill the shared buffer and so lower
 * a dynamic {@code t_PFC}.
 *
 * @param ingressPort     the ingress port, 0-based
 * @param priority        its priority, 0-based
 * @param fedQueues       the egress queues it feeds, one per port
 * @param otherQueues     the other non-empty egress queues
 * @param ingressBytes    I, the sum of {@code fedQueues}
 * @param sharedOccupancy s, the sum of all egress queues
 * @param pfcThreshold    t_PFC at occupancy s, as an exact fraction of bytes
 * @param tEcn            the ECN threshold
 */
public record Witness(int ingressPort, int priority, List<EgressQueue> fedQueues, List<EgressQueue> otherQueues,
                      long ingressBytes, long sharedOccupancy, String pfcThreshold, long tEcn) {

    /** Copies the lists. */
    public Witness {
        fedQueues = List.copyOf(fedQueues);
        otherQueues = List.copyOf(otherQueues);
    }
}
