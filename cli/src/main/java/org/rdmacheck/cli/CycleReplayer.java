package org.rdmacheck.cli;

import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.cdg.CycleCounterexamples;
import org.rdmacheck.checker.cdg.tables.TableCycles;
import org.rdmacheck.checker.trace.ReplayResult;

/**
 * Replays stored channel-dependency cycles: those of a routing function by re-deriving them from
 * topology and routing, those of a network's own tables by reading the tables again.
 */
final class CycleReplayer implements ExternalReplayer {

    @Override
    public boolean accepts(Counterexample cex) {
        return cex.kind() == Counterexample.Kind.CYCLE && ("cdg".equals(cex.provenance().checker())
                || TableCycles.CHECKER.equals(cex.provenance().checker()));
    }

    @Override
    public ReplayResult replay(Counterexample cex) {
        return TableCycles.CHECKER.equals(cex.provenance().checker()) ? TableCycles.replay(cex)
                : CycleCounterexamples.replay(cex);
    }
}
