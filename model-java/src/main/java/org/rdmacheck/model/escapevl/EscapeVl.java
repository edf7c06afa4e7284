package org.rdmacheck.model.escapevl;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Transition;

/**
 * The dynamic escape-virtual-lane model (seed 000 §IV-B): lossless switches with one FIFO buffer
 * of {@code capacity} packets per (switch-to-switch arc, lane), credit back-pressure (a packet
 * moves only when the next buffer has room), packets with destinations and deflection tokens,
 * tree routing, and the lane-selection rules of {@link LaneRules}. Only the head of a buffer moves.
 * The head packet may take its routed link on its lane, be deflected (if its lane deflects and it
 * holds a token) to any other switch, including the one it came from, or move to the escape lane (VL0)
 * on its routed link; with {@code fromEscape} a VL0 packet must move back to VL1 at its next hop
 * (the escape lane bypasses one blocked hop only). The choice is
 * free (an adversarial selection function): the paper deflects when the queue exceeds the
 * deflection threshold (seed 000 §IV-A), which depends on traffic this model abstracts away, and
 * Duato's theorem holds for every selection function.
 *
 * <p>Deadlock: packets in flight and no move (checked as deadlock and as progress toward "all
 * delivered"). Order: a message's packets are injected in sequence; {@code InOrderDelivery}
 * checks they are delivered in sequence.
 *
 * @param network  the switches, arcs and tree routes
 * @param rules    the lane rules
 * @param workload the packets
 * @param capacity buffer capacity per (arc, lane)
 * @param tokens   deflection tokens per packet
 * @param knockouts mechanisms removed from the rules (see {@link Knockout}); empty for the design
 * @param minimalVl1 whether VL1 routes on any shortest path (minimal adaptive routing, whose channel
 *                  dependencies may form cycles) instead of the tree route; VL0 keeps up*&#47;down*
 */
