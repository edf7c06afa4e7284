package org.rdmacheck.cli.bench;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.checker.tlc.TlcChecker;
import org.rdmacheck.checker.tlc.TlcOptions;
import org.rdmacheck.checker.tlc.TlcReport;
import org.rdmacheck.checker.tlc.TlcRequest;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.examples.PhilosophersEntry;

/**
 * The explorer against TLC on the same model: dining philosophers, ordered, {@code n} philosophers
 * (Java {@code philosophers}, TLA+ {@code specs/philosophers}), with 1 and 2 workers. Both must find
 * the same number of distinct states. Prints distinct states per second of each and their ratio.
 * TLC runs in a child JVM; its rate is given end to end and with the start-up cost (JVM, SANY,
 * measured on a one-state run of the same spec) subtracted. The explorer figure is the best of
 * three runs after a warm-up. Both check the same properties: the invariant NeighboursNeverBothEat
 * and deadlock freedom (the explorer's progress property SomeoneCanEat has no TLC counterpart and
 * is left out; {@code --all-properties} as a third argument keeps it).
 *
 * <p>Run (from the checkout): {@code java -cp cli/target/rdmacheck-all.jar
 * org.rdmacheck.cli.bench.TlcComparisonBenchmark [n] [specs folder]}
 */
public final class TlcComparisonBenchmark {

    private TlcComparisonBenchmark() {
    }

    /**
     * @param args optional number of philosophers (default 14), specs folder (default {@code specs}) and
     *             {@code --all-properties}
     */
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 14;
        Path dir = Paths.get(args.length > 1 ? args[1] : "specs").resolve("philosophers");
        CheckSpec<?> full = new PhilosophersEntry().build("ordered", Params.of(Map.of("n", "" + n)));
        CheckSpec<?> spec = args.length > 2 && args[2].equals("--all-properties") ? full : full.withoutProgress();
        TlcRequest req = TlcRequest.of(dir.resolve("MCSpec.tla"), dir.resolve("MCSpec.cfg"))
                .withConstants(Map.of("N", "" + n, "Ordered", "TRUE"))
                .withInvariants(List.of("NeighboursNeverBothEat")).withCheckDeadlock(true);
        System.out.printf(Locale.ROOT, "philosophers ordered n=%d, %d cores%n", n,
                Runtime.getRuntime().availableProcessors());
        long startup = new TlcChecker(TlcOptions.defaults()).check(req.withConstants(Map.of("N", "2"))
                .withInvariants(List.of()).withCheckDeadlock(false)).stats().wallMillis();
        System.out.printf(Locale.ROOT, "TLC start-up (JVM + SANY, 2 philosophers): %d ms%n", startup);
        for (int workers : new int[] {1, 2}) {
            ExplorationReport ex = explorer(spec, workers);
            TlcReport tlc = new TlcChecker(TlcOptions.defaults().withWorkers(workers).withFingerprintIndex(0))
                    .check(req);
            long exStates = ex.stats().distinctStates();
            long tlcStates = tlc.stats().distinctStates();
            if (exStates != tlcStates || tlc.outcome() != org.rdmacheck.checker.tlc.TlcOutcome.SUCCESS) {
                throw new IllegalStateException("explorer found " + exStates + " distinct states, TLC " + tlcStates
                        + " (" + tlc.outcome() + ")");
            }
            double exRate = ex.stats().statesPerSecond();
            double tlcRate = tlcStates * 1000.0 / Math.max(1, tlc.stats().wallMillis());
            double tlcNet = tlcStates * 1000.0 / Math.max(1, tlc.stats().wallMillis() - startup);
            System.out.printf(Locale.ROOT, "workers=%d  distinct=%,d (equal)  explorer %,.0f states/s (%d ms)  "
                            + "TLC %,.0f states/s end to end (%d ms), %,.0f without start-up  "
                            + "ratio %.1fx end to end, %.1fx without start-up%n", workers, exStates, exRate,
                    ex.stats().wallMillis(), tlcRate, tlc.stats().wallMillis(), tlcNet, exRate / tlcRate,
                    exRate / tlcNet);
        }
    }

    private static ExplorationReport explorer(CheckSpec<?> spec, int threads) {
        ExplorerSettings s = ExplorerSettings.defaults().withThreads(threads).withProgress(0, r -> { });
        new Explorer(s).check(spec);
        ExplorationReport best = null;
        for (int i = 0; i < 3; i++) {
            ExplorationReport r = new Explorer(s).check(spec);
            if (best == null || r.stats().wallMillis() < best.stats().wallMillis()) {
                best = r;
            }
        }
        return best;
    }
}
