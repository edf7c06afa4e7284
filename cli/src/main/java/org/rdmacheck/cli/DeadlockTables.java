package org.rdmacheck.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.rdmacheck.checker.cdg.DeadlockVerdict;
import org.rdmacheck.checker.cdg.tables.FailureAnalysis;
import org.rdmacheck.checker.cdg.tables.LaneAnalysis;
import org.rdmacheck.checker.cdg.tables.LaneMap;
import org.rdmacheck.checker.cdg.tables.LinearForwardingTables;
import org.rdmacheck.checker.cdg.tables.NextHopReader;
import org.rdmacheck.checker.cdg.tables.OpenSmWriter;
import org.rdmacheck.checker.cdg.tables.RoceLanes;
import org.rdmacheck.checker.cdg.tables.RoutedFabric;
import org.rdmacheck.checker.cdg.tables.RoutingRule;
import org.rdmacheck.checker.cdg.tables.Sl2VlTables;
import org.rdmacheck.checker.cdg.tables.Subnet;
import org.rdmacheck.checker.cdg.tables.TableCheck;
import org.rdmacheck.checker.cdg.tables.TableCycles;
import org.rdmacheck.checker.cdg.tables.TableQuery;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.topology.TopologySpecs;
import picocli.CommandLine.Option;

/**
 * The options and the run of {@code rdmacheck deadlock} on a network's own state: an InfiniBand
 * fabric's {@code ibnetdiscover} topology with its forwarding and SL-to-VL tables, or a RoCE
 * fabric's topology with next-hop tables and SONiC's lossless priorities; and the export of
 * generated fabrics in the same formats.
 */
final class DeadlockTables {

    @Option(names = "--ib-topology", paramLabel = "FILE", description = "InfiniBand topology as ibnetdiscover prints it")
    String ibTopology;

    @Option(names = "--lfts", paramLabel = "FILE", description = "unicast forwarding tables: opensm-lfts.dump or ibroute output")
    String lfts;

    @Option(names = "--sl2vl", paramLabel = "FILE", description = "opensm-sl2vl.dump (default: VL = SL on every hop)")
    String sl2vl;

    @Option(names = "--sl", paramLabel = "SPEC", defaultValue = "0", description = "the paths' SLs (RoCE: priorities): N, "
            + "dlid-mod:N or file:PATH with lines 'SLID DLID SL' (default: ${DEFAULT-VALUE})")
    String sl;

    @Option(names = "--roce-topology", paramLabel = "SPEC", description = "RoCE fabric: a topology spec (file:PATH, fattree:k=4, ...)")
    String roceTopology;

    @Option(names = "--next-hops", paramLabel = "FILE", description = "RoCE next-hop tables (JSON; default: the ECMP routes of --roce-rule)")
    String nextHops;

    @Option(names = "--roce-rule", paramLabel = "RULE", defaultValue = "updown", description = "RoCE routes without "
            + "--next-hops: minhop or updown (default: ${DEFAULT-VALUE})")
    String roceRule;

    @Option(names = "--sonic", paramLabel = "FILE", description = "SONiC config_db.json: lossless priorities (pfc_enable)")
    String sonic;

    @Option(names = "--dscp", paramLabel = "N", description = "RoCE: the traffic's DSCP, mapped to its priority by --sonic's DSCP_TO_TC_MAP")
    Integer dscp;

    @Option(names = "--max-lanes", paramLabel = "N", description = "lane budget (default: 8 data VLs for InfiniBand; "
            + "for RoCE the lossless priorities of --sonic, 2 without it)")
    Integer maxLanes;

    @Option(names = "--skip-lanes", description = "do not compute the fewest lanes")
    boolean skipLanes;

    @Option(names = "--exact-seconds", paramLabel = "S", defaultValue = "10", description = "exact lane solver time per "
            + "lane count (default: ${DEFAULT-VALUE})")
    int exactSeconds;

    @Option(names = "--failures", paramLabel = "N", defaultValue = "1", description = "links failed together: 0 (none), "
            + "1 (every switch-to-switch link) or k >= 2 (the sets of exactly k links: every one when --failure-limit "
            + "covers them, else a seeded sample); smaller sets are not analysed with it; a re-routing that closes a credit loop, new or with the "
            + "old routes, is DEADLOCK_PRONE_UNDER_FAILURE, exit 1 (default: ${DEFAULT-VALUE})")
    int failures;

