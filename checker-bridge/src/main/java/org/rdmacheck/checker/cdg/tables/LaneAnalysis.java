package org.rdmacheck.checker.cdg.tables;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.chocosolver.solver.Model;
import org.chocosolver.solver.Solver;
import org.chocosolver.solver.variables.IntVar;
import org.rdmacheck.checker.cdg.Cancellation;

/**
 * The fewest lanes the given routes need so that every lane's channel dependency graph is acyclic,
 * with one lane per path for its whole route (as LASH and DFSSSP assign an SL per path; no lane
 * change along a route, dateline style, is considered). The problem is NP-hard in general, so
 * three figures: a first-fit layering in the manner of LASH (paths with the most cycle-relevant
 * dependencies first; each goes to the lowest lane that stays acyclic with it), a lower bound
 * (1 if the one-lane graph is acyclic, else 2), and, for small instances, the exact least number
 * from a Choco model: a lane per path group and, per lane, a topological order of the channels
 * that every dependency of the group's paths on that lane must respect.
 */
public final class LaneAnalysis {

    /**
     * The exact answer's status.
     */
    public enum ExactStatus {
        /** the least number was proven */
        PROVEN,
        /** the instance is larger than the exact model is built for */
        TOO_LARGE,
        /** the solver's time limit was reached */
        TIME_LIMIT
    }

    /**
     * The outcome.
     *
     * @param heuristic   the layering's lane count
     * @param lowerBound  a lower bound
     * @param exact       the least number, when proven
     * @param exactStatus why {@code exact} is or is not there
     * @param maxLanes    the hardware budget
     * @param paths       paths considered
     * @param groups      groups of paths with cycle-relevant dependencies
     * @param dependencies cycle-relevant dependencies
     * @param assignment  the layering's lane for every path: {source port, destination LID, lane}
     *                    for paths off lane 0 (all others are on lane 0)
     */
    public record Result(int heuristic, int lowerBound, Optional<Integer> exact, ExactStatus exactStatus, int maxLanes,
                         long paths, int groups, int dependencies, List<int[]> assignment) {
        /** Copies the assignment. */
        public Result {
            assignment = List.copyOf(assignment);
        }

        /** @return the best known count: the exact one if proven, else the heuristic's */
        public int best() {
            return exact.orElse(heuristic);
        }

        /** @return whether the best known count fits the budget */
        public boolean fits() {
            return best() <= maxLanes;
        }
    }

    /** Exact models are built up to this many path groups ... */
    public static final int EXACT_MAX_GROUPS = 3000;
    /** ... and this many cycle-relevant dependencies. */
    public static final int EXACT_MAX_DEPENDENCIES = 5000;

    private LaneAnalysis() {
    }

    /**
     * @param deps        the reduced per-path dependencies
     * @param maxLanes    the budget
     * @param exactMillis the solver's time limit per lane count
     * @return the analysis
     */
    public static Result analyse(PathDependencies deps, int maxLanes, long exactMillis) {
        List<PathDependencies.Group> groups = deps.groups();
        if (groups.isEmpty()) {
            return new Result(1, 1, Optional.of(1), ExactStatus.PROVEN, maxLanes, deps.paths(), 0, deps.count(), List.of());
        }
        int[] lane = layering(deps);
        int heuristic = Arrays.stream(lane).max().orElse(0) + 1;
        List<int[]> assignment = new ArrayList<>();
        for (int g = 0; g < groups.size(); g++) {
            if (lane[g] > 0) {
                PathDependencies.Group gr = groups.get(g);
                for (int i = 0; i < gr.sources().length; i++) {
                    assignment.add(new int[] {gr.sources()[i], gr.lids()[i], lane[g]});
                }
            }
        }
        int lower = 2;
        if (groups.size() > EXACT_MAX_GROUPS || deps.count() > EXACT_MAX_DEPENDENCIES) {
            return new Result(heuristic, lower, Optional.empty(), ExactStatus.TOO_LARGE, maxLanes, deps.paths(),
                    groups.size(), deps.count(), assignment);
        }
        for (int l = lower; l < heuristic; l++) {
            Boolean feasible = feasible(deps, l, exactMillis);
            if (feasible == null) {
                return new Result(heuristic, l, Optional.empty(), ExactStatus.TIME_LIMIT, maxLanes, deps.paths(),
                        groups.size(), deps.count(), assignment);
            }
            if (feasible) {
                return new Result(heuristic, l, Optional.of(l), ExactStatus.PROVEN, maxLanes, deps.paths(),
                        groups.size(), deps.count(), assignment);
            }
        }
        return new Result(heuristic, heuristic, Optional.of(heuristic), ExactStatus.PROVEN, maxLanes, deps.paths(),
                groups.size(), deps.count(), assignment);
    }

