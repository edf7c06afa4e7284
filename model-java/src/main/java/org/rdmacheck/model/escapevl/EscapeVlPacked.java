package org.rdmacheck.model.escapevl;

import org.rdmacheck.model.Action;
import org.rdmacheck.model.PackedModel;

/**
 * {@link EscapeVl}'s transitions on the packed encoding of {@link EscapeVlCodec}: the same
 * injection, forwarding, deflection and lane rules (seed 000 §IV-B), applied to 4-bit buffer
 * slots and per-packet bytes without building states, lists or actions. {@link EscapeVl} stays the
 * reference; a test checks on every reachable state of configurations of every variant that both
 * emit the same successors and actions in the same order.
 *
 * <p>Routes, the buffers of each arc and lane and the out-arcs of each switch are tabulated once.
 * An action code is {@code kind | inject << 3 | packet << 4 | place << 8 | lane << 28}, where the
 * place is the arc moved to, or the switch of a delivery.
 */
public final class EscapeVlPacked implements PackedModel {

    /** Action kinds of the codes. */
    private static final int DELIVER = 0;
    private static final int INJECT = 1;
    private static final int FORWARD = 2;
    private static final int DEFLECT = 3;
    private static final int MOVE_TO_ESCAPE = 4;
    private static final int LEAVE_ESCAPE = 5;
    private static final String[] NAMES = {"Deliver", "Inject", "Forward", "Deflect", "MoveToEscape", "LeaveEscape"};

    private final EscapeNetwork network;
    private final EscapeVlCodec codec;
    private final int length;
    private final int buffers;
    private final int packetBase;
    private final int messageBase;
    private final int lanes;
    private final int packets;
    /** a buffer holding {@code capacity} packets has a non-zero value at or above this */
    private final int full;
    private final int tokenCost;
    private final boolean followEscape;
    private final boolean fromEscape;
    private final boolean toEscape;
    private final boolean[] deflects;
    private final int injectionLane;
    /** per packet */
    private final int[] source;
    private final int[] message;
    private final int[] sequence;
    /** per packet and switch: the tree route's next arc toward the packet's destination, -1 there */
    private final int[][] route;
    /** per buffer: the arc it belongs to, its lane, the switch the arc enters */
    private final int[] bufferLane;
    private final int[] bufferArc;
    private final int[] bufferAt;
    /** per switch: its outgoing arcs, in port order */
    private final int[][] out;

    /**
     * @param model the model whose transitions these are; {@link EscapeVlCodec#fits} holds
     */
    EscapeVlPacked(EscapeVl model) {
        this.network = model.network();
        this.codec = new EscapeVlCodec(model);
        this.length = codec.length();
        this.buffers = codec.buffers();
        this.packetBase = codec.packetBase();
        this.messageBase = codec.messageBase();
        LaneRules rules = model.rules();
        this.lanes = rules.lanes();
        this.full = 1 << 4 * (model.capacity() - 1);
        this.tokenCost = rules.tokenCost();
        this.followEscape = rules.followEscape();
        this.fromEscape = lanes == 2 && rules.fromEscape();
        this.toEscape = rules.toEscape();
        this.deflects = new boolean[lanes];
        for (int l = 0; l < lanes; l++) {
            deflects[l] = rules.deflects(l);
        }
        this.injectionLane = rules.injectionLane();
        Workload w = model.workload();
        this.packets = w.size();
        this.source = new int[packets];
        this.message = new int[packets];
        this.sequence = new int[packets];
        int switches = network.switchCount();
        this.route = new int[packets][switches];
        for (int p = 0; p < packets; p++) {
            source[p] = w.source(p);
            message[p] = w.message(p);
            sequence[p] = w.sequence(p);
            for (int s = 0; s < switches; s++) {
                route[p][s] = s == w.destination(p) ? -1 : network.next(s, w.destination(p));
            }
        }
        this.bufferLane = new int[buffers];
        this.bufferArc = new int[buffers];
        this.bufferAt = new int[buffers];
        for (int b = 0; b < buffers; b++) {
            bufferArc[b] = b / lanes;
            bufferLane[b] = b % lanes;
            bufferAt[b] = network.to(b / lanes);
        }
        this.out = new int[switches][];
        for (int s = 0; s < switches; s++) {
            out[s] = network.out(s);
        }
    }

    /** @return the encoding these values follow */
    public EscapeVlCodec codec() {
        return codec;
    }

    @Override
    public PackedModel.Expander expander() {
        return new Expander();
    }

    @Override
    public Action action(long code) {
        int kind = (int) code & 7;
        if (kind > LEAVE_ESCAPE) {
            throw new IllegalArgumentException("not an escape-vl action code: " + code);
        }
        int p = packet(code);
        int place = (int) (code >>> 8) & 0xFFFFF;
        if (kind == DELIVER) {
            return Action.of("Deliver", "packet", p, "at", network.switchName(place));
        }
        int lane = (int) (code >>> 28) & 3;
        return (code & 8) != 0
                ? Action.of(NAMES[kind], "packet", p, "arc", network.arcName(place), "lane", lane, "inject", true)
                : Action.of(NAMES[kind], "packet", p, "arc", network.arcName(place), "lane", lane);
    }

    /** @param code an action code  @return whether it delivers a packet */
    public static boolean isDeliver(long code) {
        return (code & 7) == DELIVER;
    }

    /** @param code an action code  @return the packet it moves */
    public static int packet(long code) {
        return (int) (code >>> 4) & 15;
    }

