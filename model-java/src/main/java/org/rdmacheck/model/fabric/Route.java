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
    OVERWRITE("deflect-overwrite", true);

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

    /** @return whether the move misroutes the packet (spends a token) */
    public boolean misroute() {
        return misroute;
    }
}
