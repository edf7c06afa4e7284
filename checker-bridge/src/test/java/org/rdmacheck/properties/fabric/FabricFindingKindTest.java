package org.rdmacheck.properties.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.checker.trace.TraceReplayer;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;

/**
 * The kind of a deadlock (why its stuck packets cannot move, {@link NetworkModel#blocking}): each
 * stored deadlock's traces end in a state of its declared kind; a router with a planted stuck rule
 * deadlocks with another kind and violates NoUnexplainedBlocking.
 */
class FabricFindingKindTest {

    private static final FabricEntry ENTRY = new FabricEntry();

    @SuppressWarnings("unchecked")
    private static Set<NetworkModel.Block> kindOf(Path file) throws Exception {
        Counterexample cex = Counterexamples.read(file);
        CheckSpec<LayoutState> spec = (CheckSpec<LayoutState>) ENTRY.build(cex.provenance().variant(),
                Params.of(cex.provenance().parameters()));
        LayoutState end = TraceReplayer.lastState(spec, cex).orElseThrow(() -> new AssertionError(file + " replays"));
        return ((NetworkModel) spec.model()).blocking(end);
    }

    @Test
    void eachStoredDeadlockEndsInAStateOfItsDeclaredKind() throws Exception {
        StringBuilder wrong = new StringBuilder();
        int read = 0;
        for (String f : FabricEntry.REPAIRED_FINDINGS) {
            for (String property : FabricEntry.DEADLOCK_PROPERTIES) {
                Path file = Path.of("..", "counterexamples", "fabric", f + "-" + property + ".json");
                if (!Files.exists(file)) {
                    continue;
                }
                Set<NetworkModel.Block> kind = kindOf(file);
                read++;
                assertFalse(kind.contains(NetworkModel.Block.UNEXPLAINED), file.toString());
                if (!kind.equals(FabricEntry.FINDING_KINDS.get(f))) {
                    wrong.append(file).append(": ").append(FabricEntry.kindText(kind)).append('\n');
                }
            }
        }
        assertEquals("", wrong.toString());
        assertTrue(read >= 2, "stored traces read: " + read);
    }
}
