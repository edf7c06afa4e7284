package org.rdmacheck.engine;

import java.util.BitSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.Symmetry;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.Words;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.Property;

/**
 * The properties checked on each expanded state and step, on objects or packed values, and what
 * the run found for them: per property the violation of least key over the levels so far, the goal
 * states of each progress property, and (under symmetry) whether a renamed state violates it.
 *
 * @param <S> state type
 */
final class PropertyChecks<S> {

    private final Model<S> model;
    private final RunSetup<S> setup;
    private final List<Property<S>> props;
    private final PackedModel.StateTest[] packedStateTests;
    private final PackedModel.StepTest[] packedStepTests;
    private final int[] actionProps;
    /**
     * the first {@link Long#SIZE} action properties with a packed form, each at a call site of its
     * own; slot i is property {@code actionProps[i]}
     */
    private final StepTests stepTests;
    /** the slots of {@link #stepTests} whose test reads the state after the step (not a {@link PackedModel.ParentStepTest}) */
    private final long successorSlots;
    /** the slots of {@link #stepTests} whose property is not violated yet (changes only in {@link #merge}) */
    private long openSlots;
    /** the action properties judged one call site for all: without a packed form, or past the slots */
    private final int[] otherActionProps;
    private static final byte PROGRESS = 1;
    private static final byte INVARIANT = 2;
    private static final byte DEADLOCK = 3;
    /**
     * the first {@link Long#SIZE} state properties (progress goals and invariants) with a packed
     * form, each at a call site of its own; slot i is property {@code stateSlotProps[i]}
     */
    private final StateTests stateTests;
    private final int[] stateSlotProps;
    /** the slots of progress properties (evaluated on every state) and of invariants */
    private final long progressSlots;
    private final long invariantSlots;
    /** the progress slots and the slots of invariants not violated yet (changes only in {@link #merge}) */
    private long openStateSlots;
    /** the state properties judged the general way: deadlock freedom, and those without a slot */
    private final int[] otherStateProps;
    private final byte[] otherStateKinds;
    private final Violation<S>[] violations;
    private int violationCount;
    final BitSet[] goals;
    /** under symmetry: the renamings each reached state's properties are also checked on, or null */
    final int[][] guardRenamings;
    /** per property: 1 once a reached state, renamed, was found to violate it (it is not symmetric) */
    final AtomicIntegerArray asymmetric;