    /**
     * {@link Workload#oldestInFlight} on packed values.
     *
     * @param p      a packet
     * @param s      packed values
     * @param offset the state's first
     * @return whether every earlier packet of its message is delivered
     */
    public boolean oldestInFlight(int p, int[] s, int offset) {
        for (int q = p - sequence[p]; q < p; q++) {
            if (codec.status(s, offset, q) != EscapeVl.DELIVERED) {
                return false;
            }
        }
        return true;
    }

    private static long code(int kind, boolean inject, int p, int place, int lane) {
        return kind | (inject && kind != INJECT ? 8 : 0) | p << 4 | (long) place << 8 | (long) lane << 28;
    }

    /** Expands one state at a time into its own buffers. */
    private final class Expander implements PackedModel.Expander {
        private final int[] cur = new int[length];
        private final int[] next = new int[length];
        private PackedModel.Sink sink;

        @Override
        public void successors(int[] st, int off, PackedModel.Sink sink) {
            this.sink = sink;
            int[] s = cur;
            System.arraycopy(st, off, s, 0, length);
            for (int p = 0; p < packets; p++) {
                if (status(s, p) == EscapeVl.AT_SOURCE && (sequence[p] == 0 || status(s, p - 1) != EscapeVl.AT_SOURCE)) {
                    moves(p, source[p], -1, injectionLane, true);
                }
            }
            for (int i = 0; i < packetBase; i++) {
                if (s[i] == 0) {
                    continue;
                }
                for (int b = 2 * i; b < 2 * i + 2 && b < buffers; b++) {
                    int q = buffer(s, b);
                    if (q == 0) {
                        continue;
                    }
                    int p = (q & 15) - 1;
                    int at = bufferAt[b];
                    if (route[p][at] < 0) {
                        System.arraycopy(s, 0, next, 0, length);
                        setBuffer(next, b, q >>> 4);
                        setPacket(next, p, EscapeVl.DELIVERED | tokens(s, p) << 2);
                        sink.accept(code(DELIVER, false, p, at, 0), next, length);
                    } else {
                        moves(p, at, bufferArc[b], bufferLane[b], false);
                    }
                }
            }
            this.sink = null;
        }

        private void moves(int p, int at, int arrival, int lane, boolean inject) {
            int[] s = cur;
            int routed = route[p][at];
            int msg = message[p];
            int tok = tokens(s, p);
            int escapeAt = escapeAt(s, msg);
            if (followEscape && lane != 0 && escapeAt == at) {
                if (room(routed, 0)) {
                    emit(p, arrival, lane, inject, routed, 0, MOVE_TO_ESCAPE, tok, -1);
                }
                return;
            }
            if (lane == 0 && fromEscape) {
                if (room(routed, 1)) {
                    emit(p, arrival, lane, inject, routed, 1, LEAVE_ESCAPE, tok, -1);
                }
                return;
            }
            if (room(routed, lane)) {
                emit(p, arrival, lane, inject, routed, lane, inject ? INJECT : FORWARD, tok, -1);
            }
            if (deflects[lane] && tok > 0) {
                for (int a : out[at]) {
                    if (a != routed && room(a, lane)) {
                        emit(p, arrival, lane, inject, a, lane, DEFLECT, tok - tokenCost, -1);
                    }
                }
            }
            if (lane != 0 && toEscape && room(routed, 0)) {
                if (!followEscape) {
                    emit(p, arrival, lane, inject, routed, 0, MOVE_TO_ESCAPE, tok, -1);
                } else if (escapeAt == -1 && oldestInFlight(p, s, 0)) {
                    emit(p, arrival, lane, inject, routed, 0, MOVE_TO_ESCAPE, tok, at);
                }
            }
        }

        private boolean room(int arc, int lane) {
            return buffer(cur, arc * lanes + lane) < full;
        }

        private void emit(int p, int arrival, int lane, boolean inject, int arc, int toLane, int kind, int tok,
                          int recordEscape) {
            int[] n = next;
            System.arraycopy(cur, 0, n, 0, length);
            if (!inject) {
                int from = arrival * lanes + lane;
                setBuffer(n, from, buffer(n, from) >>> 4);
            }
            int to = arc * lanes + toLane;
            int q = buffer(n, to);
            int used = (35 - Integer.numberOfLeadingZeros(q)) >>> 2;
            setBuffer(n, to, q | (p + 1) << (used << 2));
            setPacket(n, p, EscapeVl.IN_FLIGHT | tok << 2);
            if (recordEscape >= 0) {
                int m = message[p];
                int i = messageBase + (m >> 2);
                int shift = (m & 3) << 3;
                n[i] = n[i] & ~(0xFF << shift) | (recordEscape + 1) << shift;
            }
            sink.accept(code(kind, inject, p, arc, toLane), n, length);
        }
    }

    private static int buffer(int[] s, int b) {
        return s[b >> 1] >>> ((b & 1) << 4) & 0xFFFF;
    }

    private static void setBuffer(int[] s, int b, int slots) {
        int shift = (b & 1) << 4;
        s[b >> 1] = s[b >> 1] & ~(0xFFFF << shift) | slots << shift;
    }

    private int status(int[] s, int p) {
        return s[packetBase + (p >> 2)] >>> ((p & 3) << 3) & 3;
    }

    private int tokens(int[] s, int p) {
        return s[packetBase + (p >> 2)] >>> ((p & 3) << 3) + 2 & 0x3F;
    }

    private void setPacket(int[] s, int p, int value) {
        int i = packetBase + (p >> 2);
        int shift = (p & 3) << 3;
        s[i] = s[i] & ~(0xFF << shift) | value << shift;
    }

    private int escapeAt(int[] s, int m) {
        return (s[messageBase + (m >> 2)] >>> ((m & 3) << 3) & 0xFF) - 1;
    }
}
