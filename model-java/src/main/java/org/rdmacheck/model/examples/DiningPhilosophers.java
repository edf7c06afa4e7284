package org.rdmacheck.model.examples;

import java.util.ArrayList;
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
 * Dijkstra's dining philosophers, a textbook reference model. Philosopher i needs forks i and
 * (i+1) mod n. In the naive variant every philosopher takes the left fork first, so all holding
 * their left fork is a deadlock reached in exactly n steps. In the ordered variant the last
 * philosopher takes the right fork first (a global resource order), which is deadlock-free.
 * Declared layout: each philosopher's phase; a fork is taken when a philosopher holding it as
 * first or second fork says so. Transition groups per philosopher ({@code TakeFirst[i]}...): a
 * philosopher's steps read its own phase and its two neighbours'.
 */
public final class DiningPhilosophers implements LayoutModel {

    /** Thinking, holding the first fork, eating (holding both). */
    public enum Phase { THINKING, HOLDS_FIRST, EATING }

    private static final int THINKING = Phase.THINKING.ordinal();
    private static final int HOLDS_FIRST = Phase.HOLDS_FIRST.ordinal();
    private static final int EATING = Phase.EATING.ordinal();
    private static final String[] NAMES = {"TakeFirst", "TakeSecond", "PutDown"};

    private final int philosophers;
    private final boolean ordered;
    private final StateLayout layout;
    private final Field[] phase;

    /**
     * @param philosophers number of philosophers (at least 2)
     * @param ordered      whether the last philosopher takes its forks in the other order
     */
    public DiningPhilosophers(int philosophers, boolean ordered) {
        if (philosophers < 2) {
            throw new IllegalArgumentException("philosophers = " + philosophers + ": expected at least 2");
        }
        this.philosophers = philosophers;
        this.ordered = ordered;
        StateLayout.Builder b = StateLayout.builder();
        Field[] p = new Field[philosophers];
        for (int i = 0; i < philosophers; i++) {
            p[i] = b.enumeration("phases[" + i + "]", Phase.class);
        }
        this.phase = p;
        layout = b.build();
    }

    /** @return the number of philosophers */
    public int philosophers() {
        return philosophers;
    }

    @Override
    public StateLayout layout() {
        return layout;
    }

    @Override
    public List<LayoutState> initialStates() {
        return List.of(new LayoutState(layout, new int[layout.maxLength()], 0, layout.header()));
    }

    private int first(int i) {
        return ordered && i == philosophers - 1 ? (i + 1) % philosophers : i;
    }

    private int second(int i) {
        return ordered && i == philosophers - 1 ? i : (i + 1) % philosophers;
    }

    /**
     * @param s packed values
     * @param o the state's first value
     * @param i a philosopher
     * @return its phase
     */
    public Phase phase(int[] s, int o, int i) {
        return Phase.values()[phase[i].get(s, o)];
    }

    /** Only the two philosophers who share a fork can hold it. */
    private boolean forkFree(Expansion x, int fork) {
        for (int j : new int[] {fork, (fork + philosophers - 1) % philosophers}) {
            int ph = x.get(phase[j]);
            if (ph == EATING && (first(j) == fork || second(j) == fork) || ph == HOLDS_FIRST && first(j) == fork) {
                return false;
            }
        }
        return true;
    }

    @Override
    public PackedModel.Expander expander() {
        Expansion x = new Expansion(layout);
        return (state, offset, sink) -> {
            x.load(state, offset);
            for (int i = 0; i < philosophers; i++) {
                int ph = x.get(phase[i]);
                int fork = ph == THINKING ? first(i) : second(i);
                if (ph == EATING || forkFree(x, fork)) {
                    x.begin();
                    x.set(phase[i], (ph + 1) % 3);
                    x.emit(ph | (long) i << 2, sink);
                }
            }
        };
    }

    @Override
    public Action action(long code) {
        int kind = (int) (code & 3);
        int i = (int) (code >>> 2);
        return kind == EATING ? Action.of("PutDown", "p", i)
                : Action.of(NAMES[kind], "p", i, "fork", kind == THINKING ? first(i) : second(i));
    }

    @Override
    public String group(Action action) {
        return action.name() + "[" + action.params().get("p") + "]";
    }

    /** Per philosopher and step: it reads its own phase and its neighbours' (who share its forks). */
    @Override
    public List<Footprint> footprints() {
        List<Footprint> out = new ArrayList<>();
        for (int i = 0; i < philosophers; i++) {
            List<Field> near = List.of(phase[(i + philosophers - 1) % philosophers], phase[i],
                    phase[(i + 1) % philosophers]);
            for (String name : NAMES) {
                out.add(Footprint.of(name + "[" + i + "]", near, List.of(phase[i])));
            }
        }
        return out;
    }

    /** The table as traces have always shown it: {@code phases}, a list of phase names. */
    @Override
    public Object view(LayoutState s) {
        List<String> p = new ArrayList<>();
        for (Field f : phase) {
            p.add(Phase.values()[s.get(f)].name());
        }
        return Map.of("phases", p);
    }

    @Override
    public String toString() {
        return "DiningPhilosophers[" + philosophers + ", ordered=" + ordered + "]";
    }
}
