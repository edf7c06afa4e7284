package org.rdmacheck.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import org.rdmacheck.checker.cdg.CycleCounterexamples;
import org.rdmacheck.checker.cdg.DeadlockChecker;
import org.rdmacheck.checker.cdg.DeadlockQuery;
import org.rdmacheck.checker.cdg.DeadlockVerdict;
import org.rdmacheck.checker.cdg.Dependency;
import org.rdmacheck.checker.cdg.Hop;
import org.rdmacheck.checker.cdg.Partition;
import org.rdmacheck.model.topology.Orientation;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.topology.Topology;
import org.rdmacheck.model.topology.TopologySpecs;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rdmacheck deadlock}: the static channel-dependency check of a routing function on a
 * topology (seed 000 §IV-B). Exit 0 deadlock-free, 1 a dependency cycle, a disconnected escape
 * lane, or a partitioned fabric (hosts with no route between them: the routes that exist are proved
 * free of cycles, the traffic between islands has none), 3 inconclusive.
 */
@Command(name = "deadlock", footerHeading = "%nExamples:%n", footer = {"  rdmacheck deadlock --topology fattree:k=8 --routing escape --lanes 2", "  rdmacheck deadlock --topology ring:n=4 --routing updown --max-time 1m",
        "  rdmacheck deadlock --ib-topology fabric.topo --lfts opensm-lfts.dump --sl2vl opensm-sl2vl.dump",
        "  rdmacheck deadlock --roce-topology file:fabric.json --next-hops next-hops.json --sonic config_db.json",
        "  rdmacheck deadlock --topology torus:x=4,y=4 --export-opensm out/torus --rule dor"},
        description = "Checks a routing function on a topology for deadlock freedom "
        + "(channel dependency graph; Duato's condition for escape lanes), or a network's own forwarding tables: "
        + "credit loops, routing loops and black holes, the fewest lanes, link failures re-routed.")
