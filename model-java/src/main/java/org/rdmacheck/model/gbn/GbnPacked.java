package org.rdmacheck.model.gbn;

import org.rdmacheck.model.Action;
import org.rdmacheck.model.PackedModel;

/**
 * {@link GbnModel}'s transitions on the packed encoding of {@link GbnCodec}: the same sender and
 * receiver rules as {@link GbnRules} (seed 002, II-A and III-C), applied to 16-bit fields without
 * building states, lists or actions. {@link GbnModel} stays the reference; a test checks on every
 * reachable state of small configurations of every variant that both emit the same successors and
 * actions in the same order.
 *
 * <p>Values of a state: {@code next | una << 16}, {@code epsn | (ceLpsn + 1) << 16},
 * {@code (lastNak + 1) | lossesLeft << 16 | nakTimer << 31}, {@code nData | nCtrl << 16}, then the
 * data channel two PSNs to a value and the control channel two packets ({@code psn << 1 | kind}) to
 * a value. An action code is {@code kind << 40 | index << 20 | field}.
 */
public final class GbnPacked implements PackedModel {

    /** Action kinds of the codes, in the order {@link GbnModel#successors} tries them. */
    static final int SEND = 0;
    static final int RECEIVE_DATA = 1;
    static final int RECEIVE_ACK = 2;
    static final int RECEIVE_NAK = 3;
    static final int NAK_INTERVAL_EXPIRY = 4;
    static final int CHECK_EPSN = 5;
    static final int LOSE_DATA = 6;
    static final int LOSE_CTRL = 7;
    static final int TIMEOUT = 8;

    private static final int M = 0xFFFF;
    private static final int TIMER = 1 << 31;
    private static final int LOSSES = 0x7FFF0000;

    private final GbnConfig config;
    private final int capacity;
    private final int total;
    private final boolean[] isLast;
    private final boolean[] ackRequest;
    private final int[] copies;

    /**
     * @param model the model whose transitions these are
     */
    GbnPacked(GbnModel model) {
        this.config = model.config();
        this.capacity = model.capacity();
        this.total = config.total();
        isLast = new boolean[total];
        ackRequest = new boolean[total];
        copies = new int[total];
        for (int p = 0; p < total; p++) {
            isLast[p] = config.isLast(p);
            ackRequest[p] = config.ackRequest(p);
            copies[p] = config.copies(p);
        }
    }

    /**
     * @param model a model
     * @return whether every field of its reachable states fits the 16-bit encoding
     */
    static boolean fits(GbnModel model) {
        // control packets keep psn << 1 | kind, PSNs and EPSN reach total, the budget has 15 bits
        return 2L * model.config().total() + 1 <= M && model.capacity() <= M && model.losses() <= 0x7FFF;
    }

    @Override
    public PackedModel.Expander expander() {
        return new Expander();
    }

    @Override
    public Action action(long code) {
        int kind = kind(code);
        int index = (int) (code >>> 20) & 0xFFFFF;
        int f = field(code);
        return switch (kind) {
            case SEND -> Action.of("Send", "psn", f);
            case RECEIVE_DATA -> Action.of("ReceiveData", "psn", f);
            case RECEIVE_ACK -> Action.of("ReceiveAck", "psn", f);
            case RECEIVE_NAK -> Action.of("ReceiveNak", "psn", f);
            case NAK_INTERVAL_EXPIRY -> Action.of("NakIntervalExpiry");
            case CHECK_EPSN -> Action.of("CheckEpsn");
            case LOSE_DATA -> Action.of("LoseData", "index", index, "psn", f);
            case LOSE_CTRL -> Action.of("LoseCtrl", "index", index, "kind", Ctrl.Kind.values()[f & 1].name(),
                    "psn", f >>> 1);
            case TIMEOUT -> Action.of(GbnModel.TIMEOUT);
            default -> throw new IllegalArgumentException("not a Go-Back-N action code: " + code);
        };
    }

    private static long code(int kind, int index, int field) {
        return (long) kind << 40 | (long) index << 20 | field;
    }

    private static int kind(long code) {
        return (int) (code >>> 40);
    }

    private static int field(long code) {
        return (int) code & 0xFFFFF;
    }

    /** @param code an action code  @return whether it is the ACK timeout */
    public static boolean isTimeout(long code) {
        return kind(code) == TIMEOUT;
    }

