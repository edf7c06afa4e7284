package org.rdmacheck.model.gbn;

import java.util.Map;

/**
 * Result of one point of the simulation grid.
 *
 * @param variant            variant name
 * @param rto                ACK timeout in seconds
 * @param lossRate           loss probability of every packet
 * @param relativeThroughput mean over replications of (lossless time / time), for the same messages
 * @param ciHalfWidth        half-width of the 95% confidence interval of that mean (Student t)
 * @param replications       independent replications
 * @param messages           messages simulated in total
 * @param timeoutsPerMessage ACK timeouts per message
 * @param causes             ACK timeouts by cause
 * @param qpErrors           messages after which a RoCE QP would have gone to the error state (more
 *                           than retry_cnt timeouts in a row without forward progress)
 */
public record SimCell(String variant, double rto, double lossRate, double relativeThroughput, double ciHalfWidth,
                      int replications, long messages, double timeoutsPerMessage, Map<String, Long> causes, long qpErrors) {
    /** Copies the map. */
    public SimCell {
        causes = Map.copyOf(causes);
    }
}
