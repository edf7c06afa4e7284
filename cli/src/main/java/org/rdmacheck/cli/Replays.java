package org.rdmacheck.cli;

import java.util.List;
import java.util.Set;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.liveness.LassoReplayer;
import org.rdmacheck.checker.trace.ReplayResult;
import org.rdmacheck.properties.liveness.LivenessSpec;
import org.rdmacheck.checker.trace.TraceReplayer;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.catalog.ModelEntry;

/** Replays any stored counterexample: state-machine traces on the Java model, others by their replayer. */
public final class Replays {

    /** Replayers for non-state-machine counterexamples. Later issues add theirs here. */
    static final List<ExternalReplayer> EXTERNAL = List.of(new ThresholdWitnessReplayer(), new HeadroomWitnessReplayer(),
            new CycleReplayer());

    private static final Set<Counterexample.Kind> TRACE_KINDS = Set.of(Counterexample.Kind.INVARIANT,
            Counterexample.Kind.ACTION, Counterexample.Kind.DEADLOCK, Counterexample.Kind.PROGRESS);

    private Replays() {
    }

    /**
     * The fairness a lasso is replayed under: for a liveness lasso of the explorer, its property's declared
     * assumptions (those {@code check} names on its verified-within line and in its JSON {@code fairness});
     * empty for every other counterexample, which needs none.
     *
     * @param cex a counterexample
     * @return the assumptions, empty when none applies (or the model no longer declares the property)
     */
    public static List<Finding.Assumption> fairness(Counterexample cex) {
        if (cex.kind() != Counterexample.Kind.TEMPORAL || !Explorer.CHECKER.equals(cex.provenance().checker())
                || Catalog.entries().stream().noneMatch(e -> e.name().equals(cex.provenance().model()))) {
            return List.of();
        }
        ModelEntry entry = Catalog.find(cex.provenance().model());
        CheckSpec<?> spec = entry.build(entry.variant(cex.provenance().variant()).name(),
                Params.of(cex.provenance().parameters()));
        return entry.liveness(spec).flatMap(live -> live.property(cex.property()))
                .map(p -> p.fairness().stream().map(Finding.Assumption::of).toList()).orElse(List.of());
    }

    /**
     * @param cex a counterexample
     * @return the outcome of replaying it
     * @throws InputException if nothing can replay it
     */
    public static ReplayResult replay(Counterexample cex) {
        if (cex.steps().isEmpty()) {
            throw new InputException("steps: the trace has none: expected an initial state and the steps after it");
        }
        for (ExternalReplayer r : EXTERNAL) {
            if (r.accepts(cex)) {
                return r.replay(cex);
            }
        }
        if (cex.kind() == Counterexample.Kind.TEMPORAL && Explorer.CHECKER.equals(cex.provenance().checker())) {
            ModelEntry entry = Catalog.find(cex.provenance().model());
            CheckSpec<?> spec = entry.build(entry.variant(cex.provenance().variant()).name(),
                    Params.of(cex.provenance().parameters()));
            LivenessSpec<?> live = entry.liveness(spec).orElseThrow(() -> new InputException("model "
                    + cex.provenance().model() + " declares no liveness properties; cannot replay the lasso of "
                    + cex.property()));
            if (live.property(cex.property()).isEmpty()) {
                throw new InputException("property '" + cex.property() + "': model " + cex.provenance().model()
                        + " has no such liveness property: expected one of " + live.properties().stream()
                        .map(p -> p.name()).toList());
            }
            return LassoReplayer.replay(live, cex);
        }
        if (!TRACE_KINDS.contains(cex.kind())) {
            throw new InputException("counterexample kind '" + cex.kind() + "' of model " + cex.provenance().model()
                    + ": no replayer for it");
        }
        ModelEntry entry = Catalog.find(cex.provenance().model());
        CheckSpec<?> spec = entry.build(entry.variant(cex.provenance().variant()).name(),
                Params.of(cex.provenance().parameters()));
        if (spec.properties().stream().noneMatch(p -> p.name().equals(cex.property()))) {
            throw new InputException("property '" + cex.property() + "': model " + cex.provenance().model()
                    + " has no such property: expected one of " + spec.properties().stream().map(p -> p.name()).toList());
        }
        return TraceReplayer.replay(spec, cex);
    }
}
