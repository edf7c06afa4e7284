package org.rdmacheck.model.layout;

import java.util.List;
import org.rdmacheck.model.Model;

/**
 * A model written once on a declared {@link StateLayout}: its states are the layout's packed
 * values, its actions read and write them through the layout and declare their footprints. The
 * packed successors are the model's only implementation; the object successors wrap them.
 */
public interface LayoutModel extends Model<LayoutState> {

    /** @return the layout of the states */
    StateLayout layout();

    /** @return the transition groups with the slots each reads and writes */
    List<Footprint> footprints();

    /** The named values of the layout: what traces show. */
    @Override
    default Object view(LayoutState state) {
        return state.named();
    }
}
