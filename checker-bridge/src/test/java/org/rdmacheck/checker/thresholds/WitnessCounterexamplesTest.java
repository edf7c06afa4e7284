package org.rdmacheck.checker.thresholds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.checker.trace.ReplayResult;

/** Witnesses survive the JSON round trip and replay; a tampered witness does not. */
class WitnessCounterexamplesTest {

    @Test
    void witnessRoundTripsAndReplays() {
        SwitchSpec sw = SwitchSpecs.load("arista-7050qx32-link");
        ThresholdConfig c = ThresholdConfig.ofDynamic("beta4", new Beta(4, 1), 30_000);
        ConfigCheck check = new ThresholdAnalysis(new ThresholdSolver(20_000)).check(sw, c).check().orElseThrow();
        Counterexample cex = WitnessCounterexamples.of(sw, c, check.witnessSearch().witness().orElseThrow());
        Counterexample back = Counterexamples.fromJson(Counterexamples.toJson(cex), "mem");
        assertEquals(org.rdmacheck.checker.Counterexample.Kind.WITNESS, back.kind());
        assertTrue(WitnessCounterexamples.accepts(back));
        assertTrue(WitnessCounterexamples.replay(back).reproduces());
        assertEquals("arista-7050qx32-link.beta4", back.provenance().variant());
    }

    @Test
    void tamperedWitnessIsRejected() {
        SwitchSpec sw = SwitchSpecs.load("arista-7050qx32");
        ThresholdConfig c = ThresholdConfig.ofStatic("mis", 24_470, 120_000);
        Witness w = new ThresholdAnalysis(new ThresholdSolver(20_000)).check(sw, c).check().orElseThrow()
                .witnessSearch().witness().orElseThrow();
        ObjectNode json = Counterexamples.toJson(WitnessCounterexamples.of(sw, c, w));
        ObjectNode state = (ObjectNode) json.get("steps").get(0).get("state");
        ((ObjectNode) state.get("fedQueues").get(0)).put("bytes", 120_001);
        state.put("ingressBytes", w.ingressBytes() + 120_001 - w.fedQueues().get(0).bytes());
        state.put("sharedOccupancy", w.sharedOccupancy() + 120_001 - w.fedQueues().get(0).bytes());
        ReplayResult r = WitnessCounterexamples.replay(Counterexamples.fromJson(json, "mem"));
        assertFalse(r.legal());
        assertFalse(r.reproduces());
        // a safe configuration in the provenance: the occupancies no longer reach t_PFC
        ObjectNode json2 = Counterexamples.toJson(WitnessCounterexamples.of(sw, c, w));
        ((ObjectNode) json2.get("provenance").get("parameters")).put("config.tPfc", "24471");
        ReplayResult r2 = WitnessCounterexamples.replay(Counterexamples.fromJson(json2, "mem"));
        assertTrue(r2.legal());
        assertFalse(r2.stillViolated());
    }

    /**
     * Dart's settings on the per-port reading (seed 000 §VI-A: ECN 22.5 KB) with the deflection
     * threshold raised to 25 KB: a queue at 22,500 B marks without deflecting; the witness replays,
     * and no longer does once its queue is above the deflection threshold.
     */
    @Test
    void deflectionWitnessReplaysAndATamperedOneDoesNot() {
        SwitchSpec sw = SwitchSpecs.load("dart-vi-a-per-port");
        ThresholdAnalysis analysis = new ThresholdAnalysis(new ThresholdSolver(20_000));
        long tPfc = analysis.derive(sw).staticDerivation().tPfcMax();
        ThresholdConfig c = ThresholdConfig.ofStatic("deflection-above-ecn", tPfc, DartSettings.ECN_BYTES)
                .withDeflection(25_000);
        ConfigCheck check = analysis.check(sw, c).check().orElseThrow();
        assertEquals(ConfigCheck.Verdict.UNSAFE, check.verdict());
        assertTrue(check.fails("DeflectionBelowEcn"));
        DeflectionWitness w = check.deflectionSearch().orElseThrow().witness().orElseThrow();
        assertEquals(22_500, w.queueBytes());
        Counterexample cex = Counterexamples.fromJson(Counterexamples.toJson(WitnessCounterexamples.ofDeflection(sw, c, w)),
                "mem");
        assertEquals(WitnessCounterexamples.DEFLECTION_PROPERTY, cex.property());
        assertTrue(WitnessCounterexamples.replay(cex).reproduces());
        ObjectNode json = Counterexamples.toJson(cex);
        ((ObjectNode) json.get("steps").get(0).get("state")).put("queueBytes", 25_001);
        ReplayResult r = WitnessCounterexamples.replay(Counterexamples.fromJson(json, "mem"));
        assertTrue(r.legal());
        assertFalse(r.stillViolated());
        // Dart's own 15 KB threshold keeps the ordering: no witness
        ConfigCheck dart = analysis.check(sw, c.withDeflection(DartSettings.DEFLECTION_BYTES)).check().orElseThrow();
        assertEquals(SolveStatus.UNSATISFIABLE, dart.deflectionSearch().orElseThrow().status());
    }
}
