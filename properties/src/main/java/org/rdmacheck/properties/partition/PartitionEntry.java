package org.rdmacheck.properties.partition;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.partition.DataPartition;
import org.rdmacheck.model.partition.PartitionConfig;
import org.rdmacheck.model.partition.PartitionVariant;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.catalog.ParamSpec;
import org.rdmacheck.properties.catalog.VariantSpec;
import org.rdmacheck.properties.catalog.VariantSpec.Origin;
import org.rdmacheck.properties.liveness.Fairness;
import org.rdmacheck.properties.liveness.Liveness;
import org.rdmacheck.properties.liveness.LivenessSpec;

/** Catalogue entry {@code partition}: multi-QP data partition and reassembly (seed 003, III). */
public final class PartitionEntry implements ModelEntry {

    /** Name of the liveness property: every fair behaviour completes every transfer. */
    public static final String COMPLETES = "EveryTransferCompletes";

    /**
     * Weak fairness of every step of the protocol, as the TLA+ twin's {@code Fairness} states it:
     * {@code WF(Post(q, t))} per QP and transfer, {@code WF(Resend(q, c))} per QP and chunk, and per
     * QP {@code WF} of its send completion, reconnection, arrival, reordering and receive re-posts.
     * The faults ({@code QpError} from the budget, {@code RnrError}) are not fair: they may happen,
     * never must.
     */
    public static final List<Fairness> PROTOCOL_FAIR = List.of(
            Fairness.weakPer("Post", a -> a.name().equals("Post"), "qp", "transfer"),
            Fairness.weakPer("Resend", a -> a.name().equals("Resend"), "qp", "transfer", "offset"),
            perQp("SendComplete"), perQp("Reconnect"), perQp("Arrive"), perQp("Reorder"), perQp("PostReceive"),
            perQp("PostReceiveEarly"));

    private static Fairness perQp(String action) {
        return Fairness.weakPer(action, a -> a.name().equals(action), "qp");
    }

    private static final String CAN = PartitionProperties.CAN_COMPLETE;

    /** Variant defaults: no QP errors, for the mutations that are not about errors (smaller state spaces). */
    private static final Map<String, String> NO_FAULTS = Map.of("errors", "0");

    /**
     * Variant defaults of the mutations whose point is two transfers in flight at once: a data ID
     * each (with one ID the reuse guard serialises the transfers).
     */
    private static final Map<String, String> CONCURRENT = Map.of("errors", "0", "ids", "2");

    /**
     * Variants whose fair behaviours do not all complete: those that break completion outright
     * (EveryTransferCanComplete fails, so some behaviour gets stuck) and {@code rnr-retry-zero},
     * whose every state can still complete but where a fair behaviour livelocks: the sender
     * re-posts the chunk as soon as the QP is reconnected, before the receiver re-posted its receive
     * work request, and the RNR error flushes the QP again, for ever.
     */
    private static final Set<String> LIVENESS_FAILURES = Set.of("no-data-id", "repost-before-consume", "no-receive-repost",
            "error-after-landing", "reuse-on-send-completion", "rnr-retry-zero");

    @Override
    public String name() {
        return "partition";
    }

    /**
     * {@code FreeQpMayPost} restates Algorithm 1's guard (seed 003 III-B, lines 3-8) by running the sender's
     * own step on the state, so no variant of the protocol can violate it; it is kept because it is the one
     * property that tells the split across QPs from its absence: with every chunk on QP 0 the model only
     * loses steps, its behaviours are the design's (a QP 0 fast enough that QP 1 is never needed), and no
     * property of behaviours can kill {@code multi-qp-split}.
     */
    @Override
    public Map<String, String> structuralProperties() {
        return Map.of(PartitionProperties.FREE_QP_MAY_POST, "restates Algorithm 1's guard (seed 003 III-B): "
                + "the sender's own step, run on the state, offers a waiting chunk to every connected QP with no send "
                + "outstanding; the split across QPs only adds steps, so no property of behaviours can tell its "
                + "knock-out (multi-qp-split) from the design, and this one, read from the steps offered, does");
    }

    @Override
    public String description() {
        return "seed 003 III-B: chunks over several QPs, custom header (data ID, total size, offset), receive WRs "
                + "and RNR, QP errors with re-post, data-ID reuse, reassembly";
    }

    private static final ParamSpec.Int SIZE = ParamSpec.integer("size", 3, 1, 64, "bytes per transfer");
    private static final ParamSpec.Int CHUNK = ParamSpec.integer("chunk", 2, 1, 64,
            "bytes per chunk (a last chunk may be shorter)");
    private static final ParamSpec.Int QPS = ParamSpec.integer("qps", 2, 1, 8, "queue pairs shared by the transfers");
    private static final ParamSpec.Int TRANSFERS = ParamSpec.integer("transfers", 2, 1, 6,
            "transfers the sender carries");
    private static final ParamSpec.Int IDS = ParamSpec.integer("ids", 1, 1, 6,
            "data IDs: transfer t carries ID t mod ids and reuses the ID of t - ids");
    private static final ParamSpec.Int RECEIVE_WRS = ParamSpec.integer("receiveWrs", 1, 1, 4,
            "receive work requests (buffers) per QP");
    private static final ParamSpec.Int ERRORS = ParamSpec.integer("errors", 1, 0, 4,
            "QP errors the network may cause (fault budget)");

