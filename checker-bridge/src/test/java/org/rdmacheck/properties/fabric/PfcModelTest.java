package org.rdmacheck.properties.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.ModelEntry;

/**
 * The PFC model's hysteresis parameter: pause at xoff, resume at xon = xoff - pfc-hysteresis. With 1
 * (the default) the pause state is the occupancy's and nothing is declared; larger values declare a
 * pause bit per buffer, which grows the state space and can hold an upstream paused longer.
 */
class PfcModelTest {

    private static final FabricEntry ENTRY = new FabricEntry();

    private static ExplorationReport run(int hysteresis) {
        return run(hysteresis, Map.of());
    }

    private static ExplorationReport run(int hysteresis, Map<String, String> more) {
        Map<String, String> p = new LinkedHashMap<>(Map.of("flows", "0-1", "packets", "3", "tokens", "2",
                "failures", "1", "xoff", "3", "background", "1"));
        p.put("pfc-hysteresis", "" + hysteresis);
        p.putAll(more);
        CheckSpec<?> spec = ENTRY.build("repaired", Params.of(p)).withoutProgress();
        return FabricVerificationTest.explore(spec);
    }

    @Test
    void hysteresisOfOnePacketIsTheOccupancysPauseState() {
        ExplorationReport r = run(1);
        assertTrue(r.complete());
        assertEquals(18_398, r.stats().distinctStates());
        r.results().forEach(c -> assertInstanceOf(CheckResult.Verified.class, c, c.property()));
    }

    @Test
    void resumingAtOneStillProvesOneMessageWithAFailure() {
        ExplorationReport r = run(2);
        assertTrue(r.complete());
        assertEquals(30_303, r.stats().distinctStates());
        r.results().forEach(c -> assertInstanceOf(CheckResult.Verified.class, c, c.property()));
    }

    /**
     * Why hysteresis is listed as structural (docs/knockouts.md): knocked out, a buffer resumes as soon as it
     * holds fewer than xoff, so its pause bit is its occupancy's and the model is the one with hysteresis 1,
     * state for state (18,398). Every property the design holds there still holds; only ResumeAtXon, which
     * states the resume rule (seed 004, 4), sees the early resume, and NoPauseFlapping, whose RESUME half it is.
     */
    @Test
    void withoutHysteresisOnlyTheResumeRuleTells() {
        ExplorationReport r = run(2, Map.of(ModelEntry.KNOCKOUT_PARAM, "pfc-hysteresis"));
        assertTrue(r.complete());
        assertEquals(18_398, r.stats().distinctStates());
        r.results().forEach(c -> {
            if (c.property().equals(FabricProperties.RESUME_AT_XON)
                    || c.property().equals(FabricProperties.NO_PAUSE_FLAPPING)) {
                assertEquals(4, assertInstanceOf(CheckResult.Violated.class, c).counterexample().length());
            } else {
                assertInstanceOf(CheckResult.Verified.class, c, c.property());
            }
        });
    }

    /**
     * Background packets never drain in this model: with xon below them a paused port would never
     * resume, which is persistent congestion, not PFC; such a hysteresis is refused, one line.
     */
    @Test
    void resumingBelowPersistentBackgroundIsRefused() {
        InputException e = assertThrows(InputException.class, () -> run(3));
        assertEquals("pfc-hysteresis = 3: expected at most xoff - 1 = 2 (resume at xon = 0 is below the 1 background "
                + "packet(s) a buffer can hold for ever, min(threshold, background))", e.getMessage());
        assertThrows(InputException.class, () -> ENTRY.build("repaired", Params.of(Map.of("pfc-hysteresis", "2"))));
    }

    @Test
    void hysteresisAboveXoffIsRefused() {
        InputException e = assertThrows(InputException.class, () -> ENTRY.build("repaired",
                Params.of(Map.of("pfc-hysteresis", "4"))));
        assertEquals("pfc-hysteresis = 4: expected at most xoff = 2", e.getMessage());
    }
}
