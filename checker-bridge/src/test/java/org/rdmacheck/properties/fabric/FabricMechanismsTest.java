package org.rdmacheck.properties.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Mechanism;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.iofd.IofdEntry;

/**
 * The mechanisms of {@code iofd} and {@code fabric} (seed 000 §IV): each knock-out, at its coverage
 * scope, makes a property that must hold for the mechanism's variant fail (the property named below,
 * and whether it is the mechanism's purpose), and changes the reachable graph.
 */
class FabricMechanismsTest {

    /** Mechanism to the property its knock-out violates first at the coverage scope. */
    private static final Map<String, String> FABRIC_KILLS = Map.ofEntries(
            Map.entry("dft-follow", FabricProperties.IN_ORDER),
            Map.entry("dft-free-on-end", FabricProperties.NO_LEAK),
            Map.entry("token-spending", FabricProperties.TOKENS),
            Map.entry("deflection-threshold", FabricProperties.ABOVE_THRESHOLD),
            Map.entry("tor-no-host-deflection", FabricProperties.TO_DESTINATION),
            Map.entry("long-flows-not-deflected", FabricProperties.LONG_FLOWS),
            Map.entry("escape-lane", FabricProperties.NO_ROUTING_DEADLOCK),
            Map.entry("escape-access", FabricProperties.NO_ROUTING_DEADLOCK),
            Map.entry("pfc-pause", FabricProperties.EXACTLY_ONCE),
            Map.entry("pfc-counts-background", FabricProperties.LOSSLESS),
            Map.entry("pfc-hysteresis", FabricProperties.RESUME_AT_XON),
            Map.entry("ecn-mark", FabricProperties.ECN_MARKS_CONGESTION),
            Map.entry("failure-cleanup", FabricProperties.NO_STALE),
            Map.entry("dft-hit-waits", FabricProperties.IN_ORDER),
            Map.entry("no-return-from-vl0", FabricProperties.IN_ORDER));

    private static final Map<String, String> IOFD_KILLS = Map.ofEntries(
            Map.entry("dft-follow", "InOrderDelivery"),
            Map.entry("dft-free-on-end", "NoDftLeak"),
            Map.entry("token-spending", "MisroutesBoundedByTokens"),
            Map.entry("deflection-threshold", "DeflectOnlyAboveThreshold"),
            Map.entry("tor-no-host-deflection", "TorNeverDeflectsToHost"),
            Map.entry("long-flows-not-deflected", "LongFlowsNeverDeflected"),
            Map.entry("back-pressure", "NoLossNoDuplicationFaultFree"),
            Map.entry("failure-cleanup", "NoDftLeak"),
            Map.entry("dft-hit-waits", "InOrderDelivery"));

    /** Mechanisms whose coverage scope takes minutes (the routing deadlock of two opposing 3-packet
     * messages under the lane rule silent): {@code FabricMechanismsSlowTest}. */
    static final Set<String> SLOW = Set.of("escape-access");

    /** Mechanisms that change only what an action shows, never a state or a move: the ECN mark is a bit of a
     * Send's or Forward's code, which nothing in the fabric reads (no rate control is modelled). */
    private static final Set<String> LABELS_ONLY = Set.of("ecn-mark");

    static ExplorationReport explore(CheckSpec<?> spec) {
        return new Explorer(ExplorerSettings.defaults().withThreads(2).withProgress(0, r -> { })).check(spec);
    }

    static ExplorationReport exploreUpTo(CheckSpec<?> spec, long maxStates, boolean stopAtFirst) {
        return new Explorer(ExplorerSettings.defaults().withThreads(2).withMaxStates(maxStates)
                .withStopAtFirstViolation(stopAtFirst).withProgress(0, r -> { })).check(spec);
    }

    static CheckSpec<?> at(ModelEntry entry, Mechanism m, boolean knockedOut) {
        Map<String, String> p = new LinkedHashMap<>(m.coverage());
        if (knockedOut) {
            p.put(ModelEntry.KNOCKOUT_PARAM, m.name());
        }
        return entry.build(m.variant(), Params.of(p));
    }

    /**
     * Checks one mechanism: the knock-out violates the named property, which must hold for the
     * mechanism's variant (its purpose, here), with a counterexample; and the knock-out changes the
     * reachable graph (another state count or transition count, or more states than the design has).
     */
    static void killed(ModelEntry entry, Mechanism m, String property) {
        CheckSpec<?> spec = at(entry, m, true).selecting(p -> p.name().equals(property));
        assertFalse(spec.mustFail(property), () -> property + " is not a must-hold property of " + m.variant());
        ExplorationReport r = exploreUpTo(spec, 50_000_000, true);
        assertInstanceOf(CheckResult.Violated.class, r.result(property), () -> m.name() + ": " + r.result(property));
        assertEquals(m.purpose(), property, m.name());
        ExplorationReport with = explore(at(entry, m, false).selecting(p -> p.name().equals(property)));
        assertTrue(with.complete());
        assertInstanceOf(CheckResult.Verified.class, with.result(property), m.name() + " design");
        if (LABELS_ONLY.contains(m.name())) {
            return; // the same graph with other labels: the violation above is the difference
        }
        ExplorationReport without = exploreUpTo(at(entry, m, true).selecting(p -> false),
                with.stats().distinctStates() + 1, false);
        assertNotEquals(List.of(with.stats().distinctStates(), with.stats().transitions()),
                List.of(without.stats().distinctStates(), without.stats().transitions()),
                () -> m.name() + " does not change the reachable graph");
    }

