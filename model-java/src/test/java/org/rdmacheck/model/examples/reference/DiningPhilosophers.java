package org.rdmacheck.model.examples.reference;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Transition;

/**
 * Dijkstra's dining philosophers, a textbook reference model. Philosopher i needs forks i and
 * (i+1) mod n. In the naive variant every philosopher takes the left fork first, so all holding
 * their left fork is a deadlock reached in exactly n steps. In the ordered variant the last
 * philosopher takes the right fork first (a global resource order), which is deadlock-free.
 *
 * @param philosophers number of philosophers (at least 2)
 * @param ordered      whether the last philosopher takes its forks in the other order
 */
public record DiningPhilosophers(int philosophers, boolean ordered) implements Model<DiningPhilosophers.Table> {

    /** Thinking, holding the first fork, eating (holding both). */
    public enum Phase { THINKING, HOLDS_FIRST, EATING }

    /**
     * The table: each philosopher's phase.
     *
     * @param phases phase per philosopher
     */
    public record Table(List<Phase> phases) {
        /** Copies the list. */
        public Table {
            phases = List.copyOf(phases);
        }

        /** @return whether someone is eating */
        public boolean someoneEating() {
            return phases.contains(Phase.EATING);
        }
    }

    /** Validates. */
    public DiningPhilosophers {
        if (philosophers < 2) {
            throw new IllegalArgumentException("philosophers = " + philosophers + ": expected at least 2");
        }
    }

    @Override
    public List<Table> initialStates() {
        List<Phase> p = new ArrayList<>();
        for (int i = 0; i < philosophers; i++) {
            p.add(Phase.THINKING);
        }
        return List.of(new Table(p));
    }

    private int first(int i) {
        return ordered && i == philosophers - 1 ? (i + 1) % philosophers : i;
    }

    private int second(int i) {
        return ordered && i == philosophers - 1 ? i : (i + 1) % philosophers;
    }

    private boolean forkFree(Table t, int fork) {
        for (int j = 0; j < philosophers; j++) {
            Phase ph = t.phases().get(j);
            if (ph == Phase.EATING && (first(j) == fork || second(j) == fork)) {
                return false;
            }
            if (ph == Phase.HOLDS_FIRST && first(j) == fork) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void successors(Table t, Consumer<Transition<Table>> sink) {
        for (int i = 0; i < philosophers; i++) {
            Phase ph = t.phases().get(i);
            switch (ph) {
                case THINKING -> {
                    if (forkFree(t, first(i))) {
                        sink.accept(new Transition<>(Action.of("TakeFirst", "p", i, "fork", first(i)),
                                with(t, i, Phase.HOLDS_FIRST)));
                    }
                }
                case HOLDS_FIRST -> {
                    if (forkFree(t, second(i))) {
                        sink.accept(new Transition<>(Action.of("TakeSecond", "p", i, "fork", second(i)),
                                with(t, i, Phase.EATING)));
                    }
                }
                case EATING -> sink.accept(new Transition<>(Action.of("PutDown", "p", i),
                        with(t, i, Phase.THINKING)));
                default -> throw new IllegalStateException();
            }
        }
    }

    /**
     * A hand-written fingerprint: the phases as base-3 digits, mixed. Equal tables give equal
     * values; the structural default would also work, but this reference model is the explorer's
     * benchmark and TLC fingerprints its values natively too.
     */
    @Override
    public long fingerprint(Table t) {
        long h = 0x9E3779B97F4A7C15L;
        for (Phase ph : t.phases()) {
            h = org.rdmacheck.model.Fingerprints.mix(h * 3 + ph.ordinal());
        }
        return org.rdmacheck.model.Fingerprints.mix(h ^ philosophers);
    }

    private static Table with(Table t, int i, Phase ph) {
        List<Phase> p = new ArrayList<>(t.phases());
        p.set(i, ph);
        return new Table(p);
    }
}
