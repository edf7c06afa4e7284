package org.rdmacheck.checker.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.fabric.LaneRule;
import org.rdmacheck.properties.fabric.FabricEntry;
import org.rdmacheck.properties.fabric.FabricProperties;

/** The lane-rule family: its size, its cube cover, and the answer on the default ladder. */
class LaneRuleFamilyTest {

    private static ExplorerSettings settings() {
        return ExplorerSettings.defaults().withThreads(2).withProgress(0, r -> { });
    }

    @Test
    void theFamilyHasTwelveToTheSevenRules() {
        assertEquals(35_831_808L, LaneRuleFamily.familySize());
        assertEquals(FabricEntry.FOLLOW_TABLE, LaneRule.parse(FabricEntry.FOLLOW_TABLE).toString());
        assertThrows(InputException.class, () -> LaneRule.parse("SSS.SSS.SSS.SSS.SSS.SSS.SSS"));
        assertThrows(InputException.class, () -> LaneRule.parse("SSE"));
    }

    /** A counterexample decides its cube: another rule that agrees on the consulted cells fails the same way. */
    @Test
    void aCounterexampleRefutesEveryRuleOfItsCube() {
        LaneRuleFamily f = new LaneRuleFamily(List.of(LaneRuleFamily.ladder().get(0)), settings());
        LaneRuleFamily.Row first = f.check(LaneRule.parse("SSE.SSE.SSE.SSE.SSE.SSE.SSE"));
        assertEquals(LaneRuleFamily.Verdict.VIOLATED, first.verdict());
        assertEquals(FabricProperties.IN_ORDER, first.property());
        assertEquals("S--.--E.---.---.---.---.---", first.cube());
        // a rule of the same cube that differs everywhere else the columns allow
        LaneRuleFamily.Row other = f.check(LaneRule.parse("SWE.WWE.WWW.WWW.WWW.WWW.WWW"));
        assertEquals(LaneRuleFamily.Verdict.VIOLATED, other.verdict());
        assertEquals(first.steps(), other.steps());
    }

    /** The table form of follow deadlocks two opposing messages as follow itself does. */
    @Test
    void followWrittenAsATableDeadlocksTwoOpposingMessages() {
        ExplorationReport r = new Explorer(settings().withStopAtFirstViolation(true)).check(new FabricEntry()
                .build("repaired-deadlock", Params.of(Map.of("lane-change", "table", "lane-rule",
                        FabricEntry.FOLLOW_TABLE)))
                .selecting(p -> p.name().equals(FabricProperties.NO_ROUTING_DEADLOCK)));
        assertInstanceOf(CheckResult.Violated.class, r.result(FabricProperties.NO_ROUTING_DEADLOCK));
    }

    /** The answer: on the default ladder no rule is in order, deadlock-free and non-degenerate. */
    @Test
    @Tag("slow")
    void noRuleOfTheFamilyIsInOrderDeadlockFreeAndNonDegenerate() {
        LaneRuleFamily.Result r = new LaneRuleFamily(LaneRuleFamily.ladder(), settings()).run(Long.MAX_VALUE, row -> { });
        assertTrue(r.complete());
        assertEquals(35_831_808L, r.decided());
        assertTrue(r.verified().isEmpty(), () -> "verified: " + r.verified());
    }
}
