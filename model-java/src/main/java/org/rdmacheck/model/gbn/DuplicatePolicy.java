package org.rdmacheck.model.gbn;

import org.rdmacheck.model.InputException;

/**
 * What the receiver does with a duplicate packet (PSN below EPSN) that carries an ACK request.
 * The InfiniBand specification requires it to be acknowledged again; some simulators ignore it.
 */
public enum DuplicatePolicy {
    /** acknowledge a duplicate that requests an ACK again (InfiniBand) */
    ACK("ack"),
    /** drop every duplicate silently (what some simulators do) */
    IGNORE("ignore");

    private final String word;

    DuplicatePolicy(String word) {
        this.word = word;
    }

    /** @return the policy's name as a parameter value */
    public String word() {
        return word;
    }

    /**
     * @param word {@code ack} or {@code ignore}
     * @return the policy
     * @throws InputException for any other word
     */
    public static DuplicatePolicy of(String word) {
        for (DuplicatePolicy p : values()) {
            if (p.word.equals(word)) {
                return p;
            }
        }
        throw new InputException("duplicates = '" + word + "': expected ack or ignore");
    }
}
