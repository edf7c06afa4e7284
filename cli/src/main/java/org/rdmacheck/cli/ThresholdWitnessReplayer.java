package org.rdmacheck.cli;

import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.thresholds.WitnessCounterexamples;
import org.rdmacheck.checker.trace.ReplayResult;

/** Replays PFC/ECN threshold witnesses by re-evaluating the occupancies (seed 004 §4). */
final class ThresholdWitnessReplayer implements ExternalReplayer {

    @Override
    public boolean accepts(Counterexample cex) {
        return WitnessCounterexamples.accepts(cex);
    }

    @Override
    public ReplayResult replay(Counterexample cex) {
        return WitnessCounterexamples.replay(cex);
    }
}
