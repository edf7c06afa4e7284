package org.rdmacheck.properties.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.catalog.Mechanism;
import org.rdmacheck.properties.catalog.ModelEntry;

/**
 * ECN marking in the fabric (seed 004 §3.1 and §4; seed 000 §IV-B): a packet that joins a buffer holding the
 * ECN threshold or more is marked. The mark is a bit of the action only: nothing in the fabric reads it (no
 * rate control is modelled), so the knock-out {@code ecn-mark} changes no state and no move, and only a
 * property of the marks, {@code EcnMarksCongestion}, can tell it (listed as structural, docs/knockouts.md).
 */
class EcnMarkTest {

    private static final FabricEntry ENTRY = new FabricEntry();

    private static Mechanism ecnMark() {
        return ENTRY.mechanisms().stream().filter(m -> m.name().equals("ecn-mark")).findFirst().orElseThrow();
    }

    private static ExplorationReport run(String variant, Map<String, String> params, boolean knockedOut) {
        Map<String, String> p = new LinkedHashMap<>(params);
        if (knockedOut) {
            p.put(ModelEntry.KNOCKOUT_PARAM, "ecn-mark");
        }
        return FabricVerificationTest.explore(ENTRY.build(variant, Params.of(p)).withoutProgress());
    }

    /** At its coverage scope (ecn 2 below xoff 3) the knock-out fails the marking rule alone, on the same graph. */
    @Test
    void withoutMarksOnlyTheMarkingRuleTells() {
        Mechanism m = ecnMark();
        ExplorationReport design = run(m.variant(), m.coverage(), false);
        ExplorationReport off = run(m.variant(), m.coverage(), true);
        assertTrue(design.complete() && off.complete());
        assertEquals(List.of(design.stats().distinctStates(), design.stats().transitions()),
                List.of(off.stats().distinctStates(), off.stats().transitions()), "the same graph, other labels");
        design.results().forEach(c -> assertInstanceOf(CheckResult.Verified.class, c, c.property()));
        off.results().forEach(c -> {
            if (c.property().equals(FabricProperties.ECN_MARKS_CONGESTION)) {
                assertEquals(3, assertInstanceOf(CheckResult.Violated.class, c).counterexample().length());
            } else {
                assertInstanceOf(CheckResult.Verified.class, c, c.property());
            }
        });
    }

    /**
     * A finding, not a tuning: at repaired's defaults (ecn 2, xoff 2) a packet joins only a buffer holding
     * fewer than xoff, so none is ever marked, and the knock-out leaves the marking rule verified. PFC pauses
     * there with no congestion signal first: ECN below PFC (seed 004 §4) needs ecn < xoff.
     */
    @Test
    void atRepairedsDefaultsNoPacketIsEverMarked() {
        ExplorationReport off = FabricVerificationTest.explore(ENTRY.build("repaired",
                Params.of(Map.of(ModelEntry.KNOCKOUT_PARAM, "ecn-mark"))).withoutProgress()
                .selecting(p -> p.name().equals(FabricProperties.ECN_MARKS_CONGESTION)));
        assertTrue(off.complete());
        assertInstanceOf(CheckResult.Verified.class, off.result(FabricProperties.ECN_MARKS_CONGESTION));
    }
}
