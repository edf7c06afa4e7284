package org.rdmacheck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.StateCodec;
import org.rdmacheck.model.Words;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;

/**
 * Every codec keeps its contract on every reachable state of small configurations: decoding gives
 * the state back, and distinct states have distinct words. Then the explorer finds the same counts
 * with the codec's fingerprints as with full states.
 */
class StateCodecTest {

    @ParameterizedTest
    @CsvSource({
        "gbn, improved, packets=3;losses=1",
        "gbn, gbn, packets=2;messages=2;losses=1",
        "iofd, dft, ''",
        "iofd, dft, 'topology=leafspine:tors=2,spines=2,hosts=2;flows=0-2,3-1;tokens=1;queue=3;packets=2;failures=1'",
        "escape-vl, escape-follow, ''",
        "dasr, dart, messages=1",
        "partition, paper, ''",
    })
    void decodeInvertsEncodeAndDistinctStatesHaveDistinctWords(String model, String variant, String params) {
        List<String> ps = params.isEmpty() ? List.of() : List.of(params.split(";"));
        CheckSpec<?> spec = Catalog.find(model).build(variant, Params.parse(ps));
        int n = checkContract(spec.model());
        assertTrue(n > 50, "explored " + n);
        ExplorationReport full = new Explorer(ExplorerSettings.defaults().withStorage(ExplorerSettings.Storage.FULL)
                .withProgress(0, r -> { })).check(spec);
        ExplorationReport fp = new Explorer(ExplorerSettings.defaults().withThreads(2).withProgress(0, r -> { }))
                .check(spec);
        assertEquals(n, full.stats().distinctStates());
        assertEquals(full.stats().distinctStates(), fp.stats().distinctStates());
        assertEquals(full.stats().transitions(), fp.stats().transitions());
    }

    private static <S> int checkContract(Model<S> model) {
        StateCodec<S> codec = model.codec().orElseThrow();
        Words w = new Words();
        Set<S> seen = new HashSet<>(model.initialStates());
        Map<List<Long>, S> byWords = new HashMap<>();
        ArrayDeque<S> queue = new ArrayDeque<>(seen);
        while (!queue.isEmpty()) {
            S s = queue.poll();
            w.clear();
            codec.encode(s, w);
            long[] packed = w.toArray();
            assertEquals(s, codec.decode(Words.reader(packed)));
            S other = byWords.put(Arrays.stream(packed).boxed().toList(), s);
            assertTrue(other == null || other.equals(s), "two states with the same words: " + s + ", " + other);
            model.successors(s, t -> {
                if (seen.add(t.next())) {
                    queue.add(t.next());
                }
            });
        }
        return seen.size();
    }
}