public record EscapeVl(EscapeNetwork network, LaneRules rules, Workload workload, int capacity, int tokens,
                       java.util.Set<Knockout> knockouts, boolean minimalVl1)
        implements Model<EscapeVl.State> {

    /** Tree routes on both lanes. */
    public EscapeVl(EscapeNetwork network, LaneRules rules, Workload workload, int capacity, int tokens,
                    java.util.Set<Knockout> knockouts) {
        this(network, rules, workload, capacity, tokens, knockouts, false);
    }

    /**
     * The mechanisms of seed 000 §IV-B a knock-out switch removes; each is a guard below, so a
     * knocked-out model is this model under another configuration.
     */
    public enum Knockout {
        /** a blocked VL1 packet never moves to the escape lane VL0 */
        ESCAPE_MOVE,
        /** VL0 routes on any shortest path instead of the up*&#47;down* tree (minimal adaptive routing) */
        UPDOWN_VL0,
        /** the order-restoring rule of {@link LaneRules#followEscape()} is not applied */
        ESCAPE_FOLLOW
    }

    /** The design: no knock-out. */
    public EscapeVl(EscapeNetwork network, LaneRules rules, Workload workload, int capacity, int tokens) {
        this(network, rules, workload, capacity, tokens, java.util.Set.of());
    }

    /** Packet status: waiting at its source. */
    public static final int AT_SOURCE = 0;
    /** Packet status: in a buffer. */
    public static final int IN_FLIGHT = 1;
    /** Packet status: delivered. */
    public static final int DELIVERED = 2;

    /**
     * A state.
     *
     * @param buffers  per buffer {@code arc * lanes + lane}: packet ids, head first
     * @param status   per packet: {@link #AT_SOURCE}, {@link #IN_FLIGHT}, {@link #DELIVERED}
     * @param tokens   per packet: deflection tokens left
     * @param escapeAt per message: the switch where it took the escape lane ({@code followEscape}), or -1
     */
    public record State(List<List<Integer>> buffers, List<Integer> status, List<Integer> tokens, List<Integer> escapeAt) {
        /** Copies the lists. */
        public State {
            buffers = buffers.stream().map(List::copyOf).toList();
            status = List.copyOf(status);
            tokens = List.copyOf(tokens);
            escapeAt = List.copyOf(escapeAt);
        }

        /** @return whether every packet is delivered */
        public boolean allDelivered() {
            return status.stream().allMatch(s -> s == DELIVERED);
        }
    }

    /** Validates the sizes; copies the knock-outs. */
    public EscapeVl {
        knockouts = knockouts.isEmpty() ? java.util.Set.of() : java.util.Collections.unmodifiableSet(
                java.util.EnumSet.copyOf(knockouts));
        if (capacity < 1 || capacity > 4) {
            throw new InputException("capacity = " + capacity + ": expected an integer in [1, 4]");
        }
        if (tokens < 0 || tokens > 4) {
            throw new InputException("tokens = " + tokens + ": expected an integer in [0, 4]");
        }
    }

    @Override
    public List<State> initialStates() {
        int lanes = rules.lanes();
        List<List<Integer>> buffers = new ArrayList<>();
        for (int b = 0; b < network.arcCount() * lanes; b++) {
            buffers.add(List.of());
        }
        int n = workload.size();
        return List.of(new State(buffers, repeat(AT_SOURCE, n), repeat(tokens, n), repeat(-1, workload.messages())));
    }

    private static List<Integer> repeat(int v, int n) {
        List<Integer> l = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            l.add(v);
        }
        return l;
    }

    @Override
    public boolean isFinal(State s) {
        return s.allDelivered();
    }

    @Override
    public void successors(State s, Consumer<Transition<State>> sink) {
        for (int p = 0; p < workload.size(); p++) {
            if (s.status().get(p) == AT_SOURCE && workload.nextToInject(p, s.status())) {
                moves(s, p, workload.source(p), -1, rules.injectionLane(), true, sink);
            }
        }
        int lanes = rules.lanes();
        for (int b = 0; b < s.buffers().size(); b++) {
            List<Integer> q = s.buffers().get(b);
            if (q.isEmpty()) {
                continue;
            }
            int p = q.get(0);
            int arc = b / lanes;
            int at = network.to(arc);
            if (at == workload.destination(p)) {
                sink.accept(new Transition<>(Action.of("Deliver", "packet", p, "at", network.switchName(at)),
                        deliver(s, b, p)));
            } else {
                moves(s, p, at, arc, b % lanes, false, sink);
            }
        }
    }

    private void moves(State s, int p, int at, int arrival, int lane, boolean inject, Consumer<Transition<State>> sink) {
        int dest = workload.destination(p);
        int routed = network.next(at, dest);
        int msg = workload.message(p);
        boolean follow = rules.followEscape() && !knockouts.contains(Knockout.ESCAPE_FOLLOW);
        boolean toEscape = rules.toEscape() && !knockouts.contains(Knockout.ESCAPE_MOVE);
        if (follow && lane != 0 && s.escapeAt().get(msg) == at) {
            for (int a : escapeRoutes(at, dest)) {
                if (room(s, a, 0)) {
                    emit(s, p, arrival, lane, inject, a, 0, "MoveToEscape", s.tokens().get(p), -1, sink);
                }
            }
            return;
        }
        if (lane == 0 && rules.lanes() == 2 && rules.fromEscape()) {
            if (room(s, routed, 1)) {
                emit(s, p, arrival, lane, inject, routed, 1, "LeaveEscape", s.tokens().get(p), -1, sink);
            }
            return;
        }
        int[] ahead = lane == 0 && rules.lanes() == 2 ? escapeRoutes(at, dest)
                : minimalVl1 ? network.shortestNext(at, dest) : new int[] {routed};
        for (int a : ahead) {
            if (room(s, a, lane)) {
                emit(s, p, arrival, lane, inject, a, lane, inject ? "Inject" : "Forward", s.tokens().get(p), -1, sink);
            }
        }
        if (rules.deflects(lane) && s.tokens().get(p) > 0) {
            for (int a : network.out(at)) {
                if (a != routed && room(s, a, lane)) {
                    emit(s, p, arrival, lane, inject, a, lane, "Deflect", s.tokens().get(p) - rules.tokenCost(), -1, sink);
                }
            }
        }
        if (lane != 0 && toEscape) {
            for (int a : escapeRoutes(at, dest)) {
                if (!room(s, a, 0)) {
                    continue;
                }
                if (!follow) {
                    emit(s, p, arrival, lane, inject, a, 0, "MoveToEscape", s.tokens().get(p), -1, sink);
                } else if (s.escapeAt().get(msg) == -1 && workload.oldestInFlight(p, s.status())) {
                    emit(s, p, arrival, lane, inject, a, 0, "MoveToEscape", s.tokens().get(p), at, sink);
                }
            }
        }
    }

    /**
     * The escape lane's routes (seed 000 §IV-B: up*&#47;down* on VL0): the tree route, or with
     * {@link Knockout#UPDOWN_VL0} every first arc of a shortest path.
     */
    private int[] escapeRoutes(int at, int dest) {
        return knockouts.contains(Knockout.UPDOWN_VL0) ? network.shortestNext(at, dest)
                : new int[] {network.next(at, dest)};
    }

    private boolean room(State s, int arc, int lane) {
        return s.buffers().get(arc * rules.lanes() + lane).size() < capacity;
    }

    private void emit(State s, int p, int arrival, int lane, boolean inject, int arc, int toLane, String name, int tok,
                      int recordEscape, Consumer<Transition<State>> sink) {
        List<List<Integer>> buffers = new ArrayList<>(s.buffers());
        if (!inject) {
            int from = arrival * rules.lanes() + lane;
            buffers.set(from, buffers.get(from).subList(1, buffers.get(from).size()));
        }
        int to = arc * rules.lanes() + toLane;
        List<Integer> q = new ArrayList<>(buffers.get(to));
        q.add(p);
        buffers.set(to, q);
        List<Integer> status = new ArrayList<>(s.status());
        status.set(p, IN_FLIGHT);
        List<Integer> tokensLeft = new ArrayList<>(s.tokens());
        tokensLeft.set(p, tok);
        List<Integer> escapeAt = s.escapeAt();
        if (recordEscape >= 0) {
            escapeAt = new ArrayList<>(escapeAt);
            escapeAt.set(workload.message(p), recordEscape);
        }
        Action a = inject && !name.equals("Inject")
                ? Action.of(name, "packet", p, "arc", network.arcName(arc), "lane", toLane, "inject", true)
                : Action.of(name, "packet", p, "arc", network.arcName(arc), "lane", toLane);
        sink.accept(new Transition<>(a, new State(buffers, status, tokensLeft, escapeAt)));
    }

    private State deliver(State s, int b, int p) {
        List<List<Integer>> buffers = new ArrayList<>(s.buffers());
        buffers.set(b, buffers.get(b).subList(1, buffers.get(b).size()));
        List<Integer> status = new ArrayList<>(s.status());
        status.set(p, DELIVERED);
        return new State(buffers, status, s.tokens(), s.escapeAt());
    }

    @Override
    public java.util.Optional<org.rdmacheck.model.StateCodec<State>> codec() {
        return EscapeVlCodec.fits(this) ? java.util.Optional.of(new EscapeVlCodec(this)) : java.util.Optional.empty();
    }

    @Override
    public java.util.Optional<org.rdmacheck.model.PackedModel> packed() {
        return packedModel().map(p -> p);
    }

    /**
     * The packed successors with their layout, for the packed forms of the properties.
     *
     * @return the packed model, empty when the states do not fit the encoding
     */
    public java.util.Optional<EscapeVlPacked> packedModel() {
        // the packed copy has no knock-out switches: a knocked-out model runs on the objects
        return knockouts.isEmpty() && !minimalVl1 && EscapeVlCodec.fits(this) ? java.util.Optional.of(new EscapeVlPacked(this)) : java.util.Optional.empty();
    }
}
