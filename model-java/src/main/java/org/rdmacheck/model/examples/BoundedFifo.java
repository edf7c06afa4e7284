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
 * A producer sends messages 0..M-1 through a FIFO channel of capacity C to a consumer. A textbook
 * reference model with a closed-form state count: sum over s = 0..M of (min(C, s) + 1). With
 * {@code reorder} the channel may swap its two oldest messages, which breaks in-order delivery.
 * Written on a declared layout: the messages sent, the channel (a FIFO of message numbers), the
 * last message received (-1 if none) and whether every message so far came in order.
 */
public final class BoundedFifo implements LayoutModel {

    private static final int SEND = 0;
    private static final int RECEIVE = 1;
    private static final int SWAP = 2;

    private final int messages;
    private final int capacity;
    private final boolean reorder;
    private final StateLayout layout;
    private final Field sent;
    private final Fifo channel;
    private final Field msg;
    private final Field received;
    private final Field inOrder;
    private final LayoutState initial;

    /**
     * @param messages number of messages M
     * @param capacity channel capacity C
     * @param reorder  whether the channel may reorder
     */
    public BoundedFifo(int messages, int capacity, boolean reorder) {
        if (messages < 1 || capacity < 1) {
            throw new IllegalArgumentException("messages = " + messages + ", capacity = " + capacity
                    + ": expected at least 1 each");
        }
        this.messages = messages;
        this.capacity = capacity;
        this.reorder = reorder;
        StateLayout.Builder b = StateLayout.builder();
        sent = b.integer("sent", 0, messages);
        msg = StateLayout.Builder.component("msg", 0, messages - 1);
        channel = b.fifo("channel", capacity, msg);
        received = b.integer("received", -1, messages - 1);
        inOrder = b.bool("inOrder");
        layout = b.build();
        int[] v = new int[layout.maxLength()];
        received.set(v, 0, -1);
        inOrder.set(v, 0, true);
        initial = new LayoutState(layout, v, 0, layout.header());
    }

    /**
     * @param m messages
     * @param c capacity
     * @return the number of reachable states without reordering
     */
    public static long expectedStates(int m, int c) {
        long n = 0;
        for (int s = 0; s <= m; s++) {
            n += Math.min(c, s) + 1;
        }
        return n;
    }

    /** @return messages M */
    public int messages() {
        return messages;
    }

    /** @return the channel's capacity C */
    public int capacity() {
        return capacity;
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
     * @return whether every message received so far came in order
     */
    public boolean inOrder(int[] s, int o) {
        return inOrder.is(s, o);
    }

    /**
     * @param s packed values
     * @param o the state's first value
     * @return whether every message was sent and the channel is empty
     */
    public boolean allDelivered(int[] s, int o) {
        return sent.get(s, o) == messages && channel.length(s, o) == 0;
    }

    @Override
    public boolean isFinal(LayoutState s) {
        return s.test(this::allDelivered);
    }

    @Override
    public PackedModel.Expander expander() {
        Expansion x = new Expansion(layout);
        return (state, offset, sink) -> {
            x.load(state, offset);
            int n = x.length(channel);
            int s = x.get(sent);
            if (s < messages && n < capacity) {
                x.begin();
                x.append(channel, msg.bits(s));
                x.set(sent, s + 1);
                x.emit(SEND | (long) s << 2, sink);
            }
            if (n > 0) {
                int m = msg.of(x.element(channel, 0));
                x.begin();
                x.removeAt(channel, 0);
                x.set(received, m);
                x.set(inOrder, x.is(inOrder) && m == x.get(received) + 1);
                x.emit(RECEIVE | (long) m << 2, sink);
            }
            if (reorder && n >= 2) {
                int a = x.element(channel, 0);
                x.begin();
                x.setElement(channel, 0, x.element(channel, 1));
                x.setElement(channel, 1, a);
                x.emit(SWAP, sink);
            }
        };
    }

    @Override
    public Action action(long code) {
        int m = (int) (code >>> 2);
        return switch ((int) (code & 3)) {
            case SEND -> Action.of("Send", "msg", m);
            case RECEIVE -> Action.of("Receive", "msg", m);
            default -> Action.of("Swap");
        };
    }

    @Override
    public List<Footprint> footprints() {
        return List.of(Footprint.of("Send", List.of(sent, channel), List.of(sent, channel)),
                Footprint.of("Receive", List.of(channel, received, inOrder), List.of(channel, received, inOrder)),
                Footprint.of("Swap", List.of(channel), List.of(channel)));
    }

    /** The state as the TLA+ twin's variables show it: {@code sent}, {@code channel}, {@code received}, {@code inOrder}. */
    @Override
    public Object view(LayoutState s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("sent", s.get(sent));
        List<Integer> ch = new ArrayList<>();
        for (int e : s.elements(channel)) {
            ch.add(msg.of(e));
        }
        m.put("channel", ch);
        m.put("received", s.get(received));
        m.put("inOrder", s.is(inOrder));
        return m;
    }

    @Override
    public String toString() {
        return "BoundedFifo[messages=" + messages + ", capacity=" + capacity + ", reorder=" + reorder + "]";
    }
}
