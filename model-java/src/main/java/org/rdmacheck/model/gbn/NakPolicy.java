package org.rdmacheck.model.gbn;

import org.rdmacheck.model.InputException;

/**
 * How the NAK interval limits NAKs. Seed 002 (II-A) says the receiver "won't generate more NAK in a
 * specific NAK interval for the subsequent wrong packets"; the ns-3 RDMA code the paper's
 * simulations build on sends a NAK when the interval has run out <em>or</em> EPSN differs from the
 * last NAK's. The two readings differ sharply under loss, so both are modelled.
 */
public enum NakPolicy {
    /** at most one NAK per NAK interval, whatever the EPSN (the paper as written) */
    INTERVAL("interval"),
    /** at most one NAK per NAK interval for the same EPSN; a new EPSN is NAKed at once (ns-3) */
    PER_EPSN("epsn");

    private final String word;

    NakPolicy(String word) {
        this.word = word;
    }

    /** @return the policy's name as a parameter value */
    public String word() {
        return word;
    }

    /**
     * @param word {@code interval} or {@code epsn}
     * @return the policy
     * @throws InputException for any other word
     */
    public static NakPolicy of(String word) {
        for (NakPolicy p : values()) {
            if (p.word.equals(word)) {
                return p;
            }
        }
        throw new InputException("nakPolicy = '" + word + "': expected interval or epsn");
    }
}