    @SuppressWarnings("unchecked")
    PropertyChecks(RunSetup<S> setup) {
        this.setup = setup;
        this.model = setup.model;
        this.props = setup.props;
        this.packedStateTests = setup.packedStateTests;
        this.packedStepTests = setup.packedStepTests;
        this.actionProps = setup.actionProps;
        this.violations = new Violation[props.size()];
        this.guardRenamings = setup.canon.guardRenamings();
        this.asymmetric = new AtomicIntegerArray(props.size());
        this.goals = new BitSet[props.size()];
        for (int i = 0; i < props.size(); i++) {
            if (props.get(i) instanceof Progress) {
                goals[i] = new BitSet();
            }
        }
        int[] ps = new int[props.size()];
        byte[] kinds = new byte[props.size()];
        int count = 0;
        for (int i = 0; i < props.size(); i++) {
            Property<S> prop = props.get(i);
            byte kind = prop instanceof Progress ? PROGRESS : prop instanceof Invariant ? INVARIANT
                    : prop instanceof DeadlockFreedom ? DEADLOCK : 0;
            if (kind != 0) {
                ps[count] = i;
                kinds[count++] = kind;
            }
        }
        // the properties judged on a state (progress, invariants, deadlock freedom) and their kinds
        int[] stateProps = java.util.Arrays.copyOf(ps, count);
        byte[] stateKinds = java.util.Arrays.copyOf(kinds, count);
        int[] slotProps = new int[Math.min(Long.SIZE, count)];
        PackedModel.StateTest[] stests = new PackedModel.StateTest[slotProps.length];
        int[] others = new int[count];
        byte[] otherKinds = new byte[count];
        int used = 0;
        int rest = 0;
        long progress = 0;
        long invariant = 0;
        for (int i = 0; i < count; i++) {
            int p = stateProps[i];
            if (stateKinds[i] != DEADLOCK && packedStateTests[p] != null && used < slotProps.length) {
                progress |= stateKinds[i] == PROGRESS ? 1L << used : 0;
                invariant |= stateKinds[i] == INVARIANT ? 1L << used : 0;
                slotProps[used] = p;
                stests[used++] = packedStateTests[p];
            } else {
                others[rest] = p;
                otherKinds[rest++] = stateKinds[i];
            }
        }
        this.stateSlotProps = java.util.Arrays.copyOf(slotProps, used);
        this.stateTests = new StateTests(java.util.Arrays.copyOf(stests, used));
        this.progressSlots = progress;
        this.invariantSlots = invariant;
        this.openStateSlots = progress | invariant;
        this.otherStateProps = java.util.Arrays.copyOf(others, rest);
        this.otherStateKinds = java.util.Arrays.copyOf(otherKinds, rest);
        int slots = 0;
        while (slots < Math.min(Long.SIZE, actionProps.length) && packedStepTests[actionProps[slots]] != null) {
            slots++;
        }
        PackedModel.StepTest[] tests = new PackedModel.StepTest[slots];
        long reading = 0;
        for (int i = 0; i < slots; i++) {
            tests[i] = packedStepTests[actionProps[i]];
            if (!(tests[i] instanceof PackedModel.ParentStepTest)) {
                reading |= 1L << i;
            }
        }
        this.successorSlots = reading;
        this.stepTests = new StepTests(tests);
        this.openSlots = slots == Long.SIZE ? -1L : (1L << slots) - 1;
        this.otherActionProps = java.util.Arrays.copyOfRange(actionProps, slots, actionProps.length);
    }

    /** @return the violation found for property {@code p}, null when none */
    Violation<S> violation(int p) {
        return violations[p];
    }

    /**
     * @return whether any property judges a reached state or step, so that the expander is told when
     *         the properties read the state it just expanded ({@code PackedModel.Expander#judging}); a
     *         search with no property (a bare exploration) tells it nothing
     */
    boolean judges() {
        return !props.isEmpty();
    }

    /** @return whether every property is violated */
    boolean allViolated() {
        return violationCount == props.size() && !props.isEmpty();
    }

    /** @return how many properties are violated */
    int violationCount() {
        return violationCount;
    }

    /**
     * Checks the properties on a state object and its transitions (all of them, also under a
     * partial-order reduction: the reduction only chooses which successors are explored).
     *
     * @return how many progress goals the state meets
     */
    int checkObject(LevelWorker<S> w, S state, int idx, List<Transition<S>> ts) {
        int goalsMet = 0;
        for (int p = 0; p < props.size(); p++) {
            Property<S> prop = props.get(p);
            if (prop instanceof Progress<S> pg) {
                boolean goal = pg.isGoal(state);
                if (goal) {
                    goalsMet++;
                    w.goal(p, idx);
                }
                if (guardRenamings != null) {
                    renamedGoal(p, pg, state, goal);
                }
            }
            if (violations[p] != null) {
                continue;
            }
            if (prop instanceof Invariant<S> in) {
                if (!in.test(state)) {
                    w.record(p, new Violation<>(idx, null, null, LevelTable.link(idx, 0)));
                } else if (guardRenamings != null) {
                    renamedInvariant(p, in, state);
                }
            } else if (prop instanceof ActionProperty<S> ap) {
                for (int k = 0; k < ts.size(); k++) {
                    Transition<S> t = ts.get(k);
                    if (!ap.test(state, t.action(), t.next())) {
                        w.record(p, new Violation<>(idx, t.action(), t.next(), LevelTable.link(idx, k)));
                        break;
                    }
                    if (guardRenamings != null) {
                        renamedStep(p, ap, state, t);
                    }
                }
            } else if (prop instanceof DeadlockFreedom<S> && ts.isEmpty() && !model.isFinal(state)) {
                w.record(p, new Violation<>(idx, null, null, LevelTable.link(idx, 0)));
            }
        }
        return goalsMet;
    }

