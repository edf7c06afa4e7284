package org.rdmacheck.model.layout;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.StateCodec;
import org.rdmacheck.model.Transition;

/**
 * A model written once on a declared {@link StateLayout}: its states are the layout's packed
 * values, its actions read and write them through the layout and declare their footprints. The
 * packed successors are the model's only implementation; the object successors wrap them.
 */
public interface LayoutModel extends Model<LayoutState>, PackedModel {

    /** @return the layout of the states */
    StateLayout layout();

    /** @return the transition groups with the slots each reads and writes */
    List<Footprint> footprints();

    /**
     * The transition group an action belongs to, the {@link Footprint#action()} of its footprint:
     * by default the action's name, so that one footprint covers every action of a name. A model
     * that declares footprints per instance (per switch, port or QP, as PINS has transition groups
     * per process) names the group here, as the action's name followed by the instance in
     * brackets ({@code Forward[3]}): a partial-order reduction can then tell instances apart.
     *
     * @param action an action of the model
     * @return its group's name
     */
    default String group(org.rdmacheck.model.Action action) {
        return action.name();
    }

    /**
     * A necessary enabling set finer than the static one, for a transition group disabled in a
     * state (LTSmin takes the writers of one falsified guard): slots such that the group is
     * disabled in every state that agrees with this one on them. A partial-order reduction then
     * brings in only the groups that write those slots, instead of every group that writes a slot
     * the group reads. No slot: the group can never be enabled again. Tests check the claim on
     * reachable states.
     *
     * @param s         packed values of a state in which the group is disabled
     * @param base      the state's first value
     * @param footprint the group's index in {@link #footprints()}
     * @param slots     receives the slots
     * @return whether the model gave them; false (the default): every slot the group reads
     */
    default boolean enablingSlots(int[] s, int base, int footprint, Consumer<Slot> slots) {
        return false;
    }

    /** The object successors: the packed expander's, each wrapped as a state of the layout. */
    @Override
    default void successors(LayoutState s, Consumer<Transition<LayoutState>> sink) {
        int[] v = new int[s.length()];
        s.copyTo(v, 0);
        StateLayout layout = layout();
        expander().successors(v, 0, (code, next, length) ->
                sink.accept(new Transition<>(action(code), new LayoutState(layout, next, 0, length))));
    }

    /** @return the layout's codec: a state's packed values are its encoding */
    @Override
    default Optional<StateCodec<LayoutState>> codec() {
        return Optional.of(new LayoutCodec(layout()));
    }

    /** @return this model: its packed successors are its only implementation */
    @Override
    default Optional<PackedModel> packed() {
        return Optional.of(this);
    }

    /** The named values of the layout: what traces show. */
    @Override
    default Object view(LayoutState state) {
        return state.named();
    }
}
