package org.rdmacheck.properties.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.checker.trace.TraceReplayer;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.ModelEntry;

/**
 * The one check behind the fabric's and IOFD's finding-kind tests: every stored deadlock trace of
 * the network model replays and ends in a state of its finding's declared kind
 * ({@link NetworkModel#blocking}; a {@code DeadlockFree} trace may end in one of the finding's
 * further kinds), never an unexplained one.
 */
public final class StoredDeadlockKinds {

    private StoredDeadlockKinds() {
    }

    /**
     * @param entry      the model entry that built the traces
     * @param dir        the folder of counterexamples/ holding them
     * @param findings   the stored findings (trace files {@code finding-property.json})
     * @param properties the deadlock properties whose traces are read
     * @param kinds      each finding's declared kind
     * @param least      how many traces must be read at least
     */
    public static void assertDeclaredKinds(ModelEntry entry, String dir, Collection<String> findings,
                                           Collection<String> properties, Map<String, Set<NetworkModel.Block>> kinds,
                                           int least) throws Exception {
        assertDeclaredKinds(entry, dir, findings, properties, kinds, Map.of(), least);
    }

    /**
     * As {@link #assertDeclaredKinds(ModelEntry, String, Collection, Collection, Map, int)}, where a
     * finding's {@code NoRoutingDeadlock} trace (breadth-first search's shortest routing deadlock)
     * ends in its declared kind and a trace of another deadlock property (the shortest state with no
     * successor, which may come later than the first routing deadlock) in its declared kind or one of
     * its further kinds (the kinds its configuration reaches, each with its own stored trace).
     *
     * @param further each finding's further kinds (none for a finding not listed)
     */
    @SuppressWarnings("unchecked")
    public static void assertDeclaredKinds(ModelEntry entry, String dir, Collection<String> findings,
                                           Collection<String> properties, Map<String, Set<NetworkModel.Block>> kinds,
                                           Map<String, ? extends Collection<Set<NetworkModel.Block>>> further,
                                           int least) throws Exception {
        StringBuilder wrong = new StringBuilder();
        int read = 0;
        for (String f : findings) {
            for (String property : properties) {
                Path file = Path.of("..", "counterexamples", dir, f + "-" + property + ".json");
                if (!Files.exists(file)) {
                    continue;
                }
                Counterexample cex = Counterexamples.read(file);
                CheckSpec<LayoutState> spec = (CheckSpec<LayoutState>) entry.build(cex.provenance().variant(),
                        Params.of(cex.provenance().parameters()));
                LayoutState end = TraceReplayer.lastState(spec, cex)
                        .orElseThrow(() -> new AssertionError(file + " replays"));
                Set<NetworkModel.Block> kind = ((NetworkModel) spec.model()).blocking(end);
                read++;
                assertFalse(kind.contains(NetworkModel.Block.UNEXPLAINED), file.toString());
                boolean furtherKind = !property.equals(FabricProperties.NO_ROUTING_DEADLOCK)
                        && further.containsKey(f) && further.get(f).contains(kind);
                if (!kind.equals(kinds.get(f)) && !furtherKind) {
                    wrong.append(file).append(": ").append(FabricEntry.kindText(kind)).append('\n');
                }
            }
        }
        assertEquals("", wrong.toString());
        assertTrue(read >= least, "stored traces read: " + read);
    }
}