    @Override
    public List<ParamSpec> parameters() {
        return List.of(SIZE, CHUNK, QPS, TRANSFERS, IDS, RECEIVE_WRS, ERRORS);
    }

    @Override
    public List<VariantSpec> variants() {
        return List.of(
                new VariantSpec("paper", "header with data ID, total size and offset; placement by offset; "
                        + "receive WRs re-posted after reordering; a flushed chunk is posted again; an ID is reused "
                        + "once the receiver completed it", Set.of(), Origin.PAPER, Map.of()),
                new VariantSpec("no-data-id", "header without data ID: concurrent transfers share one buffer",
                        Set.of("ReassembledEqualsOriginal", "NoChunkLost", "DataIdsNeverMix", CAN),
                        Origin.MUTATION, CONCURRENT),
                new VariantSpec("arrival-offset", "receiver appends chunks in arrival order, ignoring the offset",
                        Set.of("ReassembledEqualsOriginal"), Origin.MUTATION, NO_FAULTS),
                new VariantSpec("last-chunk-full-size", "receiver copies a full chunk even for a shorter last chunk",
                        Set.of("NoWriteOutsideBuffer"), Origin.MUTATION, NO_FAULTS),
                new VariantSpec("no-completion-wait", "sender posts without waiting for the QP's send completion "
                        + "(depth 2)", Set.of("AtMostOneOutstandingPerQp"), Origin.MUTATION, NO_FAULTS),
                new VariantSpec("repost-before-consume", "receiver re-posts a receive WR when it sees the completion "
                        + "(Alg 2 line 8 before line 9), before the chunk is copied out",
                        Set.of("ReassembledEqualsOriginal", "NoChunkLost", "NoChunkDuplicated",
                                PartitionProperties.NO_DUPLICATE, CAN),
                        Origin.MUTATION, CONCURRENT),
                new VariantSpec("no-receive-repost", "receiver never re-posts a receive WR (Alg 2 without line 8): "
                        + "RNR for ever", Set.of("DeadlockFree", CAN), Origin.MUTATION, NO_FAULTS),
                new VariantSpec("error-after-landing", "a QP error may also follow a landed chunk whose ACK was "
                        + "lost; the sender posts it again; with a reused data ID the stale copy lands in the next "
                        + "transfer", Set.of("ReassembledEqualsOriginal", "NoChunkDuplicated", "NoChunkLost",
                        "DataIdsNeverMix", CAN), Origin.MUTATION, Map.of()),
                new VariantSpec("reuse-on-send-completion", "sender reuses a data ID once it polled the old "
                        + "transfer's last send completion", Set.of("ReassembledEqualsOriginal", "NoChunkLost",
                        "DataIdsNeverMix", CAN), Origin.MUTATION, Map.of("ids", "1", "errors", "0")),
                new VariantSpec("rnr-retry-zero", "QPs with RNR retry count 0: a chunk meeting no posted receive WR "
                        + "sends the QP to the error state (livelock: see EveryTransferCompletes)", Set.of(),
                        Origin.MUTATION, NO_FAULTS));
    }

    /**
     * Every variant with its defaults, and the paper's design where the defaults leave a rule
     * unexercised: three transfers over two data IDs (each ID reused while the other is in flight),
     * three chunks per transfer (reassembly completes on a byte count, not on the last chunk), and
     * two receive work requests per QP (two unread completions on one QP).
     */
    @Override
    public List<Run> allRuns() {
        List<Run> runs = new ArrayList<>(ModelEntry.super.allRuns());
        runs.add(new Run("paper", Params.of(Map.of("transfers", "3", "ids", "2"))));
        runs.add(new Run("paper", Params.of(Map.of("size", "5"))));
        runs.add(new Run("paper", Params.of(Map.of("receiveWrs", "2"))));
        return runs;
    }

    @Override
    public CheckSpec<LayoutState> build(String variant, Params params) {
        VariantSpec v = variant(variant);
        DataPartition model = model(variant, resolve(variant, params));
        return new CheckSpec<>(name(), variant, resolve(variant, params).asMap(), model,
                PartitionProperties.all(model), v.mustFail());
    }

