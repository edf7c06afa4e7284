package org.rdmacheck.properties.iofd;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.fabric.FabricEntry;
import org.rdmacheck.properties.fabric.FabricProperties;

/**
 * An ECN threshold at or below the deflection threshold (seed 000, IV-B wants deflection first) is a
 * configuration both IOFD models accept and check, not refuse: the design expects its ordering
 * property to hold, so such a configuration is a violation found (exit 1), as fabric's mutation
 * {@code ecn-first} shows for {@code DeflectionBeforeEcnMark}; only that mutation expects the failure.
 */
class EcnThresholdOrderTest {

    @Test
    void iofdChecksAnEcnThresholdAtTheDeflectionThresholdAndExpectsTheOrder() {
        CheckSpec<?> iofd = new IofdEntry().build("dft-one-message", Params.of(Map.of("ecn", "1")));
        assertTrue(iofd.properties().stream().anyMatch(p -> p.name().equals(IofdProperties.BELOW_ECN)));
        assertFalse(iofd.expectedViolations().contains(IofdProperties.BELOW_ECN), iofd.expectedViolations()::toString);
    }

    @Test
    void fabricDoesTheSameForItsOrderProperty() {
        FabricEntry fabric = new FabricEntry();
        CheckSpec<?> design = fabric.build("repaired", Params.of(Map.of("ecn", "1")));
        assertFalse(design.expectedViolations().contains(FabricProperties.DEFLECT_BEFORE_ECN));
        assertTrue(fabric.build("ecn-first", Params.empty()).expectedViolations()
                .contains(FabricProperties.DEFLECT_BEFORE_ECN));
    }
}
