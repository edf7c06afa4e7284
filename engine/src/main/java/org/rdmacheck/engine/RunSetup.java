package org.rdmacheck.engine;

import java.util.List;
import java.util.stream.IntStream;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.StateCodec;
import org.rdmacheck.model.Words;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.Property;

/**
 * What one exploration is fixed to before it starts, derived once from the check and the
 * settings: the model and its properties, the storage mode, whether states are expanded packed,
 * whether a state graph is kept, whether successors are matched after their level, and the
 * partial-order reduction in force. Every part of a run reads it; none changes it.
 *
 * @param <S> state type
 */
final class RunSetup<S> {

    final CheckSpec<S> spec;
    final Model<S> model;
    final Canonicalizer<S> canon;
    final ExplorerSettings settings;
    final List<Property<S>> props;
    /** full states are stored (else fingerprints) */
    final boolean exact;
    final int progressCount;
    /** the state graph is kept (progress properties, or asked for) */
    final boolean needGraph;
    /** the packed successors in use, null on the object path */
    final PackedModel packed;
    final StateCodec<S> codec;
    /** per property: its packed form, null when it has none */
    final PackedModel.StateTest[] packedStateTests;
    final PackedModel.StepTest[] packedStepTests;
    /** the indices of the action properties */
    final int[] actionProps;
    /**
     * whether new successors are matched after their level is expanded ({@link Candidates}): the
     * packed path with several threads (they then share no table while expanding and take no
     * lock) and without a state graph, whose edges need entry ids while expanding. One thread
     * inserts into the level table at once, without locks: measured faster than buffering.
     */
    final boolean deferred;
    /** under symmetry reduction: the check that renaming commutes with the successors, else null */
    final SymmetryAudit<S> symmetryAudit;
    /** the partial-order reduction in force, and why */
    final PartialOrder.Plan reduction;
    /**
     * what the recorded graph's runs carry besides their edges ({@link GraphLabels}): set only when
     * the graph is asked for and states are expanded packed, else null
     */
    final GraphLabels<S> labels;
    /** the layout of a layout model's packed values (states for {@link #labels} wrap them), else null */
    private final org.rdmacheck.model.layout.StateLayout layout;

    RunSetup(CheckSpec<S> spec, ExplorerSettings settings) {
        this(spec, settings, null);
    }

    /** @param labels labels to record with the graph, or null */
    RunSetup(CheckSpec<S> spec, ExplorerSettings settings, GraphLabels<S> labels) {
        this.spec = spec;
        this.model = spec.model();
        this.canon = new Canonicalizer<>(model, settings.symmetry() ? model.symmetry().orElse(null) : null);
        this.settings = settings;
        this.props = spec.properties();
        this.symmetryAudit = canon.reduces() && settings.symmetryAudit() != AuditScope.NONE
                ? new SymmetryAudit<>(model, canon, settings.symmetryAudit(), props) : null;
        this.exact = settings.storage() == ExplorerSettings.Storage.FULL;
        this.progressCount = (int) props.stream().filter(p -> p instanceof Progress).count();
        this.reduction = PartialOrder.plan(spec, settings, canon.reduces());
        // under a reduction progress is not checked (no reduction preserves it), so needs no graph
        this.needGraph = settings.recordGraph() || progressCount > 0 && reduction.applied() == Reduction.NONE;
        boolean packable = !exact && !canon.reduces() && settings.packedSuccessors() && model.codec().isPresent();
        this.packed = packable ? model.packed().orElse(null) : null;
        this.codec = model.codec().orElse(null);
        this.packedStateTests = new PackedModel.StateTest[props.size()];
        this.packedStepTests = new PackedModel.StepTest[props.size()];
        for (int i = 0; i < props.size(); i++) {
            Property<S> p = props.get(i);
            if (p instanceof Invariant<S> in) {
                packedStateTests[i] = in.packed().orElse(null);
            } else if (p instanceof Progress<S> pg) {
                packedStateTests[i] = pg.packedGoal().orElse(null);
            } else if (p instanceof ActionProperty<S> ap) {
                packedStepTests[i] = ap.packed().orElse(null);
            }
        }
        this.actionProps = IntStream.range(0, props.size()).filter(i -> props.get(i) instanceof ActionProperty).toArray();
        this.deferred = packed != null && !needGraph && settings.threads() > 1;
        this.labels = labels != null && settings.recordGraph() && packed != null ? labels : null;
        this.layout = packed instanceof org.rdmacheck.model.layout.LayoutModel lm ? lm.layout() : null;
    }

    /**
     * @param values the packed values
     * @param offset where the state's begin
     * @param length the number of the state's values if known, else -1 (a layout state then reads
     *               it from the values, walking its variable-length fields)
     * @return the state of packed values, as the liveness analysis would see it: a layout model's
     *         values wrapped as its object successors wrap them, else decoded
     */
    @SuppressWarnings("unchecked")
    S labelState(int[] values, int offset, int length) {
        assert layout == null || length < 0 || length == layout.length(values, offset) : "state length";
        return layout != null ? (S) new org.rdmacheck.model.layout.LayoutState(layout, values, offset,
                length >= 0 ? length : layout.length(values, offset)) : codec.decode(Words.reader(values, offset));
    }

    /** @return what the store matches {@code s} by: in full-state mode the state or its representative */
    S key(S s, Words buffer) {
        return exact ? canon.representative(s, buffer) : s;
    }
}
