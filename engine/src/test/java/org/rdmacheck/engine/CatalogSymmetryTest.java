package org.rdmacheck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.StateCodec;
import org.rdmacheck.model.Symmetry;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.layout.Field;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.layout.Slot;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.catalog.VariantSpec;

/**
 * Every catalogue variant that declares a symmetry, at its defaults and one element up: the
 * declared renamings commute with the model's successors and leave every property's verdict
 * unchanged on the whole reachable graph ({@link SymmetryCommutes}); and a planted asymmetry (dasr's
 * persistent loop corrupting the mode when sender 2's rate exceeds sender 1's) fails that test and
 * makes a reduced run INCONCLUSIVE through the run-time audit ({@link SymmetryAudit}), where without
 * the audit it would be VERIFIED on too few classes.
 */
class CatalogSymmetryTest {

    /** the full graphs walked here: the largest default (dasr persistent, 3,553 states) is far below */
    private static final long MAX_STATES = 120_000;
    /** beyond the default tier's budget: walked in the slow tier */
    private static final String SLOW = "dasr persistent-hysteresis";

    static Stream<Arguments> symmetricVariants() {
        List<Arguments> out = new ArrayList<>();
        for (ModelEntry e : Catalog.entries()) {
            for (VariantSpec v : e.variants()) {
                CheckSpec<?> spec;
                try {
                    spec = e.build(v.name(), Params.empty());
                } catch (RuntimeException notBuildable) {
                    continue;
                }
                if (spec.model().symmetry().isPresent()) {
                    out.add(Arguments.of(e.name(), v.name(), Map.of()));
                }
            }
        }
        // one element more: three symmetric elements, so the cycle is a generator beside the transposition
        out.add(Arguments.of("partition", "paper", Map.of("qps", "3")));
        out.add(Arguments.of("dasr", "persistent", Map.of("senders", "4")));
        return out.stream();
    }

