package org.rdmacheck.cli.bench;

import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.fabric.BudgetDecision;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.fabric.FabricEntry;

/**
 * How far the composed fabric can be checked at the paper's settings: for each of
 * {@link FabricEntry#scaleRuns()}, distinct states, BFS depth, wall time and the outcome (every
 * property holds, the properties violated, or inconclusive at the time limit with the states
 * explored so far).
 *
 * <p>Run: {@code java -Xmx3g -cp cli/target/rdmacheck-all.jar org.rdmacheck.cli.bench.FabricScaleBenchmark
 * [MINUTES_PER_RUN] [THREADS] [paper [random|swarm|directed[:SEED]]]} (defaults 15 and all cores; {@code paper}: only
 * the two paper-scale configurations, the leaf-spine and the fat-tree with every flow and a failure;
 * {@code random} or {@code swarm}: random walks of seed 1 instead of the breadth-first search, which
 * find violations and prove nothing; {@code directed}: the directed search, of seed 1 unless given,
 * on one thread, on the two configurations and on the leaf-spine's neighbours the counting argument
 * names, one more background packet and xoff 3). Each breadth-first run prints its heap figures: the
 * store's bytes per state and the most the level structures held; each walk run its walks and states
 * visited; each directed run the states stored and expanded and the best score reached. With
 * {@code budget [paper|paper-only|fattree|findings|VARIANT]} in place of {@code paper}: the packet
 * budget's decision of {@code NoRoutingDeadlock} instead ({@link BudgetDecision}, one line each).
 */
public final class FabricScaleBenchmark {

    private FabricScaleBenchmark() {
    }

    /** @param args optional time limit per run in minutes, and worker threads */
    public static void main(String[] args) {
        long minutes = args.length > 0 ? Long.parseLong(args[0]) : 15;
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : Runtime.getRuntime().availableProcessors();
        System.out.printf(Locale.ROOT, "fabric at seed 000 VI-A settings, %d threads, %d min per run, max heap %d MB%n",
                threads, minutes, Runtime.getRuntime().maxMemory() >> 20);
        if (args.length > 2 && args[2].equals("budget")) {
            budget(minutes, threads, args.length > 3 ? args[3] : "paper");
            return;
        }
        boolean paperOnly = args.length > 2 && args[2].equals("paper");
        String walks = args.length > 3 ? args[3] : "";
        if (walks.startsWith("directed")) {
            long seed = walks.contains(":") ? Long.parseLong(walks.substring(walks.indexOf(':') + 1)) : 1;
            for (ModelEntry.Run run : FabricEntry.scaleRuns()) {
                if (isPaperScale(run)) {
                    for (ModelEntry.Run r : neighbours(run)) {
                        directed(new FabricEntry().build(r.variant(), r.params()), r, minutes, seed);
                    }
                }
            }
            return;
        }
        if (!walks.isEmpty() && !walks.equals("random") && !walks.equals("swarm")) {
            throw new IllegalArgumentException("search " + walks + ": expected random, swarm or directed[:SEED]");
        }
        for (ModelEntry.Run run : FabricEntry.scaleRuns()) {
            if (paperOnly && !isPaperScale(run)) {
                continue;
            }
            CheckSpec<?> spec = new FabricEntry().build(run.variant(), run.params());
            if (!walks.isEmpty()) {
                walk(spec, run, threads, minutes, walks.equals("swarm"));
                continue;
            }
            ExplorationReport r = new Explorer(ExplorerSettings.defaults().withThreads(threads)
                    .withMaxMillis(minutes * 60_000).withProgress(0, p -> { })).check(spec);
            TreeSet<String> violated = new TreeSet<>();
            r.results().stream().filter(c -> c instanceof CheckResult.Violated).forEach(c -> violated.add(c.property()));
            String outcome = !violated.isEmpty() ? "violated: " + violated
                    : r.complete() ? "all properties hold" : "INCONCLUSIVE (limit reached)";
            long states = Math.max(1, r.stats().distinctStates());
            System.out.printf(Locale.ROOT, "%-9s %s%n          %,d states, depth %d, %.1f s: %s%n"
                            + "          heap: store %.1f B/state, levels at most %,d MB (%.1f B/state)%n", run.variant(),
                    run.params().asMap(), r.stats().distinctStates(), r.stats().depth(),
                    r.stats().wallMillis() / 1000.0, outcome, r.storeBytes() / (double) states, r.levelBytes() >> 20,
                    r.levelBytes() / (double) states);
        }
    }

