package org.rdmacheck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.fabric.NetworkModel.PlantedRouter;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.escapevl.EscapeVlEntry;

/**
 * "None twice" (seed 000 IV-A/B) on the escape-vl preset: the delivery record is one bit per packet, which a
 * second delivery of the same packet leaves as it was, so only the Deliver step against the pre-state's record
 * ({@link EscapeVlEntry#NO_DUPLICATE}) sees a duplicate. The planted bug is the test hook
 * {@link PlantedRouter#DELIVERS_FIRST_TWICE} (a destination that keeps a message's first packet at the head of
 * its buffer the first time it delivers it): every other property holds on it, {@code NoDuplicateDelivery} fails,
 * on the packed and on the object path; on the design it holds.
 */
class EscapeVlDuplicateDeliveryTest {

    private static ExplorerSettings settings(boolean packed) {
        return ExplorerSettings.defaults().withThreads(1).withPackedSuccessors(packed).withProgress(0, r -> { });
    }

    private static ExplorationReport explore(CheckSpec<?> spec, boolean packed) {
        ExplorationReport r = new Explorer(settings(packed)).check(spec);
        assertTrue(r.complete());
        return r;
    }

    private static Map<String, CheckResult.Verdict> verdicts(ExplorationReport r) {
        return r.results().stream().collect(Collectors.toMap(CheckResult::property, CheckResult::verdict));
    }

    /** escape-follow at the defaults (ring of 3, capacity 1, 1 token): 864 states, 2,160 with the bug. */
    /**
     * Every escape-vl property is violated by some variant at that variant's defaults, or declared structural
     * (NoDuplicateDelivery, which no rule of the preset can violate: the plants here do).
     */
    @Test
    void everyPropertyIsViolatedBySomeVariantOrIsStructural() {
        EscapeVlEntry entry = new EscapeVlEntry();
        assertEquals(Set.of(EscapeVlEntry.NO_DUPLICATE), entry.structuralProperties().keySet());
        Set<String> covered = new java.util.TreeSet<>(entry.structuralProperties().keySet());
        Set<String> all = new java.util.TreeSet<>();
        entry.variants().forEach(v -> {
            covered.addAll(v.mustFail());
            entry.build(v.name(), Params.empty()).properties().forEach(p -> all.add(p.name()));
            assertTrue(!v.mustFail().contains(EscapeVlEntry.NO_DUPLICATE), v.name() + ": NoDuplicateDelivery is structural");
        });
        assertEquals(all, covered);
    }

    @Test
    void escapeFollowDeliveredTwiceViolatesNoDuplicateDelivery() {
        deliveredTwice("escape-follow", 864, 2160, true);
    }

    /** dart at the defaults: 7,619 states, 28,765 with the bug (the packed path only). */
    @Test
    @Tag("slow")
    void dartDeliveredTwiceViolatesNoDuplicateDelivery() {
        deliveredTwice("dart", 7619, 28765, false);
    }

    private static void deliveredTwice(String variant, long designStates, long plantedStates, boolean objectPath) {
        @SuppressWarnings("unchecked")
        CheckSpec<LayoutState> design = (CheckSpec<LayoutState>) Catalog.find("escape-vl")
                .build(variant, Params.parse(List.of("network=ring3")));
        NetworkModel bug = NetworkModel.withPlanted(((NetworkModel) design.model()).config(),
                PlantedRouter.DELIVERS_FIRST_TWICE);
        CheckSpec<LayoutState> planted = new CheckSpec<>(design.modelName(), variant, design.parameters(), bug,
                EscapeVlEntry.properties(bug, variant), Set.of(EscapeVlEntry.NO_DUPLICATE));
        for (boolean packed : objectPath ? new boolean[] {true, false} : new boolean[] {true}) {
            ExplorationReport d = explore(design, packed);
            ExplorationReport b = explore(planted, packed);
            assertEquals(designStates, d.stats().distinctStates(), "design, packed " + packed);
            assertEquals(plantedStates, b.stats().distinctStates(), "planted, packed " + packed);
            Map<String, CheckResult.Verdict> held = verdicts(d);
            Map<String, CheckResult.Verdict> got = verdicts(b);
            assertEquals(CheckResult.Verdict.VERIFIED, held.get(EscapeVlEntry.NO_DUPLICATE), "design, packed " + packed);
            assertEquals(CheckResult.Verdict.VIOLATED, got.get(EscapeVlEntry.NO_DUPLICATE), "planted, packed " + packed);
            assertEquals(held.keySet(), got.keySet());
            got.forEach((p, v) -> {
                if (!p.equals(EscapeVlEntry.NO_DUPLICATE)) {
                    assertEquals(held.get(p), v, p + " sees nothing of the duplicate, packed " + packed);
                }
            });
        }
    }
}
