package org.rdmacheck.model.escapevl;

import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.model.InputException;

/**
 * The packets of a run: messages from a source switch to a destination switch, each of one or
 * more packets injected in sequence. Written {@code SRC>DST:PACKETS} separated by commas, e.g.
 * {@code s1>s2:2,s2>s1:1}. Packet ids are assigned message by message.
 */
public final class Workload {

    private final int[] source;
    private final int[] destination;
    private final int[] message;
    private final int[] sequence;
    private final int messages;
    private final String text;

    private Workload(List<int[]> packets, int messages, String text) {
        this.source = packets.stream().mapToInt(a -> a[0]).toArray();
        this.destination = packets.stream().mapToInt(a -> a[1]).toArray();
        this.message = packets.stream().mapToInt(a -> a[2]).toArray();
        this.sequence = packets.stream().mapToInt(a -> a[3]).toArray();
        this.messages = messages;
        this.text = text;
    }

    /**
     * @param text    {@code SRC>DST:PACKETS,...}
     * @param network the network naming the switches
     * @return the workload
     * @throws InputException for a malformed item, an unknown switch, a message to itself or more
     *                        than 8 packets
     */
    public static Workload parse(String text, EscapeNetwork network) {
        List<int[]> packets = new ArrayList<>();
        int m = 0;
        for (String item : text.split(",")) {
            String it = item.trim();
            int gt = it.indexOf('>');
            int colon = it.indexOf(':');
            if (gt <= 0 || colon < gt) {
                throw new InputException("workload item '" + it + "': expected SRC>DST:PACKETS");
            }
            int src = network.switchId(it.substring(0, gt));
            int dst = network.switchId(it.substring(gt + 1, colon));
            int count;
            try {
                count = Integer.parseInt(it.substring(colon + 1));
            } catch (NumberFormatException e) {
                count = -1;
            }
            if (count < 1 || src == dst) {
                throw new InputException("workload item '" + it + "': expected distinct switches and PACKETS >= 1");
            }
            for (int i = 0; i < count; i++) {
                packets.add(new int[] {src, dst, m, i});
            }
            m++;
        }
        if (packets.size() > 8) {
            throw new InputException("workload '" + text + "': " + packets.size() + " packets, expected at most 8");
        }
        return new Workload(packets, m, text);
    }

    /** @return number of packets */
    public int size() {
        return source.length;
    }

    /** @return number of messages */
    public int messages() {
        return messages;
    }

    /** @param p packet  @return its source switch */
    public int source(int p) {
        return source[p];
    }

    /** @param p packet  @return its destination switch */
    public int destination(int p) {
        return destination[p];
    }

    /** @param p packet  @return its message */
    public int message(int p) {
        return message[p];
    }

    /** @param p packet  @return its position in its message */
    public int sequence(int p) {
        return sequence[p];
    }

    /**
     * @param p      a packet at its source
     * @param status packet statuses
     * @return whether every earlier packet of its message has been injected
     */
    public boolean nextToInject(int p, List<Integer> status) {
        return sequence[p] == 0 || status.get(p - 1) != EscapeVl.AT_SOURCE;
    }

    /**
     * @param p      a packet
     * @param status packet statuses
     * @return whether every earlier packet of its message has been delivered
     */
    public boolean oldestInFlight(int p, List<Integer> status) {
        for (int q = p - sequence[p]; q < p; q++) {
            if (status.get(q) != EscapeVl.DELIVERED) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return text;
    }
}
