package org.rdmacheck.checker.cdg.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CancellationException;
import org.rdmacheck.checker.cdg.Cancellation;
import org.rdmacheck.checker.cdg.IntBuffer;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.topology.Topology;

/**
 * Link failures re-routed by a stated rule ({@link RoutingRule}): for each failure (every single
 * switch-to-switch link, or a seeded sample of the sets of exactly k links), the rule's new tables on the
 * surviving links are checked for credit loops, routing loops and black holes, and so is the
 * forwarding while the switches change over: a subnet manager updates switches one at a time, in
 * any order, so a packet may be forwarded by the old entry at one switch and by the new at the next
 * (the hazard Tagger, CoNEXT'18, names): at every switch the old entry's surviving arcs and the new
 * entry's arcs together, whose dependencies include every path of the old tables and of the new
 * and every mix of the two. Old arcs over the failed link are dropped (that link carries nothing). Links to
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
     * @param unionCycle     the forwarding while the switches change over (old or new entry at each
     *                       switch) has a credit loop
     * @param unionLoop      one such loop: its channels in order, each marked by where its
     *                       dependency on the next comes from ({@code old}, {@code new}, {@code both},
     *                       or {@code mixed}: a path old at one switch and new at the next); empty if
     *                       there is none
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
     * @param failures   links failed together: every set analysed has exactly this many (1 or more)
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

        /** @return failure sets whose forwarding while the switches change over has a credit loop */
        public long unionCycles() {
            return outcomes.stream().filter(Outcome::unionCycle).count();
        }
    }

    private FailureAnalysis() {
    }

    /**
     * @param current  the routing state now
     * @param rule     the re-routing rule
     * @param failures links failed together, 1 or more: every set analysed has exactly this many (no
     *                 smaller set is analysed with it)
     * @param limit    the most failure sets to analyse (single failures: the first ones in link
     *                 order beyond it are left out; larger sets: a seeded sample of this size, every
     *                 set when there are no more)
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
        if (failures > links.size()) {
            throw new InputException("--failures " + failures + ": expected at most the " + links.size()
                    + " switch-to-switch links of the fabric (failure sets of exactly " + failures + " links)");
        }
        List<int[]> sets = new ArrayList<>();
        long candidates;
        if (failures == 1) {
            candidates = links.size();
            for (int i = 0; i < links.size() && sets.size() < limit; i++) {
                sets.add(new int[] {links.get(i)});
            }
        } else if (failures == 2) {
            // a seeded sample of pairs (every pair when the limit covers them all, in the sample's order)
            candidates = choose(links.size(), 2);
            Random r = new Random(seed);
            java.util.Set<Long> drawn = new java.util.HashSet<>();
            while (sets.size() < Math.min(limit, candidates)) {
                int a = links.get(r.nextInt(links.size()));
                int b = links.get(r.nextInt(links.size()));
                if (a != b && drawn.add(Math.min(a, b) * 1_000_000_007L + Math.max(a, b))) {
                    sets.add(new int[] {Math.min(a, b), Math.max(a, b)});
                }
            }
        } else {
            // sets of exactly `failures` links: all of them in order when the limit covers them, else a seeded
            // sample (a link drawn twice in a set is drawn again; a set drawn twice is dropped)
            candidates = choose(links.size(), failures);
            if (candidates <= limit) {
                combinations(links, failures, 0, new int[failures], 0, sets);
            } else {
                Random r = new Random(seed);
                java.util.Set<List<Integer>> drawn = new java.util.HashSet<>();
                while (sets.size() < limit) {
                    java.util.TreeSet<Integer> set = new java.util.TreeSet<>();
                    while (set.size() < failures) {
                        set.add(links.get(r.nextInt(links.size())));
                    }
                    if (drawn.add(List.copyOf(set))) {
                        sets.add(set.stream().mapToInt(Integer::intValue).toArray());
                    }
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

    /** Adds every set of k of the links from index {@code from} on, in order, to a prefix of {@code at} elements. */
    private static void combinations(List<Integer> links, int k, int from, int[] prefix, int at, List<int[]> sets) {
        if (at == k) {
            sets.add(prefix.clone());
            return;
        }
        for (int i = from; i <= links.size() - (k - at); i++) {
            prefix[at] = links.get(i);
            combinations(links, k, i + 1, prefix, at + 1, sets);
        }
    }

    /** @return n choose k, saturated at {@link Long#MAX_VALUE} */
    static long choose(int n, int k) {
        java.math.BigInteger c = java.math.BigInteger.ONE;
        for (int i = 0; i < k; i++) {
            c = c.multiply(java.math.BigInteger.valueOf(n - i)).divide(java.math.BigInteger.valueOf(i + 1));
        }
        return c.bitLength() < 63 ? c.longValue() : Long.MAX_VALUE;
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
        // during the update a switch forwards by its old entry (less the failed link) or its new one,
        // and the packet may meet either at every hop (switches are updated one at a time, in any
        // order, and a packet in flight may meet a switch before and the next after its update): the
        // dependencies of that forwarding, not the union of the old paths' and the new paths', hold
        // the transient micro-loops (old at one switch, new at the next)
        Forwarding oldFwd = current.forwarding();
        RoutedFabric during = new RoutedFabric(s, (sw, lid, out) -> either(oldFwd, fwd, failed, sw, lid, out),
                current.lanes(), current.sls());
        RouteDependencies md = RouteDependencies.build(during);
        java.util.Set<Long> oldDeps = new java.util.HashSet<>();
        for (int i = 0; i < old.count(); i++) {
            int a = RoutedFabric.arcOf(old.from(i));
            int b = RoutedFabric.arcOf(old.to(i));
            if (!failed[Topology.linkOf(a)] && !failed[Topology.linkOf(b)]) {
                oldDeps.add(((long) old.from(i) << 32) | old.to(i));
            }
        }
        java.util.Set<Long> newDeps = new java.util.HashSet<>();
        for (int i = 0; i < nd.count(); i++) {
            newDeps.add(((long) nd.from(i) << 32) | nd.to(i));
        }
        int[] f = new int[md.count()];
        int[] h = new int[md.count()];
        for (int i = 0; i < md.count(); i++) {
            f[i] = md.from(i);
            h[i] = md.to(i);
        }
        int[] loop = CreditLoops.firstCycle(current.channelCount(), f, h);
        List<String> unionLoop = new ArrayList<>();
        for (int i : loop) {
            long key = ((long) f[i] << 32) | h[i];
            boolean o = oldDeps.contains(key);
            boolean n = newDeps.contains(key);
            String origin = o && n ? "both" : o ? "old" : n ? "new" : "mixed";
            unionLoop.add(current.channelName(f[i]) + " (" + origin + ")");
        }
        java.util.Optional<org.rdmacheck.checker.cdg.Partition> islands = org.rdmacheck.checker.cdg.Partition.find(t,
                arc -> failed[Topology.linkOf(arc)]);
        return new Outcome(names, newCycle, newLoop, nd.blackHoles(), nd.routingLoops(), loop.length > 0, unionLoop,
                islands.map(org.rdmacheck.checker.cdg.Partition::components).orElse(1),
                islands.map(org.rdmacheck.checker.cdg.Partition::unreachable).orElse(0L));
    }
    /**
     * Forwarding during the update at switch {@code sw}: the old entry's arcs that survive the
     * failure and the new entry's arcs, together; when neither forwards, the new entry's answer.
     */
    private static int either(Forwarding old, Forwarding fresh, boolean[] failed, int sw, int lid, IntBuffer out) {
        IntBuffer o = new IntBuffer();
        int os = old.route(sw, lid, o);
        int start = out.size();
        int ns = fresh.route(sw, lid, out);
        boolean forwards = ns == Forwarding.FORWARD && out.size() > start;
        if (ns != Forwarding.FORWARD) {
            out.truncate(start);
        }
        if (os == Forwarding.FORWARD) {
            for (int i = 0; i < o.size(); i++) {
                int arc = o.get(i);
                if (failed[Topology.linkOf(arc)]) {
                    continue;
                }
                boolean dup = false;
                for (int j = start; j < out.size() && !dup; j++) {
                    dup = out.get(j) == arc;
                }
                if (!dup) {
                    out.add(arc);
                    forwards = true;
                }
            }
        }
        return forwards ? Forwarding.FORWARD : ns;
    }
}
