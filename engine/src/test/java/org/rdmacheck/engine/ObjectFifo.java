package org.rdmacheck.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Transition;

/**
 * The engine's object-path fixture: a model on immutable records with no codec and no packed
 * successors, so the explorer walks objects (structural fingerprints, object successors). The
 * catalogue's {@code fifo} is the same system written on a declared layout.
 *
 * <p>A producer sends messages 0..M-1 through a FIFO channel of capacity C to a consumer. A textbook
 * reference model with a closed-form state count: sum over s = 0..M of (min(C, s) + 1). With
 * {@code reorder} the channel may swap its two oldest messages, which breaks in-order delivery.
 *
 * @param messages number of messages M
 * @param capacity channel capacity C
 * @param reorder  whether the channel may reorder
 */
public record ObjectFifo(int messages, int capacity, boolean reorder) implements Model<ObjectFifo.State> {

    /**
     * @param sent     messages sent so far
     * @param channel  messages in flight, oldest first
     * @param received last message received, -1 if none
     * @param inOrder  whether every message was received in order so far
     */
    public record State(int sent, List<Integer> channel, int received, boolean inOrder) {
        /** Copies the list. */
        public State {
            channel = List.copyOf(channel);
        }
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

    @Override
    public List<State> initialStates() {
        return List.of(new State(0, List.of(), -1, true));
    }

    @Override
    public void successors(State s, Consumer<Transition<State>> sink) {
        if (s.sent() < messages && s.channel().size() < capacity) {
            List<Integer> ch = new ArrayList<>(s.channel());
            ch.add(s.sent());
            sink.accept(new Transition<>(Action.of("Send", "msg", s.sent()),
                    new State(s.sent() + 1, ch, s.received(), s.inOrder())));
        }
        if (!s.channel().isEmpty()) {
            int m = s.channel().get(0);
            List<Integer> ch = new ArrayList<>(s.channel().subList(1, s.channel().size()));
            sink.accept(new Transition<>(Action.of("Receive", "msg", m),
                    new State(s.sent(), ch, m, s.inOrder() && m == s.received() + 1)));
        }
        if (reorder && s.channel().size() >= 2) {
            List<Integer> ch = new ArrayList<>(s.channel());
            ch.set(0, s.channel().get(1));
            ch.set(1, s.channel().get(0));
            sink.accept(new Transition<>(Action.of("Swap"), new State(s.sent(), ch, s.received(), s.inOrder())));
        }
    }

    @Override
    public boolean isFinal(State s) {
        return s.sent() == messages && s.channel().isEmpty();
    }
}
