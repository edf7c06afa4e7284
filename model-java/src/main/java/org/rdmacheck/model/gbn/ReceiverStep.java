package org.rdmacheck.model.gbn;

import java.util.Optional;

/**
 * What one receiver event did: the new state, the control packet it sends (if any), whether it
 * delivered a packet to the application, and which timers a timed simulation must (re)arm.
 *
 * @param state          the receiver's new state
 * @param reply          the ACK or NAK sent, if any
 * @param delivered      whether the packet was accepted and delivered
 * @param nakIntervalStarted a NAK was sent, so a new NAK interval starts
 * @param ceRecorded     CE: the last packet arrived out of order; the CE timer is set to what is left
 *                       of the NAK interval (seed 002, III-C)
 * @param ceRestarted    CE: the CE timer is set to the full NAK interval again
 */
public record ReceiverStep(ReceiverState state, Optional<Ctrl> reply, boolean delivered, boolean nakIntervalStarted,
                           boolean ceRecorded, boolean ceRestarted) {

    /** @param state the state  @return a step that changes nothing else */
    static ReceiverStep quiet(ReceiverState state) {
        return new ReceiverStep(state, Optional.empty(), false, false, false, false);
    }
}
