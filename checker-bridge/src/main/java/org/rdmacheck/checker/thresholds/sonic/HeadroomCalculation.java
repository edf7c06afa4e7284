package org.rdmacheck.checker.thresholds.sonic;

import java.util.List;

/**
 * A headroom as one deployed system computes it: its terms and the resulting XOFF (and XON, where
 * the system computes one).
 *
 * @param source    the system and version the formula follows
 * @param terms     each term, in bytes
 * @param xoffBytes the XOFF headroom
 * @param xonBytes  the XON threshold (0 where not computed)
 */
public record HeadroomCalculation(String source, List<CalcTerm> terms, long xoffBytes, long xonBytes) {

    /** Copies the terms. */
    public HeadroomCalculation {
        terms = List.copyOf(terms);
    }
}
