package org.rdmacheck.cli.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.layout.LayoutModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;

/**
 * The network model's own cost, without the explorer: every reachable state of a configuration is
 * found once (a plain breadth-first search over the model's packed successors), then expanded
 * again in rounds on one thread with a sink that only hashes what it receives. Prints per round
 * the states expanded per second of the thread's CPU time and of the wall clock, and a digest of
 * every transition (the parent's values, the action's code, the successor's values): equal digests
 * before and after a change of the model mean an equal state graph in an equal encoding.
 *
 * <p>Cases: {@code fabric} (the gate configuration of {@link FabricSpeedBenchmark}: 433,073 states)
 * and {@code iofd} (the k=4 fat-tree case of {@link IofdScaleBenchmark}'s speed line: {@code dft
 * topology=fattree:k=4 flows=0-15,5-10L}, 1,014,756 states).
 *
 * <pre>java -Xmx2g -cp cli/target/rdmacheck-all.jar org.rdmacheck.cli.bench.NetworkModelBenchmark fabric|iofd [ROUNDS]</pre>
 */
public final class NetworkModelBenchmark {

    private NetworkModelBenchmark() {
    }

    /**
     * @param args the case ({@code fabric} or {@code iofd}), then optionally the number of rounds (default 5)
     */
    public static void main(String[] args) {
        String which = args.length > 0 ? args[0] : "fabric";
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        CheckSpec<?> spec = switch (which) {
            case "fabric" -> Catalog.find("fabric").build("repaired", Params.parse(List.of("flows=0-1,1-0",
                    "packets=3", "tokens=3", "failures=0", "xoff=3", "background=1")));
            case "iofd" -> Catalog.find("iofd").build("dft", Params.parse(List.of("topology=fattree:k=4",
                    "flows=0-15,5-10L")));
            default -> throw new IllegalArgumentException("case " + which + ": expected fabric or iofd");
        };
        LayoutModel model = (LayoutModel) spec.model();
        List<int[]> states = reachable(model);
        System.out.printf(Locale.ROOT, "%s: %,d states, state length %d-%d values; load average %s%n", which,
                states.size(), states.stream().mapToInt(s -> s.length).min().orElse(0),
                states.stream().mapToInt(s -> s.length).max().orElse(0), ScalingBenchmark.loadAverage());
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        for (int round = 1; round <= rounds; round++) {
            Digest d = new Digest();
            PackedModel.Expander e = model.expander();
            long cpu = mx.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            for (int[] s : states) {
                d.parent = Arrays.hashCode(s);
                e.successors(s, 0, d);
            }
            long wall = System.nanoTime() - t0;
            cpu = mx.getCurrentThreadCpuTime() - cpu;
            System.out.printf(Locale.ROOT, "round %d  %,d transitions  digest %016x  thread CPU %.2f s (%,.0f states/s)"
                            + "  wall %.2f s (%,.0f states/s)  load average %s%n", round, d.transitions, d.sum,
                    cpu / 1e9, states.size() * 1e9 / cpu, wall / 1e9, states.size() * 1e9 / wall,
                    ScalingBenchmark.loadAverage());
        }
    }

    private static List<int[]> reachable(LayoutModel model) {
        Set<Key> seen = new HashSet<>();
        List<int[]> order = new ArrayList<>();
        for (LayoutState s : model.initialStates()) {
            int[] v = new int[s.length()];
            s.copyTo(v, 0);
            if (seen.add(new Key(v))) {
                order.add(v);
            }
        }
        PackedModel.Expander e = model.expander();
        for (int i = 0; i < order.size(); i++) {
            e.successors(order.get(i), 0, (code, next, length) -> {
                int[] v = Arrays.copyOf(next, length);
                if (seen.add(new Key(v))) {
                    order.add(v);
                }
            });
        }
        return order;
    }

    /** A state's values as a set element (also {@link IofdPackedComparison}'s). */
    record Key(int[] v) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(v, k.v);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(v);
        }
    }

    /** Sums a mixed hash of every transition: independent of the order successors come in. */
    private static final class Digest implements PackedModel.Sink {
        int parent;
        long sum;
        long transitions;

        @Override
        public void accept(long action, int[] next, int length) {
            long h = parent * 0x9E3779B97F4A7C15L + action * 0xC2B2AE3D27D4EB4FL;
            for (int i = 0; i < length; i++) {
                h = (h ^ next[i]) * 0x100000001B3L;
            }
            h ^= length;
            h ^= h >>> 29;
            h *= 0xBF58476D1CE4E5B9L;
            h ^= h >>> 32;
            sum += h;
            transitions++;
        }
    }
}
