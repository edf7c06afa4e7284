package org.rdmacheck.properties.escapevl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.StateCodec;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.Words;
import org.rdmacheck.model.escapevl.EscapeVl;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.Property;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.catalog.VariantSpec;

/**
 * The packed escape-vl transitions ({@code EscapeVlPacked}) against the object model, the
 * reference, on every reachable state of every variant at its defaults and of larger
 * configurations (other networks, deeper buffers, more tokens, longer messages): the same
 * successors (as encoded values) with the same actions, in the same order, decoding gives each
 * state back, and every property's packed form gives the object form's verdict on every reachable
 * state and step.
 */
class EscapeVlPackedTest {

    @Test
    void everyVariantAtItsDefaults() {
        List<String> variants = new EscapeVlEntry().variants().stream().map(VariantSpec::name).toList();
        assertEquals(7, variants.size(), "variants " + variants);
        for (String v : variants) {
            Counts c = compare(v, "");
            assertTrue(c.states > 100, v + ": explored " + c.states);
            // InOrderDelivery has both verdicts where it must fail, and holds on every step elsewhere
            assertEquals(v.equals("lane-change-order"), c.violations > 0, v + ": violations " + c.violations);
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "dart | network=leafspine",
        "dart | network=ring4",
        "dart | capacity=2;tokens=2",
        "one-lane | network=leafspine;capacity=2",
        "escape-return | network=ring4;tokens=2",
        "escape-deflect | network=leafspine",
        "unlimited-tokens | capacity=2",
        "lane-change-order | network=ring4;capacity=2",
        "lane-change-order | network=leafspine",
        "escape-follow | network=leafspine;capacity=2",
        "escape-follow | workload=s1>s2:3,s2>s1:2,s0>s2:1",
        "dart | workload=s0>s1:2,s1>s2:2,s2>s0:1",
    })
    void largerConfigurations(String variant, String params) {
        Counts c = compare(variant, params);
        assertTrue(c.states > 500, "explored " + c.states);
    }

    private record Counts(int states, long steps, int violations) {
    }

    private static Counts compare(String variant, String params) {
        List<String> ps = params.isEmpty() ? List.of() : List.of(params.split(";"));
        @SuppressWarnings("unchecked")
        CheckSpec<EscapeVl.State> spec = (CheckSpec<EscapeVl.State>) Catalog.find("escape-vl").build(variant,
                Params.parse(ps));
        EscapeVl model = (EscapeVl) spec.model();
        StateCodec<EscapeVl.State> codec = model.codec().orElseThrow();
        PackedModel packed = model.packed().orElseThrow();
        PackedModel.Expander expander = packed.expander();
        List<Property<EscapeVl.State>> props = spec.properties();
        Set<EscapeVl.State> seen = new HashSet<>(model.initialStates());
        ArrayDeque<EscapeVl.State> queue = new ArrayDeque<>(seen);
        long steps = 0;
        int violations = 0;
        int packedForms = 0;
        while (!queue.isEmpty()) {
            EscapeVl.State s = queue.poll();
            int[] from = encode(codec, s);
            assertEquals(s, codec.decode(Words.reader(from, 0)));
            // at an offset, as the explorer's frontier holds them
            int[] shifted = new int[from.length + 3];
            System.arraycopy(from, 0, shifted, 3, from.length);
            List<Transition<EscapeVl.State>> expected = new ArrayList<>();
            model.successors(s, expected::add);
            List<Long> codes = new ArrayList<>();
            List<int[]> nexts = new ArrayList<>();
            expander.successors(shifted, 3, (code, next, length) -> {
                codes.add(code);
                nexts.add(Arrays.copyOf(next, length));
            });
            assertEquals(expected.size(), nexts.size(), () -> "successors of " + s);
            for (int k = 0; k < expected.size(); k++) {
                Transition<EscapeVl.State> t = expected.get(k);
                long code = codes.get(k);
                int[] to = nexts.get(k);
                assertEquals(t.action(), packed.action(code), "action " + k + " of " + s);
                assertArrayEquals(encode(codec, t.next()), to, "successor " + k + " of " + s);
                for (Property<EscapeVl.State> p : props) {
                    if (p instanceof ActionProperty<EscapeVl.State> ap) {
                        boolean holds = ap.test(s, t.action(), t.next());
                        violations += holds ? 0 : 1;
                        assertEquals(holds, ap.packed().orElseThrow().test(shifted, 3, code, to),
                                () -> p.name() + " on " + s + " -> " + t);
                        packedForms++;
                    }
                }
                if (seen.add(t.next())) {
                    queue.add(t.next());
                }
                steps++;
            }
            for (Property<EscapeVl.State> p : props) {
                if (p instanceof Progress<EscapeVl.State> pg) {
                    assertEquals(pg.isGoal(s), pg.packedGoal().orElseThrow().test(shifted, 3), () -> p.name() + " in " + s);
                    assertEquals(s.allDelivered(), pg.isGoal(s));
                    packedForms++;
                }
            }
        }
        assertTrue(packedForms >= seen.size(), "packed forms checked " + packedForms);
        assertTrue(steps > seen.size(), "steps " + steps);
        return new Counts(seen.size(), steps, violations);
    }

    private static int[] encode(StateCodec<EscapeVl.State> codec, EscapeVl.State s) {
        Words w = new Words();
        codec.encode(s, w);
        int[] v = new int[w.length()];
        w.copyTo(v, 0);
        return v;
    }
}
