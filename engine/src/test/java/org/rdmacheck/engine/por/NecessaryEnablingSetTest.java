package org.rdmacheck.engine.por;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.IntUnaryOperator;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.engine.Reduction;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.layout.Field;
import org.rdmacheck.model.layout.Footprint;
import org.rdmacheck.model.layout.LayoutModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.layout.StateLayout;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Property;

/**
 * Deadlocks that a stubborn set misses unless both halves of Valmari's D1 are built: a disabled
 * group's necessary enabling set (the groups that write what its guard reads) and an enabled group's
 * dependents (the groups that write what it reads, or read or write what it writes). Unlike
 * {@code PartialOrderTest}'s workers, the groups here read slots they do not write, as Go-Back-N's
 * and the fabric's guards do. Each case has one deadlock that only one interleaving reaches; the
 * deadlock reduction must find it, as the full search does.
 */
class NecessaryEnablingSetTest {

    /** a guarded command over small integer fields: guard and effect on the field values */
    record Command(String name, Predicate<int[]> guard, Consumer<int[]> effect, List<Integer> reads,
                   List<Integer> writes) { }

    /** a model of guarded commands on the declared layout, each command its own transition group */
    static final class Commands implements LayoutModel {
        final List<Command> commands;
        final Field[] fields;
        final StateLayout layout;

        Commands(int fieldCount, List<Command> commands) {
            this.commands = commands;
            StateLayout.Builder b = StateLayout.builder();
            fields = new Field[fieldCount];
            for (int i = 0; i < fieldCount; i++) {
                fields[i] = b.integer("v" + i, 0, 3);
            }
            layout = b.build();
        }

        @Override
        public StateLayout layout() {
            return layout;
        }

        @Override
        public List<Footprint> footprints() {
            List<Footprint> out = new ArrayList<>();
            for (Command c : commands) {
                out.add(Footprint.of(c.name(), c.reads().stream().map(i -> fields[i]).toList(),
                        c.writes().stream().map(i -> fields[i]).toList()));
            }
            return out;
        }

        @Override
        public List<LayoutState> initialStates() {
            return List.of(new LayoutState(layout, new int[layout.maxLength()], 0, layout.maxLength()));
        }

        @Override
        public Expander expander() {
            int len = layout.maxLength();
            int[] next = new int[len];
            int[] values = new int[fields.length];
            return (s, off, sink) -> {
                for (int c = 0; c < commands.size(); c++) {
                    for (int i = 0; i < fields.length; i++) {
                        values[i] = fields[i].get(s, off);
                    }
                    if (!commands.get(c).guard().test(values)) {
                        continue;
                    }
                    commands.get(c).effect().accept(values);
                    System.arraycopy(s, off, next, 0, len);
                    for (int i = 0; i < fields.length; i++) {
                        fields[i].set(next, 0, values[i]);
                    }
                    sink.accept(c, next, len);
                }
            };
        }

        @Override
        public Action action(long code) {
            return Action.of(commands.get((int) code).name());
        }
    }

    static Command command(String name, Predicate<int[]> guard, IntUnaryOperator[] effect, List<Integer> reads,
                           List<Integer> writes) {
        return new Command(name, guard, v -> {
            for (int i = 0; i < effect.length; i++) {
                if (effect[i] != null) {
                    v[i] = effect[i].applyAsInt(v[i]);
                }
            }
        }, reads, writes);
    }

    static IntUnaryOperator[] set(int fieldCount, int field, int value) {
        IntUnaryOperator[] e = new IntUnaryOperator[fieldCount];
        e[field] = x -> value;
        return e;
    }

    static void deadlockFoundUnderEveryReduction(Commands m, long fullStates) {
        List<Property<LayoutState>> props = List.of(DeadlockFreedom.standard());
        CheckSpec<LayoutState> spec = new CheckSpec<>("commands", "probe", Map.of(), m, props, Set.of());
        for (Reduction r : List.of(Reduction.NONE, Reduction.DEADLOCK, Reduction.SAFETY)) {
            for (int threads : new int[] {1, 2}) {
                ExplorationReport rep = new Explorer(ExplorerSettings.defaults().withThreads(threads)
                        .withReduction(r)).check(spec);
                assertInstanceOf(CheckResult.Violated.class, rep.result("DeadlockFree"), r + " " + threads);
                if (r == Reduction.NONE) {
                    assertEquals(fullStates, rep.stats().distinctStates());
                }
            }
        }
    }

    /**
     * Take (a: 0 → 1) disables Grab (b = 1, a = 0 → a = 2) for good; Flag (b: 0 → 1) enables it; Idle
     * loops at a = 1. The deadlock (a = 2) needs Flag before Take. A stubborn set {Take} must add the
     * disabled Grab (it reads a, which Take writes) and then Grab's necessary enabling set, {Flag}.
     */
    @Test
    void aDeadlockBehindADisabledGroupNeedsItsEnablingSet() {
        int a = 0;
        int b = 1;
        Commands m = new Commands(2, List.of(
                command("Take", v -> v[a] == 0, set(2, a, 1), List.of(a), List.of(a)),
                command("Idle", v -> v[a] == 1, new IntUnaryOperator[2], List.of(a), List.of(a)),
                command("Flag", v -> v[b] == 0, set(2, b, 1), List.of(b), List.of(b)),
                command("Grab", v -> v[b] == 1 && v[a] == 0, set(2, a, 2), List.of(a, b), List.of(a))));
        // (0,0) (1,0) (0,1) (1,1) (2,1)
        deadlockFoundUnderEveryReduction(m, 5);
    }

    /**
     * Check (a = 0, c = 0 → c = 1) reads a, which Take (a: 0 → 1) writes; Idle (a = 1, c = 0) loops and
     * writes nothing. The deadlock (a = 1, c = 1) needs Check before Take. A stubborn set seeded with the
     * enabled Take must add Check (it reads what Take writes), not only the writers of what Take reads.
     */
    @Test
    void anEnabledGroupsReadersOfItsWritesAreDependent() {
        int a = 0;
        int c = 1;
        Commands m = new Commands(2, List.of(
                command("Take", v -> v[a] == 0, set(2, a, 1), List.of(a), List.of(a)),
                command("Idle", v -> v[a] == 1 && v[c] == 0, new IntUnaryOperator[2], List.of(a, c), List.of()),
                command("Check", v -> v[a] == 0 && v[c] == 0, set(2, c, 1), List.of(a, c), List.of(c))));
        // (0,0) (1,0) (0,1) (1,1)
        deadlockFoundUnderEveryReduction(m, 4);
    }
}
