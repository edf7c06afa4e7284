package org.rdmacheck.model.iofd;

/**
 * One entry of a switch's deflected flow table (seed 000 §IV-A, Fig. 7): the searchable field is
 * the message (flow) and, in the paper's design as this model reads it, the deflection tokens the
 * message's packets carried when they reached the switch on this pass; the data field is the
 * output port (here the arc) the message is deflected to.
 *
 * <p>Why the tokens are part of the key: a deflected message may come back to a switch where it
 * was deflected (always so at the destination ToR, which deflects back into the network). Every
 * loop contains a misroute, so each pass carries fewer tokens, and keying the entry by them keeps
 * the passes apart. Keyed by the flow alone (variant {@code flow-keyed}), the last packet frees
 * the entry on its first pass while earlier packets still hit it on their second pass, and a later
 * packet overtakes an earlier one.
 *
 * @param flow   flow (message) index
 * @param tokens tokens of the message's packets on arrival at this switch on the pass that
 *               allocated the entry
 * @param arc    the arc (output port) the message is deflected to
 */
public record DftEntry(int flow, int tokens, int arc) implements Comparable<DftEntry> {

    @Override
    public int compareTo(DftEntry o) {
        int c = Integer.compare(flow, o.flow);
        if (c == 0) {
            c = Integer.compare(tokens, o.tokens);
        }
        return c != 0 ? c : Integer.compare(arc, o.arc);
    }
}
