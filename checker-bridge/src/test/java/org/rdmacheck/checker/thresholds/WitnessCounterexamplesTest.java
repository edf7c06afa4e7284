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
     * threshold raised to 25 KB: a queue at 22,501 B (above t_ECN) marks without deflecting; the witness replays,
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
        assertEquals(22_501, w.queueBytes());
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

    /**
     * One rule for both witnesses (seed 004 §3/§4 "exceeds", seed 000 §IV-B "above"): a queue at
     * exactly t_ECN does not mark, in the ECN-before-PFC witness (its egress queues may hold t_ECN)
     * as in the deflection witness. With the deflection threshold equal to t_ECN both act above the
     * same occupancy: no queue marks without deflecting, so Choco finds no witness and agrees with the
     * occupancy rule, while seed 000's "lower than the ECN threshold" still fails (UNSAFE, no witness).
     */
    @Test
    void aQueueAtExactlyAThresholdNeitherMarksNorDeflects() {
        SwitchSpec sw = SwitchSpecs.load("dart-vi-a-per-port");
        ThresholdAnalysis analysis = new ThresholdAnalysis(new ThresholdSolver(20_000));
        long tf = org.rdmacheck.checker.thresholds.Headroom.of(sw).bytes();
        long tPfc = analysis.derive(sw).staticDerivation().tPfcMax();
        long ecn = DartSettings.ECN_BYTES;
        ThresholdConfig equal = ThresholdConfig.ofStatic("deflection-at-ecn", tPfc, ecn).withDeflection(ecn);
        ConfigCheck check = analysis.check(sw, equal).check().orElseThrow();
        assertTrue(check.fails("DeflectionBelowEcn"));
        assertEquals(ConfigCheck.Verdict.UNSAFE, check.verdict());
        assertEquals(SolveStatus.UNSATISFIABLE, check.deflectionSearch().orElseThrow().status());
        assertTrue(check.solverAgrees());
        DeflectionWitness atEcn = new DeflectionWitness(0, 0, ecn, ecn, ecn, Witnesses.pfcThreshold(sw, tf, equal, ecn));
        Witnesses.Evaluation e = DeflectionWitnesses.evaluate(sw, tf, equal, atEcn);
        assertTrue(e.legal(), e.message());
        assertFalse(e.violates(), e.message());
        assertTrue(e.message().contains("no ECN mark"), e.message());
        DeflectionWitness above = new DeflectionWitness(0, 0, ecn + 1, ecn, ecn + 1,
                Witnesses.pfcThreshold(sw, tf, equal.withDeflection(ecn + 1), ecn + 1));
        Witnesses.Evaluation a = DeflectionWitnesses.evaluate(sw, tf, equal.withDeflection(ecn + 1), above);
        assertTrue(a.violates(), a.message());
        assertTrue(a.message().contains("ECN marks"), a.message());
        // the ECN-before-PFC witness: an egress queue at exactly t_ECN is legal (not marking), one byte more is not
        ThresholdConfig mis = ThresholdConfig.ofStatic("at-ecn", tPfc, ecn);
        Witness w = new Witness(0, 0, java.util.List.of(new EgressQueue(1, 0, ecn)), java.util.List.of(), ecn, ecn,
                Witnesses.pfcThreshold(sw, tf, mis, ecn), ecn);
        assertTrue(Witnesses.evaluate(sw, tf, mis, w).legal(), Witnesses.evaluate(sw, tf, mis, w).message());
        Witness over = new Witness(0, 0, java.util.List.of(new EgressQueue(1, 0, ecn + 1)), java.util.List.of(),
                ecn + 1, ecn + 1, Witnesses.pfcThreshold(sw, tf, mis, ecn + 1), ecn);
        assertFalse(Witnesses.evaluate(sw, tf, mis, over).legal());
    }
}
