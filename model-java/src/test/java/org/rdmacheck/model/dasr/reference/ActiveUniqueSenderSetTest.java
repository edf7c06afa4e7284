package org.rdmacheck.model.dasr.reference;

import org.rdmacheck.model.dasr.*;

import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * Stateful property test: random sequences of message starts, ends and removals (timeouts) on the
 * AUSS against a reference that keeps every live message as a token.
 */
class ActiveUniqueSenderSetTest {

    private static final int SENDERS = 4;

    @Test
    void sizeIsTheNumberOfSendersWithALiveMessage() {
        qt().withFixedSeed(7_000_001L).withExamples(300)
                .forAll(lists().of(integers().between(0, 3 * SENDERS - 1)).ofSizeBetween(0, 60))
                .checkAssert(commands -> {
                    ActiveUniqueSenderSet auss = ActiveUniqueSenderSet.empty();
                    Map<Integer, List<Integer>> tokens = new TreeMap<>();
                    int next = 0;
                    for (int c : commands) {
                        int sender = c % SENDERS;
                        switch (c / SENDERS) {
                            case 0 -> {
                                auss = auss.start(sender);
                                tokens.computeIfAbsent(sender, k -> new ArrayList<>()).add(next++);
                            }
                            case 1 -> {
                                auss = auss.end(sender);
                                List<Integer> l = tokens.get(sender);
                                if (l != null) {
                                    l.remove(0);
                                }
                            }
                            default -> {
                                auss = auss.remove(sender);
                                tokens.remove(sender);
                            }
                        }
                        tokens.values().removeIf(List::isEmpty);
                        Assertions.assertEquals(tokens.size(), auss.size(), "n after " + commands);
                        int live = tokens.values().stream().mapToInt(List::size).sum();
                        Assertions.assertEquals(live, auss.messages());
                        for (int s = 0; s < SENDERS; s++) {
                            Assertions.assertEquals(tokens.getOrDefault(s, List.of()).size(), auss.count(s));
                        }
                    }
                });
    }

    @Test
    void rejectsNonPositiveCounts() {
        Assertions.assertThrows(IllegalArgumentException.class,
                () -> new ActiveUniqueSenderSet(new TreeMap<>(Map.of(1, 0))));
    }
}
