package org.rdmacheck.model.fabric;

/** What a switch does with a packet it forwards (seed 000 §IV-A Fig. 7, §IV-B): a move's kind in traces. */
public enum Route {
    /** ECMP on VL1 */
    NORMAL("normal", false),
    /** {@code Deflect} by a matching DFT entry: to the entry's port */
    DFT_HIT("dft-hit", true),
    /** {@code Deflect}: a first packet chosen for deflection; a DFT entry is allocated */
    ALLOCATE("deflect-allocate", true),
    /** {@code EscapeToVl0}: a blocked VL1 packet moves to the escape lane (lane change with no ordering rule) */
    ESCAPE("escape", false),
    /** {@code EscapeToVl0}: a blocked first packet moves to the escape lane and records it in the DFT */
    ESCAPE_ALLOCATE("escape-allocate", false),
    /** a packet follows its message's DFT entry onto the escape lane */
    ESCAPE_FOLLOW("escape-follow", false),
    /** up*&#47;down* on the escape lane */
    ESCAPE_FORWARD("escape-forward", false),
    /** a VL0 packet goes back to VL1 on its ECMP port (only with the no-return rule knocked out) */
    RETURN("vl0-return", false),
    /** {@code Deflect} without a DFT (rules no-dft): the packet alone is misrouted */
    PER_PACKET("deflect-packet", true),
    /** {@code Deflect} with a full DFT (rules overwrite): an entry is overwritten */
    OVERWRITE("deflect-overwrite", true),
    /**
     * queueing egress, escape-at head: the head of a VL1 egress FIFO whose lane is paused moves to the
     * escape lane at the switch holding it, as {@link #ESCAPE} (seed 000 §IV-B)
     */
    HEAD_ESCAPE("head-escape", false),
    /** queueing egress, escape-at head: as {@link #ESCAPE_ALLOCATE}, from the head of a paused VL1 egress FIFO */
    HEAD_ESCAPE_ALLOCATE("head-escape-allocate", false),
    /** queueing egress, escape-at head: as {@link #ESCAPE_FOLLOW}, from the head of a paused VL1 egress FIFO */
    HEAD_ESCAPE_FOLLOW("head-escape-follow", false);

    private final String label;
    private final boolean misroute;

    Route(String label, boolean misroute) {
        this.label = label;
        this.misroute = misroute;
    }

    /** @return the name in traces */
    public String label() {
        return label;
    }

    /** @return whether the switch chose to deflect the packet (rather than follow a DFT entry or ECMP) */
    public boolean chosen() {
        return this == ALLOCATE || this == PER_PACKET || this == OVERWRITE;
    }

    /**
     * @return whether the move is decided at the switch that holds the packet in an egress FIFO (the
     *         arc's upstream end), not at the switch the packet arrives at
     */
    public boolean atHead() {
        return this == HEAD_ESCAPE || this == HEAD_ESCAPE_ALLOCATE || this == HEAD_ESCAPE_FOLLOW;
    }

    /**
     * @return the move's kind when decided at the head of a paused VL1 egress FIFO: the escape moves'
     *         head kinds, itself otherwise
     */
    Route atHeadOf() {
        return switch (this) {
            case ESCAPE -> HEAD_ESCAPE;
            case ESCAPE_ALLOCATE -> HEAD_ESCAPE_ALLOCATE;
            case ESCAPE_FOLLOW -> HEAD_ESCAPE_FOLLOW;
            default -> this;
        };
    }

    /** @return whether the move misroutes the packet (spends a token) */
    public boolean misroute() {
        return misroute;
    }
}
