package org.rdmacheck.properties.fabric;

import org.junit.jupiter.api.Test;
import org.rdmacheck.model.fabric.NetworkModel;

/**
 * The kind of a deadlock (why its stuck packets cannot move, {@link NetworkModel#blocking}): each
 * stored deadlock's traces end in a state of its declared kind; a router with a planted stuck rule
 * deadlocks with another kind and violates NoUnexplainedBlocking.
 */
class FabricFindingKindTest {

    @Test
    void eachStoredDeadlockEndsInAStateOfItsDeclaredKind() throws Exception {
        StoredDeadlockKinds.assertDeclaredKinds(new FabricEntry(), "fabric", FabricEntry.REPAIRED_FINDINGS,
                FabricEntry.DEADLOCK_PROPERTIES, FabricEntry.FINDING_KINDS, 2 * FabricEntry.REPAIRED_FINDINGS.size());
    }
}
