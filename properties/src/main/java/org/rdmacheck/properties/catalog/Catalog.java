package org.rdmacheck.properties.catalog;

import java.util.List;
import java.util.stream.Collectors;
import org.rdmacheck.model.InputException;
import org.rdmacheck.properties.dasr.DasrEntry;
import org.rdmacheck.properties.examples.CorridorEntry;
import org.rdmacheck.properties.gbn.GbnEntry;
import org.rdmacheck.properties.examples.FifoEntry;
import org.rdmacheck.properties.examples.PhilosophersEntry;
import org.rdmacheck.properties.partition.PartitionEntry;
import org.rdmacheck.properties.iofd.IofdEntry;

/**
 * Every checkable model, in the order {@code rdmacheck list} shows them. Protocol models are
 * registered here, one line each.
 */
public final class Catalog {

    private static final List<ModelEntry> ENTRIES = List.of(
            // protocol models (seed papers) -- add new entries above the textbook references
            new GbnEntry(),
            new org.rdmacheck.properties.gbn.timed.TimedGbnEntry(),
            new PartitionEntry(),
            new DasrEntry(),
            new IofdEntry(),
            new org.rdmacheck.properties.escapevl.EscapeVlEntry(),
            new org.rdmacheck.properties.fabric.FabricEntry(),
            new PhilosophersEntry(),
            new FifoEntry(),
            new CorridorEntry(),
            new org.rdmacheck.properties.examples.AlternatingBitEntry());

    private Catalog() {
    }

    /** @return every entry */
    public static List<ModelEntry> entries() {
        return ENTRIES;
    }

    /**
     * @param name a model name
     * @return its entry
     * @throws InputException if unknown
     */
    public static ModelEntry find(String name) {
        return ENTRIES.stream().filter(e -> e.name().equals(name)).findFirst().orElseThrow(() ->
                new InputException("unknown model '" + name + "': expected one of "
                        + ENTRIES.stream().map(ModelEntry::name).collect(Collectors.joining(", "))));
    }
}