    /** @param code an action code  @return whether it is the arrival of a data packet */
    public static boolean isReceiveData(long code) {
        return kind(code) == RECEIVE_DATA;
    }

    /** @param code the code of a Send, ReceiveData, ReceiveAck or ReceiveNak  @return its PSN */
    public static int psn(long code) {
        return field(code);
    }

    /** @param s packed values  @param offset the state's first  @return the sender's una */
    public static int una(int[] s, int offset) {
        return s[offset] >>> 16;
    }

    /** @param s packed values  @param offset the state's first  @return the receiver's EPSN */
    public static int epsn(int[] s, int offset) {
        return s[offset + 1] & M;
    }

    /** Expands one state at a time into its own buffers. */
    private final class Expander implements PackedModel.Expander {
        private final int[] data = new int[capacity];
        private final int[] ctrl = new int[capacity];
        private final int[] out = new int[4 + capacity + 2];
        private int nData;
        private int nCtrl;
        private PackedModel.Sink sink;

        @Override
        public void successors(int[] st, int off, PackedModel.Sink sink) {
            this.sink = sink;
            int v0 = st[off];
            int v1 = st[off + 1];
            int v2 = st[off + 2];
            nData = st[off + 3] & M;
            nCtrl = st[off + 3] >>> 16;
            unpack(st, off + 4, data, nData);
            unpack(st, off + 4 + (nData + 1) / 2, ctrl, nCtrl);
            int emitted = send(v0, v1, v2) + receiveData(v0, v1, v2) + receiveCtrl(v0, v1, v2) + timers(v0, v1, v2)
                    + lose(v0, v1, v2);
            int una = v0 >>> 16;
            if (emitted == 0 && una < total) {
                // RTO >> RTT and NAK interval: it fires only when nothing else can happen
                emit(code(TIMEOUT, 0, 0), una | una << 16, v1, v2, -1, 0, 0, -1, -1);
            }
            this.sink = null;
        }

        private int send(int v0, int v1, int v2) {
            int next = v0 & M;
            if (next >= total || nData + copies[next] > capacity) {
                return 0;
            }
            emit(code(SEND, 0, next), (next + 1) | (v0 & ~M), v1, v2, -1, next, copies[next], -1, -1);
            return 1;
        }

        private int receiveData(int v0, int v1, int v2) {
            if (nData == 0 || nCtrl >= capacity) {
                return 0;
            }
            int psn = data[0];
            int epsn = v1 & M;
            int nv1 = v1;
            int nv2 = v2;
            int reply = -1;
            if (psn == epsn) {
                // in order: accept, deliver, acknowledge if the packet requests it (seed 002, II-A)
                nv1 = (epsn + 1) | (v1 & ~M);
                reply = ackRequest[psn] ? ack(psn + 1) : -1;
            } else if (psn < epsn) {
                boolean again = config.duplicates() == DuplicatePolicy.ACK && ackRequest[psn];
                reply = again ? ack(epsn) : -1;
            } else {
                // seed 002, III-C: CE records LPSN when the last packet arrives out of order
                int ce = config.variant().checkEpsn() && isLast[psn] ? psn : (v1 >>> 16) - 1;
                nv1 = epsn | (ce + 1) << 16;
                boolean timer = v2 < 0;
                int lastNak = (v2 & M) - 1;
                if (timer && (config.nakPolicy() == NakPolicy.INTERVAL || lastNak == epsn)) {
                    // at most one NAK per NAK interval (seed 002, II-A): dropped silently
                    nv2 = v2 | TIMER;
                } else {
                    nv2 = (nakRecord(epsn) + 1) | (v2 & LOSSES) | TIMER;
                    reply = nak(epsn);
                }
            }
            emit(code(RECEIVE_DATA, 0, psn), v0, nv1, nv2, 0, 0, 0, -1, reply);
            return 1;
        }

        private int receiveCtrl(int v0, int v1, int v2) {
            if (nCtrl == 0) {
                return 0;
            }
            int c = ctrl[0];
            int n = c >>> 1;
            int next = v0 & M;
            int una = Math.max(v0 >>> 16, n);
            boolean isAck = (c & 1) == Ctrl.Kind.ACK.ordinal();
            if (isAck) {
                next = Math.max(next, una);
            } else {
                next = config.variant().goBackZero() ? config.messageStart(n) : n;
            }
            emit(code(isAck ? RECEIVE_ACK : RECEIVE_NAK, 0, n), next | una << 16, v1, v2, -1, 0, 0, 0, -1);
            return 1;
        }

