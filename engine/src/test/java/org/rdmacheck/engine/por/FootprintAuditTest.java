package org.rdmacheck.engine.por;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.engine.Reduction;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.layout.Footprint;
import org.rdmacheck.model.layout.ForwardingLayoutModel;
import org.rdmacheck.model.layout.LayoutModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.layout.ReadAudit;
import org.rdmacheck.model.layout.Slot;
import org.rdmacheck.model.layout.WriteAudit;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;

/**
 * The audit of footprints, in a test and at run time under {@code --reduction}: the writes
 * ({@link WriteAudit}): a planted undeclared write (Go-Back-N's {@code LoseData} declared without
 * its write of the loss budget {@code lossesLeft}) is found on the reachable graph, and makes a
 * reduced run's proofs INCONCLUSIVE naming the step and the slot; and the reads ({@link ReadAudit}):
 * every catalogue variant's footprints at its defaults, a planted undeclared read ({@code LoseData}
 * declared without its read of {@code lossesLeft}) found by the test and making the reduced run
 * INCONCLUSIVE, and every model family's footprints with every read left out found. The honest
 * declarations pass.
 */
class FootprintAuditTest {

    @SuppressWarnings("unchecked")
    private static CheckSpec<LayoutState> gbn(boolean plant) {
        CheckSpec<LayoutState> real = (CheckSpec<LayoutState>) Catalog.find("gbn").build("improved", Params.empty());
        LayoutModel m = (LayoutModel) real.model();
        return plant ? new CheckSpec<>(real.modelName(), real.variant(), real.parameters(),
                new Misdeclared(m, "LoseData", "lossesLeft"), real.properties(), real.expectedViolations()) : real;
    }

    /** @return the first undeclared write on the whole reachable graph, as "action changes slot" */
    private static Optional<String> firstUndeclared(LayoutModel m) {
        WriteAudit audit = new WriteAudit(m);
        Set<LayoutState> seen = new HashSet<>(m.initialStates());
        ArrayDeque<LayoutState> queue = new ArrayDeque<>(seen);
        while (!queue.isEmpty()) {
            LayoutState s = queue.poll();
            int[] a = new int[s.length()];
            s.copyTo(a, 0);
            List<String> found = new ArrayList<>();
            m.successors(s, t -> {
                int[] b = new int[t.next().length()];
                t.next().copyTo(b, 0);
                audit.undeclared(audit.group(m.group(t.action())), a, 0, b, 0)
                        .ifPresent(slot -> found.add(t.action().name() + " changes " + slot.name()));
                if (seen.add(t.next())) {
                    queue.add(t.next());
                }
            });
            if (!found.isEmpty()) {
                return Optional.of(found.get(0));
            }
        }
        return Optional.empty();
    }

    @Test
    void theAuditFindsThePlantedWriteAndPassesTheDeclaredFootprints() {
        assertEquals(Optional.empty(), firstUndeclared((LayoutModel) gbn(false).model()));
        assertEquals(Optional.of("LoseData changes lossesLeft"), firstUndeclared((LayoutModel) gbn(true).model()));
    }

    @Test
    void theAuditReadsTheCompactEncoding() {
        LayoutModel fabric = (LayoutModel) Catalog.find("fabric").build("ecn-first", Params.empty()).model();
        assertTrue(fabric.layout().compact());
        assertEquals(Optional.empty(), firstUndeclared(fabric));
        // every group declared without its FIFO writes: the first step that moves a packet is caught
        Optional<String> found = firstUndeclared(new Misdeclared(fabric, null, null));
        assertTrue(found.isPresent());
        String slot = found.get().substring(found.get().indexOf(" changes ") + 9);
        assertTrue(fabric.layout().fifos().stream().anyMatch(q -> q.name().equals(slot)), found.get());
    }

