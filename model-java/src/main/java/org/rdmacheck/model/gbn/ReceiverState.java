package org.rdmacheck.model.gbn;

/**
 * The responder's loss-recovery state.
 *
 * @param epsn     expected PSN: every PSN below it was accepted and delivered, in order
 * @param nakTimer whether a NAK interval is running (a NAK was sent within the interval), seed 002 II-A
 * @param ceLpsn   Check-EPSN: the LPSN recorded when the last packet arrived out of order, while the
 *                 CE timer runs; -1 when the CE timer is idle (seed 002, III-C)
 * @param lastNak  under {@link NakPolicy#PER_EPSN}: the EPSN of the last NAK sent, -1 if none; always
 *                 -1 under {@link NakPolicy#INTERVAL}
 */
public record ReceiverState(int epsn, boolean nakTimer, int ceLpsn, int lastNak) {

    /** @return whether the Check-EPSN timer is running */
    public boolean checkEpsnRunning() {
        return ceLpsn >= 0;
    }
}
