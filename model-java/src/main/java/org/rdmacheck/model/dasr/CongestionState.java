package org.rdmacheck.model.dasr;

/**
 * The three states of Dart's receiver machine (seed 000, III-C, Figure 5).
 *
 * <p>In {@link #ReceiverCongestion} the ACKs carry n = |AUSS| and ECN marks are suppressed (DASR);
 * in {@link #NonReceiverCongestion} n = 1 and ECN marks go back to the senders (DCQCN fall-back);
 * in {@link #NoCongestion} there are no marks to forward and the ACKs carry n = |AUSS|.
 */
public enum CongestionState {
    /** no ECN marks in the last observation window */
    NoCongestion,
    /** ECN marks and receive throughput at line rate: DASR apportions the rates */
    ReceiverCongestion,
    /** ECN marks and receive throughput below line rate: DCQCN fall-back with n = 1 */
    NonReceiverCongestion
}