    /** First fit, groups in the order given (most dependencies first). */
    static int[] layering(PathDependencies deps) {
        List<PathDependencies.Group> groups = deps.groups();
        int[] from = deps.from();
        int[] to = deps.to();
        int channels = 0;
        for (int i = 0; i < from.length; i++) {
            channels = Math.max(channels, Math.max(from[i], to[i]) + 1);
        }
        List<int[]> useCount = new ArrayList<>();
        int[] lane = new int[groups.size()];
        int[][] adjStart = adjacency(channels, from);
        for (int g = 0; g < groups.size(); g++) {
            Cancellation.check();
            int[] set = groups.get(g).deps();
            for (int l = 0; ; l++) {
                if (l > groups.size()) {
                    throw new IllegalStateException("group " + g + " fits no lane: its own dependencies are cyclic");
                }
                if (l == useCount.size()) {
                    useCount.add(new int[from.length]);
                }
                int[] use = useCount.get(l);
                for (int d : set) {
                    use[d]++;
                }
                if (acyclicThrough(set, use, from, to, adjStart, channels)) {
                    lane[g] = l;
                    break;
                }
                for (int d : set) {
                    use[d]--;
                }
            }
        }
        return lane;
    }

    /** {start offsets, dependency ids by tail}. */
    private static int[][] adjacency(int channels, int[] from) {
        int[] start = new int[channels + 1];
        for (int f : from) {
            start[f + 1]++;
        }
        for (int i = 0; i < channels; i++) {
            start[i + 1] += start[i];
        }
        int[] fill = Arrays.copyOf(start, channels);
        int[] ids = new int[from.length];
        for (int i = 0; i < from.length; i++) {
            ids[fill[from[i]]++] = i;
        }
        return new int[][] {start, ids};
    }

    /** Whether no cycle of the active dependencies passes through one of {@code set}. */
    private static boolean acyclicThrough(int[] set, int[] use, int[] from, int[] to, int[][] adj, int channels) {
        int[] start = adj[0];
        int[] ids = adj[1];
        boolean[] reached = new boolean[channels];
        int[] stack = new int[channels];
        for (int d : set) {
            // a cycle through d = a path from to[d] back to from[d]
            Arrays.fill(reached, false);
            int sp = 0;
            stack[sp++] = to[d];
            reached[to[d]] = true;
            while (sp > 0) {
                int c = stack[--sp];
                if (c == from[d]) {
                    return false;
                }
                for (int k = start[c]; k < start[c + 1]; k++) {
                    int e = ids[k];
                    if (use[e] > 0 && !reached[to[e]]) {
                        reached[to[e]] = true;
                        stack[sp++] = to[e];
                    }
                }
            }
        }
        return true;
    }

    /** @return whether {@code lanes} lanes suffice; null if the time limit was reached */
    static Boolean feasible(PathDependencies deps, int lanes, long millis) {
        List<PathDependencies.Group> groups = deps.groups();
        // channels renumbered densely: only those on a cycle-relevant dependency get an order variable
        java.util.Map<Integer, Integer> dense = new java.util.HashMap<>();
        int[] from = Arrays.stream(deps.from()).map(c -> dense.computeIfAbsent(c, x -> dense.size())).toArray();
        int[] to = Arrays.stream(deps.to()).map(c -> dense.computeIfAbsent(c, x -> dense.size())).toArray();
        int channels = dense.size();
        Model m = new Model("lanes-" + lanes);
        IntVar[] lane = m.intVarArray("lane", groups.size(), 0, lanes - 1);
        IntVar[][] order = new IntVar[lanes][channels];
        for (int l = 0; l < lanes; l++) {
            for (int c = 0; c < channels; c++) {
                order[l][c] = m.intVar("o" + l + "_" + c, 0, channels - 1);
            }
        }
        m.arithm(lane[0], "=", 0).post();
        for (int g = 0; g < groups.size(); g++) {
            for (int d : groups.get(g).deps()) {
                for (int l = 0; l < lanes; l++) {
                    m.ifThen(m.arithm(lane[g], "=", l), m.arithm(order[l][from[d]], "<", order[l][to[d]]));
                }
            }
        }
        Solver s = m.getSolver();
        IntVar[] orders = Arrays.stream(order).flatMap(Arrays::stream).toArray(IntVar[]::new);
        s.setSearch(org.chocosolver.solver.search.strategy.Search.inputOrderLBSearch(lane),
                org.chocosolver.solver.search.strategy.Search.minDomLBSearch(orders));
        s.limitTime(millis);
        boolean found = s.solve();
        if (found) {
            return true;
        }
        return s.isStopCriterionMet() ? null : false;
    }
}
