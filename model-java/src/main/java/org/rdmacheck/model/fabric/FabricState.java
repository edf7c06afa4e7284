package org.rdmacheck.model.fabric;

import java.util.List;

/**
 * A state of the composed fabric model.
 *
 * @param buffers    per buffer {@code 2 * bufferedArc + lane} (lane 0 is the escape lane VL0,
 *                   lane 1 the normal lane VL1): the foreground packets that crossed the arc and
 *                   wait at its downstream node, head first
 * @param background per buffer: background packets occupying it (persistent congestion)
 * @param dft        per node (hosts keep an empty one): the switch's deflected flow table, sorted
 * @param sent       per flow: packets sent of the current transmission
 * @param expected   per flow: the receiver's next expected packet
 * @param failed     the failed element ({@link FabricNet#NONE} if none)
 */
public record FabricState(List<List<FabricPacket>> buffers, List<Integer> background, List<List<DftSlot>> dft,
                          List<Integer> sent, List<Integer> expected, int failed) {

    /** Copies every list. */
    public FabricState {
        buffers = buffers.stream().map(List::copyOf).toList();
        background = List.copyOf(background);
        dft = dft.stream().map(List::copyOf).toList();
        sent = List.copyOf(sent);
        expected = List.copyOf(expected);
    }

    /**
     * @param buffer a buffer index
     * @return packets in it, background included
     */
    public int occupancy(int buffer) {
        return background.get(buffer) + buffers.get(buffer).size();
    }

    /** @return background packets injected so far */
    public int backgroundUsed() {
        return background.stream().mapToInt(Integer::intValue).sum();
    }

    /**
     * @param packets packets per message
     * @return whether every message is accepted completely
     */
    public boolean allDelivered(int packets) {
        return expected.stream().allMatch(e -> e == packets);
    }

    /** @return whether every DFT is empty */
    public boolean dftsEmpty() {
        return dft.stream().allMatch(List::isEmpty);
    }

    /**
     * @param flow a flow
     * @return whether a packet of it is in some buffer
     */
    public boolean inFlight(int flow) {
        for (List<FabricPacket> b : buffers) {
            for (FabricPacket p : b) {
                if (p.flow() == flow) {
                    return true;
                }
            }
        }
        return false;
    }
}
