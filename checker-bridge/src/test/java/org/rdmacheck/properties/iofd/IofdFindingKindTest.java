package org.rdmacheck.properties.iofd;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.fabric.StoredDeadlockKinds;

/**
 * The kind of an IOFD deadlock (why its stuck packets cannot move, {@link NetworkModel#blocking}):
 * each stored deadlock of the design dft ends in a state of its declared kind.
 */
class IofdFindingKindTest {

    @Test
    void eachStoredDeadlockEndsInAStateOfItsDeclaredKind() throws Exception {
        StoredDeadlockKinds.assertDeclaredKinds(new IofdEntry(), "iofd", IofdEntry.DFT_FINDINGS,
                Set.of(DeadlockFreedom.standard().name()), IofdEntry.FINDING_KINDS, 2);
    }
}
