package org.rdmacheck.checker.thresholds;

import java.util.List;
import java.util.Optional;
import org.rdmacheck.model.InputException;

/**
 * A shared-buffer switch as seed 004 §4 describes it: total shared buffer B, n ports, lossless
 * priorities, MTU, and either the link (from which the headroom {@code t_flight} is computed) or
 * {@code t_flight} given directly. The dynamic threshold's β comes from the chip's allowed set.
 *
 * @param name        a label for reports
 * @param bufferBytes B, total shared buffer
 * @param ports       n
 * @param priorities  lossless PFC priorities (seed 004 uses all 8; PFC has 8 classes)
 * @param mtuBytes    the largest frame; a useful ECN threshold is at least one MTU
 * @param link        the link, when {@code t_flight} is computed
 * @param tFlightGiven {@code t_flight} in bytes when given directly, else 0
 * @param betas       the chip's allowed β values, ascending
 * @param betaDivisor the divisor in {@code t_PFC = β(B − p·n·t_flight − s)/divisor}. Seed 004 writes
 *                    "/8" without saying whether 8 is its priority count or a property of the chip; we
 *                    keep it a chip parameter (default 8), separate from p. With p = 8 both readings agree.
 */
public record SwitchSpec(String name, long bufferBytes, int ports, int priorities, long mtuBytes,
                         Optional<Link> link, long tFlightGiven, List<Beta> betas, int betaDivisor) {

    /** PFC (IEEE 802.1Qbb) has eight priority classes. */
    public static final int MAX_PRIORITIES = 8;

    /** Validates. */
    public SwitchSpec {
        betas = List.copyOf(betas);
        if (bufferBytes <= 0) {
            throw new InputException("buffer = " + bufferBytes + ": expected a positive size");
        }
        if (ports < 1) {
            throw new InputException("ports = " + ports + ": expected at least 1");
        }
        if (priorities < 1 || priorities > MAX_PRIORITIES) {
            throw new InputException("priorities = " + priorities + ": expected 1.." + MAX_PRIORITIES
                    + " (PFC has eight priority classes)");
        }
        if (mtuBytes <= 0) {
            throw new InputException("mtu = " + mtuBytes + ": expected a positive size");
        }
        if (link.isEmpty() && tFlightGiven <= 0) {
            throw new InputException("switch " + name + ": give tFlight (a positive size) or the link (speed and cable)");
        }
        if (tFlightGiven < 0) {
            throw new InputException("tFlight = " + tFlightGiven + ": expected a positive size");
        }
        if (betas.isEmpty()) {
            throw new InputException("betas: expected at least one allowed value");
        }
        if (betaDivisor < 1) {
            throw new InputException("betaDivisor = " + betaDivisor + ": expected at least 1");
        }
    }

    /**
     * @param beta a β
     * @return it
     * @throws InputException if the chip does not allow it
     */
    public Beta requireAllowed(Beta beta) {
        if (!betas.contains(beta)) {
            throw new InputException("beta = " + beta + ": not in the chip's allowed set " + betas);
        }
        return beta;
    }
}
