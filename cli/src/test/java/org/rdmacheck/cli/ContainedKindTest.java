package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.fabric.FabricProperties;

/**
 * The containment rule must not hide a different violation: a router with a planted stuck rule (a
 * third packet never moves after its source ToR) deadlocks in a configuration that contains a stored
 * deadlock of the design; the deadlock it makes is of another kind, so the rows are UNEXPECTED, and
 * NoUnexplainedBlocking catches the bug directly.
 */
class ContainedKindTest {

    private static final ExplorerSettings SETTINGS = ExplorerSettings.defaults().withThreads(1)
            .withProgress(0, r -> { }).withMaxStates(5_000_000);

    @SuppressWarnings("unchecked")
    private static List<Finding> rows(boolean planted) {
        CheckSpec<LayoutState> spec = (CheckSpec<LayoutState>) Catalog.find("fabric").build("repaired",
                Params.of(Map.of("flows", "0-1", "packets", "3")));
        NetworkModel clean = (NetworkModel) spec.model();
        NetworkModel m = planted ? NetworkModel.withPlantedStuckRule(clean.config(), 2) : clean;
        CheckSpec<LayoutState> check = new CheckSpec<>(spec.modelName(), spec.variant(), spec.parameters(), m,
                FabricProperties.all(m), spec.expectedViolations())
                .selecting(p -> Set.of("DeadlockFree", FabricProperties.NO_ROUTING_DEADLOCK,
                        FabricProperties.NO_UNEXPLAINED_BLOCKING).contains(p.name()));
        return ModelChecks.rows(check, new Explorer(SETTINGS).check(check), null);
    }

    private static Finding row(List<Finding> rows, String property) {
        return rows.stream().filter(r -> r.property().equals(property)).findFirst().orElseThrow();
    }

    @Test
    void aPlantedStuckRuleIsUnexpectedThoughTheConfigurationContainsAStoredDeadlock() {
        // repaired at one 3-packet message: the configuration of the stored deadlock repaired-one-message
        List<Finding> rows = rows(true);
        Finding f = row(rows, FabricProperties.NO_ROUTING_DEADLOCK);
        assertEquals(Finding.Verdict.VIOLATED, f.verdict());
        assertEquals(Finding.Outcome.UNEXPECTED, f.outcome());
        assertTrue(f.detail().contains("another deadlock") && f.detail().contains("unexplained")
                && f.detail().contains("repaired-one-message"), f.detail());
        Finding direct = row(rows, FabricProperties.NO_UNEXPLAINED_BLOCKING);
        assertEquals(Finding.Verdict.VIOLATED, direct.verdict());
        assertEquals(Finding.Outcome.UNEXPECTED, direct.outcome());
    }

    @Test
    void theDesignsOwnDeadlockThereIsOfTheStoredKind() {
        List<Finding> rows = rows(false);
        for (String p : List.of("DeadlockFree", FabricProperties.NO_ROUTING_DEADLOCK)) {
            Finding f = row(rows, p);
            assertEquals(Finding.Verdict.VIOLATED, f.verdict(), p);
            assertEquals(Finding.Outcome.AS_EXPECTED, f.outcome(), p);
            assertTrue(!f.detail().contains("another deadlock"), f.detail());
        }
        Finding direct = row(rows, FabricProperties.NO_UNEXPLAINED_BLOCKING);
        assertEquals(Finding.Verdict.VERIFIED, direct.verdict());
    }
}
