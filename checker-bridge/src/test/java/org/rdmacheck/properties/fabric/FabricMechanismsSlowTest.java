package org.rdmacheck.properties.fabric;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.properties.catalog.Mechanism;

/**
 * The escape lane under the lane rule silent (two opposing 3-packet messages, 3 tokens, xoff 3):
 * the access to it and the rule of no return, minutes each ({@code -Pslow}). The escape lane itself
 * is killed at {@code repaired}'s defaults ({@code FabricMechanismsTest}).
 */
@Tag("slow")
class FabricMechanismsSlowTest {

    private static final FabricEntry ENTRY = new FabricEntry();

    private static Mechanism mechanism(String name) {
        return ENTRY.mechanisms().stream().filter(m -> m.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aPacketPinnedToItsDftPortWithoutAccessToTheEscapeLaneDeadlocks() {
        FabricMechanismsTest.killed(ENTRY, mechanism("escape-access"), FabricProperties.NO_ROUTING_DEADLOCK);
    }

    /**
     * Duato (virtual cut-through): an escape lane that packets may leave again still breaks every cycle
     * of full buffers. At the escape lane's scope (lane-silent, two opposing 3-packet messages) the
     * design holds; the knock-out changes the graph and no routing deadlock is found among as many
     * states as the design has (the knock-out's graph is larger; it is not exhausted here). The rule's
     * purpose is the order ({@code FabricMechanismsTest}), not deadlock freedom.
     */
    @Test
    void returningFromVl0ChangesTheGraphAndNoRoutingDeadlockIsFound() {
        Mechanism declared = mechanism("no-return-from-vl0");
        Mechanism m = new Mechanism(declared.name(), declared.title(), declared.paperRef(),
                FabricProperties.NO_ROUTING_DEADLOCK, "lane-silent",
                java.util.Map.of("packets", "3", "tokens", "3", "xoff", "3"), declared.description());
        ExplorationReport with = FabricMechanismsTest.explore(FabricMechanismsTest.at(ENTRY, m, false)
                .selecting(p -> p.name().equals(FabricProperties.NO_ROUTING_DEADLOCK)));
        assertInstanceOf(CheckResult.Verified.class, with.result(FabricProperties.NO_ROUTING_DEADLOCK));
        ExplorationReport without = FabricMechanismsTest.exploreUpTo(FabricMechanismsTest.at(ENTRY, m, true)
                .selecting(p -> p.name().equals(FabricProperties.NO_ROUTING_DEADLOCK)),
                with.stats().distinctStates(), true);
        assertNotEquals(with.stats().transitions(), without.stats().transitions());
        assertFalse(without.result(FabricProperties.NO_ROUTING_DEADLOCK) instanceof CheckResult.Violated);
    }
}
