package org.rdmacheck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.gbn.GbnMechanism;
import org.rdmacheck.model.gbn.timed.TimedConfig;
import org.rdmacheck.model.gbn.timed.TimedGoBackN;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.gbn.timed.TimedGbnEntry;
import org.rdmacheck.properties.gbn.timed.TimedGbnProperties;

/**
 * "Exactly once" (seed 002, II-A: a packet below EPSN is a duplicate) in gbn-timed: a receiver without duplicate
 * detection (planted here: the model's receiver with {@link GbnMechanism#DUPLICATE_DETECTION} knocked out, which
 * no gbn-timed variant or knock-out does) delivers a copy of PSN EPSN - 1 again and leaves EPSN as it was, so the
 * step looks like a dropped duplicate to a property that compares EPSN before and after: at improved's defaults
 * InOrderExactlyOnce held on it (1,082 states). The ReceiveData step now says when it delivers a packet read
 * below EPSN, and InOrderExactlyOnce fails on it; the design holds it, its state count unchanged.
 */
class TimedGbnRedeliveryTest {

    /** InOrderExactlyOnce alone on m; states > 0: the search must be complete with that many states. */
    private static CheckResult.Verdict inOrder(TimedGoBackN m, CheckSpec<LayoutState> design, long states) {
        CheckSpec<LayoutState> s = new CheckSpec<>(design.modelName(), design.variant(), design.parameters(), m,
                TimedGbnProperties.of(m), Set.of()).selecting(p -> p.name().equals(TimedGbnProperties.IN_ORDER));
        ExplorationReport r = new Explorer(ExplorerSettings.defaults().withThreads(1).withProgress(0, x -> { }))
                .check(s);
        CheckResult res = r.result(TimedGbnProperties.IN_ORDER);
        if (states > 0) {
            assertTrue(r.complete(), r.stopReason());
            assertEquals(states, r.stats().distinctStates());
        }
        if (res instanceof CheckResult.Violated v) {
            List<org.rdmacheck.checker.TraceStep> steps = v.counterexample().steps();
            assertEquals(true, steps.get(steps.size() - 1).action().params().get(TimedGoBackN.AGAIN_PARAM),
                    steps.toString());
        }
        return res.verdict();
    }

    @Test
    void aPacketDeliveredAgainWithEpsnUnchangedViolatesInOrderExactlyOnce() {
        @SuppressWarnings("unchecked")
        CheckSpec<LayoutState> design = (CheckSpec<LayoutState>) new TimedGbnEntry().build("improved",
                Params.of(Map.of()));
        TimedGoBackN m = (TimedGoBackN) design.model();
        TimedConfig c = m.config();
        TimedGoBackN bug = new TimedGoBackN(new TimedConfig(
                c.protocol().without(EnumSet.of(GbnMechanism.DUPLICATE_DETECTION)), c.losses(), c.netDuplicates(),
                c.delivery(), c.delayMin(), c.delayMax(), c.tickNanos(), c.timeout(), c.nakTicks(), c.psnBits(),
                c.window(), c.maxRtos(), c.goodputPercent(), c.displacement(), c.lastPacketLoss()));
        assertEquals(CheckResult.Verdict.VERIFIED, inOrder(m, design, 1093));
        // the search stops at the violation (before the step said so it explored all 1,082 states)
        assertEquals(CheckResult.Verdict.VIOLATED, inOrder(bug, design, 0));
    }
}
