package org.rdmacheck.model.examples;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.layout.Expansion;
import org.rdmacheck.model.layout.Field;
import org.rdmacheck.model.layout.Fifo;
import org.rdmacheck.model.layout.Footprint;
import org.rdmacheck.model.layout.LayoutModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.layout.StateLayout;

/**
 * The alternating-bit protocol generalised to sequence numbers modulo {@code modulus}: a textbook
 * reference whose violation appears at a known size. The sender retransmits message i (sequence
 * number i mod modulus) until the receiver has accepted it, then moves on; the channel holds up to
 * {@code capacity} packets, delivers them in any order and may lose them; the receiver accepts a
 * packet whose sequence number is the one it expects.
 *
 * <p>Known answer: with a channel of one packet the protocol delivers in order for every number of
 * messages (a stale copy must leave the channel before the next message enters it). With two
 * packets a stale copy of message 0 can wait until the receiver expects sequence number 0 again:
 * the first wrong acceptance needs {@code messages = modulus} and {@code capacity = 2}.
 *
 * <p>Declared layout: the sender's message, the receiver's count of accepted packets, the channel
 * (a multiset of message numbers kept sorted) and whether a wrong packet was accepted. The count is
 * below {@code messages + capacity}: a send needs {@code accepted <= current < messages}, and after
 * the last send each acceptance takes one of at most {@code capacity} packets from the channel.
 */
public final class AlternatingBit implements LayoutModel {

    private static final int SEND = 0;
    private static final int ADVANCE = 1;
    private static final int RECEIVE = 2;
    private static final int LOSE = 3;

    private final int messages;
    private final int capacity;
    private final int modulus;
    private final StateLayout layout;
    private final Field current;
    private final Field accepted;
    private final Fifo channel;
    private final Field msg;
    private final Field wrong;
    private final LayoutState initial;

    /**
     * @param messages messages to send
     * @param capacity packets the channel holds
     * @param modulus  sequence numbers modulo this (2: the alternating bit)
     */
    public AlternatingBit(int messages, int capacity, int modulus) {
        if (messages < 1 || capacity < 1 || modulus < 2) {
            throw new IllegalArgumentException("messages, capacity >= 1 and modulus >= 2 expected");
        }
        this.messages = messages;
        this.capacity = capacity;
        this.modulus = modulus;
        StateLayout.Builder b = StateLayout.builder();
        current = b.integer("current", 0, messages);
        accepted = b.integer("accepted", 0, messages + capacity);
        msg = StateLayout.Builder.component("msg", 0, messages - 1);
        channel = b.fifo("channel", capacity, msg);
        wrong = b.bool("wrong");
        layout = b.build();
        initial = new LayoutState(layout, new int[layout.maxLength()], 0, layout.header());
    }

    @Override
    public StateLayout layout() {
        return layout;
    }

    @Override
    public List<LayoutState> initialStates() {
        return List.of(initial);
    }

    /**
     * @param s packed values
     * @param o the state's first value
     * @return whether the receiver accepted a packet that was not the message it expected
     */
    public boolean wrong(int[] s, int o) {
        return wrong.is(s, o);
    }

    /**
     * @param s packed values
     * @param o the state's first value
     * @return whether every message was sent and the channel is empty
     */
    public boolean allSent(int[] s, int o) {
        return current.get(s, o) == messages && channel.length(s, o) == 0;
    }

    @Override
    public boolean isFinal(LayoutState s) {
        return s.test(this::allSent);
    }

    @Override
    public PackedModel.Expander expander() {
        Expansion x = new Expansion(layout);
        return (state, offset, sink) -> {
            x.load(state, offset);
            int cur = x.get(current);
            int acc = x.get(accepted);
            int n = x.length(channel);
            if (cur < messages && acc <= cur && n < capacity) {
                x.begin();
                x.append(channel, msg.bits(cur));
                x.sort(channel);
                x.emit(code(SEND, cur, false), sink);
            }
            if (cur < messages && acc > cur) {
                x.begin();
                x.set(current, cur + 1);
                x.emit(code(ADVANCE, cur + 1, false), sink);
            }
            int last = -1;
            for (int i = 0; i < n; i++) {
                int k = msg.of(x.element(channel, i));
                if (k == last) {
                    continue;
                }
                last = k;
                boolean accept = k % modulus == acc % modulus;
                x.begin();
                x.removeAt(channel, i);
                if (accept) {
                    x.set(accepted, acc + 1);
                    x.set(wrong, x.is(wrong) || k != acc);
                }
                x.emit(code(RECEIVE, k, accept), sink);
                x.begin();
                x.removeAt(channel, i);
                x.emit(code(LOSE, k, false), sink);
            }
        };
    }

    private static long code(int kind, int msg, boolean accept) {
        return kind | (accept ? 4 : 0) | (long) msg << 3;
    }

    @Override
    public Action action(long code) {
        int k = (int) (code >>> 3);
        return switch ((int) (code & 3)) {
            case SEND -> Action.of("Send", "msg", k, "seq", k % modulus);
            case ADVANCE -> Action.of("Advance", "msg", k);
            case RECEIVE -> Action.of("Receive", "msg", k, "seq", k % modulus, "accepted", (code & 4) != 0);
            default -> Action.of("Lose", "msg", k);
        };
    }

    @Override
    public List<Footprint> footprints() {
        return List.of(Footprint.of("Send", List.of(current, accepted, channel), List.of(channel)),
                Footprint.of("Advance", List.of(current, accepted), List.of(current)),
                Footprint.of("Receive", List.of(channel, accepted, wrong), List.of(channel, accepted, wrong)),
                Footprint.of("Lose", List.of(channel), List.of(channel)));
    }

    /** The state as traces have always shown it: {@code current}, {@code accepted}, {@code channel}, {@code wrong}. */
    @Override
    public Object view(LayoutState s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("current", s.get(current));
        m.put("accepted", s.get(accepted));
        List<Integer> ch = new ArrayList<>();
        for (int e : s.elements(channel)) {
            ch.add(msg.of(e));
        }
        m.put("channel", ch);
        m.put("wrong", s.is(wrong));
        return m;
    }

    @Override
    public String toString() {
        return "AlternatingBit[messages=" + messages + ", capacity=" + capacity + ", modulus=" + modulus + "]";
    }
}
