package org.rdmacheck.cli;

import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.trace.ReplayResult;

/**
 * Replays counterexamples that are not state-machine traces of a catalogue model: solver
 * witnesses, channel-dependency cycles, and the like.
 */
public interface ExternalReplayer {

    /**
     * @param cex a counterexample
     * @return whether this replayer handles it
     */
    boolean accepts(Counterexample cex);

    /**
     * @param cex a counterexample it accepts
     * @return the outcome
     */
    ReplayResult replay(Counterexample cex);
}
