package org.rdmacheck.model.examples.reference;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Transition;

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
 * @param messages messages to send
 * @param capacity packets the channel holds
 * @param modulus  sequence numbers modulo this (2: the alternating bit)
 */
public record AlternatingBit(int messages, int capacity, int modulus) implements Model<AlternatingBit.State> {

    /**
     * @param current  the message the sender is on
     * @param accepted packets the receiver accepted (the index it expects next)
     * @param channel  the indices of the packets in flight, sorted
     * @param wrong    whether the receiver accepted a packet that was not the message it expected
     */
    public record State(int current, int accepted, List<Integer> channel, boolean wrong) {
        /** Copies the list. */
        public State {
            channel = List.copyOf(channel);
        }
    }

    /** Validates the sizes. */
    public AlternatingBit {
        if (messages < 1 || capacity < 1 || modulus < 2) {
            throw new IllegalArgumentException("messages, capacity >= 1 and modulus >= 2 expected");
        }
    }

    @Override
    public List<State> initialStates() {
        return List.of(new State(0, 0, List.of(), false));
    }

    @Override
    public boolean isFinal(State s) {
        return s.current() == messages && s.channel().isEmpty();
    }

    @Override
    public void successors(State s, Consumer<Transition<State>> sink) {
        if (s.current() < messages && s.accepted() <= s.current() && s.channel().size() < capacity) {
            sink.accept(new Transition<>(Action.of("Send", "msg", s.current(), "seq", s.current() % modulus),
                    new State(s.current(), s.accepted(), with(s.channel(), s.current()), s.wrong())));
        }
        if (s.current() < messages && s.accepted() > s.current()) {
            sink.accept(new Transition<>(Action.of("Advance", "msg", s.current() + 1),
                    new State(s.current() + 1, s.accepted(), s.channel(), s.wrong())));
        }
        Integer last = null;
        for (int k : s.channel()) {
            if (last != null && last == k) {
                continue;
            }
            last = k;
            List<Integer> rest = without(s.channel(), k);
            boolean accept = k % modulus == s.accepted() % modulus;
            sink.accept(new Transition<>(Action.of("Receive", "msg", k, "seq", k % modulus, "accepted", accept),
                    accept ? new State(s.current(), s.accepted() + 1, rest, s.wrong() || k != s.accepted())
                            : new State(s.current(), s.accepted(), rest, s.wrong())));
            sink.accept(new Transition<>(Action.of("Lose", "msg", k), new State(s.current(), s.accepted(), rest,
                    s.wrong())));
        }
    }

    private static List<Integer> with(List<Integer> l, int k) {
        List<Integer> out = new ArrayList<>(l);
        out.add(k);
        out.sort(null);
        return out;
    }

    private static List<Integer> without(List<Integer> l, int k) {
        List<Integer> out = new ArrayList<>(l);
        out.remove(Integer.valueOf(k));
        return out;
    }
}