    @Option(names = "--failure-rule", paramLabel = "RULE", split = ",", description = "re-routing rules: minhop, updown "
            + "(default: both)")
    List<String> failureRules = new ArrayList<>();

    @Option(names = "--failure-limit", paramLabel = "N", defaultValue = "200", description = "most failure sets per rule "
            + "(default: ${DEFAULT-VALUE})")
    int failureLimit;

    @Option(names = "--failure-time", paramLabel = "S", defaultValue = "60", description = "seconds for the failure "
            + "analysis (what is not done by then is reported as not analysed) (default: ${DEFAULT-VALUE})")
    int failureSeconds;

    @Option(names = "--seed", defaultValue = "1", description = "seed of the two-failure sample (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--export-opensm", paramLabel = "DIR", description = "with --topology: write ibnetdiscover.topo, "
            + "opensm-lfts.dump, opensm-sl2vl.dump and next-hops.json of --rule's routes")
    Path export;

    @Option(names = "--rule", paramLabel = "RULE", defaultValue = "updown", description = "routes for --export-opensm: "
            + "minhop, updown or dor (torus) (default: ${DEFAULT-VALUE})")
    String rule;

    @Option(names = "--lmc", defaultValue = "0", description = "LMC for --export-opensm (default: ${DEFAULT-VALUE})")
    int lmc;

    @Option(names = "--write-lanes", paramLabel = "DIR", description = "write the fewest-lanes assignment: path-sl.txt "
            + "(SLID DLID SL) and opensm-sl2vl.dump (VL = SL)")
    Path writeLanes;

    /** @return whether a network's own state is to be checked */
    boolean tablesMode() {
        return ibTopology != null || roceTopology != null;
    }

    /** @return whether a generated fabric is to be exported */
    boolean exportMode() {
        return export != null;
    }

    TableQuery query() {
        if (ibTopology != null && roceTopology != null) {
            throw new InputException("--ib-topology and --roce-topology: expected one of them");
        }
        if (ibTopology != null) {
            if (lfts == null) {
                throw new InputException("--ib-topology needs --lfts FILE (opensm-lfts.dump or ibroute output)");
            }
            if (nextHops != null || sonic != null || dscp != null) {
                throw new InputException("--next-hops, --sonic and --dscp are for --roce-topology");
            }
            return new TableQuery(TableQuery.Kind.IB, absolute(ibTopology), absolute(lfts),
                    sl2vl == null ? "" : absolute(sl2vl), slSpec(sl), "", "");
        }
        if (lfts != null || sl2vl != null) {
            throw new InputException("--lfts and --sl2vl are for --ib-topology");
        }
        RoutingRule.parse(roceRule);
        String priority = sl;
        if (dscp != null) {
            if (sonic == null) {
                throw new InputException("--dscp needs --sonic FILE (its DSCP_TO_TC_MAP)");
            }
            priority = Integer.toString(RoceLanes.trafficClass(Path.of(sonic), dscp));
        }
        String topo = roceTopology.startsWith("file:") ? "file:" + absolute(roceTopology.substring(5)) : roceTopology;
        return new TableQuery(TableQuery.Kind.ROCE, topo, nextHops == null ? "" : absolute(nextHops), "",
                slSpec(priority), sonic == null ? "" : absolute(sonic), roceRule);
    }

    /** Paths are stored absolute, so a stored credit loop replays from any folder. */
    private static String absolute(String file) {
        return Path.of(file).toAbsolutePath().normalize().toString();
    }

    private static String slSpec(String spec) {
        return spec.startsWith("file:") ? "file:" + absolute(spec.substring(5)) : spec;
    }

