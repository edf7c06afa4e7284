package org.rdmacheck.model.layout;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.SearchHeuristic;
import org.rdmacheck.model.Symmetry;

/**
 * A test's planted model: every method its delegate's, so that the plant overrides only what it changes (its
 * footprints, its expander). The object successors, the codec and the packed view stay LayoutModel's own, so
 * they go through the plant's expander and layout.
 */
public interface ForwardingLayoutModel extends LayoutModel {

    /** @return the model planted on */
    LayoutModel delegate();

    @Override
    default StateLayout layout() {
        return delegate().layout();
    }

    @Override
    default List<Footprint> footprints() {
        return delegate().footprints();
    }

    @Override
    default String group(Action action) {
        return delegate().group(action);
    }

    @Override
    default boolean enablingSlots(int[] s, int base, int footprint, Consumer<Slot> slots) {
        return delegate().enablingSlots(s, base, footprint, slots);
    }

    @Override
    default List<LayoutState> initialStates() {
        return delegate().initialStates();
    }

    @Override
    default boolean isFinal(LayoutState s) {
        return delegate().isFinal(s);
    }

    @Override
    default Optional<Symmetry<LayoutState>> symmetry() {
        return delegate().symmetry();
    }

    @Override
    default Optional<SearchHeuristic> heuristic() {
        return delegate().heuristic();
    }

    @Override
    default Object view(LayoutState s) {
        return delegate().view(s);
    }

    @Override
    default Expander expander() {
        return delegate().expander();
    }

    @Override
    default Action action(long code) {
        return delegate().action(code);
    }
}