    /**
     * The budgeted decision of {@code NoRoutingDeadlock} ({@link BudgetDecision}): on the paper-scale
     * leaf-spine and its two neighbours ({@code paper}), on the leaf-spine alone ({@code paper-only}), on
     * the paper-scale k=4 fat-tree ({@code fattree}), or on the stored deadlocks of the design it must
     * report ({@code findings}), or on one variant's defaults (a variant name).
     */
    private static void budget(long minutes, int threads, String which) {
        List<ModelEntry.Run> runs = new java.util.ArrayList<>();
        if (which.equals("paper") || which.equals("paper-only") || which.equals("fattree")) {
            for (ModelEntry.Run run : FabricEntry.scaleRuns()) {
                boolean leafSpine = run.params().asMap().get("topology").startsWith("leafspine");
                if (isPaperScale(run) && leafSpine != which.equals("fattree")) {
                    runs.addAll(which.equals("paper") ? neighbours(run) : List.of(run));
                }
            }
        } else if (which.equals("findings")) {
            for (String v : List.of("repaired-incast", "repaired-ring", "repaired-deadlock", "repaired-failure",
                    "repaired-long-flow", "repaired-three-flows")) {
                runs.add(new ModelEntry.Run(v, org.rdmacheck.model.Params.of(java.util.Map.of())));
            }
        } else {
            runs.add(new ModelEntry.Run(which, org.rdmacheck.model.Params.of(java.util.Map.of())));
        }
        for (ModelEntry.Run run : runs) {
            @SuppressWarnings("unchecked")
            CheckSpec<org.rdmacheck.model.layout.LayoutState> spec = (CheckSpec<org.rdmacheck.model.layout.LayoutState>)
                    (CheckSpec<?>) new FabricEntry().build(run.variant(), run.params());
            long t0 = System.nanoTime();
            BudgetDecision.Outcome o = BudgetDecision.decide(spec, ExplorerSettings.defaults().withThreads(threads)
                    .withMaxStates(Long.MAX_VALUE).withMaxMillis(minutes * 60_000).withProgress(30_000, p ->
                            System.err.printf(Locale.ROOT, "  ... %,d states, depth %d, queue %,d, %.0f s%n",
                                    p.distinctStates(), p.depth(), p.queue(), p.elapsedMillis() / 1000.0)));
            double s = (System.nanoTime() - t0) / 1e9;
            System.out.printf(Locale.ROOT, "%-9s %s%n          %s (%.1f s)%n", run.variant(), spec.parameters(),
                    describe(o), s);
        }
    }

    private static String describe(BudgetDecision.Outcome o) {
        if (o instanceof BudgetDecision.Verified v) {
            return String.format(Locale.ROOT, "NoRoutingDeadlock VERIFIED: lemma on %,d situations (%,d decisions); budget"
                    + " %d, needed %d; %,d states reached, %,d expanded, search %.1f s", v.lemma().situations(),
                    v.lemma().decisions(), v.budget(), v.needed(), v.states(), v.expanded(), v.millis() / 1000.0);
        }
        if (o instanceof BudgetDecision.Deadlock d) {
            return String.format(Locale.ROOT, "NoRoutingDeadlock VIOLATED: %d steps, kind %s; lemma on %,d situations;"
                    + " budget %d, needed %d; %,d states reached", d.counterexample().steps().size() - 1, d.kind(),
                    d.lemma().situations(), d.budget(), d.needed(), d.states());
        }
        if (o instanceof BudgetDecision.Inconclusive i) {
            return String.format(Locale.ROOT, "INCONCLUSIVE (%s): lemma on %,d situations (%,d decisions, %s); budget"
                    + " %d, needed %d; %,d states reached, %,d expanded", i.reason(), i.lemma().situations(),
                    i.lemma().decisions(), i.lemma().complete() ? "complete" : "stopped", i.budget(), i.needed(),
                    i.states(), i.expanded());
        }
        BudgetDecision.NotApplicable n = (BudgetDecision.NotApplicable) o;
        return "NOT APPLICABLE: " + n.reason();
    }