    private TableCheck.Options options(TableQuery q, RunClock clock) {
        // RoCE: as many lanes as the SONiC file makes lossless (2 without one: the usual two lossless queues)
        int budget = maxLanes != null ? maxLanes : q.kind() == TableQuery.Kind.IB ? 8
                : q.sonic().isEmpty() ? 2 : RoceLanes.fromSonic(Path.of(q.sonic())).lossless().size();
        if (budget < 1 || budget > 15) {
            throw new InputException("--max-lanes " + budget + ": expected an integer in [1, 15]");
        }
        if (failures < 0) {
            throw new InputException("--failures " + failures + ": expected 0 (none) or the number of links failed "
                    + "together, 1 or more");
        }
        if (failureLimit < 1 || exactSeconds < 1) {
            throw new InputException("--failure-limit and --exact-seconds: expected positive integers");
        }
        List<RoutingRule> rules = new ArrayList<>();
        for (String r : failureRules.isEmpty() ? List.of("minhop", "updown") : failureRules) {
            RoutingRule rr = RoutingRule.parse(r);
            if (rr == RoutingRule.DIMENSION_ORDER) {
                throw new InputException("--failure-rule dor: expected minhop or updown (dimension order does not route"
                        + " around failures)");
            }
            rules.add(rr);
        }
        if (failureSeconds < 1) {
            throw new InputException("--failure-time " + failureSeconds + ": expected a positive number of seconds");
        }
        long left = Math.min(Math.max(0, clock.maxMillis() - clock.elapsedMillis()), failureSeconds * 1000L);
        long deadline = System.nanoTime() + left * 1_000_000L;
        return new TableCheck.Options(10, !skipLanes, budget, 2_000_000, exactSeconds * 1000L, failures, rules,
                failureLimit, seed, deadline);
    }

