package org.rdmacheck.model.iofd;

import java.util.List;

/**
 * The state of the IOFD model; the TLA+ twin {@code specs/iofd/Spec.tla} has the same variables.
 *
 * @param queues     per output queue (arcs leaving a switch, in {@link Fabric#queueArc} order): the
 *                   foreground packets, head first (FIFO)
 * @param background per output queue: background packets occupying it (persistent within a run)
 * @param dft        per switch (in {@link Fabric#switchNode} order): its deflected flow table,
 *                   sorted
 * @param sent       per flow: packets the sender has sent of the current transmission
 * @param expected   per flow: the receiver's next expected packet (packets accepted so far)
 * @param failed     failed switches (node ids, ascending)
 */
public record IofdState(List<List<Packet>> queues, List<Integer> background, List<List<DftEntry>> dft,
                        List<Integer> sent, List<Integer> expected, List<Integer> failed) {

    /** Copies every list. */
    public IofdState {
        queues = queues.stream().map(List::copyOf).toList();
        background = List.copyOf(background);
        dft = dft.stream().map(List::copyOf).toList();
        sent = List.copyOf(sent);
        expected = List.copyOf(expected);
        failed = List.copyOf(failed);
    }

    /**
     * @param q queue index
     * @return background plus foreground packets in that queue
     */
    public int length(int q) {
        return background.get(q) + queues.get(q).size();
    }

    /** @return background packets injected so far */
    public int backgroundUsed() {
        int n = 0;
        for (int b : background) {
            n += b;
        }
        return n;
    }

    /**
     * @param packets packets per message
     * @return whether every message has been accepted completely
     */
    public boolean allDelivered(int packets) {
        for (int e : expected) {
            if (e != packets) {
                return false;
            }
        }
        return true;
    }

    /** @return whether every deflected flow table is empty */
    public boolean dftsEmpty() {
        for (List<DftEntry> t : dft) {
            if (!t.isEmpty()) {
                return false;
            }
        }
        return true;
    }
}