    /**
     * Checks the state properties of a packed state with {@code n} successors (the action
     * properties are checked on the successors kept: {@link #checkSteps}).
     *
     * @return how many progress goals it meets
     */
    @SuppressWarnings("unchecked")
    int checkPacked(LevelWorker<S> w, int[] values, int offset, int idx, int n) {
        long open = openStateSlots;
        long failed = open == 0 ? 0 : stateTests.failing(open, values, offset);
        int goalsMet = 0;
        for (long g = open & ~failed & progressSlots; g != 0; g &= g - 1) {
            goalsMet++;
            w.goal(stateSlotProps[Long.numberOfTrailingZeros(g)], idx);
        }
        for (long v = failed & invariantSlots; v != 0; v &= v - 1) {
            w.record(stateSlotProps[Long.numberOfTrailingZeros(v)], new Violation<>(idx, null, null,
                    LevelTable.link(idx, 0)));
        }
        for (int i = 0; i < otherStateProps.length; i++) {
            int p = otherStateProps[i];
            PackedModel.StateTest test = packedStateTests[p];
            byte kind = otherStateKinds[i];
            if (kind == PROGRESS && (test != null ? test.test(values, offset) : ((Progress<S>) props.get(p)).isGoal(from(w)))) {
                goalsMet++;
                w.goal(p, idx);
            }
            if (violations[p] != null) {
                continue;
            }
            if (kind == INVARIANT) {
                if (!(test != null ? test.test(values, offset) : ((Invariant<S>) props.get(p)).test(from(w)))) {
                    w.record(p, new Violation<>(idx, null, null, LevelTable.link(idx, 0)));
                }
            } else if (kind == DEADLOCK && n == 0 && !model.isFinal(from(w))) {
                w.record(p, new Violation<>(idx, null, null, LevelTable.link(idx, 0)));
            }
        }
        return goalsMet;
    }

    /**
     * Checks the action properties on the packed steps of the state being expanded: to the
     * successors kept at positions {@code first..end-1} of the worker's chunk. Per property, the
     * first violating step of the state is the one recorded, as on the object path.
     */
    @SuppressWarnings("unchecked")
    void checkSteps(LevelWorker<S> w, int first, int end) {
        long open = openSlots;
        if (open == 0 && otherActionProps.length == 0) {
            return;
        }
        int[] starts = w.starts;
        int[] arena = w.arena;
        long[] codes = w.codes;
        int[] to = w.successor(0);
        // a property reads the successor's values from index 0: they are laid out there only when a
        // test reads them (tests of the state before and the action alone need no copy)
        boolean lay = (open & successorSlots) != 0 || otherActionProps.length > 0;
        for (int k = first; k < end; k++) {
            int at = starts[k];
            int length = starts[k + 1] - at;
            if (to.length < length) {
                to = w.successor(length);
            }
            if (lay) {
                for (int i = 0; i < length; i++) {
                    to[i] = arena[at + i];
                }
            }
            long code = codes[k];
            if (open != 0) {
                long failed = stepTests.failing(open, w.fromValues, w.fromOffset, code, to);
                if (failed != 0 && !lay) {
                    System.arraycopy(arena, at, to, 0, length); // the violating step is recorded with its successor
                }
                open &= ~failed;
                for (; failed != 0; failed &= failed - 1) {
                    violated(w, actionProps[Long.numberOfTrailingZeros(failed)], code, to, k);
                }
            }
            for (int p : otherActionProps) {
                if (violations[p] != null || w.failedAt[p] == w.fromIndex) {
                    continue;
                }
                PackedModel.StepTest test = packedStepTests[p];
                boolean holds = test != null ? test.test(w.fromValues, w.fromOffset, code, to)
                        : ((ActionProperty<S>) props.get(p)).test(from(w), setup.packed.action(code), decode(to, 0));
                if (!holds) {
                    w.failedAt[p] = w.fromIndex;
                    violated(w, p, code, to, k);
                }
            }
        }
    }