    /**
     * Checks the state the options name.
     */
    int run(PrintWriter out, PrintWriter err, TraceOutput traces, boolean json, TimeLimit limit) {
        TableQuery q = query();
        Path root = traces.folder().orElse(null);
        RunClock clock = limit.start("deadlock " + q.topology(), err);
        // the failure analysis ends at --failure-time or at --max-time, whichever comes first; past --max-time
        // the watchdog's interrupt ends it too, and the tables' verdict, reached before it, stands
        boolean maxTimeBinds = clock.maxMillis() - clock.elapsedMillis() <= failureSeconds * 1000L;
        TableCheck.Options o = options(q, clock);
        AtomicReference<TableCheck.Progress> phase = new AtomicReference<>(
                new TableCheck.Progress(TableCheck.Phase.READING_FILES, "reading the files"));
        AtomicReference<Long> readMs = new AtomicReference<>(0L);
        AtomicReference<RoutedFabric> state = new AtomicReference<>();
        TableCheck.Report report;
        Optional<EarlyStop> stop = Optional.empty();
        try {
            report = Watched.run(clock, () -> phase.get().detail(), () -> {
                long t0 = System.nanoTime();
                state.set(q.load());
                readMs.set((System.nanoTime() - t0) / 1_000_000);
                return TableCheck.check(state.get(), o, phase::set);
            });
        } catch (Watched.LimitReached e) {
            stop = Optional.of(EarlyStop.timeLimit(clock));
            report = null;
        }
        if (report == null) {
            out.println(json ? stoppedJson(q, stop, phase.get()) : "INCONCLUSIVE: " + stop.get().reason() + " during: "
                    + phase.get().detail());
            out.flush();
            return ExitCodes.INCONCLUSIVE;
        }
        String file = null;
        if (!report.loops().isEmpty() && root != null) {
            try {
                file = ExplorerOptions.display(Counterexamples.write(root, TableCycles.of(q, report.loops().get(0))));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        if (writeLanes != null && report.lanes().isPresent() && q.kind() == TableQuery.Kind.IB) {
            writeLanes(state.get(), report.lanes().get());
        }
        String failureStop = String.format(Locale.ROOT, "%s reached after %.1f s", maxTimeBinds ? "--max-time"
                : "--failure-time " + failureSeconds + "s", clock.elapsedMillis() / 1000.0);
        out.println(json ? json(q, report, readMs.get(), file, failureStop)
                : text(q, state.get(), report, readMs.get(), file, failureStop, failureLimit));
        out.flush();
        return exitCode(report, failureVerdict(report));
    }

    /**
     * What the failure analysis says of deadlock freedom under link failures (docs/deadlock.md, "Link
     * failures"): a credit loop in the re-routed tables, or in the forwarding while the switches change over
     * (old or new entry at each switch: they are updated one at a time, and a deadlock formed meanwhile
     * outlives the update), makes the fabric
     * deadlock-prone under that failure.
     */
    enum FailureVerdict {
        /** {@code --failures 0}: no failure analysed */
        NOT_ANALYSED,
        /** every failure set of every rule analysed, none re-routed into a credit loop, new or old+new */
        DEADLOCK_FREE_UNDER_FAILURES,
        /** some failure set's re-routing has a credit loop, new or old+new (analysed all or not) */
        DEADLOCK_PRONE_UNDER_FAILURE,
        /** none analysed has one, but not every failure set was analysed (a limit, a sample, a time limit) */
        INCONCLUSIVE
    }

    /** @return whether the failure set's re-routing closes a credit loop, in the new tables or old+new */
    private static boolean loops(FailureAnalysis.Outcome o) {
        return o.newCycle() || o.unionCycle();
    }

    /** @return whether every failure set of the rule was analysed */
    private static boolean complete(FailureAnalysis.Result fa) {
        return !fa.stopped() && fa.outcomes().size() == fa.candidates();
    }

    static FailureVerdict failureVerdict(TableCheck.Report r) {
        if (r.failures().isEmpty()) {
            return FailureVerdict.NOT_ANALYSED;
        }
        if (r.failures().stream().anyMatch(fa -> fa.outcomes().stream().anyMatch(DeadlockTables::loops))) {
            return FailureVerdict.DEADLOCK_PRONE_UNDER_FAILURE;
        }
        return r.failures().stream().allMatch(DeadlockTables::complete) ? FailureVerdict.DEADLOCK_FREE_UNDER_FAILURES
                : FailureVerdict.INCONCLUSIVE;
    }

    /**
     * Exit 1 when the tables have a credit loop, a routing loop, a black hole or islands, or when a failure
     * re-routed by a rule asked for closes a credit loop (deadlock freedom under failures is then violated);
     * 3 when the tables are clean but the failure analysis did not cover every failure set; else 0.
     */
    static int exitCode(TableCheck.Report r, FailureVerdict f) {
        if (!r.clean() || f == FailureVerdict.DEADLOCK_PRONE_UNDER_FAILURE) {
            return ExitCodes.VIOLATED;
        }
        return f == FailureVerdict.INCONCLUSIVE ? ExitCodes.INCONCLUSIVE : ExitCodes.OK;
    }

    /** @return "single-link", "two-link" or "k-link" (the size of every failure set analysed) */
    private static String kind(FailureAnalysis.Result fa) {
        return fa.failures() == 1 ? "single-link" : fa.failures() == 2 ? "two-link" : fa.failures() + "-link";
    }

    /** @return what the sets analysed are, and what they are not (the text's and the JSON's one reading) */
    private static String sizes(int failures) {
        return "failure sets of exactly " + failures + (failures == 1 ? " link" : " links")
                + (failures == 1 ? "" : " (smaller sets: --failures " + (failures - 1)
                + (failures > 2 ? " and below" : "") + ")");
    }

    /**
     * The headline of a check whose tables are DEADLOCK_FREE, with the failure analysis's verdict: the old
     * line when no failure was analysed.
     */
    private static String headline(TableCheck.Report r, FailureVerdict f, String failureStop, int failureLimit) {
        String tables = "the channel dependency graph of the routes is acyclic";
        List<FailureAnalysis.Result> fs = r.failures();
        return switch (f) {
            case NOT_ANALYSED -> "DEADLOCK_FREE: " + tables;
            case DEADLOCK_FREE_UNDER_FAILURES -> f + ": " + tables + ", and stays so, in the new tables and while the "
                    + "switches change over, after every " + kind(fs.get(0)) + " failure re-routed: " + String.join(", ",
                    fs.stream().map(fa -> fa.rule().label() + " " + fa.outcomes().size() + " of " + fa.candidates())
                    .toList());
            case DEADLOCK_PRONE_UNDER_FAILURE -> f + ": the routes as given are deadlock-free (their channel dependency "
                    + "graph is acyclic), but re-routed after a failure they close a credit loop: " + String.join("; ",
                    fs.stream().filter(fa -> fa.outcomes().stream().anyMatch(DeadlockTables::loops))
                    .map(fa -> String.format(Locale.ROOT, "%s, %d of %d %s failures%s (new tables %d, old+new %d)",
                            fa.rule().label(), fa.outcomes().stream().filter(DeadlockTables::loops).count(),
                            fa.outcomes().size(), kind(fa), complete(fa) ? "" : " analysed of " + fa.candidates(),
                            fa.newCycles(), fa.unionCycles())).toList());
            case INCONCLUSIVE -> f + ": " + tables + " (DEADLOCK_FREE as routed), and no failure analysed closes a "
                    + "credit loop, but not every failure set was analysed: " + String.join("; ", fs.stream()
                    .filter(fa -> !complete(fa)).map(fa -> String.format(Locale.ROOT, "%s, %d of %d %s failures (%s)",
                            fa.rule().label(), fa.outcomes().size(), fa.candidates(), kind(fa), fa.stopped() ? failureStop
                            : fa.failures() >= 2 ? "a sample of --failure-limit " + failureLimit
                            : "--failure-limit " + failureLimit)).toList());
        };
    }

    private void writeLanes(RoutedFabric f, LaneAnalysis.Result lanes) {
        try {
            Files.createDirectories(writeLanes);
            try (Writer w = Files.newBufferedWriter(writeLanes.resolve("path-sl.txt"))) {
                w.write("# SLID DLID SL: the fewest-lanes assignment (paths not listed: SL 0)\n");
                for (int[] a : lanes.assignment()) {
                    Subnet.Endpoint e = f.subnet().endpoints().get(a[0]);
                    // the assignment is per port: every source LID of it (LMC > 0) gets the path's SL
                    for (int slid = e.baseLid(); slid < e.baseLid() + e.lidCount(); slid++) {
                        w.write(String.format(Locale.ROOT, "0x%04x 0x%04x %d%n", slid, a[1], a[2]));
                    }
                }
            }
            int[] identity = new int[LaneMap.LANES];
            for (int i = 0; i < identity.length; i++) {
                identity[i] = i;
            }
            try (Writer w = Files.newBufferedWriter(writeLanes.resolve("opensm-sl2vl.dump"))) {
                OpenSmWriter.sl2vl(f.subnet(), Sl2VlTables.uniform(f.subnet(), identity), w);
            }
        } catch (IOException e) {
            throw new InputException("--write-lanes " + writeLanes + ": cannot write (" + e.getMessage() + ")", e);
        }
    }

    /**
     * Writes a generated fabric's files.
     */
    int export(String topology, PrintWriter out) {
        Subnet s = Subnet.assign(TopologySpecs.parse(topology), lmc);
        RoutingRule r = RoutingRule.parse(rule);
        boolean[] none = new boolean[s.topology().linkCount()];
        LinearForwardingTables lft = r.tables(s, none);
        try {
            OpenSmWriter.export(export, lft, LaneMap.IDENTITY);
            try (Writer w = Files.newBufferedWriter(export.resolve("next-hops.json"))) {
                NextHopReader.write(r.ecmp(s, none), w);
            }
        } catch (IOException e) {
            throw new InputException("--export-opensm " + export + ": cannot write (" + e.getMessage() + ")", e);
        }
        out.println("wrote " + export.resolve("ibnetdiscover.topo") + ", opensm-lfts.dump, opensm-sl2vl.dump, next-hops.json: "
                + s.topology() + ", " + s.maxLid() + " LIDs, " + r.label() + " routes");
        out.flush();
        return ExitCodes.OK;
    }

    private static String text(TableQuery q, RoutedFabric f, TableCheck.Report r, long readMs, String file,
                               String failureStop, int failureLimit) {
        StringBuilder b = new StringBuilder();
        TableCheck.Stats s = r.stats();
        b.append(String.format(Locale.ROOT, "%s: %d switches, %d %s, %d links, %,d destinations, %,d paths%n",
                q.kind() == TableQuery.Kind.IB ? Path.of(q.topology()).getFileName() : q.topology(), s.switches(), s.adapters(), q.kind() == TableQuery.Kind.IB ? "channel adapters" : "hosts",
                s.links(), s.destinations(), s.paths()));
        b.append(switch (r.outcome()) {
            case CYCLE -> String.format("CYCLE: %d credit loop%s (cyclic components of the channel dependency graph)%n",
                    r.cyclicComponents(), r.cyclicComponents() == 1 ? "" : "s");
            case PARTITIONED -> "PARTITIONED: " + r.partition().orElseThrow().describe() + "; the routes that exist "
                    + "have no credit loop, but traffic between the islands cannot be delivered\n";
            default -> (r.outcome() == DeadlockVerdict.Outcome.DEADLOCK_FREE ? headline(r, failureVerdict(r), failureStop,
                    failureLimit) : r.outcome() + ": the channel dependency graph of the routes is acyclic") + "\n";
        });
        for (int i = 0; i < r.loops().size(); i++) {
            List<TableCheck.LoopStep> loop = r.loops().get(i);
            b.append(String.format("loop %d, %d dependencies:%n", i + 1, loop.size()));
            for (int k = 0; k < loop.size(); k++) {
                TableCheck.LoopStep st = loop.get(k);
                b.append(String.format("  %d. %s waits for %s  (route %s -> lid %d, SL %d)%n", k + 1, st.channel(),
                        st.requests(), st.source(), st.destination(), st.sl()));
            }
        }
        b.append(String.format("routing loops: %d, black holes: %d%n", r.routingLoops(), r.blackHoles()));
        for (TableCheck.Problem p : r.problems().subList(0, Math.min(5, r.problems().size()))) {
            b.append(String.format("  %s (%s) at %s: lid %d from %s, SL %d: %s%n", p.kind(), p.cause(), p.at(),
                    p.destination(), p.source(), p.sl(), String.join(" ", p.route())));
        }
        if (r.lanes().isPresent()) {
            LaneAnalysis.Result l = r.lanes().get();
            b.append(String.format("fewest lanes (one per path): heuristic %d, lower bound %d, exact %s, budget %d: %s%n",
                    l.heuristic(), l.lowerBound(), l.exact().map(String::valueOf).orElse("- (" + l.exactStatus() + ")"),
                    l.maxLanes(), l.fits() ? "fits" : "does not fit"));
        } else if (!r.lanesNote().isEmpty()) {
            b.append("fewest lanes: ").append(r.lanesNote()).append('\n');
        }
        if (!r.failures().isEmpty()) {
            b.append("analysed: ").append(sizes(r.failures().get(0).failures())).append('\n');
        }
        for (FailureAnalysis.Result fa : r.failures()) {
            b.append(String.format("%s failures re-routed by %s (a stated rule, not a given SM): %d of %d%s; new tables: "
                            + "%d with credit loops, %d with black holes, %d with routing loops; old+new: %d with credit loops"
                            + "%s%n",
                    kind(fa), fa.rule().label(), fa.outcomes().size(),
                    fa.candidates(), fa.stopped() ? " (INCONCLUSIVE: " + failureStop + ")" : "", fa.newCycles(),
                    fa.newBlackHoles(), fa.newRoutingLoops(), fa.unionCycles(), fa.partitions() == 0 ? ""
                            : "; " + fa.partitions() + " leave the hosts in islands"));
            fa.outcomes().stream().filter(FailureAnalysis.Outcome::hazardous).limit(3).forEach(o -> b.append(
                    String.format("  %s: new %s, black holes %d, routing loops %d, old+new %s%s%n",
                            String.join(" + ", o.links()), o.newCycle() ? "CYCLE" : "acyclic", o.newBlackHoles(),
                            o.newRoutingLoops(), o.unionCycle() ? "CYCLE" : "acyclic", o.islands() > 1
                            ? ", PARTITIONED into " + o.islands() + " islands (" + o.unreachablePairs()
                            + " host pairs without a path)" : "")));
            fa.outcomes().stream().filter(FailureAnalysis.Outcome::newCycle).findFirst().ifPresent(o -> b.append(
                    String.format("  new loop after %s: %s%n", String.join(" + ", o.links()),
                            String.join(" -> ", o.newLoop()))));
            fa.outcomes().stream().filter(o -> o.unionCycle() && !o.newCycle()).findFirst().ifPresent(o -> b.append(
                    String.format("  old+new loop after %s: %s%n", String.join(" + ", o.links()),
                            String.join(" -> ", o.unionLoop()))));
        }
        b.append(String.format(Locale.ROOT, "dependencies %,d; read %d ms, check %d ms", s.dependencies(), readMs,
                s.checkMillis()));
        if (file != null) {
            b.append("\ncounterexample: ").append(file);
        }
        return b.toString();
    }

    private static String json(TableQuery q, TableCheck.Report r, long readMs, String file, String failureStop) {
        ObjectNode o = TraceJson.MAPPER.createObjectNode();
        parameters(o, q);
        TableCheck.Stats s = r.stats();
        o.put("switches", s.switches());
        o.put("adapters", s.adapters());
        o.put("links", s.links());
        o.put("destinations", s.destinations());
        o.put("paths", s.paths());
        o.put("dependencies", s.dependencies());
        o.put("verdict", r.outcome().name());
        o.put("failureVerdict", failureVerdict(r).name());
        // the size of every failure set analysed (0: none), and the sizes that covers: that one alone
        int size = r.failures().isEmpty() ? 0 : r.failures().get(0).failures();
        o.put("failureSetSize", size);
        ArrayNode covered = o.putArray("failureSetSizesCovered");
        if (size > 0) {
            covered.add(size);
        }
        EarlyStop.put(o, Optional.empty());
        DeadlockCommand.putPartition(o, r.partition());
        o.put("creditLoops", r.cyclicComponents());
        ArrayNode loops = o.putArray("loops");
        for (List<TableCheck.LoopStep> loop : r.loops()) {
            loops.add(TraceJson.MAPPER.valueToTree(loop));
        }
        o.put("routingLoops", r.routingLoops());
        o.put("blackHoles", r.blackHoles());
        o.set("problems", TraceJson.MAPPER.valueToTree(r.problems()));
        if (r.lanes().isPresent()) {
            LaneAnalysis.Result l = r.lanes().get();
            ObjectNode ln = o.putObject("lanes");
            ln.put("heuristic", l.heuristic());
            ln.put("lowerBound", l.lowerBound());
            if (l.exact().isPresent()) {
                ln.put("exact", l.exact().get());
            } else {
                ln.putNull("exact");
            }
            ln.put("exactStatus", l.exactStatus().name());
            ln.put("maxLanes", l.maxLanes());
            ln.put("fits", l.fits());
            ln.put("paths", l.paths());
            ln.put("groups", l.groups());
            ln.put("dependencies", l.dependencies());
        } else {
            o.putNull("lanes");
        }
        o.put("lanesNote", r.lanesNote());
        ArrayNode fs = o.putArray("failures");
        for (FailureAnalysis.Result fa : r.failures()) {
            ObjectNode f = fs.addObject();
            f.put("rule", fa.rule().label());
            f.put("failures", fa.failures());
            f.put("candidates", fa.candidates());
            f.put("analysed", fa.outcomes().size());
            f.put("stopped", fa.stopped());
            f.put("stopReason", fa.stopped() ? failureStop : null);
            f.put("newCreditLoops", fa.newCycles());
            f.put("newBlackHoles", fa.newBlackHoles());
            f.put("newRoutingLoops", fa.newRoutingLoops());
            f.put("unionCreditLoops", fa.unionCycles());
            f.put("partitions", fa.partitions());
            f.set("hazards", TraceJson.MAPPER.valueToTree(fa.outcomes().stream()
                    .filter(FailureAnalysis.Outcome::hazardous).toList()));
        }
        JsonValues.figure(o, "readMillis", readMs, Quantity.Unit.MILLISECONDS);
        JsonValues.figure(o, "checkMillis", s.checkMillis(), Quantity.Unit.MILLISECONDS);
        o.put("counterexample", file);
        return write(o);
    }

    /**
     * The query's parameters as the stored credit loop's provenance has them (texts), but its kind as the
     * enum ({@code IB}, {@code ROCE}), as every kind in the JSON outputs, and one SL for every path
     * ({@code --sl 3}) as an integer (a rule, {@code dlid-mod:N} or {@code file:PATH}, stays its text).
     */
    private static void parameters(ObjectNode o, TableQuery q) {
        ObjectNode p = o.putObject("parameters");
        q.parameters().forEach((k, v) -> JsonValues.parameter(p, k, k.equals("sl"), v));
        p.put("kind", q.kind().name());
    }

    private static String stoppedJson(TableQuery q, Optional<EarlyStop> stop, TableCheck.Progress phase) {
        ObjectNode o = TraceJson.MAPPER.createObjectNode();
        parameters(o, q);
        o.put("verdict", DeadlockVerdict.Outcome.INCONCLUSIVE.name());
        EarlyStop.put(o, stop);
        o.put("phase", phase.phase().name());
        o.put("phaseDetail", phase.detail());
        return write(o);
    }

    private static String write(ObjectNode o) {
        try {
            return TraceJson.MAPPER.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
