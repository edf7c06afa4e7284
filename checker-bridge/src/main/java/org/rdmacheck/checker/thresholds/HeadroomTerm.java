package org.rdmacheck.checker.thresholds;

import java.math.BigDecimal;

/**
 * One term of the PFC headroom {@code t_flight}: what arrives at a congested ingress queue after it
 * decides to pause its upstream.
 *
 * @param name     the term's name
 * @param formula  how it was computed, with the values used
 * @param bitTimes its length in bit times (possibly fractional for cable delays)
 */
public record HeadroomTerm(String name, String formula, BigDecimal bitTimes) {
}
