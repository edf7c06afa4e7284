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
import org.rdmacheck.model.layout.Slot;
import org.rdmacheck.model.layout.WriteAudit;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;

/**
 * The write audit of footprints ({@link WriteAudit}), in a test and at run time under
 * {@code --reduction}: a planted undeclared write (Go-Back-N's {@code LoseData} declared without
 * its write of the loss budget {@code lossesLeft}) is found on the reachable graph, and makes a
 * reduced run's proofs INCONCLUSIVE naming the step and the slot; the honest declaration passes.
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
