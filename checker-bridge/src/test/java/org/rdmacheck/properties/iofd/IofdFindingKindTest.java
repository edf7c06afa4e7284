package org.rdmacheck.properties.iofd;

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
import org.rdmacheck.properties.DeadlockFreedom;

/**
 * The kind of an IOFD deadlock (why its stuck packets cannot move, {@link NetworkModel#blocking}):
 * each stored deadlock of the design dft ends in a state of its declared kind.
 */
class IofdFindingKindTest {

    private static final IofdEntry ENTRY = new IofdEntry();

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
        for (String f : IofdEntry.DFT_FINDINGS) {
            for (String property : Set.of(DeadlockFreedom.standard().name())) {
                Path file = Path.of("..", "counterexamples", "iofd", f + "-" + property + ".json");
                if (!Files.exists(file)) {
                    continue;
                }
                Set<NetworkModel.Block> kind = kindOf(file);
                read++;
                assertFalse(kind.contains(NetworkModel.Block.UNEXPLAINED), file.toString());
                if (!kind.equals(IofdEntry.FINDING_KINDS.get(f))) {
                    wrong.append(file).append(": ").append(org.rdmacheck.properties.fabric.FabricEntry.kindText(kind)).append('\n');
                }
            }
        }
        assertEquals("", wrong.toString());
        assertTrue(read >= 2, "stored traces read: " + read);
    }
}
