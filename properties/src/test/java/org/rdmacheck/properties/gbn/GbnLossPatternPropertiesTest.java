package org.rdmacheck.properties.gbn;

import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.gbn.GoBackN;
import org.rdmacheck.model.gbn.LossEvent;

/**
 * Property-based tests over random loss patterns (QuickTheories; fixed seed, printed on failure):
 * delivery is always in order, and when the exhaustive analysis says a loss pattern never forces
 * an ACK timeout, a random run with that pattern completes without one (and a run that times out
 * has a pattern the analysis lists).
 */
class GbnLossPatternPropertiesTest {

    /** Budget of the exhaustive analysis; random patterns have at most this many losses. */
    private static final int BUDGET = 2;

    private static final List<Map<String, String>> CONFIGS = List.of(
            Map.of("variant", "gbn", "packets", "3"),
            Map.of("variant", "gb0", "packets", "2"),
            Map.of("variant", "st", "packets", "3"),
            Map.of("variant", "ce", "packets", "2"),
            Map.of("variant", "improved", "packets", "3"),
            Map.of("variant", "improved", "packets", "3", "duplicates", "ignore"),
            Map.of("variant", "st", "packets", "3", "nakPolicy", "epsn"),
            Map.of("variant", "improved", "packets", "2", "messages", "2", "ackInterval", "0"));

    private final Map<Integer, GoBackN> models = new ConcurrentHashMap<>();
    private final Map<Integer, Set<List<LossEvent>>> timeoutPatterns = new ConcurrentHashMap<>();

    private GoBackN model(int i) {
        return models.computeIfAbsent(i, k -> {
            Map<String, String> c = new java.util.HashMap<>(CONFIGS.get(k));
            String variant = c.remove("variant");
            c.put("losses", Integer.toString(BUDGET));
            GbnEntry e = new GbnEntry();
            return GbnEntry.model(variant, e.resolve(Params.of(c)));
        });
    }

    private Set<List<LossEvent>> patterns(int i) {
        return timeoutPatterns.computeIfAbsent(i, k -> TimeoutCauses.analyse(model(k)).stream()
                .map(TimeoutPattern::losses).collect(Collectors.toSet()));
    }

    private static Gen<LossEvent> lossEvents() {
        Gen<String> channel = integers().between(0, 2).map(i -> List.of("DATA", "ACK", "NAK").get(i));
        return channel.zip(integers().between(0, 3), LossEvent::new);
    }

    @Test
    void deliveryIsAlwaysInOrder() {
        qt().withExamples(150).withFixedSeed(20261121L)
                .forAll(integers().between(0, CONFIGS.size() - 1), lists().of(lossEvents()).ofSizeBetween(0, BUDGET),
                        longs().all())
                .checkAssert((cfg, pattern, seed) -> {
                    RandomLossRun.Result r = RandomLossRun.run(model(cfg), pattern, seed, 5_000);
                    org.junit.jupiter.api.Assertions.assertTrue(r.inOrder(), () -> CONFIGS.get(cfg) + " " + pattern);
                });
    }

    @Test
    void patternsTheExhaustiveCheckClearsNeverNeedTheRto() {
        java.util.concurrent.atomic.AtomicInteger timeouts = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicInteger lossyCompletions = new java.util.concurrent.atomic.AtomicInteger();
        qt().withExamples(150).withFixedSeed(42L)
                .forAll(integers().between(0, CONFIGS.size() - 1), lists().of(lossEvents()).ofSizeBetween(0, BUDGET),
                        longs().all())
                .checkAssert((cfg, pattern, seed) -> {
                    RandomLossRun.Result r = RandomLossRun.run(model(cfg), pattern, seed, 20_000);
                    boolean forces = patterns(cfg).contains(r.realized());
                    String where = CONFIGS.get(cfg) + " pattern " + pattern + " realized " + r.realized();
                    if (r.timedOut()) {
                        timeouts.incrementAndGet();
                        org.junit.jupiter.api.Assertions.assertTrue(forces, "timeout not predicted: " + where);
                    } else if (r.completed() && !r.realized().isEmpty()) {
                        lossyCompletions.incrementAndGet();
                    }
                    if (!forces) {
                        org.junit.jupiter.api.Assertions.assertTrue(r.completed() && !r.timedOut(),
                                "cleared pattern did not complete without RTO: " + where + " after " + r.steps());
                    }
                });
        // both sides of the property were exercised
        org.junit.jupiter.api.Assertions.assertTrue(timeouts.get() >= 5, "timeouts " + timeouts);
        org.junit.jupiter.api.Assertions.assertTrue(lossyCompletions.get() > 10, "completions " + lossyCompletions);
    }
}
