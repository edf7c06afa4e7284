package org.rdmacheck.model.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.Words;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.partition.reference.ChunkMessage;
import org.rdmacheck.model.partition.reference.Delivery;
import org.rdmacheck.model.partition.reference.OutsideWrite;
import org.rdmacheck.model.partition.reference.PartitionCodec;
import org.rdmacheck.model.partition.reference.PartitionState;
import org.rdmacheck.model.partition.reference.ReceiveCompletion;
import org.rdmacheck.model.partition.reference.SendRequest;

/**
 * The oracle of the port: {@link DataPartition} (the layout model) against the object model it
 * replaces ({@code reference.DataPartition}), explored breadth-first side by side. Every state's
 * successors must be the same decoded states (the old record as the new view shows it) with the
 * same actions in the same order, so the state graphs are equal (same decoded states, same
 * labelled edges); the declared QP symmetric set must partition the states as the old QP symmetry
 * does. Configurations: every variant at its catalogue defaults, the paper's larger default run,
 * every knock-out at its coverage scope, configurations whose delivered buffers are wider than 32
 * bits, and a randomised set (fixed seed); each compared over its first 100,000 states at most
 * (breadth-first: a prefix of the graph by depth).
 */
@Tag("slow")
class PartitionOracleTest {

    private static final int LIMIT = 100_000;
    private static final long SEED = 20261126L;

    record Config(PartitionConfig config, PartitionVariant variant, Set<DataPartition.Knockout> knockouts) {
        @Override
        public String toString() {
            return variant.id() + " " + config + (knockouts.isEmpty() ? "" : " " + knockouts);
        }
    }

    private static Arguments of(String label, int size, int chunk, int qps, int transfers, int ids, int wrs, int errors,
                                String variant, DataPartition.Knockout... off) {
        Set<DataPartition.Knockout> k = off.length == 0 ? Set.of() : EnumSet.copyOf(List.of(off));
        return Arguments.of(label, new Config(new PartitionConfig(size, chunk, qps, transfers, ids, wrs, errors),
                PartitionVariant.of(variant), k));
    }

