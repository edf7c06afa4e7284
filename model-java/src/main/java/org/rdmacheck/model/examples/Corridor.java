package org.rdmacheck.model.examples;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.layout.Expansion;
import org.rdmacheck.model.layout.Field;
import org.rdmacheck.model.layout.Footprint;
import org.rdmacheck.model.layout.LayoutModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.layout.StateLayout;

/**
 * Two polite people meet in a corridor, a textbook livelock. Each step both move aside at once,
 * to the left or to the right; if they move to the same side they still block each other. In the
 * symmetric variant that is all they can do: a cycle without progress (a progress violation
 * whose counterexample is a lasso), though never a deadlock. With {@code breakSymmetry} one may
 * also wait while the other moves, after which they pass. Declared layout: A's side, B's side (as
 * A sees it; 0 left, 1 right) and whether they passed.
 */
public final class Corridor implements LayoutModel {

    private static final int BOTH_STEP = 0;
    private static final int A_WAITS = 1;

    private final boolean breakSymmetry;
    private final StateLayout layout;
    private final Field sideA;
    private final Field sideB;
    private final Field passed;

    /**
     * @param breakSymmetry whether one person may wait while the other moves
     */
    public Corridor(boolean breakSymmetry) {
        this.breakSymmetry = breakSymmetry;
        StateLayout.Builder b = StateLayout.builder();
        sideA = b.integer("sideA", 0, 1);
        sideB = b.integer("sideB", 0, 1);
        passed = b.bool("passed");
        layout = b.build();
    }

    @Override
    public StateLayout layout() {
        return layout;
    }

    @Override
    public List<LayoutState> initialStates() {
        return List.of(new LayoutState(layout, new int[layout.maxLength()], 0, layout.header()));
    }

    /**
     * @param s packed values
     * @param o the state's first value
     * @return whether they have passed each other
     */
    public boolean passed(int[] s, int o) {
        return passed.is(s, o);
    }

    @Override
    public boolean isFinal(LayoutState s) {
        return s.is(passed);
    }

    @Override
    public PackedModel.Expander expander() {
        Expansion x = new Expansion(layout);
        return (state, offset, sink) -> {
            x.load(state, offset);
            if (x.is(passed)) {
                return;
            }
            for (int side = 0; side <= 1; side++) {
                if (side != x.get(sideA)) {
                    x.begin();
                    x.set(sideA, side);
                    x.set(sideB, side);
                    x.emit(BOTH_STEP | side << 1, sink);
                }
            }
            if (breakSymmetry) {
                x.begin();
                x.set(sideB, 1 - x.get(sideB));
                x.set(passed, true);
                x.emit(A_WAITS, sink);
            }
        };
    }

    @Override
    public Action action(long code) {
        return (code & 1) == BOTH_STEP ? Action.of("BothStep", "side", (int) (code >>> 1)) : Action.of("AWaitsBSteps");
    }

    @Override
    public List<Footprint> footprints() {
        List<Field> all = List.of(sideA, sideB, passed);
        return List.of(Footprint.of("BothStep", all, List.of(sideA, sideB)),
                Footprint.of("AWaitsBSteps", all, List.of(sideB, passed)));
    }

    /** The state as traces have always shown it: {@code sideA}, {@code sideB}, {@code passed}. */
    @Override
    public Object view(LayoutState s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("sideA", s.get(sideA));
        m.put("sideB", s.get(sideB));
        m.put("passed", s.is(passed));
        return m;
    }

    @Override
    public String toString() {
        return "Corridor[breakSymmetry=" + breakSymmetry + "]";
    }
}
