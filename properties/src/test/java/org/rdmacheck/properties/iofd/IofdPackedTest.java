package org.rdmacheck.properties.iofd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.StateCodec;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.Words;
import org.rdmacheck.model.iofd.IofdModel;
import org.rdmacheck.model.iofd.IofdState;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.Property;

/**
 * The packed IOFD transitions ({@code IofdPacked}) against the object model, the reference, on
 * every reachable state of small configurations of every variant: the same successors (as encoded
 * values) with the same actions, in the same order, and every property's packed form gives the
 * object form's verdict on every reachable state and step. Each variant's expected violations
 * occur, so both verdicts of those properties are compared.
 */
class IofdPackedTest {

    @ParameterizedTest
    @CsvSource({
        "dft, ''",
        "dft, 'flows=0-1,1-0L;failures=0;queue=3;packets=2'",
        "dft, 'topology=leafspine:tors=2,spines=3,hosts=1;failures=2;background=2;flows=0-1;queue=3;packets=2'",
        "dft, 'topology=fattree:k=4;flows=0-15;packets=1;background=1;queue=3;failures=1'",
        "flow-keyed, ''",
        "no-dft, ''",
        "overwrite, ''",
        "overwrite, 'topology=leafspine:tors=2,spines=3,hosts=1;flows=0-1,1-0;dft=2;tokens=2;failures=0;threshold=1'",
        "deflect-middle, ''",
        "unlimited-tokens, ''",
        "free-on-first, ''",
        "free-on-first, 'packets=3;dft=1'",
    })
    void packedSuccessorsAndPropertiesEqualTheObjectModels(String variant, String params) {
        List<String> ps = params.isEmpty() ? List.of() : List.of(params.split(";"));
        CheckSpec<IofdState> spec = new IofdEntry().build(variant, Params.parse(ps));
        IofdModel model = (IofdModel) spec.model();
        StateCodec<IofdState> codec = model.codec().orElseThrow();
        PackedModel packed = model.packed().orElseThrow();
        PackedModel.Expander expander = packed.expander();
        List<Property<IofdState>> props = spec.properties();
        Set<IofdState> seen = new HashSet<>(model.initialStates());
        ArrayDeque<IofdState> queue = new ArrayDeque<>(seen);
        Map<String, Integer> violations = new HashMap<>();
        long steps = 0;
        while (!queue.isEmpty()) {
            IofdState s = queue.poll();
            int[] from = encode(codec, s);
            assertEquals(s, codec.decode(Words.reader(from, 0)), "decode");
            // the state at an offset in a larger array, as the explorer holds it
            int[] shifted = new int[from.length + 3];
            System.arraycopy(from, 0, shifted, 3, from.length);
            List<Transition<IofdState>> expected = new ArrayList<>();
            model.successors(s, expected::add);
            List<long[]> codes = new ArrayList<>();
            List<int[]> nexts = new ArrayList<>();
            expander.successors(shifted, 3, (code, next, length) -> {
                codes.add(new long[] {code});
                nexts.add(Arrays.copyOf(next, length));
            });
            assertEquals(expected.size(), nexts.size(), () -> "successors of " + s);
            for (int k = 0; k < expected.size(); k++) {
                Transition<IofdState> t = expected.get(k);
                long code = codes.get(k)[0];
                int[] to = nexts.get(k);
                int index = k;
                assertEquals(t.action(), packed.action(code), () -> "action " + index + " of " + s);
                assertArrayEquals(encode(codec, t.next()), to, () -> "successor " + index + " of " + s + ": " + t);
                for (Property<IofdState> p : props) {
                    if (p instanceof ActionProperty<IofdState> ap) {
                        boolean holds = ap.test(s, t.action(), t.next());
                        violations.merge(p.name(), holds ? 0 : 1, Integer::sum);
                        assertEquals(holds, ap.packed().orElseThrow().test(shifted, 3, code, to),
                                () -> p.name() + " on " + s + " -> " + t);
                    }
                }
                if (seen.add(t.next())) {
                    queue.add(t.next());
                }
                steps++;
            }
            for (Property<IofdState> p : props) {
                if (p instanceof Invariant<IofdState> in) {
                    boolean holds = in.test(s);
                    violations.merge(p.name(), holds ? 0 : 1, Integer::sum);
                    assertEquals(holds, in.packed().orElseThrow().test(shifted, 3), () -> p.name() + " in " + s);
                } else if (p instanceof Progress<IofdState> pg) {
                    assertEquals(pg.isGoal(s), pg.packedGoal().orElseThrow().test(shifted, 3),
                            () -> p.name() + " in " + s);
                } else {
                    assertTrue(p instanceof DeadlockFreedom<IofdState> || p instanceof ActionProperty<IofdState>,
                            () -> p.name() + " has no packed form");
                }
            }
        }
        assertTrue(seen.size() > 50, "explored " + seen.size());
        assertTrue(steps > seen.size(), "steps " + steps);
        // at a variant's own defaults, every safety property it must violate is violated somewhere
        // (both verdicts compared)
        for (String name : params.isEmpty() ? spec.expectedViolations() : Set.<String>of()) {
            if (violations.containsKey(name)) {
                assertTrue(violations.get(name) > 0, () -> name + " never violated in " + variant);
            }
        }
    }

    private static int[] encode(StateCodec<IofdState> codec, IofdState s) {
        Words w = new Words();
        codec.encode(s, w);
        int[] v = new int[w.length()];
        w.copyTo(v, 0);
        return v;
    }
}