    static Stream<Arguments> configurations() {
        List<Arguments> out = new ArrayList<>();
        // catalogue defaults: size 3, chunk 2, qps 2, transfers 2, ids 1, receiveWrs 1, errors 1, with each variant's
        out.add(of("paper defaults", 3, 2, 2, 2, 1, 1, 1, "paper"));
        out.add(of("paper transfers=3 ids=2", 3, 2, 2, 3, 2, 1, 1, "paper"));
        out.add(of("no-data-id defaults", 3, 2, 2, 2, 2, 1, 0, "no-data-id"));
        out.add(of("arrival-offset defaults", 3, 2, 2, 2, 1, 1, 0, "arrival-offset"));
        out.add(of("last-chunk-full-size defaults", 3, 2, 2, 2, 1, 1, 0, "last-chunk-full-size"));
        out.add(of("no-completion-wait defaults", 3, 2, 2, 2, 1, 1, 0, "no-completion-wait"));
        out.add(of("repost-before-consume defaults", 3, 2, 2, 2, 2, 1, 0, "repost-before-consume"));
        out.add(of("no-receive-repost defaults", 3, 2, 2, 2, 1, 1, 0, "no-receive-repost"));
        out.add(of("error-after-landing defaults", 3, 2, 2, 2, 1, 1, 1, "error-after-landing"));
        out.add(of("reuse-on-send-completion defaults", 3, 2, 2, 2, 1, 1, 0, "reuse-on-send-completion"));
        out.add(of("rnr-retry-zero defaults", 3, 2, 2, 2, 1, 1, 0, "rnr-retry-zero"));
        // every knock-out at its coverage scope
        out.add(of("knock-out data-id-reuse-guard", 3, 2, 2, 2, 1, 1, 0, "paper",
                DataPartition.Knockout.DATA_ID_REUSE_GUARD));
        out.add(of("knock-out chunk-requeue", 3, 2, 2, 2, 1, 1, 1, "paper", DataPartition.Knockout.CHUNK_REQUEUE));
        out.add(of("knock-out rnr-retry", 3, 2, 2, 2, 1, 1, 0, "paper", DataPartition.Knockout.RNR_RETRY));
        out.add(of("knock-out receive-repost", 3, 2, 2, 2, 1, 1, 0, "paper", DataPartition.Knockout.RECEIVE_REPOST));
        // delivered buffers wider than 32 bits (wide FIFO elements)
        out.add(of("wide paper", 8, 4, 2, 4, 2, 1, 1, "paper"));
        out.add(of("wide arrival-offset", 7, 3, 2, 3, 3, 1, 0, "arrival-offset"));
        out.add(of("wide last-chunk-full-size", 7, 3, 2, 3, 2, 1, 0, "last-chunk-full-size"));
        out.add(of("wide repost-before-consume", 8, 4, 2, 4, 2, 2, 0, "repost-before-consume"));
        SplittableRandom r = new SplittableRandom(SEED);
        PartitionVariant[] variants = PartitionVariant.values();
        DataPartition.Knockout[] knocks = DataPartition.Knockout.values();
        for (int i = 0; i < 24; i++) {
            PartitionVariant v = variants[r.nextInt(variants.length)];
            EnumSet<DataPartition.Knockout> off = EnumSet.noneOf(DataPartition.Knockout.class);
            for (DataPartition.Knockout k : knocks) {
                if (r.nextInt(5) == 0) {
                    off.add(k);
                }
            }
            int size = 1 + r.nextInt(8);
            PartitionConfig c = new PartitionConfig(size, 1 + r.nextInt(size + 1), 1 + r.nextInt(3),
                    1 + r.nextInt(4), 1 + r.nextInt(3), 1 + r.nextInt(2), r.nextInt(3));
            out.add(Arguments.of("random " + i, new Config(c, v, off)));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("configurations")
    void sameStateGraphAsTheObjectModel(String label, Config cfg) {
        var old = new org.rdmacheck.model.partition.reference.DataPartition(cfg.config(), cfg.variant(),
                referenceKnockouts(cfg.knockouts()));
        DataPartition now = new DataPartition(cfg.config(), cfg.variant(), cfg.knockouts());
        Map<Object, Boolean> seen = new HashMap<>();
        ArrayDeque<PartitionState> queue = new ArrayDeque<>();
        ArrayDeque<LayoutState> nowQueue = new ArrayDeque<>();
        PartitionState init = old.initialStates().get(0);
        seen.put(view(init), true);
        queue.add(init);
        nowQueue.add(now.initialStates().get(0));
        long edges = 0;
        Map<List<Long>, List<Long>> classes = new HashMap<>();
        Map<List<Long>, List<Long>> back = new HashMap<>();
        int finals = 0;
        while (!queue.isEmpty()) {
            PartitionState s = queue.poll();
            LayoutState t = nowQueue.poll();
            assertEquals(view(s), now.view(t), label);
            assertEquals(old.isFinal(s), now.isFinal(t), () -> label + ": final at " + s);
            assertEquals(old.allTransfersComplete(s), now.allTransfersComplete(t), () -> label + ": complete at " + s);
            finals += now.isFinal(t) ? 1 : 0;
            List<Long> a = oldCanonical(old, s);
            List<Long> b = newCanonical(now, t);
            assertEquals(classes.computeIfAbsent(a, k -> b), b, () -> label + ": symmetry classes at " + s);
            assertEquals(back.computeIfAbsent(b, k -> a), a, () -> label + ": symmetry classes at " + s);
            List<Transition<PartitionState>> want = new ArrayList<>();
            old.successors(s, want::add);
            List<Transition<LayoutState>> got = new ArrayList<>();
            now.successors(t, got::add);
            assertEquals(want.size(), got.size(), () -> label + ": successors of " + s + ": " + want + " against "
                    + got);
            for (int k = 0; k < want.size(); k++) {
                Transition<PartitionState> w = want.get(k);
                Transition<LayoutState> g = got.get(k);
                int kk = k;
                assertEquals(w.action(), g.action(), () -> label + ": action " + kk + " of " + s);
                Object next = view(w.next());
                assertEquals(next, now.view(g.next()), () -> label + ": " + w.action() + " from " + s);
                edges++;
                if (seen.size() < LIMIT && seen.putIfAbsent(next, true) == null) {
                    queue.add(w.next());
                    nowQueue.add(g.next());
                }
            }
        }
        System.out.printf("%s (%s): %d states%s, %d edges, %d symmetry classes, %d final%n", label, cfg, seen.size(),
                seen.size() >= LIMIT ? " (limit)" : "", edges, classes.size(), finals);
        assertTrue(seen.size() > 1, label);
    }

    private static Set<org.rdmacheck.model.partition.reference.DataPartition.Knockout> referenceKnockouts(
            Set<DataPartition.Knockout> k) {
        Set<org.rdmacheck.model.partition.reference.DataPartition.Knockout> out =
                EnumSet.noneOf(org.rdmacheck.model.partition.reference.DataPartition.Knockout.class);
        for (DataPartition.Knockout x : k) {
            out.add(org.rdmacheck.model.partition.reference.DataPartition.Knockout.valueOf(x.name()));
        }
        return out;
    }

    private static List<Long> oldCanonical(org.rdmacheck.model.partition.reference.DataPartition m, PartitionState s) {
        Words w = new Words();
        new PartitionCodec().encode(s, w);
        int[] v = new int[w.length()];
        w.copyTo(v, 0);
        Words c = new Words();
        m.symmetry().orElseThrow().packed().orElseThrow().canonical(v, v.length, c);
        return asList(c);
    }

    private static List<Long> newCanonical(DataPartition m, LayoutState s) {
        int[] v = new int[s.length()];
        s.copyTo(v, 0);
        Words c = new Words();
        m.symmetry().orElseThrow().packed().orElseThrow().canonical(v, v.length, c);
        return asList(c);
    }

    private static List<Long> asList(Words w) {
        List<Long> out = new ArrayList<>();
        for (long x : w.toArray()) {
            out.add(x);
        }
        return out;
    }

    /** The old state as the new model's view shows it (the records' JSON shape). */
    static Map<String, Object> view(PartitionState s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("nextChunk", s.nextChunk());
        List<Object> queues = new ArrayList<>();
        for (List<SendRequest> q : s.sendQueues()) {
            List<Object> l = new ArrayList<>();
            for (SendRequest r : q) {
                l.add(pair("chunk", message(r.chunk()), "landed", r.landed()));
            }
            queues.add(l);
        }
        m.put("sendQueues", queues);
        m.put("resend", s.resend().stream().map(PartitionOracleTest::message).toList());
        m.put("qpError", s.qpError());
        m.put("errorsLeft", s.errorsLeft());
        m.put("posted", s.posted());
        List<Object> cqs = new ArrayList<>();
        for (List<ReceiveCompletion> q : s.completions()) {
            List<Object> l = new ArrayList<>();
            for (ReceiveCompletion c : q) {
                l.add(pair("chunk", message(c.chunk()), "reposted", c.reposted()));
            }
            cqs.add(l);
        }
        m.put("completions", cqs);
        m.put("buffers", s.buffers());
        m.put("received", s.received());
        List<Object> delivered = new ArrayList<>();
        for (Delivery d : s.delivered()) {
            delivered.add(pair("dataId", d.dataId(), "data", d.data()));
        }
        m.put("delivered", delivered);
        List<Object> outside = new ArrayList<>();
        for (OutsideWrite w : s.outside()) {
            outside.add(pair("dataId", w.dataId(), "position", w.position()));
        }
        m.put("outside", outside);
        return m;
    }

    private static Map<String, Object> pair(String k1, Object v1, String k2, Object v2) {
        Map<String, Object> x = new LinkedHashMap<>();
        x.put(k1, v1);
        x.put(k2, v2);
        return x;
    }

    private static Map<String, Object> message(ChunkMessage c) {
        Map<String, Object> x = new LinkedHashMap<>();
        x.put("dataId", c.dataId());
        x.put("totalSize", c.totalSize());
        x.put("offset", c.offset());
        x.put("payload", c.payload());
        return x;
    }
}
