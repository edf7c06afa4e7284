package org.rdmacheck.cli.bench;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.examples.PhilosophersEntry;

/**
 * Explorer throughput on the reference model (dining philosophers, ordered, all properties
 * including progress): distinct states per second and bytes per state, with 1 thread and with all
 * cores, in both storage modes. Warm-up runs first; each figure is the best of three runs.
 *
 * <p>Run: {@code java -cp cli/target/rdmacheck-all.jar org.rdmacheck.cli.bench.ExplorerBenchmark [n]}
 */
public final class ExplorerBenchmark {

    private ExplorerBenchmark() {
    }

    /**
     * @param args optional number of philosophers (default 13)
     */
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 13;
        CheckSpec<?> spec = new PhilosophersEntry().build("ordered", Params.of(Map.of("n", "" + n)));
        int cores = Runtime.getRuntime().availableProcessors();
        System.out.printf(Locale.ROOT, "reference model: philosophers ordered n=%d, %d cores, max heap %d MB%n", n, cores,
                Runtime.getRuntime().maxMemory() >> 20);
        measure(spec, 1, ExplorerSettings.Storage.FINGERPRINT, 1);
        for (ExplorerSettings.Storage st : ExplorerSettings.Storage.values()) {
            for (int threads : cores > 1 ? new int[] {1, cores} : new int[] {1}) {
                measure(spec, threads, st, 3);
            }
        }
    }

    private static void measure(CheckSpec<?> spec, int threads, ExplorerSettings.Storage storage, int reps) {
        double best = 0;
        ExplorationReport last = null;
        long peak = 0;
        for (int i = 0; i < reps; i++) {
            System.gc();
            long base = used();
            AtomicLong max = new AtomicLong();
            Thread sampler = new Thread(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    max.accumulateAndGet(used(), Math::max);
                    try {
                        Thread.sleep(5);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            sampler.setDaemon(true);
            sampler.start();
            last = new Explorer(ExplorerSettings.defaults().withThreads(threads).withStorage(storage)
                    .withProgress(0, r -> { })).check(spec);
            sampler.interrupt();
            best = Math.max(best, last.stats().statesPerSecond());
            peak = Math.max(peak, max.get() - base);
        }
        if (reps == 1) {
            return;
        }
        long states = last.stats().distinctStates();
        System.out.printf(Locale.ROOT,
                "storage=%-11s threads=%d  distinct=%,d  transitions=%,d  depth=%d  %,.0f distinct states/s  "
                        + "store %.1f bytes/state  graph %.1f bytes/state  peak heap %.0f bytes/state%n",
                storage.name().toLowerCase(Locale.ROOT), threads, states, last.stats().transitions(),
                last.stats().depth(), best, last.storeBytes() < 0 ? Double.NaN : last.storeBytes() / (double) states,
                last.graphBytes() / (double) states,
                peak / (double) states);
    }

    private static long used() {
        Runtime rt = Runtime.getRuntime();
        return rt.totalMemory() - rt.freeMemory();
    }
}
