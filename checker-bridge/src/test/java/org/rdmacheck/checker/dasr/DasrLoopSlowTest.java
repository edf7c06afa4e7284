package org.rdmacheck.checker.dasr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.dasr.DasrEntry;

/**
 * The persistent loop's runs at their own defaults (3 senders, ai = 2, bc = 36: up to 401,559
 * states, about a minute on two cores): safety and liveness verdicts are exactly the declared ones.
 * Run with {@code mvn -Pslow -pl checker-bridge -am test -Dtest=DasrLoopSlowTest}.
 */
@Tag("slow")
class DasrLoopSlowTest {

    private static final DasrEntry ENTRY = new DasrEntry();

    @Test
    void everyPersistentRunViolatesExactlyItsDeclaredProperties() {
        for (ModelEntry.Run run : ENTRY.allRuns()) {
            if (!run.variant().startsWith("persistent")) {
                continue;
            }
            Map<String, String> p = run.params().asMap();
            assertEquals(new TreeSet<>(ENTRY.variant(run.variant()).mustFail()),
                    DasrVerdictsTest.violated(DasrVerdictsTest.check(run.variant(), p)), run.variant());
            assertEquals(new TreeSet<>(ENTRY.liveness(ENTRY.build(run.variant(), Params.of(p))).orElseThrow()
                    .expectedViolations()), DasrVerdictsTest.violatedLive(DasrVerdictsTest.live(run.variant(), p)),
                    run.variant());
        }
    }
}
