package org.rdmacheck.model;

/**
 * A state the model cannot represent: an action went past a bound the model declares (a FIFO
 * over its capacity). Not a bug of the model at the configurations it is written for, and not a
 * verdict on any property: a configuration outside those bounds (a knock-out outside its coverage
 * scope, a parameter the sizes did not foresee) reached it, so the states beyond were not
 * explored. A checker reports the properties it has not settled as inconclusive, naming the bound.
 */
public class BoundExceeded extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** the bound by name, e.g. {@code FIFO completions[0]} */
    private final String bound;
    /** its declared capacity */
    private final int capacity;

    /**
     * @param bound    the bound by name, e.g. {@code FIFO completions[0]}
     * @param capacity its declared capacity
     */
    public BoundExceeded(String bound, int capacity) {
        super(bound + " is over its declared capacity " + capacity);
        this.bound = bound;
        this.capacity = capacity;
    }

    /** @return the bound by name */
    public String bound() {
        return bound;
    }

    /** @return its declared capacity */
    public int capacity() {
        return capacity;
    }
}
