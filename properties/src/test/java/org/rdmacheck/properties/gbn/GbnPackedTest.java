package org.rdmacheck.properties.gbn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.StateCodec;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.Words;
import org.rdmacheck.model.gbn.DuplicatePolicy;
import org.rdmacheck.model.gbn.GbnConfig;
import org.rdmacheck.model.gbn.GbnModel;
import org.rdmacheck.model.gbn.GbnState;
import org.rdmacheck.model.gbn.GbnVariant;
import org.rdmacheck.model.gbn.NakPolicy;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.Property;

/**
 * The packed Go-Back-N transitions ({@code GbnPacked}) against the object model, the reference, on
 * every reachable state of small configurations of every variant and policy: the same successors
 * (as encoded words) with the same actions, in the same order (traces are rebuilt on the object
 * model by successor position), and every property's packed form gives the object form's verdict
 * on every reachable state and step.
 */
class GbnPackedTest {

    @ParameterizedTest
    @CsvSource({
        "gb0, 3, 2, 0, 4, 2, ack, interval",
        "gbn, 3, 2, 0, 4, 2, ack, interval",
        "st, 3, 2, 2, 4, 2, ack, interval",
        "ce, 3, 2, 0, 4, 2, ack, interval",
        "improved, 3, 2, 2, 4, 1, ack, interval",
        "improved, 4, 1, 2, 5, 2, ignore, interval",
        "gbn, 3, 2, 2, 3, 2, ack, epsn",
        "ce, 2, 2, 1, 4, 3, ignore, epsn",
        "gbn, 3, 1, 0, 2, 0, ack, interval",
    })
    void packedSuccessorsAndPropertiesEqualTheObjectModels(String variant, int packets, int messages, int ackInterval,
                                                          int capacity, int losses, String duplicates, String policy) {
        GbnModel model = new GbnModel(new GbnConfig(packets, messages, ackInterval, GbnVariant.of(variant),
                DuplicatePolicy.of(duplicates), NakPolicy.of(policy)), losses, capacity);
        StateCodec<GbnState> codec = model.codec().orElseThrow();
        PackedModel packed = model.packed().orElseThrow();
        PackedModel.Expander expander = packed.expander();
        List<Property<GbnState>> props = GbnProperties.of(model);
        Set<GbnState> seen = new HashSet<>(model.initialStates());
        ArrayDeque<GbnState> queue = new ArrayDeque<>(seen);
        long steps = 0;
        int violations = 0;
        while (!queue.isEmpty()) {
            GbnState s = queue.poll();
            int[] from = encode(codec, s);
            List<Transition<GbnState>> expected = new ArrayList<>();
            model.successors(s, expected::add);
            List<long[]> codes = new ArrayList<>();
            List<int[]> nexts = new ArrayList<>();
            expander.successors(from, 0, (code, next, length) -> {
                codes.add(new long[] {code});
                nexts.add(Arrays.copyOf(next, length));
            });
            assertEquals(expected.size(), nexts.size(), () -> "successors of " + s);
            for (int k = 0; k < expected.size(); k++) {
                Transition<GbnState> t = expected.get(k);
                long code = codes.get(k)[0];
                int[] to = nexts.get(k);
                assertEquals(t.action(), packed.action(code), "action " + k + " of " + s);
                assertArrayEquals(encode(codec, t.next()), to, "successor " + k + " of " + s);
                for (Property<GbnState> p : props) {
                    if (p instanceof ActionProperty<GbnState> ap) {
                        boolean holds = ap.test(s, t.action(), t.next());
                        violations += holds ? 0 : 1;
                        assertEquals(holds, ap.packed().orElseThrow().test(from, 0, code, to),
                                () -> p.name() + " on " + s + " -> " + t);
                    }
                }
                if (seen.add(t.next())) {
                    queue.add(t.next());
                }
                steps++;
            }
            for (Property<GbnState> p : props) {
                if (p instanceof Invariant<GbnState> in) {
                    assertEquals(in.test(s), in.packed().orElseThrow().test(from, 0), () -> p.name() + " in " + s);
                } else if (p instanceof Progress<GbnState> pg) {
                    assertEquals(pg.isGoal(s), pg.packedGoal().orElseThrow().test(from, 0), () -> p.name() + " in " + s);
                }
            }
        }
        assertTrue(seen.size() > (losses > 0 ? 100 : 5), "explored " + seen.size());
        assertTrue(steps > seen.size(), "steps " + steps);
        // the losses=0 configuration must not take the timeout; the others exercise both verdicts
        assertTrue(losses > 0 || violations == 0, "violations " + violations);
    }

    private static int[] encode(StateCodec<GbnState> codec, GbnState s) {
        Words w = new Words();
        codec.encode(s, w);
        int[] v = new int[w.length()];
        w.copyTo(v, 0);
        return v;
    }
}