    @Test
    void theCatalogueDeclaresSymmetries() {
        List<String> names = symmetricVariants().map(a -> a.get()[0] + " " + a.get()[1]).toList();
        assertTrue(names.contains("partition paper") && names.contains("dasr persistent") && names.contains(SLOW),
                names.toString());
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("symmetricVariants")
    void renamingCommutesWithTheSuccessorsAndTheProperties(String model, String variant, Map<String, String> params) {
        if ((model + " " + variant).equals(SLOW) && params.isEmpty()) {
            return; // walked by the slow test below
        }
        SymmetryCommutes.Outcome o = SymmetryCommutes.check(Catalog.find(model).build(variant, Params.of(params)),
                MAX_STATES);
        assertEquals(List.of(), o.differences(), model + " " + variant + " " + params);
        assertTrue(o.complete(), model + " " + variant + " " + params + ": more than " + MAX_STATES + " states");
    }

    @Test
    @Tag("slow")
    void renamingCommutesOnTheHysteresisLoop() {
        SymmetryCommutes.Outcome o = SymmetryCommutes.check(Catalog.find("dasr").build("persistent-hysteresis",
                Params.empty()), 1_000_000);
        assertEquals(List.of(), o.differences());
        assertTrue(o.complete());
        assertEquals(401_559, o.states());
    }

    // ---- the planted asymmetry ----

    private static final Map<String, String> PLANT_PARAMS = Map.of("ai", "1", "bc", "1");

    /** dasr's hysteresis loop whose steps corrupt the mode when sender 2's rate exceeds sender 1's. */
    @SuppressWarnings("unchecked")
    static CheckSpec<LayoutState> plant() {
        CheckSpec<LayoutState> real = (CheckSpec<LayoutState>) Catalog.find("dasr").build("persistent-hysteresis",
                Params.of(PLANT_PARAMS));
        return new CheckSpec<>(real.modelName(), real.variant(), real.parameters(), new Asymmetric(real.model()),
                real.properties(), real.expectedViolations());
    }

    @Test
    void thePlantedAsymmetryFailsTheCatalogueTest() {
        SymmetryCommutes.Outcome o = SymmetryCommutes.check(plant(), MAX_STATES);
        assertFalse(o.differences().isEmpty());
        assertTrue(o.differences().get(0).startsWith("succ(p s) != p succ(s)"), o.differences().get(0));
    }

    @Test
    void thePlantedAsymmetryMakesTheReducedRunInconclusive() {
        CheckSpec<LayoutState> spec = plant();
        ExplorerSettings base = ExplorerSettings.defaults().withThreads(2).withSymmetryAudit(AuditScope.ALL);
        ExplorationReport full = new Explorer(base).check(spec);
        ExplorationReport audited = new Explorer(base.withSymmetry(true)).check(spec);
        ExplorationReport trusted = new Explorer(base.withSymmetry(true).withSymmetryAudit(AuditScope.NONE)).check(spec);
        // two interchangeable senders: a sound reduction keeps at least half the states as classes
        assertTrue(trusted.stats().distinctStates() * 2 < full.stats().distinctStates(),
                trusted.stats().distinctStates() + " classes of " + full.stats().distinctStates() + " states");
        assertTrue(trusted.results().stream().anyMatch(r -> r instanceof CheckResult.Verified),
                "the plant hides nothing without the audit: " + trusted.results());
        ExplorationReport sampled = new Explorer(ExplorerSettings.defaults().withThreads(2).withSymmetry(true))
                .check(spec);
        assertEquals(audited.results().stream().map(CheckResult::verdict).toList(),
                sampled.results().stream().map(CheckResult::verdict).toList(), "the default audit is a sample");
        assertEquals(full.results().size(), audited.results().size());
        for (CheckResult r : audited.results()) {
            assertFalse(r instanceof CheckResult.Verified, r.toString());
            if (r instanceof CheckResult.Inconclusive i) {
                assertEquals(CheckResult.InconclusiveReason.REDUCED_SPACE, i.cause());
                assertTrue(i.reason().contains("the renaming 0 -> 1, 1 -> 0 of the symmetric set senders 1..2"), i.reason());
                assertTrue(i.reason().contains("state "), i.reason());
            } else {
                assertInstanceOf(CheckResult.Violated.class, r);
            }
        }
    }

    @Test
    void theAuditPassesTheDeclaredSymmetriesWithUnchangedCounts() {
        for (String[] mv : new String[][] {{"dasr", "persistent"}, {"partition", "paper"}}) {
            CheckSpec<?> spec = Catalog.find(mv[0]).build(mv[1], Params.empty());
            ExplorerSettings s = ExplorerSettings.defaults().withThreads(2).withSymmetry(true);
            ExplorationReport audited = new Explorer(s.withSymmetryAudit(AuditScope.ALL)).check(spec);
            ExplorationReport sampled = new Explorer(s).check(spec);
            ExplorationReport trusted = new Explorer(s.withSymmetryAudit(AuditScope.NONE)).check(spec);
            assertEquals(trusted.stats().distinctStates(), sampled.stats().distinctStates(), mv[0]);
            assertEquals(trusted.stats().distinctStates(), audited.stats().distinctStates(), mv[0]);
            assertEquals(trusted.results().stream().map(CheckResult::verdict).toList(),
                    audited.results().stream().map(CheckResult::verdict).toList(), mv[0]);
        }
    }

    /** A model wrapper: the planted asymmetry. */
    private record Asymmetric(Model<LayoutState> real) implements Model<LayoutState> {

        @Override
        public List<LayoutState> initialStates() {
            return real.initialStates();
        }

        @Override
        public void successors(LayoutState s, Consumer<Transition<LayoutState>> sink) {
            Field mode = field(s, "mode");
            boolean corrupt = s.get(field(s, "rc[2]")) > s.get(field(s, "rc[1]"));
            real.successors(s, t -> {
                if (!corrupt) {
                    sink.accept(t);
                    return;
                }
                int[] v = new int[t.next().length()];
                t.next().copyTo(v, 0);
                int m = mode.get(v, 0);
                mode.set(v, 0, m == mode.min() ? mode.min() + 1 : mode.min());
                sink.accept(new Transition<>(t.action(), new LayoutState(s.layout(), v, 0, v.length)));
            });
        }

        private static Field field(LayoutState s, String name) {
            for (Slot slot : s.layout().slots()) {
                if (slot.name().equals(name)) {
                    return (Field) slot;
                }
            }
            throw new IllegalArgumentException(name);
        }

        @Override
        public boolean isFinal(LayoutState s) {
            return real.isFinal(s);
        }

        @Override
        public java.util.Optional<StateCodec<LayoutState>> codec() {
            return real.codec();
        }

        @Override
        public java.util.Optional<Symmetry<LayoutState>> symmetry() {
            return real.symmetry();
        }

        @Override
        public Object view(LayoutState s) {
            return real.view(s);
        }
    }
}
