package org.rdmacheck.model.fabric;

import java.util.List;

/**
 * One move a switch may give an arriving packet.
 *
 * @param out          the arc the packet is queued on
 * @param lane         the lane it joins
 * @param packet       the packet as queued (a token spent if misrouted)
 * @param kind         what the switch did
 * @param table        the switch's DFT afterwards
 * @param ecnMarked    whether the buffer it joins is at or above the ECN threshold
 * @param couldDeflect whether the packet could have been deflected here had the threshold allowed
 *                     it: a first packet with tokens, a free DFT entry and another port with room
 */
public record Hop(int out, int lane, FabricPacket packet, Kind kind, List<DftSlot> table, boolean ecnMarked,
                  boolean couldDeflect) {

    /** What a switch does with a packet. */
    public enum Kind {
        /** ECMP on VL1 */
        NORMAL("normal", false),
        /** deflected to the port of a matching DFT entry */
        DFT_HIT("dft-hit", true),
        /** a first packet chosen for deflection; a DFT entry is allocated */
        ALLOCATE("deflect-allocate", true),
        /** a blocked VL1 packet moves to the escape lane (lane change with no ordering rule) */
        ESCAPE("escape", false),
        /** a blocked first packet moves to the escape lane and records it in the DFT */
        ESCAPE_ALLOCATE("escape-allocate", false),
        /** a packet follows its message's DFT entry onto the escape lane */
        ESCAPE_FOLLOW("escape-follow", false),
        /** up*&#47;down* on the escape lane */
        ESCAPE_FORWARD("escape-forward", false),
        /** a VL0 packet goes back to VL1 on its ECMP port (only with the no-return rule knocked out) */
        RETURN("vl0-return", false);

        private final String label;
        private final boolean misroute;

        Kind(String label, boolean misroute) {
            this.label = label;
            this.misroute = misroute;
        }

        /** @return the name in traces */
        public String label() {
            return label;
        }

        /** @return whether the move misroutes the packet (spends a token) */
        public boolean misroute() {
            return misroute;
        }
    }
}
