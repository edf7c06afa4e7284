package org.rdmacheck.checker.cdg.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.rdmacheck.checker.cdg.DeadlockVerdict;
import org.rdmacheck.checker.cdg.Partition;

/**
 * The check of a network's own routing state: credit loops of the VL-aware channel dependency
 * graph of the actual routes (Dally and Seitz: deadlock-free iff acyclic, for routes that do not
 * change), routing loops and black holes apart, the fewest lanes the routes need, and link
 * failures re-routed by stated rules.
 */
public final class TableCheck {

    private TableCheck() {
    }

    /**
     * What to compute beyond the loops.
     *
     * @param loops         the most credit loops to extract (one per cyclic component)
     * @param lanes         whether to compute the fewest lanes
     * @param maxLanes      the lane budget
     * @param maxLanePaths  the most paths the lane analysis traces
     * @param exactMillis   the exact solver's time per lane count
     * @param failures      links failed together: 0 (no failure analysis), 1 or 2
     * @param rules         the re-routing rules
     * @param failureLimit  the most failure sets per rule
     * @param seed          the sample's seed (two failures)
     * @param deadline      {@link System#nanoTime()} after which the failure analysis stops
     */
    public record Options(int loops, boolean lanes, int maxLanes, long maxLanePaths, long exactMillis, int failures,
                          List<RoutingRule> rules, int failureLimit, long seed, long deadline) {
        /** Copies the rules. */
        public Options {
            rules = List.copyOf(rules);
        }
    }

    /**
     * One dependency of a credit loop as the reader sees it.
     *
     * @param channel     the channel held, {@code A[p]->B[q] VLn}
     * @param requests    the channel requested
     * @param source      a source port whose route creates the dependency, {@code node[port]}
     * @param destination that route's destination LID
     * @param sl          its SL
     * @param route       its channels from source to destination
     */
    public record LoopStep(String channel, String requests, String source, int destination, int sl, List<String> route) {
        /** Copies the route. */
        public LoopStep {
            route = List.copyOf(route);
        }
    }

    /**
     * A routing loop or black hole as the reader sees it.
     *
     * @param kind        which
     * @param cause       why
     * @param at          the node where it shows
     * @param destination the destination LID
     * @param source      a source port whose route shows it
     * @param sl          the path's SL
     * @param route       that route as far as it goes
     */
    public record Problem(RouteProblem.Kind kind, RouteProblem.Cause cause, String at, int destination, String source,
                          int sl, List<String> route) {
        /** Copies the route. */
        public Problem {
            route = List.copyOf(route);
        }
    }

    /**
     * Sizes and time.
     *
     * @param switches      switches
     * @param adapters      channel adapters (hosts)
     * @param links         links
     * @param destinations  destination LIDs
     * @param paths         (source, destination LID) paths walked
     * @param dependencies  distinct channel dependencies
     * @param checkMillis   time of the loop check (dependencies and cycles)
     */
    public record Stats(int switches, int adapters, int links, long destinations, long paths, int dependencies,
                        long checkMillis) {
    }

    /**
     * The report.
     *
     * @param outcome         CYCLE, PARTITIONED (no credit loop, but hosts with no link path between
     *                        them) or DEADLOCK_FREE
     * @param loops           credit loops, one per cyclic component up to the limit
     * @param cyclicComponents cyclic components of the dependency graph
     * @param routingLoops    distinct (switch, destination) routing loops
     * @param blackHoles      distinct (node, destination) black holes
     * @param problems        examples of both
     * @param stats           sizes and time
     * @param lanes           the fewest lanes, if computed
     * @param lanesNote       why they were not, if not
     * @param failures        one analysis per re-routing rule
     * @param partition       the islands when the topology's links leave some hosts unreachable from
     *                        others (the same computation as for a generated fabric with failed links)
     */
    public record Report(DeadlockVerdict.Outcome outcome, List<List<LoopStep>> loops, int cyclicComponents,
                         long routingLoops, long blackHoles, List<Problem> problems, Stats stats,
                         Optional<LaneAnalysis.Result> lanes, String lanesNote, List<FailureAnalysis.Result> failures,
                         Optional<Partition> partition) {
        /** Copies the lists. */
        public Report {
            loops = List.copyOf(loops);
            problems = List.copyOf(problems);
            failures = List.copyOf(failures);
        }

        /** @return whether the routes deliver and have no credit loop */
        public boolean clean() {
            return outcome == DeadlockVerdict.Outcome.DEADLOCK_FREE && routingLoops == 0 && blackHoles == 0;
        }
    }

    /** The steps of a check of a network's routing state, in order. */
    public enum Phase {
        /** reading the topology and the tables (the caller's step, before {@link #check}) */
        READING_FILES,
        /** the channel dependencies of every port's routes */
        CHANNEL_DEPENDENCIES,
        /** the credit loops among them */
        CREDIT_LOOPS,
        /** the fewest lanes the routes need */
        FEWEST_LANES,
        /** whether every host reaches every other */
        HOST_CONNECTIVITY,
        /** link failures re-routed by a rule */
        LINK_FAILURES
    }

