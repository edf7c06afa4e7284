package org.rdmacheck.checker.cdg.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CancellationException;
import org.rdmacheck.checker.cdg.Cancellation;
import org.rdmacheck.checker.cdg.IntBuffer;
import org.rdmacheck.model.topology.Topology;

/**
 * Link failures re-routed by a stated rule ({@link RoutingRule}): for each failure (every single
 * switch-to-switch link, or a seeded sample of failure sets), the rule's new tables on the
 * surviving links are checked for credit loops, routing loops and black holes, and so is the
 * union of the old routes' and the new routes' dependencies: a subnet manager updates switches
 * one at a time, so old and new routes coexist for a while (the hazard Tagger, CoNEXT'18, names).
 * Old dependencies through the failed link are dropped (that link carries nothing). Links to
 * channel adapters are not failed: losing one only cuts its adapter off. The lanes and SLs of the
 * given state apply to the new routes too.
 */
public final class FailureAnalysis {

    /**
     * One failure's outcome.
     *
     * @param links          the failed links, {@code A[p]-B[q]} each
     * @param newCycle       the new tables have a credit loop
     * @param newLoop        one such loop of the new tables alone: its channels in order; empty if
     *                       there is none
     * @param newBlackHoles  distinct (node, destination) black holes of the new tables
     * @param newRoutingLoops distinct (switch, destination) routing loops of the new tables
     * @param unionCycle     old and new dependencies together have a credit loop
     * @param unionLoop      one such loop: its channels in order, each marked by where its
     *                       dependency on the next comes from ({@code old}, {@code new} or
     *                       {@code both}); empty if there is none
     * @param islands        host islands the failure leaves (1: every host still reaches every
     *                       other; more: the failure partitions the fabric, and the black holes
     *                       between islands are no rule's fault), by the deadlock check's {@code Partition}
     * @param unreachablePairs unordered host pairs in different islands
     */
    public record Outcome(List<String> links, boolean newCycle, List<String> newLoop, long newBlackHoles,
                          long newRoutingLoops, boolean unionCycle, List<String> unionLoop, int islands,
                          long unreachablePairs) {
        /** Copies the lists. */
        public Outcome {
            links = List.copyOf(links);
            newLoop = List.copyOf(newLoop);
            unionLoop = List.copyOf(unionLoop);
        }

        /** @return whether anything went wrong */
        public boolean hazardous() {
            return newCycle || newBlackHoles > 0 || newRoutingLoops > 0 || unionCycle || islands > 1;
        }
    }

    /**
     * The analysis.
     *
     * @param rule       the re-routing rule
     * @param failures   links failed together (1 or 2)
     * @param candidates how many failure sets there are
     * @param outcomes   one per failure set analysed
     * @param stopped    whether a time limit (the deadline or an interrupt) cut the analysis short
     */
    public record Result(RoutingRule rule, int failures, long candidates, List<Outcome> outcomes, boolean stopped) {
        /** Copies the outcomes. */
        public Result {
            outcomes = List.copyOf(outcomes);
        }

        /** @return failure sets whose new tables have a credit loop */
        public long newCycles() {
            return outcomes.stream().filter(Outcome::newCycle).count();
        }

        /** @return failure sets whose new tables have a black hole */
        public long newBlackHoles() {
            return outcomes.stream().filter(o -> o.newBlackHoles() > 0).count();
        }

        /** @return failure sets whose new tables have a routing loop */
        public long newRoutingLoops() {
            return outcomes.stream().filter(o -> o.newRoutingLoops() > 0).count();
        }

        /** @return failure sets that split the hosts into islands */
        public long partitions() {
            return outcomes.stream().filter(o -> o.islands() > 1).count();
        }

        /** @return failure sets whose old and new dependencies together have a credit loop */
        public long unionCycles() {
            return outcomes.stream().filter(Outcome::unionCycle).count();
        }
    }

    private FailureAnalysis() {
    }

