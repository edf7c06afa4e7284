package org.rdmacheck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.trace.TraceReplayer;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.PackedSymmetry;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.StateCodec;
import org.rdmacheck.model.Symmetry;
import org.rdmacheck.model.Words;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;

/**
 * Symmetry reduction on the data-partition model (its queue pairs are interchangeable) and on the
 * Dart receiver's persistent loop (its senders 1..n-1 are interchangeable): the
 * reduced count is the number of classes of reachable states equal up to renaming the QPs,
 * counted here by brute force; verdicts are those of the full search; counterexamples replay.
 */
class SymmetryTest {

    private static ExplorerSettings settings(int threads, ExplorerSettings.Storage st, boolean symmetry) {
        return ExplorerSettings.defaults().withThreads(threads).withStorage(st).withSymmetry(symmetry)
                .withProgress(0, r -> { });
    }

    @ParameterizedTest
    @CsvSource({
        "partition, paper, qps=2;transfers=2;size=3",
        "partition, paper, qps=3;transfers=2;size=2;errors=0",
        "partition, no-data-id, qps=3;transfers=2;size=3;errors=0",
        "partition, no-completion-wait, qps=2;transfers=2;size=3",
        "partition, error-after-landing, qps=2;transfers=2;size=3",
        "dasr, persistent-hysteresis, ai=1;bc=1",
        "dasr, persistent-hysteresis, ai=1;bc=1;k=3",
    })
    void reducedCountsAreTheNumberOfOrbitsAndVerdictsAreUnchanged(String model, String variant, String params) {
        CheckSpec<?> spec = Catalog.find(model).build(variant, Params.parse(List.of(params.split(";"))));
        long[] counts = bruteForce(spec.model());
        assertTrue(counts[1] < counts[0], "the symmetry merges some states: " + counts[0] + " -> " + counts[1]);
        ExplorationReport full = new Explorer(settings(1, ExplorerSettings.Storage.FULL, false)).check(spec);
        assertEquals(counts[0], full.stats().distinctStates());
        for (ExplorerSettings.Storage st : ExplorerSettings.Storage.values()) {
            for (int threads : new int[] {1, 2}) {
                ExplorationReport r = new Explorer(settings(threads, st, true)).check(spec);
                assertEquals(counts[1], r.stats().distinctStates(), st + "/" + threads);
                for (int i = 0; i < full.results().size(); i++) {
                    CheckResult a = full.results().get(i);
                    CheckResult b = r.results().get(i);
                    assertEquals(a.verdict(), b.verdict(), a.property());
                    if (b instanceof CheckResult.Violated v) {
                        assertTrue(TraceReplayer.replay(spec, v.counterexample()).reproduces(), a.property());
                        assertEquals(((CheckResult.Violated) a).counterexample().length(),
                                v.counterexample().length(), "shortest either way: " + a.property());
                    }
                }
            }
        }
    }

    /**
     * The packed canonical form against the object renamings it replaces: on reachable states,
     * every renaming of a state has the same canonical values, they decode to one of the
     * renamings, and distinct classes get distinct values.
     */
    @ParameterizedTest
    @CsvSource({
        "partition, paper, qps=3;transfers=2;size=2;errors=0",
        "dasr, persistent-hysteresis, ai=1;bc=1",
        "dasr, persistent-hysteresis, ai=1;bc=1;senders=4",
    })
    void packedCanonicalFormIsTheSameForEveryRenamingAndDecodesToOne(String model, String variant, String params) {
        CheckSpec<?> spec = Catalog.find(model).build(variant, Params.parse(List.of(params.split(";"))));
        packedCanonicalForm(spec.model());
    }

    private static <S> void packedCanonicalForm(Model<S> model) {
        Symmetry<S> sym = model.symmetry().orElseThrow();
        StateCodec<S> codec = model.codec().orElseThrow();
        PackedSymmetry packed = sym.packed().orElseThrow();
        int[][] perms = Canonicalizer.permutations(sym.size());
        Set<List<Integer>> forms = new HashSet<>();
        Set<Set<S>> orbits = new HashSet<>();
        // the first states breadth-first (the 4-sender space has millions): the form is checked per state
        for (S s : reachable(model, 8_000)) {
            List<Integer> form = canonical(codec, packed, s);
            Set<S> orbit = new HashSet<>();
            for (int[] p : perms) {
                S image = sym.permute(s, p);
                orbit.add(image);
                assertEquals(form, canonical(codec, packed, image), "a renaming changes the canonical form of " + s);
            }
            S representative = codec.decode(Words.reader(form.stream().mapToInt(Integer::intValue).toArray(), 0));
            assertTrue(orbit.contains(representative), "the canonical form decodes to a renaming of " + s);
            forms.add(form);
            orbits.add(orbit);
        }
        assertEquals(orbits.size(), forms.size(), "one canonical form per class");
    }

