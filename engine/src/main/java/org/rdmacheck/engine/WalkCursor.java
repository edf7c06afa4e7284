package org.rdmacheck.engine;

import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.StateCodec;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.Words;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Property;

/**
 * One walker's position in the state space: the current state, its successors once expanded, and
 * the properties judged there. On packed states when the model offers packed successors (no state
 * or action object is built unless a property has no packed form), else on state objects. Not
 * thread-safe: one per walker.
 *
 * @param <S> state type
 */
abstract class WalkCursor<S> {

    final List<Property<S>> props;

    WalkCursor(List<Property<S>> props) {
        this.props = props;
    }

    /** Moves to the initial state of ordinal {@code i}. */
    abstract void start(int i);

    /** Expands the current state; @return how many successors it has */
    abstract int expand();

    /** @return whether invariant {@code p} holds in the current state */
    abstract boolean invariant(int p);

    /** @return whether action property {@code p} holds of the step to successor {@code k} */
    abstract boolean step(int p, int k);

    /** @return whether the current state is a declared final state */
    abstract boolean isFinal();

    /** Moves to successor {@code k} of the last expansion. */
    abstract void take(int k);

    /** @return the name of the action of successor {@code k} of the last expansion ({@link org.rdmacheck.model.Action#name}) */
    abstract String actionName(int k);

    /**
     * @param setup the run's setup
     * @param <S>   state type
     * @return a cursor on packed states when the run expands them, else on objects
     */
    static <S> WalkCursor<S> of(RunSetup<S> setup) {
        return setup.packed != null ? new Packed<>(setup) : new Objects<>(setup);
    }

    /** On state objects and {@link Model#successors}. */
    private static final class Objects<S> extends WalkCursor<S> {
        private final Model<S> model;
        private final List<S> initials;
        private final List<Transition<S>> ts = new ArrayList<>();
        private S cur;

        Objects(RunSetup<S> setup) {
            super(setup.props);
            this.model = setup.model;
            this.initials = model.initialStates();
        }

        @Override
        void start(int i) {
            cur = initials.get(i);
        }

        @Override
        int expand() {
            ts.clear();
            model.successors(cur, ts::add);
            return ts.size();
        }

        @Override
        boolean invariant(int p) {
            return ((Invariant<S>) props.get(p)).test(cur);
        }

        @Override
        boolean step(int p, int k) {
            Transition<S> t = ts.get(k);
            return ((ActionProperty<S>) props.get(p)).test(cur, t.action(), t.next());
        }

        @Override
        boolean isFinal() {
            return model.isFinal(cur);
        }

        @Override
        void take(int k) {
            cur = ts.get(k).next();
        }

        @Override
        String actionName(int k) {
            return ts.get(k).action().name();
        }
    }

    /** On packed values and the model's {@link PackedModel.Expander}. */
    private static final class Packed<S> extends WalkCursor<S> {
        private final Model<S> model;
        private final PackedModel packed;
        private final StateCodec<S> codec;
        private final PackedModel.StateTest[] stateTests;
        private final PackedModel.StepTest[] stepTests;
        private final PackedModel.Expander expander;
        private final int[][] initials;
        private final SuccessorBuffer succ = new SuccessorBuffer();
        private final PackedModel.Sink sink = succ;
        private int[] cur = new int[64];
        /** action names by code, as far as met (a code is materialised once) */
        private final java.util.HashMap<Long, String> names = new java.util.HashMap<>();
        /** a successor's values from index 0, as a packed step test reads them */
        private int[] scratch = new int[64];
        /** the current state decoded, once a property without a packed form asked for it */
        private S decoded;

        Packed(RunSetup<S> setup) {
            super(setup.props);
            this.model = setup.model;
            this.packed = setup.packed;
            this.codec = setup.codec;
            this.stateTests = setup.packedStateTests;
            this.stepTests = setup.packedStepTests;
            this.expander = packed.expander();
            List<S> inits = model.initialStates();
            this.initials = new int[inits.size()][];
            Words words = new Words();
            for (int i = 0; i < inits.size(); i++) {
                words.clear();
                codec.encode(inits.get(i), words);
                initials[i] = new int[words.length()];
                words.copyTo(initials[i], 0);
            }
        }

        @Override
        void start(int i) {
            set(initials[i], 0, initials[i].length);
        }

        private void set(int[] values, int from, int length) {
            if (cur.length < length) {
                cur = new int[2 * length];
            }
            System.arraycopy(values, from, cur, 0, length);
            decoded = null;
        }

        @Override
        int expand() {
            succ.clear();
            expander.successors(cur, 0, sink);
            return succ.count;
        }

        @Override
        @SuppressWarnings("unchecked")
        boolean invariant(int p) {
            PackedModel.StateTest t = stateTests[p];
            return t != null ? t.test(cur, 0) : ((Invariant<S>) props.get(p)).test(decoded());
        }

        @Override
        @SuppressWarnings("unchecked")
        boolean step(int p, int k) {
            PackedModel.StepTest t = stepTests[p];
            if (t != null) {
                int length = succ.length(k);
                if (scratch.length < length) {
                    scratch = new int[2 * length];
                }
                System.arraycopy(succ.arena, succ.starts[k], scratch, 0, length);
                return t.test(cur, 0, succ.codes[k], scratch);
            }
            S next = codec.decode(Words.reader(succ.arena, succ.starts[k]));
            return ((ActionProperty<S>) props.get(p)).test(decoded(), packed.action(succ.codes[k]), next);
        }

        @Override
        boolean isFinal() {
            return model.isFinal(decoded());
        }

        @Override
        void take(int k) {
            set(succ.arena, succ.starts[k], succ.length(k));
        }

        @Override
        String actionName(int k) {
            long code = succ.codes[k];
            String name = names.get(code);
            if (name == null) {
                name = packed.action(code).name();
                if (names.size() < 1 << 16) {
                    names.put(code, name);
                }
            }
            return name;
        }

        private S decoded() {
            if (decoded == null) {
                decoded = codec.decode(Words.reader(cur, 0));
            }
            return decoded;
        }
    }
}
