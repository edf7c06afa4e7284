package org.rdmacheck.properties.partition;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.partition.DataPartition;
import org.rdmacheck.model.partition.PartitionState;
import org.rdmacheck.model.partition.PartitionVariant;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.catalog.ParamSpec;
import org.rdmacheck.properties.catalog.VariantSpec;

/** Catalogue entry {@code partition}: multi-QP data partition and reassembly (seed 003, III). */
public final class PartitionEntry implements ModelEntry {

    @Override
    public String name() {
        return "partition";
    }

    @Override
    public String description() {
        return "seed 003 III-B: chunks over several QPs, custom header (data ID, total size, offset), reassembly";
    }

    private static final ParamSpec.Int SIZE = ParamSpec.integer("size", 5, 1, 64, "bytes per transfer");
    private static final ParamSpec.Int CHUNK = ParamSpec.integer("chunk", 2, 1, 64,
            "bytes per chunk (a last chunk may be shorter)");
    private static final ParamSpec.Int QPS = ParamSpec.integer("qps", 3, 1, 8, "queue pairs shared by the transfers");
    private static final ParamSpec.Int TRANSFERS = ParamSpec.integer("transfers", 2, 1, 4,
            "transfers (data IDs) in flight at once");

    @Override
    public List<ParamSpec> parameters() {
        return List.of(SIZE, CHUNK, QPS, TRANSFERS);
    }

    @Override
    public List<VariantSpec> variants() {
        return List.of(
                new VariantSpec("paper", "header with data ID, total size and offset; placement by offset", Set.of()),
                new VariantSpec("no-data-id", "header without data ID: concurrent transfers share one buffer",
                        Set.of("ReassembledEqualsOriginal", "NoChunkLost", "DataIdsNeverMix", "EveryTransferCompletes")),
                new VariantSpec("arrival-offset", "receiver appends chunks in arrival order, ignoring the offset",
                        Set.of("ReassembledEqualsOriginal")),
                new VariantSpec("last-chunk-full-size", "receiver copies a full chunk even for a shorter last chunk",
                        Set.of("NoWriteOutsideBuffer")),
                new VariantSpec("no-completion-wait", "sender posts without waiting for the QP's completion (depth 2)",
                        Set.of("AtMostOneOutstandingPerQp")));
    }

    /**
     * {@code NoChunkDuplicated} holds by construction in every variant here: each byte is split once
     * and moves from a QP to a receiver buffer to a delivery, and no variant re-posts or copies a chunk.
     * It stays as a sanity check of the model's code until a re-posting variant (seed 003, Alg 2 line 8)
     * can break it.
     */
    @Override
    public Map<String, String> structuralProperties() {
        return Map.of("NoChunkDuplicated", "each byte is split once and moves QP -> buffer -> delivery; "
                + "no variant re-posts or copies a chunk");
    }

    /** Every variant with the defaults, and the paper's design once more with three transfers. */
    @Override
    public List<Run> allRuns() {
        List<Run> runs = new ArrayList<>(ModelEntry.super.allRuns());
        runs.add(new Run("paper", Params.of(Map.of("size", "6", "chunk", "2", "qps", "3", "transfers", "3"))));
        return runs;
    }

    @Override
    public CheckSpec<PartitionState> build(String variant, Params params) {
        variant(variant);
        Params p = resolve(params);
        DataPartition model = new DataPartition(SIZE.get(p), CHUNK.get(p), QPS.get(p), TRANSFERS.get(p),
                PartitionVariant.of(variant));
        return new CheckSpec<>(name(), variant, p.asMap(), model, PartitionProperties.all(model),
                variant(variant).mustFail());
    }
}