        private int timers(int v0, int v1, int v2) {
            int emitted = 0;
            if (v2 < 0) {
                emit(code(NAK_INTERVAL_EXPIRY, 0, 0), v0, v1, v2 & ~TIMER, -1, 0, 0, -1, -1);
                emitted++;
            }
            int epsn = v1 & M;
            int ce = (v1 >>> 16) - 1;
            if (ce >= 0 && nCtrl < capacity) {
                // seed 002, III-C: when the CE timer runs out and EPSN < LPSN, NAK(EPSN) and restart
                if (epsn < ce) {
                    int nv2 = (nakRecord(epsn) + 1) | (v2 & LOSSES) | TIMER;
                    emit(code(CHECK_EPSN, 0, 0), v0, v1, nv2, -1, 0, 0, -1, nak(epsn));
                } else {
                    emit(code(CHECK_EPSN, 0, 0), v0, epsn, v2, -1, 0, 0, -1, -1);
                }
                emitted++;
            }
            return emitted;
        }

        private int lose(int v0, int v1, int v2) {
            if (((v2 & LOSSES) >>> 16) <= 0) {
                return 0;
            }
            int nv2 = v2 - (1 << 16);
            for (int i = 0; i < nData; i++) {
                emit(code(LOSE_DATA, i, data[i]), v0, v1, nv2, i, 0, 0, -1, -1);
            }
            for (int i = 0; i < nCtrl; i++) {
                emit(code(LOSE_CTRL, i, ctrl[i]), v0, v1, nv2, -1, 0, 0, i, -1);
            }
            return nData + nCtrl;
        }

        private int nakRecord(int epsn) {
            return config.nakPolicy() == NakPolicy.PER_EPSN ? epsn : -1;
        }

        /**
         * Writes a successor and hands it to the sink: the scalar values, then the data channel
         * without index {@code dataSkip} (-1: none) and with {@code extraCount} copies of
         * {@code extra} appended, then the control channel without {@code ctrlSkip} and with
         * {@code reply} appended (-1: none).
         */
        private void emit(long code, int v0, int v1, int v2, int dataSkip, int extra, int extraCount, int ctrlSkip,
                          int reply) {
            int d = nData - (dataSkip >= 0 ? 1 : 0) + extraCount;
            int c = nCtrl - (ctrlSkip >= 0 ? 1 : 0) + (reply >= 0 ? 1 : 0);
            out[0] = v0;
            out[1] = v1;
            out[2] = v2;
            out[3] = d | c << 16;
            int at = pack(4, data, nData, dataSkip, extra, extraCount, d);
            at = pack(at, ctrl, nCtrl, ctrlSkip, reply, reply >= 0 ? 1 : 0, c);
            sink.accept(code, out, at);
        }

        /** Packs {@code m} 16-bit fields, two to a value: src without {@code skip}, then the extras. */
        private int pack(int at, int[] src, int n, int skip, int extra, int extraCount, int m) {
            for (int j = 0; j < m; j += 2) {
                int lo = element(src, n, skip, extra, j);
                out[at++] = j + 1 < m ? lo | element(src, n, skip, extra, j + 1) << 16 : lo;
            }
            return at;
        }

        private int element(int[] src, int n, int skip, int extra, int j) {
            int kept = skip >= 0 ? n - 1 : n;
            if (j >= kept) {
                return extra;
            }
            return skip >= 0 && j >= skip ? src[j + 1] : src[j];
        }
    }

    private static void unpack(int[] st, int at, int[] dst, int n) {
        for (int i = 0; i < n; i += 2) {
            int v = st[at++];
            dst[i] = v & M;
            if (i + 1 < n) {
                dst[i + 1] = v >>> 16;
            }
        }
    }

    private static int ack(int psn) {
        return psn << 1 | Ctrl.Kind.ACK.ordinal();
    }

    private static int nak(int psn) {
        return psn << 1 | Ctrl.Kind.NAK.ordinal();
    }
}