    static Stream<DynamicTest> mechanisms(ModelEntry entry, Map<String, String> kills, Set<String> skip) {
        // every coverage scope a mechanism declares (one per code path its switch guards) must kill it
        return entry.mechanisms().stream().filter(m -> !skip.contains(m.name()))
                .flatMap(m -> java.util.stream.IntStream.range(0, m.scopes().size()).mapToObj(i -> DynamicTest
                        .dynamicTest(entry.name() + " " + m.name() + (i == 0 ? "" : " scope " + (i + 1)),
                                () -> killed(entry, m.atScope(i), kills.get(m.name())))));
    }

    @TestFactory
    Stream<DynamicTest> everyIofdMechanismIsKilledByItsPurposeAtItsCoverageScope() {
        return mechanisms(new IofdEntry(), IOFD_KILLS, Set.of());
    }

    @TestFactory
    Stream<DynamicTest> everyFabricMechanismIsKilledByItsPurposeAtItsCoverageScope() {
        return mechanisms(new FabricEntry(), FABRIC_KILLS, SLOW);
    }

    @Test
    void everyDeclaredMechanismHasAKnownKill() {
        Set<String> fabric = new TreeSet<>(FABRIC_KILLS.keySet());
        Set<String> declared = new TreeSet<>();
        new FabricEntry().mechanisms().forEach(m -> declared.add(m.name()));
        assertEquals(fabric, declared);
        Set<String> iofd = new TreeSet<>();
        new IofdEntry().mechanisms().forEach(m -> iofd.add(m.name()));
        assertEquals(new TreeSet<>(IOFD_KILLS.keySet()), iofd);
    }

    /**
     * pfc-counts-background's first coverage scope has hysteresis, where the count sets and clears the
     * pause bit; without hysteresis the same count is the pause test itself. Both paths are declared
     * scopes of the mechanism: at the second, hysteresis 1, the design keeps LosslessBuffers (a pause
     * test that forgets background would not) and the knock-out breaks it.
     */
    @Test
    void theBackgroundCountIsCoveredWithoutHysteresisToo() {
        FabricEntry entry = new FabricEntry();
        Mechanism m = entry.mechanisms().stream().filter(x -> x.name().equals("pfc-counts-background"))
                .findFirst().orElseThrow();
        assertEquals(2, m.scopes().size());
        assertEquals("2", m.coverage().get("pfc-hysteresis"));
        Map<String, String> p = new LinkedHashMap<>(m.scopes().get(1));
        assertEquals("1", p.get("pfc-hysteresis"));
        ExplorationReport design = explore(entry.build(m.variant(), Params.of(p))
                .selecting(x -> x.name().equals(FabricProperties.LOSSLESS)));
        assertInstanceOf(CheckResult.Verified.class, design.result(FabricProperties.LOSSLESS));
        p.put(ModelEntry.KNOCKOUT_PARAM, m.name());
        ExplorationReport r = exploreUpTo(entry.build(m.variant(), Params.of(p))
                .selecting(x -> x.name().equals(FabricProperties.LOSSLESS)), 1_000_000, true);
        CheckResult.Violated v = assertInstanceOf(CheckResult.Violated.class, r.result(FabricProperties.LOSSLESS));
        assertEquals(4, v.counterexample().length(), "transitions in the trace");
    }

    @Test
    void anUnknownKnockoutIsAOneLineInputError() {
        InputException e = assertThrows(InputException.class,
                () -> new FabricEntry().build("repaired", Params.of(Map.of("knockout", "no-such"))));
        assertTrue(e.getMessage().contains("no-such"));
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void anIofdKnockoutIsConfigurationOfTheOneNetworkModel() {
        IofdEntry e = new IofdEntry();
        org.rdmacheck.model.fabric.NetworkModel with = (org.rdmacheck.model.fabric.NetworkModel) e.build("dft",
                Params.of(Map.of("knockout", "dft-follow+back-pressure"))).model();
        assertEquals(Set.of(org.rdmacheck.model.fabric.FabricOptions.Knockout.DFT_FOLLOW,
                org.rdmacheck.model.fabric.FabricOptions.Knockout.PFC_PAUSE), with.config().options().knockouts());
        org.rdmacheck.model.fabric.NetworkModel plain = (org.rdmacheck.model.fabric.NetworkModel) e.build("dft",
                Params.empty()).model();
        assertTrue(plain.config().options().knockouts().isEmpty());
        assertTrue(plain.packed().isPresent());
    }
}
