package org.rdmacheck.model.gbn;

/**
 * The responder's loss-recovery state.
 *
 * @param epsn     expected PSN: every PSN below it was accepted and delivered, in order
 * @param nakTimer whether a NAK interval is running (a NAK was sent within the interval), seed 002 II-A
 * @param ceLpsn   Check-EPSN: the LPSN recorded when the last packet arrived out of order, while the
 *                 CE timer runs; -1 when the CE timer is idle (seed 002, III-C)
 */
public record ReceiverState(int epsn, boolean nakTimer, int ceLpsn) {

    /** @return whether the Check-EPSN timer is running */
    public boolean checkEpsnRunning() {
        return ceLpsn >= 0;
    }
}
