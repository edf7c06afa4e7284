package org.rdmacheck.model.escapevl;

import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.model.StateCodec;
import org.rdmacheck.model.Words;

/**
 * Packed encoding of {@link EscapeVl.State}, a fixed number of 32-bit values per model:
 * <ul>
 *   <li>the buffers, two to a value (buffer {@code b} in bits {@code 16 * (b % 2)} of value
 *       {@code b / 2}): up to four 4-bit slots holding {@code packet + 1}, the head in the lowest
 *       slot, 0 past the tail;</li>
 *   <li>the packets, four to a value, a byte each: {@code status | tokens << 2};</li>
 *   <li>the messages, four to a value, a byte each: {@code escapeAt + 1}.</li>
 * </ul>
 * The sizes bound every field: at most 8 packets ({@link Workload}), capacity and tokens at most 4
 * ({@link EscapeVl}), and {@link #fits} at most 254 switches.
 */
public final class EscapeVlCodec implements StateCodec<EscapeVl.State> {

    private final int buffers;
    private final int packets;
    private final int messages;
    private final int packetBase;
    private final int messageBase;
    private final int length;

    /**
     * @param model the model whose states these are
     */
    EscapeVlCodec(EscapeVl model) {
        this.buffers = model.network().arcCount() * model.rules().lanes();
        this.packets = model.workload().size();
        this.messages = model.workload().messages();
        this.packetBase = (buffers + 1) / 2;
        this.messageBase = packetBase + (packets + 3) / 4;
        this.length = messageBase + (messages + 3) / 4;
    }

    /**
     * @param model a model
     * @return whether its states fit the encoding's fields
     */
    static boolean fits(EscapeVl model) {
        return model.network().switchCount() <= 254 && model.workload().size() <= 14 && model.capacity() <= 4
                && model.tokens() <= 63;
    }

    /** @return the number of values of every state */
    public int length() {
        return length;
    }

    /** @return the number of buffers */
    int buffers() {
        return buffers;
    }

    /** @return index of the first packet value */
    int packetBase() {
        return packetBase;
    }

    /** @return index of the first message value */
    int messageBase() {
        return messageBase;
    }

    /**
     * @param s      packed values
     * @param offset the state's first
     * @param p      a packet
     * @return its status ({@link EscapeVl#AT_SOURCE}, {@link EscapeVl#IN_FLIGHT}, {@link EscapeVl#DELIVERED})
     */
    public int status(int[] s, int offset, int p) {
        return s[offset + packetBase + (p >> 2)] >>> ((p & 3) << 3) & 3;
    }

    /**
     * @param s      packed values
     * @param offset the state's first
     * @return whether every packet is delivered
     */
    public boolean allDelivered(int[] s, int offset) {
        for (int p = 0; p < packets; p++) {
            if (status(s, offset, p) != EscapeVl.DELIVERED) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void encode(EscapeVl.State s, Words out) {
        List<List<Integer>> bs = s.buffers();
        for (int b = 0; b < buffers; b += 2) {
            out.put(slots(bs.get(b)) | (b + 1 < buffers ? slots(bs.get(b + 1)) << 16 : 0));
        }
        for (int p = 0; p < packets; p += 4) {
            int v = 0;
            for (int i = 0; i < 4 && p + i < packets; i++) {
                v |= (s.status().get(p + i) | s.tokens().get(p + i) << 2) << (i << 3);
            }
            out.put(v);
        }
        for (int m = 0; m < messages; m += 4) {
            int v = 0;
            for (int i = 0; i < 4 && m + i < messages; i++) {
                v |= (s.escapeAt().get(m + i) + 1) << (i << 3);
            }
            out.put(v);
        }
    }

    private static int slots(List<Integer> q) {
        if (q.size() > 4) {
            throw new IllegalArgumentException("buffer of " + q.size() + " packets: the encoding holds at most 4");
        }
        int v = 0;
        for (int i = 0; i < q.size(); i++) {
            v |= (q.get(i) + 1) << (i << 2);
        }
        return v;
    }

    @Override
    public EscapeVl.State decode(Words.Reader in) {
        int[] v = new int[length];
        for (int i = 0; i < length; i++) {
            v[i] = in.next();
        }
        List<List<Integer>> bs = new ArrayList<>(buffers);
        for (int b = 0; b < buffers; b++) {
            List<Integer> q = new ArrayList<>(4);
            for (int slots = v[b >> 1] >>> ((b & 1) << 4) & 0xFFFF; slots != 0; slots >>>= 4) {
                q.add((slots & 15) - 1);
            }
            bs.add(q);
        }
        List<Integer> status = new ArrayList<>(packets);
        List<Integer> tokens = new ArrayList<>(packets);
        for (int p = 0; p < packets; p++) {
            int x = v[packetBase + (p >> 2)] >>> ((p & 3) << 3) & 0xFF;
            status.add(x & 3);
            tokens.add(x >>> 2);
        }
        List<Integer> escapeAt = new ArrayList<>(messages);
        for (int m = 0; m < messages; m++) {
            escapeAt.add((v[messageBase + (m >> 2)] >>> ((m & 3) << 3) & 0xFF) - 1);
        }
        return new EscapeVl.State(bs, status, tokens, escapeAt);
    }
}
