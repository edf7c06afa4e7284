package org.rdmacheck.model.gbn;

import java.util.List;

/**
 * The simulated transfer of one message.
 *
 * @param seconds  from the first transmission to the ACK of the last packet
 * @param causes   the cause of each ACK timeout, in order (seed 002 III-A words, or a new cause)
 * @param draws    packets (data and control) put on the wire, each one a loss draw
 * @param losses   packets (data and control) the network dropped
 * @param qpError  more than retry_cnt ACK timeouts came in a row without forward progress: a RoCE QP
 *                 would have gone to the error state (the simulation carries on, so that the
 *                 throughput figures stay comparable)
 */
public record MessageOutcome(double seconds, List<String> causes, long draws, int losses, boolean qpError) {
    /** Copies the list. */
    public MessageOutcome {
        causes = List.copyOf(causes);
    }
}
