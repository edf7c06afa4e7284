package org.rdmacheck.engine.por;

import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.layout.Field;
import org.rdmacheck.model.layout.Footprint;
import org.rdmacheck.model.layout.LayoutModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.layout.StateLayout;

/**
 * A textbook model for partial-order reduction, written on a layout with footprints: {@code n}
 * workers each count to {@code k} on their own ({@code Step<i>}, independent of every other
 * worker; with {@code wrap} the count goes round, from k back to 0: cycles that only the cycle
 * proviso keeps from hiding the other workers' moves), and take a shared lock ({@code Enter<i>})
 * and, when {@code leave}, give it back ({@code Leave<i>}). Without {@code leave} and {@code wrap}
 * the run ends with every count at k and the lock held: a deadlock, unless {@code reset}: then
 * {@code Reset}, enabled only when nothing else is (a last resort, like an ACK timeout), starts
 * everything over.
 */
final class Workers implements LayoutModel {

    static final int STEP = 0;
    static final int ENTER = 1;
    static final int LEAVE = 2;
    static final int RESET = 3;
    static final String RESET_NAME = "Reset";
    private static final String[] NAMES = {"Step", "Enter", "Leave", RESET_NAME};

    final int n;
    final int k;
    final boolean leave;
    final boolean wrap;
    final boolean reset;
    final Field[] count;
    final Field lock;
    private final StateLayout layout;
    private final LayoutState initial;

    Workers(int n, int k, boolean leave, boolean wrap) {
        this(n, k, leave, wrap, false);
    }

    Workers(int n, int k, boolean leave, boolean wrap, boolean reset) {
        this.n = n;
        this.k = k;
        this.leave = leave;
        this.wrap = wrap;
        this.reset = reset;
        StateLayout.Builder b = StateLayout.builder();
        this.count = b.integers("count", n, 0, k);
        this.lock = b.integer("lock", 0, n);
        this.layout = b.build();
        this.initial = new LayoutState(layout, new int[layout.maxLength()], 0, layout.maxLength());
    }

    /** @return the transition group of a worker's actions of a kind, e.g. {@code Enter[1]} */
    static String group(int kind, int worker) {
        return NAMES[kind] + "[" + worker + "]";
    }

    /** One group per worker and kind: the steps of two workers are independent. */
    @Override
    public String group(Action action) {
        Object w = action.params().get("worker");
        return w == null ? action.name() : action.name() + "[" + w + "]";
    }

    @Override
    public StateLayout layout() {
        return layout;
    }

    @Override
    public List<Footprint> footprints() {
        List<Footprint> fps = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            fps.add(Footprint.of(group(STEP, i), List.of(count[i]), List.of(count[i])));
            fps.add(Footprint.of(group(ENTER, i), List.of(lock), List.of(lock)));
            fps.add(Footprint.of(group(LEAVE, i), List.of(lock), List.of(lock)));
        }
        if (reset) {
            fps.add(Footprint.of(RESET_NAME, layout.slots(), layout.slots()).asLastResort());
        }
        return fps;
    }

    @Override
    public List<LayoutState> initialStates() {
        return List.of(initial);
    }

    @Override
    public Expander expander() {
        int length = layout.maxLength();
        int[] next = new int[length];
        return (s, off, sink) -> {
            int emitted = 0;
            for (int i = 0; i < n; i++) {
                int c = count[i].get(s, off);
                int holder = lock.get(s, off);
                if (c < k || wrap) {
                    System.arraycopy(s, off, next, 0, length);
                    count[i].set(next, 0, (c + 1) % (k + 1));
                    sink.accept(code(STEP, i), next, length);
                    emitted++;
                }
                if (holder == 0) {
                    System.arraycopy(s, off, next, 0, length);
                    lock.set(next, 0, i + 1);
                    sink.accept(code(ENTER, i), next, length);
                    emitted++;
                }
                if (leave && holder == i + 1) {
                    System.arraycopy(s, off, next, 0, length);
                    lock.set(next, 0, 0);
                    sink.accept(code(LEAVE, i), next, length);
                    emitted++;
                }
            }
            if (reset && emitted == 0) {
                java.util.Arrays.fill(next, 0);
                sink.accept(code(RESET, 0), next, length);
            }
        };
    }

    private static long code(int kind, int worker) {
        return (long) kind << 16 | worker;
    }

    @Override
    public Action action(long code) {
        int kind = (int) (code >>> 16);
        return kind == RESET ? Action.of(RESET_NAME) : Action.of(NAMES[kind], "worker", (int) (code & 0xffff));
    }

    @Override
    public String toString() {
        return "workers n=" + n + " k=" + k + (leave ? " leave" : "") + (wrap ? " wrap" : "") + (reset ? " reset" : "");
    }
}
