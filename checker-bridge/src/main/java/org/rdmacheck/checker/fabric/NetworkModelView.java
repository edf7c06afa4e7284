package org.rdmacheck.checker.fabric;

import java.util.List;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.Footprint;
import org.rdmacheck.model.layout.LayoutModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.layout.StateLayout;

/**
 * The network model seen through another successor function: the decisions' searches (the packet
 * budget's pruned one, a flow's projection, the search guided along an abstract trace) run the model's
 * own states, actions and footprints, and differ only in {@link #expander()}.
 */
abstract class NetworkModelView implements LayoutModel {
    /** The model whose states, actions and footprints these are. */
    protected final NetworkModel m;

    NetworkModelView(NetworkModel m) {
        this.m = m;
    }

    @Override
    public StateLayout layout() {
        return m.layout();
    }

    @Override
    public List<Footprint> footprints() {
        return m.footprints();
    }

    @Override
    public String group(Action a) {
        return m.group(a);
    }

    @Override
    public List<LayoutState> initialStates() {
        return m.initialStates();
    }

    @Override
    public boolean isFinal(LayoutState s) {
        return m.isFinal(s);
    }

    @Override
    public Object view(LayoutState s) {
        return m.view(s);
    }

    @Override
    public Action action(long code) {
        return m.action(code);
    }
}