    /**
     * @param variant a variant name (validated)
     * @param p       parameters with defaults filled in
     * @return the configured model
     */
    DataPartition model(String variant, Params p) {
        PartitionConfig c = new PartitionConfig(SIZE.get(p), CHUNK.get(p), QPS.get(p), TRANSFERS.get(p), IDS.get(p),
                RECEIVE_WRS.get(p), ERRORS.get(p));
        java.util.Set<DataPartition.Knockout> off = java.util.EnumSet.noneOf(DataPartition.Knockout.class);
        for (String n : knockouts(p)) {
            off.add(SWITCHES.get(n));
        }
        return new DataPartition(c, PartitionVariant.of(variant), off);
    }

    private static final Map<String, DataPartition.Knockout> SWITCHES = Map.of(
            "data-id-reuse-guard", DataPartition.Knockout.DATA_ID_REUSE_GUARD,
            "chunk-requeue", DataPartition.Knockout.CHUNK_REQUEUE,
            "rnr-retry", DataPartition.Knockout.RNR_RETRY,
            "receive-repost", DataPartition.Knockout.RECEIVE_REPOST,
            "receive-buffer-accounting", DataPartition.Knockout.RECEIVE_ACCOUNTING,
            "multi-qp-split", DataPartition.Knockout.MULTI_QP_SPLIT);

    /**
     * The data partition's mechanisms (seed 003, III-B, and this model's recovery from QP errors):
     * the data-ID reuse guard keeps two transfers with one ID apart, the re-queue of flushed chunks
     * and the RNR retry let every transfer complete after an error or a missing receive work request,
     * the receive work request's re-post keeps the receiver able to take chunks, and re-posting only
     * the consumed buffer keeps a posted work request off a buffer that holds an unread chunk, and
     * the split across QPs (Algorithm 1, lines 4-8) offers every free QP the next chunk.
     */
    @Override
    public List<org.rdmacheck.properties.catalog.Mechanism> mechanisms() {
        return List.of(
                new org.rdmacheck.properties.catalog.Mechanism("data-id-reuse-guard", "data-ID reuse after completion",
                        "seed 003, III-B (custom header: data ID)", "DataIdsNeverMix", "paper",
                        Map.of("errors", "0", "ids", "2", "transfers", "3"),
                        "a transfer reuses its data ID without waiting for the receiver to complete the previous holder"),
                new org.rdmacheck.properties.catalog.Mechanism("chunk-requeue", "re-queue of a flushed chunk",
                        "seed 003, III-B (QP error recovery, not stated in the paper)", "NoChunkLost", "paper", Map.of(),
                        "a chunk flushed by a QP error is dropped"),
                new org.rdmacheck.properties.catalog.Mechanism("rnr-retry", "RNR retry (retry count 7: for ever)",
                        "seed 003, III-B; InfiniBand RNR NAK", COMPLETES, "paper", Map.of("errors", "0"),
                        "RNR retry count 0: a chunk that meets no posted receive work request sends the QP to error"),
                new org.rdmacheck.properties.catalog.Mechanism("receive-repost", "re-post of the receive work request",
                        "seed 003, III-B, Algorithm 2 line 8", "DeadlockFree", "paper", Map.of("errors", "0"),
                        "the receiver never re-posts a consumed receive work request"),
                new org.rdmacheck.properties.catalog.Mechanism("receive-buffer-accounting",
                        "re-post of only the consumed receive buffer",
                        "seed 003, III-B, Algorithm 2 lines 2 and 8", PartitionProperties.RECEIVE_BUFFERS, "paper",
                        Map.of("errors", "0", "receiveWrs", "2"),
                        "the receiver tops its posted receive work requests up to receiveWrs, counting a buffer "
                                + "whose chunk it has not reordered yet as free"),
                new org.rdmacheck.properties.catalog.Mechanism("multi-qp-split", "chunks split across the QPs",
                        "seed 003, III-B (dynamic allocation), Algorithm 1 lines 4-8",
                        PartitionProperties.FREE_QP_MAY_POST, "paper", Map.of("errors", "0"),
                        "every chunk goes on QP 0: the sender offers no other QP a chunk"));
    }

    /** {@code EveryTransferCompletes}: {@code <>} every transfer complete, under {@link #PROTOCOL_FAIR}. */
    @Override
    @SuppressWarnings("unchecked")
    public Optional<LivenessSpec<?>> liveness(CheckSpec<?> built) {
        CheckSpec<LayoutState> spec = (CheckSpec<LayoutState>) built;
        DataPartition m = (DataPartition) spec.model();
        Liveness<LayoutState> completes = Liveness.<LayoutState>eventually(COMPLETES, m::allTransfersComplete,
                PROTOCOL_FAIR.toArray(Fairness[]::new));
        return Optional.of(new LivenessSpec<>(spec, List.of(completes), livenessFailures(spec.variant())));
    }

    private static Set<String> livenessFailures(String variant) {
        return LIVENESS_FAILURES.contains(variant) ? Set.of(COMPLETES) : Set.of();
    }
}
