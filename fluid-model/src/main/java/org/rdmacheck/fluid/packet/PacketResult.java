package org.rdmacheck.fluid.packet;

/**
 * Samples of a packet-level run, in user units.
 *
 * @param sampleMicros     sample interval; sample i is at time i · sampleMicros
 * @param rateGbps         [flow][sample] the RP's current rate R_C at the sample time
 * @param throughputGbps   [flow][sample] rate delivered to the receiver during [i, i+1) intervals
 * @param queueKB          [sample] mean bottleneck queue seen by packets arriving in [i, i+1) intervals
 * @param packets          packets sent
 */
public record PacketResult(double sampleMicros, double[][] rateGbps, double[][] throughputGbps, double[] queueKB,
                           long packets) {
}
