package org.rdmacheck.model.gbn.timed;

/** The order in which a channel delivers the packets in it. */
public enum Delivery {
    /** first in, first out: a single path */
    FIFO,
    /** any packet whose delay is within the bounds, whatever its order: several paths (bounded reordering) */
    REORDER
}
