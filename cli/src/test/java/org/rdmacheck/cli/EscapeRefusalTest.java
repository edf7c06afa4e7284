package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.fabric.FabricProperties;

/**
 * A router that refuses the escape lane to a VL1 packet whose port is blocked, except at its source
 * ToR, stalls in the configurations of the design's stored deadlocks; its stuck heads are paused, so
 * the stall can pass for the stored one. NoUnexplainedBlocking tells it apart (seed 000, IV-B: every
 * packet blocked on VL1 may take VL0 when VL0 has room and the lane rule lets it), and with the planted
 * rule absent it holds there.
 */
class EscapeRefusalTest {

    private static final ExplorerSettings SETTINGS = ExplorerSettings.defaults().withThreads(1)
            .withProgress(0, r -> { }).withMaxStates(5_000_000).withStopAtFirstViolation(true);

    @SuppressWarnings("unchecked")
    private static Finding unexplained(String variant, boolean planted) {
        CheckSpec<LayoutState> spec = (CheckSpec<LayoutState>) Catalog.find("fabric").build(variant,
                Params.of(Map.of()));
        NetworkModel clean = (NetworkModel) spec.model();
        NetworkModel m = planted ? NetworkModel.withPlantedEscapeRefusal(clean.config()) : clean;
        CheckSpec<LayoutState> check = new CheckSpec<>(spec.modelName(), spec.variant(), spec.parameters(), m,
                FabricProperties.all(m), spec.expectedViolations())
                .selecting(p -> Set.of(FabricProperties.NO_UNEXPLAINED_BLOCKING).contains(p.name()));
        List<Finding> rows = ModelChecks.rows(check, new Explorer(SETTINGS).check(check), null);
        return rows.stream().filter(r -> r.property().equals(FabricProperties.NO_UNEXPLAINED_BLOCKING))
                .findFirst().orElseThrow();
    }

    @ParameterizedTest
    @ValueSource(strings = {"repaired-one-message", "repaired-three-tokens"})
    void aRefusedEscapeIsUnexplainedWhereTheDesignHasAStoredDeadlock(String variant) {
        Finding planted = unexplained(variant, true);
        assertEquals(Finding.Verdict.VIOLATED, planted.verdict(), planted.detail());
        assertEquals(Finding.Outcome.UNEXPECTED, planted.outcome());
    }

    /** The design at repaired-one-message (4,672 states); repaired-three-tokens' 728,749 are the CLI's. */
    @Test
    void theDesignExplainsEveryStuckHeadThere() {
        Finding design = unexplained("repaired-one-message", false);
        assertEquals(Finding.Verdict.VERIFIED, design.verdict(), design.detail());
    }
}