    /**
     * A step as it starts.
     *
     * @param phase  which step
     * @param detail what it works on, for people
     */
    public record Progress(Phase phase, String detail) {
    }

    /**
     * @param f      the routing state
     * @param o      what to compute
     * @param phases receives each step as it starts
     * @return the report
     */
    public static Report check(RoutedFabric f, Options o, Consumer<Progress> phases) {
        long t0 = System.nanoTime();
        phases.accept(new Progress(Phase.CHANNEL_DEPENDENCIES, "channel dependencies of "
                + f.subnet().endpoints().size() + " ports' routes"));
        RouteDependencies deps = RouteDependencies.build(f);
        phases.accept(new Progress(Phase.CREDIT_LOOPS, "credit loops among " + deps.count() + " dependencies"));
        CreditLoops.Result cl = CreditLoops.find(deps, o.loops());
        long checkMs = (System.nanoTime() - t0) / 1_000_000;
        List<List<LoopStep>> loops = new ArrayList<>();
        for (List<CreditLoops.Step> loop : cl.loops()) {
            loops.add(describe(f, loop));
        }
        List<Problem> problems = new ArrayList<>();
        for (RouteProblem p : deps.problems()) {
            problems.add(describe(f, p));
        }
        var topo = f.subnet().topology();
        Stats stats = new Stats(topo.nodeCount() - topo.hostCount(), topo.hostCount(), topo.linkCount(),
                deps.destinations(), deps.paths(), deps.count(), checkMs);
        Optional<LaneAnalysis.Result> lanes = Optional.empty();
        String note = "not asked for";
        if (o.lanes()) {
            phases.accept(new Progress(Phase.FEWEST_LANES, "fewest lanes"));
            Optional<PathDependencies> pd = PathDependencies.of(f, o.maxLanePaths(), deps);
            if (pd.isPresent()) {
                lanes = Optional.of(LaneAnalysis.analyse(pd.get(), o.maxLanes(), o.exactMillis()));
                note = "";
            } else {
                note = "more than " + o.maxLanePaths() + " paths: not traced";
            }
        }
        // the theorem (Dally-Seitz) is for a connected routing function, as in the generated-fabric check:
        // with islands the routes that exist are free of credit loops, and traffic between them has none
        phases.accept(new Progress(Phase.HOST_CONNECTIVITY, "host connectivity"));
        Optional<Partition> islands = Partition.find(topo, arc -> false);
        // last, as it is cut by the time limit: an interrupt ends it with the failure sets analysed so far
        // and the verdict above stands
        List<FailureAnalysis.Result> failures = new ArrayList<>();
        if (o.failures() > 0) {
            for (RoutingRule r : o.rules()) {
                phases.accept(new Progress(Phase.LINK_FAILURES, "link failures re-routed by " + r.label()));
                failures.add(FailureAnalysis.run(f, r, o.failures(), o.failureLimit(), o.seed(), o.deadline()));
            }
        }
        DeadlockVerdict.Outcome outcome = !cl.acyclic() ? DeadlockVerdict.Outcome.CYCLE
                : islands.isPresent() ? DeadlockVerdict.Outcome.PARTITIONED : DeadlockVerdict.Outcome.DEADLOCK_FREE;
        return new Report(outcome, loops, cl.components(), deps.routingLoops(), deps.blackHoles(), problems, stats, lanes,
                note, failures, islands);
    }

    static List<LoopStep> describe(RoutedFabric f, List<CreditLoops.Step> loop) {
        List<LoopStep> out = new ArrayList<>();
        for (CreditLoops.Step s : loop) {
            int[] route = RouteTrace.route(f, s.source(), s.destination(), s.sl(), s.from(), s.to()).orElseThrow(
                    () -> new IllegalStateException("no route re-creates " + f.channelName(s.from()) + " -> "
                            + f.channelName(s.to())));
            out.add(new LoopStep(f.channelName(s.from()), f.channelName(s.to()), sourceName(f, s.source()),
                    s.destination(), s.sl(), names(f, route)));
        }
        return out;
    }

    static String sourceName(RoutedFabric f, int endpoint) {
        Subnet.Endpoint e = f.subnet().endpoints().get(endpoint);
        return f.subnet().portName(e.node(), e.port());
    }

    static List<String> names(RoutedFabric f, int[] route) {
        List<String> out = new ArrayList<>();
        for (int c : route) {
            out.add(f.channelName(c));
        }
        return out;
    }

    private static Problem describe(RoutedFabric f, RouteProblem p) {
        return new Problem(p.kind(), p.cause(), f.subnet().topology().nodeName(p.node()), p.dstLid(),
                sourceName(f, p.source()), p.sl(), names(f, RouteTrace.prefix(f, p.source(), p.dstLid(), p.sl())));
    }
}