final class DeadlockCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--topology", description = "fattree:k=8, leafspine:tors=4,spines=2,hosts=2, "
            + "clos:hosts=1024,oversub=4, ring:n=4, file:PATH")
    String topology;

    @Option(names = "--routing", defaultValue = "escape", description = "updown, bounce, deflect, escape, escape-return, "
            + "escape-deflect, escape-bounce; tree-updown, tree-deflect, tree-escape, tree-escape-return, tree-escape-deflect "
            + "(the escape-vl model's spanning-tree routes; need --orientation root) (default: ${DEFAULT-VALUE})")
    String routing;

    @Option(names = "--lanes", defaultValue = "2", description = "virtual lanes (default: ${DEFAULT-VALUE})")
    int lanes;

    @Option(names = "--tokens", defaultValue = "4", description = "deflection tokens per packet (default: ${DEFAULT-VALUE}, seed 000 VI-A)")
    int tokens;

    @Option(names = "--fail", description = "failed link A-B (repeatable)")
    List<String> fail = new ArrayList<>();

    @Option(names = "--orientation", defaultValue = "tier", description = "up*/down* orientation: tier or root (default: ${DEFAULT-VALUE})")
    String orientation;

    @Mixin
    TraceOutput traces = new TraceOutput();

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Mixin
    TimeLimit limit = new TimeLimit();

    @Mixin
    DeadlockTables tables = new DeadlockTables();

    /**
     * Fewer than two hosts means no traffic and no route: no channel depends on another, and
     * DEADLOCK_FREE would hold vacuously.
     */
    private void requireTwoHosts(Topology t) {
        if (t.hostCount() < 2) {
            throw new InputException("--topology " + topology + ": " + t.hostCount() + " host(s): a deadlock check "
                    + "needs traffic between at least two hosts (with fewer there is no route, and deadlock freedom "
                    + "would hold vacuously)");
        }
    }

    /** Options read only by the check of a network's own tables (--ib-topology, --roce-topology). */
    static final List<String> TABLE_OPTIONS = List.of("--lfts", "--sl2vl", "--sl", "--next-hops", "--roce-rule", "--sonic",
            "--dscp", "--max-lanes", "--skip-lanes", "--exact-seconds", "--failures", "--failure-rule", "--failure-limit",
            "--failure-time", "--seed", "--write-lanes");

    /** Options read only by --export-opensm. */
    static final List<String> EXPORT_OPTIONS = List.of("--rule", "--lmc");

    /** Options read only by the check of a routing function on a generated fabric (--topology). */
    static final List<String> ROUTING_OPTIONS = List.of("--routing", "--lanes", "--tokens", "--fail", "--orientation");

    private static final String TABLES_EXPECTED = "expected with --ib-topology FILE --lfts FILE or --roce-topology SPEC";

    /**
     * Refuses an option the mode does not read (one line, exit 2): {@code --topology ... --failures 3} was
     * accepted and ignored, and its DEADLOCK_FREE read as an answer under three failures.
     */
    private void refuseUnused() {
        picocli.CommandLine.ParseResult p = spec.commandLine().getParseResult();
        if (tables.exportMode()) {
            UnusedOptions.refuse(p, TABLE_OPTIONS, "not used by --export-opensm (it writes tables, checks none)",
                    TABLES_EXPECTED);
            UnusedOptions.refuse(p, ROUTING_OPTIONS, "not used by --export-opensm (its routes are --rule's)",
                    "expected without --export-opensm");
        } else if (tables.tablesMode()) {
            UnusedOptions.refuse(p, EXPORT_OPTIONS, "not used by a check of a network's tables", "expected with "
                    + "--topology SPEC --export-opensm DIR");
            UnusedOptions.refuse(p, ROUTING_OPTIONS, "not used by a check of a network's tables (the routes are the "
                    + "tables')", "expected with --topology SPEC");
            if (tables.failures == 0) {
                UnusedOptions.refuse(p, List.of("--failure-rule", "--failure-limit", "--failure-time", "--seed"),
                        "not used by a check with --failures 0 (no failure is analysed)", "expected with --failures 1 or more");
            } else if (tables.failures == 1) {
                UnusedOptions.refuse(p, List.of("--seed"), "not used by single-link failures (they are taken in link "
                        + "order, not drawn)", "expected with --failures 2 or more (it seeds the sample of sets)");
            }
            if (tables.ibTopology != null) {
                UnusedOptions.refuse(p, List.of("--roce-rule", "--next-hops", "--sonic", "--dscp"), "not used by "
                        + "--ib-topology (the routes are --lfts', the lanes --sl2vl's)", "expected with --roce-topology SPEC");
            }
            if (tables.skipLanes) {
                UnusedOptions.refuse(p, List.of("--max-lanes", "--exact-seconds", "--write-lanes"), "not used by a "
                        + "check with --skip-lanes (no lane assignment is computed)", "expected without --skip-lanes");
            }
        } else {
            UnusedOptions.refuse(p, TABLE_OPTIONS, "not used by --topology's check of a routing function (it fails "
                    + "the links named by --fail A-B)", TABLES_EXPECTED);
            UnusedOptions.refuse(p, EXPORT_OPTIONS, "not used by --topology's check of a routing function", "expected "
                    + "with --export-opensm DIR");
        }
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        refuseUnused();
        if (tables.exportMode()) {
            if (topology == null || tables.tablesMode()) {
                throw new org.rdmacheck.model.InputException("--export-opensm DIR: expected --topology SPEC (a generated fabric)");
            }
            return tables.export(topology, out);
        }
        if (tables.tablesMode()) {
            if (topology != null) {
                throw new org.rdmacheck.model.InputException("--topology and --ib-topology/--roce-topology: expected one");
            }
            return tables.run(out, spec.commandLine().getErr(), traces, json, limit);
        }
        if (topology == null) {
            throw new org.rdmacheck.model.InputException("deadlock: expected --topology SPEC, --ib-topology FILE --lfts FILE,"
                    + " or --roce-topology SPEC");
        }
        DeadlockQuery q = new DeadlockQuery(topology, routing, lanes, tokens, fail, Orientation.parse(orientation));
        q.routingFunction();
        Path root = traces.folder().orElse(null);
        PrintWriter err = spec.commandLine().getErr();
        RunClock clock = limit.start("deadlock " + topology + " " + routing, err);
        AtomicReference<String> phase = new AtomicReference<>("building the topology");
        AtomicReference<Topology> built = new AtomicReference<>();
        DeadlockVerdict v;
        java.util.Optional<EarlyStop> stop = java.util.Optional.empty();
        try {
            v = Watched.run(clock, phase::get, () -> {
                built.set(TopologySpecs.parse(topology));
                requireTwoHosts(built.get());
                return DeadlockChecker.check(q.fabric(built.get()), q.routingFunction(), phase::set);
            });
        } catch (Watched.LimitReached e) {
            v = new DeadlockVerdict(DeadlockVerdict.Outcome.INCONCLUSIVE, "not decided", List.of(),
                    e.getMessage() + " during: " + phase.get(), new DeadlockVerdict.Stats(0, 0, 0, 0,
                    clock.elapsedMillis()));
            stop = java.util.Optional.of(new EarlyStop(org.rdmacheck.checker.CheckResult.InconclusiveReason.TIME_LIMIT,
                    v.detail()));
        }
        String file = null;
        if (v.outcome() == DeadlockVerdict.Outcome.CYCLE && root != null) {
            try {
                file = ExplorerOptions.display(Counterexamples.write(root, CycleCounterexamples.of(q, v)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        PrintWriter pw = spec.commandLine().getOut();
        Topology topo = built.get();
        pw.println(json ? json(q, topo, v, file, stop) : text(topo == null ? topology : topo.toString(), v, file));
        pw.flush();
        return exitCode(v);
    }

    static int exitCode(DeadlockVerdict v) {
        return switch (v.outcome()) {
            case DEADLOCK_FREE -> ExitCodes.OK;
            case INCONCLUSIVE -> ExitCodes.INCONCLUSIVE;
            default -> ExitCodes.VIOLATED;
        };
    }

    /**
     * The condition a verdict rests on, worded by whether it holds: "Dally-Seitz: channel dependency
     * graph acyclic" when it does, "Dally-Seitz fails: channel dependency graph acyclic does not hold"
     * for a cycle or an unconnected escape lane, "undecided" when the check could not tell.
     */
    static String condition(DeadlockVerdict v) {
        String c = v.condition();
        int colon = c.indexOf(": ");
        return switch (v.outcome()) {
            case DEADLOCK_FREE -> c;
            case INCONCLUSIVE -> "undecided: " + c;
            default -> colon < 0 ? "fails: " + c
                    : c.substring(0, colon) + " fails: " + c.substring(colon + 2) + " does not hold";
        };
    }

    private static String text(String topo, DeadlockVerdict v, String file) {
        StringBuilder sb = new StringBuilder();
        sb.append(topo).append('\n');
        sb.append(v.outcome()).append(": ").append(condition(v)).append('\n');
        sb.append(v.detail()).append('\n');
        for (int i = 0; i < v.cycle().size(); i++) {
            Dependency d = v.cycle().get(i);
            sb.append(String.format("  %d. %s waits for %s (%s, packet to %s)%n", i + 1, d.from(), d.to(), d.move(),
                    d.destination()));
            StringBuilder r = new StringBuilder("     route:");
            for (Hop h : d.route()) {
                r.append(' ').append(h.arc()).append("@VL").append(h.lane()).append('[').append(h.move()).append(']');
            }
            sb.append(r).append('\n');
        }
        if (!v.knot().isEmpty()) {
            sb.append("a deadlock configuration (cut-through): ").append(v.knot().size())
                    .append(" full channels, each head packet with every option full\n");
            for (org.rdmacheck.checker.cdg.KnotSearch.Blocked b : v.knot()) {
                sb.append(String.format("  %s holds a packet to %s (%d token%s left), options %s%n", b.channel(),
                        b.destination(), b.tokens(), b.tokens() == 1 ? "" : "s", String.join(" ", b.options())));
            }
        }
        DeadlockVerdict.Stats s = v.stats();
        sb.append(String.format("channels %,d, vertices visited %,d, edges %,d, bounce dependencies %d, %d ms",
                s.channels(), s.verticesVisited(), s.edgesVisited(), s.extraDependencies(), s.wallMillis()));
        if (file != null) {
            sb.append("\ncounterexample: ").append(file);
        }
        return sb.toString();
    }

    /**
     * The JSON {@code partition} of both modes (a generated fabric, a network's own tables): null, or
     * the islands, the unreachable host pairs and up to ten of them.
     */
    static void putPartition(ObjectNode o, java.util.Optional<Partition> partition) {
        if (partition.isEmpty()) {
            o.putNull("partition");
            return;
        }
        ObjectNode part = o.putObject("partition");
        part.put("islands", partition.get().components());
        part.put("unreachablePairs", partition.get().unreachable());
        ArrayNode ex = part.putArray("examples");
        for (List<String> pair : partition.get().examples()) {
            ex.addArray().add(pair.get(0)).add(pair.get(1));
        }
    }

    private static String json(DeadlockQuery q, Topology topo, DeadlockVerdict v, String file,
                               java.util.Optional<EarlyStop> stop) {
        ObjectNode o = TraceJson.MAPPER.createObjectNode();
        ObjectNode p = o.putObject("parameters");
        // the counts as numbers (lanes, tokens), the names and lists as text
        q.parameters().forEach((k, value) -> JsonValues.parameter(p, k,
                org.rdmacheck.checker.cdg.DeadlockQuery.INTEGER_PARAMETERS.contains(k), value));
        if (topo != null) {
            o.put("nodes", topo.nodeCount());
            o.put("links", topo.linkCount());
        } else {
            o.putNull("nodes");
            o.putNull("links");
        }
        o.put("verdict", v.outcome().name());
        // a limit that stopped the check (the checker's own INCONCLUSIVE, a fabric too large to decide, is not one)
        EarlyStop.put(o, stop);
        o.put("condition", v.condition());
        o.put("detail", v.detail());
        ArrayNode cyc = o.putArray("cycle");
        for (Dependency d : v.cycle()) {
            cyc.add(TraceJson.MAPPER.valueToTree(d));
        }
        ArrayNode knot = o.putArray("knot");
        for (org.rdmacheck.checker.cdg.KnotSearch.Blocked b : v.knot()) {
            knot.add(TraceJson.MAPPER.valueToTree(b));
        }
        putPartition(o, java.util.Optional.ofNullable(v.partition()));
        DeadlockVerdict.Stats s = v.stats();
        ObjectNode st = o.putObject("stats");
        JsonValues.figure(st, "channels", s.channels(), Quantity.Unit.CHANNELS);
        JsonValues.figure(st, "verticesVisited", s.verticesVisited(), Quantity.Unit.CHANNELS);
        JsonValues.figure(st, "edgesVisited", s.edgesVisited(), Quantity.Unit.DEPENDENCIES);
        JsonValues.figure(st, "extraDependencies", s.extraDependencies(), Quantity.Unit.DEPENDENCIES);
        JsonValues.figure(st, "wallMillis", s.wallMillis(), Quantity.Unit.MILLISECONDS);
        o.put("counterexample", file);
        try {
            return TraceJson.MAPPER.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