    @ParameterizedTest(name = "packed successors {0}")
    @ValueSource(booleans = {true, false})
    void anUndeclaredWriteMakesTheReducedRunInconclusive(boolean packed) {
        ExplorerSettings s = ExplorerSettings.defaults().withThreads(2).withPackedSuccessors(packed)
                .withReduction(Reduction.SAFETY);
        ExplorationReport honest = new Explorer(s).check(gbn(false));
        assertTrue(honest.results().stream().anyMatch(r -> r instanceof CheckResult.Verified), honest.results().toString());
        ExplorationReport planted = new Explorer(s).check(gbn(true));
        assertEquals(honest.results().size(), planted.results().size());
        for (CheckResult r : planted.results()) {
            assertFalse(r instanceof CheckResult.Verified, r.toString());
            if (r instanceof CheckResult.Inconclusive i && i.cause() == CheckResult.InconclusiveReason.REDUCED_SPACE
                    && i.reason().startsWith("a footprint is wrong")) {
                assertTrue(i.reason().contains("changes lossesLeft, which its group LoseData does not declare written"),
                        i.reason());
            } else {
                assertTrue(r instanceof CheckResult.Violated || r instanceof CheckResult.Inconclusive, r.toString());
            }
        }
        assertTrue(planted.results().stream().anyMatch(r -> r instanceof CheckResult.Inconclusive i
                && i.reason().startsWith("a footprint is wrong")), planted.results().toString());
    }

    // ---- reads ----

    /**
     * @param budget perturbed expansions to spend (each state audited costs one per other value of
     *               each header field, about three per field)
     * @param within the states of the breadth-first order the audited ones are spread over
     * @param audited receives how many states were audited
     * @return the first undeclared read ({@link ReadAudit}) on states spread over the first
     *         {@code within} states of the breadth-first order, as many as the budget allows (at
     *         least 20)
     */
    static Optional<ReadAudit.Finding> firstUnread(LayoutModel m, int within, int budget, int[] audited) {
        List<LayoutState> order = new ArrayList<>(m.initialStates());
        Set<LayoutState> seen = new HashSet<>(order);
        for (int i = 0; i < order.size() && order.size() < within; i++) {
            m.successors(order.get(i), t -> {
                if (seen.size() < within && seen.add(t.next())) {
                    order.add(t.next());
                }
            });
        }
        ReadAudit audit = new ReadAudit(m);
        int perState = 1 + 3 * audit.fields().size();
        int states = Math.min(order.size(), Math.max(20, budget / perState));
        for (int k = 0; k < states; k++) {
            LayoutState s = order.get((int) ((long) k * order.size() / states));
            int[] v = new int[s.length()];
            s.copyTo(v, 0);
            audited[0]++;
            Optional<ReadAudit.Finding> f = audit.check(v);
            if (f.isPresent()) {
                return f;
            }
        }
        return Optional.empty();
    }

    /**
     * Every catalogue variant with footprints, at its defaults: states spread over the first 2,000,
     * 1,500 perturbed expansions each (about 4 s for the 137 variants, so in the default tier).
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("org.rdmacheck.engine.por.CatalogReductionTest#layoutVariants")
    void everyReadIsDeclared(String model, String variant) {
        LayoutModel m = (LayoutModel) Catalog.find(model).build(variant, Params.empty()).model();
        int[] audited = {0};
        assertEquals(Optional.empty(), firstUnread(m, 2_000, 1_500, audited).map(ReadAudit.Finding::detail),
                model + " " + variant);
        assertTrue(audited[0] >= 1, model + " " + variant);
    }

    /** The same over the first 20,000 states, 40,000 perturbed expansions each. */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("org.rdmacheck.engine.por.CatalogReductionTest#layoutVariants")
    @org.junit.jupiter.api.Tag("slow")
    void everyReadIsDeclaredOnMoreStates(String model, String variant) {
        LayoutModel m = (LayoutModel) Catalog.find(model).build(variant, Params.empty()).model();
        assertEquals(Optional.empty(), firstUnread(m, 20_000, 40_000, new int[1]).map(ReadAudit.Finding::detail),
                model + " " + variant);
    }

