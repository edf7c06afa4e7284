package org.rdmacheck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;

/** Two explorations of one specification by different paths (object, packed, threads) agree. */
final class SameExploration {

    private SameExploration() {
    }

    /** The same completeness, counts, properties, verdicts and counterexamples. */
    static void assertSame(ExplorationReport base, ExplorationReport r, String what) {
        assertEquals(base.complete(), r.complete(), what);
        assertEquals(base.stats().distinctStates(), r.stats().distinctStates(), what);
        assertEquals(base.stats().transitions(), r.stats().transitions(), what);
        assertEquals(base.stats().depth(), r.stats().depth(), what);
        assertEquals(base.results().size(), r.results().size(), what);
        for (int i = 0; i < base.results().size(); i++) {
            CheckResult b = base.results().get(i);
            CheckResult x = r.results().get(i);
            assertEquals(b.property(), x.property(), what);
            assertEquals(b.verdict(), x.verdict(), what + ": " + b.property());
            if (b instanceof CheckResult.Violated v) {
                Counterexample c = ((CheckResult.Violated) x).counterexample();
                assertEquals(v.counterexample().steps(), c.steps(), what + ": " + b.property());
                assertEquals(v.counterexample().violationIndex(), c.violationIndex(), what);
                assertEquals(v.counterexample().loopStart(), c.loopStart(), what);
            }
        }
    }
}