    private static <S> List<Integer> canonical(StateCodec<S> codec, PackedSymmetry packed, S s) {
        Words w = new Words();
        codec.encode(s, w);
        int[] v = new int[w.length()];
        w.copyTo(v, 0);
        Words out = new Words();
        packed.canonical(v, v.length, out);
        int[] c = new int[out.length()];
        out.copyTo(c, 0);
        return java.util.Arrays.stream(c).boxed().toList();
    }

    /**
     * The fallback for a symmetry without a packed form (every renaming tried, the least
     * fingerprint kept) counts the same classes and finds the same counterexamples.
     */
    @ParameterizedTest
    @CsvSource({
        "partition, no-data-id, qps=3;transfers=2;size=3;errors=0",
        "dasr, persistent-hysteresis, ai=1;bc=1;k=3",
    })
    void renamingEveryPermutationGivesTheSameResultsAsThePackedForm(String model, String variant, String params) {
        CheckSpec<?> spec = Catalog.find(model).build(variant, Params.parse(List.of(params.split(";"))));
        CheckSpec<?> unpacked = withoutPackedSymmetry(spec);
        for (ExplorerSettings.Storage st : ExplorerSettings.Storage.values()) {
            ExplorationReport a = new Explorer(settings(2, st, true)).check(spec);
            ExplorationReport b = new Explorer(settings(2, st, true)).check(unpacked);
            assertEquals(a.stats().distinctStates(), b.stats().distinctStates(), st.toString());
            assertEquals(a.stats().transitions(), b.stats().transitions(), st.toString());
            for (int i = 0; i < a.results().size(); i++) {
                CheckResult x = a.results().get(i);
                CheckResult y = b.results().get(i);
                assertEquals(x.verdict(), y.verdict(), x.property());
                if (x instanceof CheckResult.Violated vx) {
                    assertEquals(vx.counterexample().steps(), ((CheckResult.Violated) y).counterexample().steps(),
                            x.property());
                }
            }
        }
    }

    private static <S> CheckSpec<S> withoutPackedSymmetry(CheckSpec<S> spec) {
        Model<S> m = spec.model();
        Symmetry<S> sym = m.symmetry().orElseThrow();
        Symmetry<S> objectsOnly = new Symmetry<>() {
            @Override
            public String elements() {
                return sym.elements();
            }

            @Override
            public int size() {
                return sym.size();
            }

            @Override
            public S permute(S state, int[] permutation) {
                return sym.permute(state, permutation);
            }
        };
        Model<S> wrapped = new Model<>() {
            @Override
            public List<S> initialStates() {
                return m.initialStates();
            }

            @Override
            public void successors(S state, java.util.function.Consumer<org.rdmacheck.model.Transition<S>> sink) {
                m.successors(state, sink);
            }

            @Override
            public boolean isFinal(S state) {
                return m.isFinal(state);
            }

            @Override
            public java.util.Optional<StateCodec<S>> codec() {
                return m.codec();
            }

            @Override
            public java.util.Optional<Symmetry<S>> symmetry() {
                return java.util.Optional.of(objectsOnly);
            }

            @Override
            public Object view(S state) {
                return m.view(state);
            }
        };
        return new CheckSpec<>(spec.modelName(), spec.variant(), spec.parameters(), wrapped, spec.properties(),
                spec.expectedViolations());
    }

    @Test
    void permutationsAreAllRenamingsIdentityFirst() {
        int[][] p = Canonicalizer.permutations(4);
        assertEquals(24, p.length);
        assertEquals(List.of(0, 1, 2, 3), java.util.Arrays.stream(p[0]).boxed().toList());
        Set<List<Integer>> distinct = new HashSet<>();
        for (int[] x : p) {
            distinct.add(java.util.Arrays.stream(x).boxed().toList());
        }
        assertEquals(24, distinct.size());
    }

    private static <S> Set<S> reachable(Model<S> model) {
        return reachable(model, Integer.MAX_VALUE);
    }

    /** @return the reachable states, breadth-first, stopping once {@code limit} are found */
    private static <S> Set<S> reachable(Model<S> model, int limit) {
        Set<S> seen = new HashSet<>(model.initialStates());
        ArrayDeque<S> queue = new ArrayDeque<>(seen);
        while (!queue.isEmpty() && seen.size() < limit) {
            model.successors(queue.poll(), t -> {
                if (seen.add(t.next())) {
                    queue.add(t.next());
                }
            });
        }
        return seen;
    }

    /** @return {reachable states, classes of reachable states up to renaming}, by plain enumeration */
    private static <S> long[] bruteForce(Model<S> model) {
        Symmetry<S> sym = model.symmetry().orElseThrow();
        int[][] perms = Canonicalizer.permutations(sym.size());
        Set<S> seen = reachable(model);
        // a class is named by the set of its members: independent of the explorer's choice
        Set<Set<S>> orbits = new HashSet<>();
        for (S s : seen) {
            Set<S> orbit = new HashSet<>();
            for (int[] p : perms) {
                S image = sym.permute(s, p);
                assertTrue(seen.contains(image), "renaming a reachable state gives a reachable state");
                orbit.add(image);
            }
            orbits.add(orbit);
        }
        return new long[] {seen.size(), orbits.size()};
    }
}