    @Test
    void theReadAuditFindsThePlantedRead() {
        LayoutModel planted = new Unread((LayoutModel) gbn(false).model(), "LoseData", "lossesLeft");
        Optional<ReadAudit.Finding> f = firstUnread(planted, 2_000, 1_500, new int[1]);
        assertTrue(f.isPresent());
        assertEquals("LoseData", f.get().group());
        assertEquals("lossesLeft", f.get().field().name());
    }

    @ParameterizedTest(name = "packed successors {0}")
    @ValueSource(booleans = {true, false})
    void anUndeclaredReadMakesTheReducedRunInconclusive(boolean packed) {
        ExplorerSettings s = ExplorerSettings.defaults().withThreads(2).withPackedSuccessors(packed)
                .withReduction(Reduction.SAFETY);
        CheckSpec<LayoutState> honest = gbn(false);
        CheckSpec<LayoutState> planted = new CheckSpec<>(honest.modelName(), honest.variant(), honest.parameters(),
                new Unread((LayoutModel) honest.model(), "LoseData", "lossesLeft"), honest.properties(),
                honest.expectedViolations());
        ExplorationReport r = new Explorer(s).check(planted);
        for (CheckResult c : r.results()) {
            assertFalse(c instanceof CheckResult.Verified, c.toString());
        }
        assertTrue(r.results().stream().anyMatch(c -> c instanceof CheckResult.Inconclusive i
                && i.cause() == CheckResult.InconclusiveReason.REDUCED_SPACE
                && i.reason().startsWith("a footprint is wrong")
                && i.reason().contains("group LoseData behaves differently when lossesLeft is")), r.results().toString());
    }

    /** Each model family's footprints with every read left out: the audit finds one on each. */
    @ParameterizedTest(name = "{0} {1}")
    @org.junit.jupiter.params.provider.CsvSource({"gbn, improved", "dasr, persistent", "partition, paper",
            "fabric, ecn-first", "gbn-timed, improved"})
    void footprintsReadingNothingAreFound(String model, String variant) {
        LayoutModel m = (LayoutModel) Catalog.find(model).build(variant, Params.empty()).model();
        assertTrue(firstUnread(new Unread(m, null, null), 2_000, 1_500, new int[1]).isPresent(), model);
    }

    /**
     * A layout model whose footprint of one group leaves out one slot it reads: the planted error
     * (group and slot null: every group reads nothing).
     */
    private record Unread(LayoutModel real, String group, String slot) implements ForwardingLayoutModel {

        @Override
        public LayoutModel delegate() {
            return real;
        }

        @Override
        public List<Footprint> footprints() {
            List<Footprint> out = new ArrayList<>();
            for (Footprint f : real.footprints()) {
                Set<Slot> reads = new HashSet<>(f.reads());
                if (group == null) {
                    reads.clear();
                } else if (f.action().equals(group)) {
                    reads.removeIf(s -> s.name().equals(slot));
                }
                out.add(new Footprint(f.action(), reads, f.writes(), f.lastResort()));
            }
            return out;
        }
    }

    /**
     * A layout model whose footprint of one group leaves out one slot it writes: the planted error
     * (group and slot null: every group leaves out every FIFO it writes).
     */
    private record Misdeclared(LayoutModel real, String group, String slot) implements ForwardingLayoutModel {

        @Override
        public LayoutModel delegate() {
            return real;
        }

        @Override
        public List<Footprint> footprints() {
            List<Footprint> out = new ArrayList<>();
            for (Footprint f : real.footprints()) {
                if (group != null && !f.action().equals(group)) {
                    out.add(f);
                    continue;
                }
                Set<Slot> writes = new HashSet<>(f.writes());
                writes.removeIf(s -> slot == null ? s instanceof org.rdmacheck.model.layout.Fifo : s.name().equals(slot));
                out.add(new Footprint(f.action(), f.reads(), writes, f.lastResort()));
            }
            return out;
        }
    }
}