    /** Records the step to the successor at position {@code k} as the state's first violation of {@code p}. */
    private void violated(LevelWorker<S> w, int p, long code, int[] to, int k) {
        long key = LevelTable.link(w.fromIndex, k - w.fromFirst);
        if (w.beats(p, key)) {
            w.record(p, new Violation<>(w.fromIndex, setup.packed.action(code), decode(to, 0), key));
        }
    }

    /** @return the state being expanded by a worker on the packed path, decoded once */
    S from(LevelWorker<S> w) {
        if (w.from == null) {
            w.from = decode(w.fromValues, w.fromOffset);
        }
        return w.from;
    }

    private S decode(int[] values, int offset) {
        return setup.codec.decode(Words.reader(values, offset));
    }

    /**
     * Symmetry reduction keeps one state of each class of renamings; a property that is not symmetric
     * can hold on the state kept and fail on a renaming the search never visits. Every reached state
     * is therefore also checked renamed by each element of the (small) group: a failure marks the
     * property asymmetric, and its success on the reduced space is then no proof.
     */
    private void renamedInvariant(int p, Invariant<S> in, S state) {
        if (asymmetric.get(p) != 0) {
            return;
        }
        Symmetry<S> sym = setup.canon.symmetry();
        for (int[] r : guardRenamings) {
            if (!in.test(sym.permute(state, r))) {
                asymmetric.set(p, 1);
                return;
            }
        }
    }

    /**
     * A progress goal renamed: the analysis runs on the quotient graph, which answers AG EF goal
     * only when every renaming of a state agrees with it on the goal (else the goal a class's
     * representative reaches may not be the goal its other members need).
     */
    private void renamedGoal(int p, Progress<S> pg, S state, boolean goal) {
        if (asymmetric.get(p) != 0) {
            return;
        }
        Symmetry<S> sym = setup.canon.symmetry();
        for (int[] r : guardRenamings) {
            if (pg.isGoal(sym.permute(state, r)) != goal) {
                asymmetric.set(p, 1);
                return;
            }
        }
    }

    /** The step renamed (both states; the action as taken, which the renaming does not name). */
    private void renamedStep(int p, ActionProperty<S> ap, S state, Transition<S> t) {
        if (asymmetric.get(p) != 0) {
            return;
        }
        Symmetry<S> sym = setup.canon.symmetry();
        for (int[] r : guardRenamings) {
            if (!ap.test(sym.permute(state, r), t.action(), sym.permute(t.next(), r))) {
                asymmetric.set(p, 1);
                return;
            }
        }
    }

    /** Takes in what the workers of a level found: per property the violation of least key, the goals. */
    void merge(LevelWorker.Level<S> level) {
        for (int p = 0; p < props.size(); p++) {
            if (violations[p] != null) {
                continue;
            }
            Violation<S> min = null;
            for (LevelWorker<S> w : level.workers) {
                Violation<S> v = w.best[p];
                if (v != null && (min == null || v.key() < min.key())) {
                    min = v;
                }
            }
            if (min != null) {
                violations[p] = min;
                violationCount++;
                for (int i = 0; i < stepTests.size(); i++) {
                    if (actionProps[i] == p) {
                        openSlots &= ~(1L << i);
                    }
                }
                for (int i = 0; i < stateSlotProps.length; i++) {
                    if (stateSlotProps[i] == p) {
                        openStateSlots &= ~(invariantSlots & 1L << i);
                    }
                }
            }
            if (goals[p] != null) {
                for (LevelWorker<S> w : level.workers) {
                    IntList g = w.goals[p];
                    for (int i = 0; g != null && i < g.size(); i++) {
                        goals[p].set(g.get(i));
                    }
                }
            }
        }
    }
}
