package org.rdmacheck.cli;

import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.cdg.CycleCounterexamples;
import org.rdmacheck.checker.trace.ReplayResult;

/** Replays stored channel-dependency cycles by re-deriving them from topology and routing. */
final class CycleReplayer implements ExternalReplayer {

    @Override
    public boolean accepts(Counterexample cex) {
        return cex.kind() == Counterexample.Kind.CYCLE && "cdg".equals(cex.provenance().checker());
    }

    @Override
    public ReplayResult replay(Counterexample cex) {
        return CycleCounterexamples.replay(cex);
    }
}
