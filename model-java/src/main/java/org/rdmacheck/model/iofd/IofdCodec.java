package org.rdmacheck.model.iofd;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.rdmacheck.model.StateCodec;
import org.rdmacheck.model.Words;

/**
 * Packed encoding of {@link IofdState}, sparse: only non-empty queues and tables are written, so a
 * state of a fabric with a hundred queues and a few packets in flight takes a dozen values. This
 * is also the layout {@link IofdPacked} expands.
 *
 * <p>Values, in order: {@code nQueues | nBackground << 16}, {@code nTables | nFailed << 16}; per
 * flow {@code sent | expected << 16}; per non-empty foreground queue, ascending,
 * {@code queue | length << 16} followed by its packets head first, each {@code flow << 8 | seq << 4 |
 * tokens}; per queue holding background packets, ascending, {@code queue | count << 16}; per
 * non-empty deflected flow table, ascending by switch, {@code switch | size << 16} followed by its
 * entries in their order, each {@code flow << 20 | tokens << 16 | arc} (whose integer order is the
 * entries' order); the failed switches' node ids, ascending.
 */
public final class IofdCodec implements StateCodec<IofdState> {

    /** Largest flow count, packets per message, tokens, arc (and node) count and failures of the layout. */
    static final int MAX_FLOWS = 2047;
    static final int MAX_PACKETS = 15;
    static final int MAX_TOKENS = 15;
    static final int MAX_ARCS = 4094;
    static final int MAX_FAILURES = 5;

    private final int queues;
    private final int switches;
    private final int flows;

    /**
     * @param queues   output queues of the fabric
     * @param switches switches of the fabric
     * @param flows    flows of the configuration
     */
    IofdCodec(int queues, int switches, int flows) {
        this.queues = queues;
        this.switches = switches;
        this.flows = flows;
    }

    /**
     * @param config a configuration
     * @return whether every field of its states fits the layout (else the model has no codec)
     */
    static boolean fits(IofdConfig config) {
        return config.flows().size() <= MAX_FLOWS && config.packets() <= MAX_PACKETS
                && config.tokens() <= MAX_TOKENS && config.topology().arcCount() <= MAX_ARCS
                && config.topology().nodeCount() <= MAX_ARCS && config.failures() <= MAX_FAILURES
                && config.queue() <= 0xFFFF && config.dftSize() <= 0xFFFF;
    }

    /** @return a packet as one value */
    static int packet(int flow, int seq, int tokens) {
        return flow << 8 | seq << 4 | tokens;
    }

    /** @return a table entry as one value */
    static int entry(int flow, int tokens, int arc) {
        return flow << 20 | tokens << 16 | arc;
    }

    @Override
    public void encode(IofdState s, Words out) {
        int nq = 0;
        int nb = 0;
        int nd = 0;
        for (int q = 0; q < queues; q++) {
            nq += s.queues().get(q).isEmpty() ? 0 : 1;
            nb += s.background().get(q) == 0 ? 0 : 1;
        }
        for (List<DftEntry> t : s.dft()) {
            nd += t.isEmpty() ? 0 : 1;
        }
        out.put(nq | nb << 16).put(nd | s.failed().size() << 16);
        for (int f = 0; f < flows; f++) {
            out.put(s.sent().get(f) | s.expected().get(f) << 16);
        }
        for (int q = 0; q < queues; q++) {
            List<Packet> l = s.queues().get(q);
            if (!l.isEmpty()) {
                out.put(q | l.size() << 16);
                for (Packet p : l) {
                    out.put(packet(p.flow(), p.seq(), p.tokens()));
                }
            }
        }
        for (int q = 0; q < queues; q++) {
            int b = s.background().get(q);
            if (b != 0) {
                out.put(q | b << 16);
            }
        }
        for (int i = 0; i < switches; i++) {
            List<DftEntry> t = s.dft().get(i);
            if (!t.isEmpty()) {
                out.put(i | t.size() << 16);
                for (DftEntry e : t) {
                    out.put(entry(e.flow(), e.tokens(), e.arc()));
                }
            }
        }
        for (int v : s.failed()) {
            out.put(v);
        }
    }

    @Override
    public IofdState decode(Words.Reader in) {
        int h0 = in.next();
        int h1 = in.next();
        List<Integer> sent = new ArrayList<>(flows);
        List<Integer> expected = new ArrayList<>(flows);
        for (int f = 0; f < flows; f++) {
            int v = in.next();
            sent.add(v & 0xFFFF);
            expected.add(v >>> 16);
        }
        List<List<Packet>> qs = new ArrayList<>(Collections.nCopies(queues, List.of()));
        for (int i = 0; i < (h0 & 0xFFFF); i++) {
            int head = in.next();
            int n = head >>> 16;
            List<Packet> l = new ArrayList<>(n);
            for (int j = 0; j < n; j++) {
                int p = in.next();
                l.add(new Packet(p >>> 8, p >>> 4 & 0xF, p & 0xF));
            }
            qs.set(head & 0xFFFF, l);
        }
        List<Integer> background = new ArrayList<>(Collections.nCopies(queues, 0));
        for (int i = 0; i < h0 >>> 16; i++) {
            int v = in.next();
            background.set(v & 0xFFFF, v >>> 16);
        }
        List<List<DftEntry>> dft = new ArrayList<>(Collections.nCopies(switches, List.of()));
        for (int i = 0; i < (h1 & 0xFFFF); i++) {
            int head = in.next();
            int n = head >>> 16;
            List<DftEntry> t = new ArrayList<>(n);
            for (int j = 0; j < n; j++) {
                int e = in.next();
                t.add(new DftEntry(e >>> 20, e >>> 16 & 0xF, e & 0xFFFF));
            }
            dft.set(head & 0xFFFF, t);
        }
        List<Integer> failed = new ArrayList<>(h1 >>> 16);
        for (int i = 0; i < h1 >>> 16; i++) {
            failed.add(in.next());
        }
        return new IofdState(qs, background, dft, sent, expected, failed);
    }
}