    /**
     * @param current  the routing state now
     * @param rule     the re-routing rule
     * @param failures links failed together, 1 or 2
     * @param limit    the most failure sets to analyse (single failures: the first ones in link
     *                 order beyond it are left out; pairs: a seeded sample of this size)
     * @param seed     the sample's seed
     * @param deadline {@link System#nanoTime()} after which to stop
     * @return the analysis
     */
    public static Result run(RoutedFabric current, RoutingRule rule, int failures, int limit, long seed, long deadline) {
        Subnet s = current.subnet();
        Topology t = s.topology();
        List<Integer> links = new ArrayList<>();
        for (int l = 0; l < t.linkCount(); l++) {
            if (s.isSwitch(t.linkA(l)) && s.isSwitch(t.linkB(l))) {
                links.add(l);
            }
        }
        List<int[]> sets = new ArrayList<>();
        long candidates;
        if (failures == 1) {
            candidates = links.size();
            for (int i = 0; i < links.size() && sets.size() < limit; i++) {
                sets.add(new int[] {links.get(i)});
            }
        } else {
            candidates = (long) links.size() * (links.size() - 1) / 2;
            Random r = new Random(seed);
            java.util.Set<Long> drawn = new java.util.HashSet<>();
            while (sets.size() < Math.min(limit, candidates)) {
                int a = links.get(r.nextInt(links.size()));
                int b = links.get(r.nextInt(links.size()));
                if (a != b && drawn.add(Math.min(a, b) * 1_000_000_007L + Math.max(a, b))) {
                    sets.add(new int[] {Math.min(a, b), Math.max(a, b)});
                }
            }
        }
        List<Outcome> outcomes = new ArrayList<>();
        // an interrupt (the caller's time limit) ends the analysis like its own deadline: the failure
        // sets analysed so far are the result, the one under way is dropped
        try {
            RouteDependencies old = RouteDependencies.build(current);
            long longest = 0;
            for (int[] set : sets) {
                long start = System.nanoTime();
                // a set is started only if it can end by the deadline, taking as long as the longest so far
                // (on a large fabric one re-routing takes seconds, more than a time limit's grace)
                if (start + longest - deadline > 0) {
                    return new Result(rule, failures, candidates, outcomes, true);
                }
                Cancellation.check();
                outcomes.add(one(current, old, rule, set));
                longest = Math.max(longest, System.nanoTime() - start);
            }
        } catch (CancellationException interrupted) {
            return new Result(rule, failures, candidates, outcomes, true);
        }
        return new Result(rule, failures, candidates, outcomes, false);
    }

    private static Outcome one(RoutedFabric current, RouteDependencies old, RoutingRule rule, int[] set) {
        Subnet s = current.subnet();
        Topology t = s.topology();
        boolean[] failed = new boolean[t.linkCount()];
        List<String> names = new ArrayList<>();
        for (int l : set) {
            failed[l] = true;
            names.add(s.portName(t.linkA(l), s.port(2 * l)) + "-" + s.portName(t.linkB(l), s.port(2 * l + 1)));
        }
        Forwarding fwd = current.forwarding() instanceof NextHopTables ? rule.ecmp(s, failed) : rule.tables(s, failed);
        RoutedFabric next = new RoutedFabric(s, fwd, current.lanes(), current.sls());
        RouteDependencies nd = RouteDependencies.build(next);
        CreditLoops.Result newLoops = CreditLoops.find(nd, 1);
        boolean newCycle = !newLoops.acyclic();
        List<String> newLoop = newLoops.loops().isEmpty() ? List.of() : newLoops.loops().get(0).stream()
                .map(st -> next.channelName(st.from())).toList();
        IntBuffer from = new IntBuffer();
        IntBuffer to = new IntBuffer();
        for (int i = 0; i < old.count(); i++) {
            int a = RoutedFabric.arcOf(old.from(i));
            int b = RoutedFabric.arcOf(old.to(i));
            if (!failed[Topology.linkOf(a)] && !failed[Topology.linkOf(b)]) {
                from.add(old.from(i));
                to.add(old.to(i));
            }
        }
        int olds = from.size();
        java.util.Set<Long> newDeps = new java.util.HashSet<>();
        for (int i = 0; i < nd.count(); i++) {
            from.add(nd.from(i));
            to.add(nd.to(i));
            newDeps.add(((long) nd.from(i) << 32) | nd.to(i));
        }
        int[] f = from.toArray();
        int[] h = to.toArray();
        int[] loop = CreditLoops.firstCycle(current.channelCount(), f, h);
        java.util.Set<Long> oldDeps = new java.util.HashSet<>();
        for (int i = 0; i < olds; i++) {
            oldDeps.add(((long) f[i] << 32) | h[i]);
        }
        List<String> unionLoop = new ArrayList<>();
        for (int i : loop) {
            long key = ((long) f[i] << 32) | h[i];
            String origin = oldDeps.contains(key) && newDeps.contains(key) ? "both" : oldDeps.contains(key) ? "old" : "new";
            unionLoop.add(current.channelName(f[i]) + " (" + origin + ")");
        }
        java.util.Optional<org.rdmacheck.checker.cdg.Partition> islands = org.rdmacheck.checker.cdg.Partition.find(t,
                arc -> failed[Topology.linkOf(arc)]);
        return new Outcome(names, newCycle, newLoop, nd.blackHoles(), nd.routingLoops(), loop.length > 0, unionLoop,
                islands.map(org.rdmacheck.checker.cdg.Partition::components).orElse(1),
                islands.map(org.rdmacheck.checker.cdg.Partition::unreachable).orElse(0L));
    }
}
