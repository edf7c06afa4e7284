package org.rdmacheck.properties.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.fabric.FabricOptions;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.catalog.ModelEntry;

/**
 * What a failure drops (seed 000 §IV-C, docs/fabric.md "What a failure drops"): the parameter fail-drops
 * of the one failure path. With all (the default) the one-message configuration keeps every property; with
 * link (only what is on the failed element is lost) the design reorders and deadlocks, and the failure-cleanup
 * knock-out changes the states but no verdict there.
 */
class FailDropsTest {

    private static final FabricEntry ENTRY = new FabricEntry();
    private static final Map<String, String> ONE_MESSAGE = Map.of("flows", "0-1", "packets", "2", "tokens", "2",
            "failures", "1", "xoff", "3", "background", "1");

    private static ExplorationReport run(String drops, boolean cleanupOff) {
        Map<String, String> p = new LinkedHashMap<>(ONE_MESSAGE);
        p.put("fail-drops", drops);
        if (cleanupOff) {
            p.put(ModelEntry.KNOCKOUT_PARAM, "failure-cleanup");
        }
        ExplorationReport r = FabricVerificationTest.explore(ENTRY.build("repaired", Params.of(p)).withoutProgress());
        assertTrue(r.complete());
        return r;
    }

    private static Set<String> violated(ExplorationReport r) {
        Set<String> s = new TreeSet<>();
        r.results().stream().filter(c -> c instanceof CheckResult.Violated).forEach(c -> s.add(c.property()));
        return s;
    }

    @Test
    void allKeepsTheDesignAndLinkBreaksIt() {
        ExplorationReport all = run("all", false);
        assertEquals(3_362, all.stats().distinctStates());
        assertEquals(Set.of(), violated(all));
        ExplorationReport link = run("link", false);
        assertEquals(40_529, link.stats().distinctStates());
        Set<String> broken = new TreeSet<>(Set.of(FabricProperties.IN_ORDER, FabricProperties.IN_ORDER_AFTER_FAILURE,
                FabricProperties.NO_STALE, FabricProperties.NO_LEAK, FabricProperties.NO_ROUTING_DEADLOCK,
                DeadlockFreedom.standard().name()));
        assertEquals(broken, violated(link));
        assertEquals(6, assertInstanceOf(CheckResult.Violated.class, link.result(FabricProperties.IN_ORDER_AFTER_FAILURE))
                .counterexample().length());
        assertEquals(6, assertInstanceOf(CheckResult.Violated.class, link.result(DeadlockFreedom.standard().name()))
                .counterexample().length());
        // the variant that declares it
        assertEquals(new TreeSet<>(ENTRY.variant("fail-drops-link").mustFail()),
                new TreeSet<>(plus(broken, FabricProperties.PROGRESS)));
    }

    /**
     * Which messages link restarts, where a VL0 (escape-lane) packet can be on the failed element (xoff 2,
     * background 2, one token): the message that loses it restarts like one that loses a VL1 packet. The one-message configuration never loses a VL0 packet; marking only VL1
     * losses leaves it at 40,529 and gives 72,174 here.
     */
    @Test
    void aPacketLostOnTheEscapeLaneRestartsItsMessage() {
        Map<String, String> p = new LinkedHashMap<>(Map.of("flows", "0-1", "tokens", "1", "failures", "1",
                "fail-drops", "link", "xoff", "2", "background", "2"));
        ExplorationReport r = FabricVerificationTest.explore(ENTRY.build("repaired", Params.of(p)).withoutProgress());
        assertTrue(r.complete());
        assertEquals(72_412, r.stats().distinctStates());
        assertEquals(new TreeSet<>(Set.of(FabricProperties.IN_ORDER, FabricProperties.IN_ORDER_AFTER_FAILURE,
                FabricProperties.NO_STALE, FabricProperties.NO_LEAK, FabricProperties.NO_ROUTING_DEADLOCK,
                DeadlockFreedom.standard().name())), violated(r));
    }

    /** Under link the knock-out moves the states, not a verdict: the design already fails what it would break. */
    @Test
    void underLinkTheCleanupKnockOutChangesNoVerdict() {
        ExplorationReport link = run("link", false);
        ExplorationReport off = run("link", true);
        assertEquals(43_490, off.stats().distinctStates());
        assertEquals(violated(link), violated(off));
        ExplorationReport all = run("all", true);
        assertTrue(violated(all).contains(FabricProperties.NO_STALE), "under all it is load-bearing");
    }

    /** The reading is the fabric's: the IOFD preset's failures drop every packet in flight; a bad value is one line. */
    @Test
    void linkIsTheFabricsAndABadValueIsRefused() {
        FabricOptions iofd = new FabricOptions(FabricOptions.DftKey.MESSAGE, FabricOptions.UTurns.ALLOWED,
                FabricOptions.LaneChange.SILENT, FabricOptions.Cleanup.FLUSH, false, null, Set.of(),
                FabricOptions.DftRules.DESIGN, FabricOptions.Preset.IOFD);
        assertEquals(FabricOptions.FailDrops.ALL, iofd.failDrops());
        assertThrows(IllegalArgumentException.class, () -> iofd.withFailDrops(FabricOptions.FailDrops.LINK));
        InputException bad = assertThrows(InputException.class, () -> ENTRY.build("repaired",
                Params.of(Map.of("fail-drops", "some"))));
        assertEquals("fail-drops = some: expected all or link", bad.getMessage());
        InputException none = assertThrows(InputException.class, () -> ENTRY.build("repaired",
                Params.of(Map.of("fail-drops", "link", "failures", "0"))));
        assertTrue(none.getMessage().startsWith("fail-drops = link: expected failures = 1"), none.getMessage());
    }

    private static Set<String> plus(Set<String> s, String more) {
        Set<String> r = new TreeSet<>(s);
        r.add(more);
        return r;
    }
}
