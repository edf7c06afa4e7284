package org.rdmacheck.cli;

import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.thresholds.sonic.HeadroomWitnesses;
import org.rdmacheck.checker.trace.ReplayResult;

/** Replays headroom shortfalls of SONiC configurations by recomputing SONiC's headroom. */
final class HeadroomWitnessReplayer implements ExternalReplayer {

    @Override
    public boolean accepts(Counterexample cex) {
        return HeadroomWitnesses.accepts(cex);
    }

    @Override
    public ReplayResult replay(Counterexample cex) {
        return HeadroomWitnesses.replay(cex);
    }
}