    private static boolean isPaperScale(ModelEntry.Run run) {
        return run.variant().equals("repaired") && run.params().asMap().get("failures").equals("1")
                && run.params().asMap().get("flows").split(",").length == 3;
    }

    /** @return the run, and on the leaf-spine the two neighbours of the counting argument: one more background packet, xoff 3 */
    private static List<ModelEntry.Run> neighbours(ModelEntry.Run run) {
        java.util.Map<String, String> m = run.params().asMap();
        if (!m.get("topology").startsWith("leafspine")) {
            return List.of(run);
        }
        java.util.Map<String, String> more = new java.util.LinkedHashMap<>(m);
        more.put("background", Integer.toString(Integer.parseInt(m.get("background")) + 1));
        java.util.Map<String, String> lower = new java.util.LinkedHashMap<>(m);
        lower.put("xoff", "3");
        return List.of(run, new ModelEntry.Run(run.variant(), org.rdmacheck.model.Params.of(more)),
                new ModelEntry.Run(run.variant(), org.rdmacheck.model.Params.of(lower)));
    }

    private static void directed(CheckSpec<?> spec, ModelEntry.Run run, long minutes, long seed) {
        org.rdmacheck.engine.DirectedSearch.Report d = new org.rdmacheck.engine.DirectedSearch(ExplorerSettings
                .defaults().withThreads(1).withMaxStates(Long.MAX_VALUE).withMaxMillis(minutes * 60_000)
                .withProgress(0, p -> { }), org.rdmacheck.engine.DirectedSettings.seeded(seed))
                .check(spec.withoutProgress());
        ExplorationReport r = d.exploration();
        TreeSet<String> violated = new TreeSet<>();
        r.results().stream().filter(c -> c instanceof CheckResult.Violated).forEach(c -> violated.add(c.property()));
        String outcome = !violated.isEmpty() ? "violated: " + violated : "no violation (INCONCLUSIVE: " + r.stopReason() + ")";
        System.out.printf(Locale.ROOT, "%-9s %s%n          directed search, seed %d: %,d states stored, %,d expanded, "
                        + "longest path %d states, best score %d of %d, %.1f s: %s%n", run.variant(), run.params().asMap(),
                seed, r.stats().distinctStates(), d.expanded(), r.stats().depth(), d.bestScore(), d.maxScore(),
                r.stats().wallMillis() / 1000.0, outcome);
    }

    private static void walk(CheckSpec<?> spec, ModelEntry.Run run, int threads, long minutes, boolean swarm) {
        org.rdmacheck.engine.RandomWalks.Report w = new org.rdmacheck.engine.RandomWalks(ExplorerSettings.defaults()
                .withThreads(threads).withMaxStates(Long.MAX_VALUE).withMaxMillis(minutes * 60_000)
                .withProgress(0, p -> { }), org.rdmacheck.engine.WalkSettings.seeded(1).withSwarm(swarm))
                .check(spec.withoutProgress());
        ExplorationReport r = w.exploration();
        TreeSet<String> violated = new TreeSet<>();
        r.results().stream().filter(c -> c instanceof CheckResult.Violated).forEach(c -> violated.add(c.property()));
        String outcome = !violated.isEmpty() ? "violated: " + violated : "no violation (INCONCLUSIVE: walks prove nothing)";
        System.out.printf(Locale.ROOT, "%-9s %s%n          %s walks: %,d walks, %,d states visited (repeats included), "
                        + "longest walk %d steps, %.1f s: %s%n", run.variant(), run.params().asMap(), swarm ? "swarm"
                        : "random", w.walks(), r.stats().distinctStates(), r.stats().depth(),
                r.stats().wallMillis() / 1000.0, outcome);
    }
}
