package org.rdmacheck.model.fabric;

/**
 * One entry of a switch's deflected flow table (seed 000 §IV-A, Fig. 7): searched by the message
 * (and, with the repaired key, by the tokens its packets carried on arrival); its data field is the
 * output port and lane the message's packets take at this switch: a deflection port on VL1, or the
 * escape port on VL0 when lane changes follow IOFD.
 *
 * @param flow   flow (message) index
 * @param tokens tokens of the allocating packet on arrival
 * @param arc    output arc
 * @param lane   output lane (1 deflection, 0 escape)
 */
public record DftSlot(int flow, int tokens, int arc, int lane) implements Comparable<DftSlot> {

    @Override
    public int compareTo(DftSlot o) {
        int c = Integer.compare(flow, o.flow);
        c = c != 0 ? c : Integer.compare(tokens, o.tokens);
        c = c != 0 ? c : Integer.compare(arc, o.arc);
        return c != 0 ? c : Integer.compare(lane, o.lane);
    }
}
