package org.rdmacheck.cli.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.cli.Main;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;

/**
 * Go-Back-N benchmark: exhaustive checks of larger shapes (states, time) and the large simulation
 * grid (seed 002 Figs 2, 3, 6, 7: eight loss rates, three ACK timeouts, both NAK policies).
 *
 * <pre>java -cp cli/target/rdmacheck-all.jar org.rdmacheck.cli.bench.GbnBenchmark [OUT_DIR] [--quick]</pre>
 */
public final class GbnBenchmark {

    private GbnBenchmark() {
    }

    /**
     * @param args output folder (default out/gbn-bench) and {@code --quick} for a smaller grid
     */
    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        Path out = Path.of(args.length > 0 && !args[0].startsWith("--") ? args[0] : "out/gbn-bench");
        boolean quick = List.of(args).contains("--quick");
        explore();
        for (String policy : List.of("epsn", "interval")) {
            List<String> a = new ArrayList<>(List.of("gbn-sim", "--out", out.resolve(policy).toString(),
                    "--param", "nakPolicy=" + policy,
                    "--param", "lossRates=1e-5,3e-5,1e-4,3e-4,1e-3,2e-3,5e-3,1e-2",
                    "--param", "replications=" + (quick ? 8 : 20), "--param", "messages=" + (quick ? 50 : 250)));
            System.out.println("== gbn-sim nakPolicy=" + policy);
            Main.run(a.toArray(String[]::new), new java.io.PrintWriter(System.out, true),
                    new java.io.PrintWriter(System.err, true));
        }
    }

    private static void explore() {
        System.out.println("== exhaustive checks (explorer, all cores)");
        String[][] runs = {
            {"gbn", "packets=4", "losses=2"}, {"improved", "packets=3", "losses=2"}, {"improved", "packets=4", "losses=2"},
            {"improved", "packets=3", "losses=3"}, {"ce", "packets=3", "losses=2"}, {"st", "packets=4", "losses=2"},
            {"improved", "packets=2", "messages=2", "ackInterval=0", "losses=2"},
        };
        for (String[] r : runs) {
            List<String> ps = new ArrayList<>(List.of(r).subList(1, r.length));
            CheckSpec<?> spec = Catalog.find("gbn").build(r[0], Params.parse(ps));
            ExplorationReport rep = new Explorer(ExplorerSettings.defaults()).check(spec);
            StringBuilder verdicts = new StringBuilder();
            rep.results().forEach(c -> verdicts.append(c.property()).append('=').append(c.verdict()).append(' '));
            System.out.printf(Locale.ROOT, "%-9s %-45s %,12d states %8.2f s  %s%n", r[0], ps,
                    rep.stats().distinctStates(), rep.stats().wallMillis() / 1000.0, verdicts);
        }
        System.out.flush();
    }
}
