package org.rdmacheck.properties.examples;

import java.util.List;
import java.util.Set;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.examples.DiningPhilosophers;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.catalog.ParamSpec;
import org.rdmacheck.properties.catalog.VariantSpec;

/** Dining philosophers: the textbook reference model for the explorer and its benchmark. */
public final class PhilosophersEntry implements ModelEntry {

    @Override
    public String name() {
        return "philosophers";
    }

    @Override
    public String description() {
        return "textbook reference: Dijkstra's dining philosophers (naive deadlocks, ordered does not)";
    }

    private static final ParamSpec.Int N = ParamSpec.integer("n", 5, 2, 24, "number of philosophers");

    @Override
    public List<ParamSpec> parameters() {
        return List.of(N);
    }

    @Override
    public List<VariantSpec> variants() {
        return List.of(
                new VariantSpec("ordered", "the last philosopher takes its forks in the other order",
                        Set.of()),
                new VariantSpec("naive", "everyone takes the left fork first",
                        Set.of("DeadlockFree", "SomeoneCanEat")));
    }

    @Override
    public CheckSpec<LayoutState> build(String variant, Params params) {
        variant(variant);
        Params p = resolve(params);
        int n = N.get(p);
        DiningPhilosophers model = new DiningPhilosophers(n, variant.equals("ordered"));
        PackedModel.StateTest apart = (s, o) -> {
            for (int i = 0; i < n; i++) {
                if (model.phase(s, o, i) == DiningPhilosophers.Phase.EATING
                        && model.phase(s, o, (i + 1) % n) == DiningPhilosophers.Phase.EATING) {
                    return false;
                }
            }
            return true;
        };
        PackedModel.StateTest eating = (s, o) -> {
            for (int i = 0; i < n; i++) {
                if (model.phase(s, o, i) == DiningPhilosophers.Phase.EATING) {
                    return true;
                }
            }
            return false;
        };
        return new CheckSpec<>(name(), variant, p.asMap(), model, List.of(
                new Invariant<LayoutState>("NeighboursNeverBothEat", s -> s.test(apart)).withPacked(apart),
                DeadlockFreedom.standard(),
                new Progress<LayoutState>("SomeoneCanEat", s -> s.test(eating)).withPacked(eating)),
                variant(variant).mustFail());
    }
}
