package org.rdmacheck.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.ModelEntry;

/**
 * Scope frontiers: grows a model's configuration dimension by dimension (each dimension an ordered
 * list of values, each value a set of parameter assignments), checks every property at each
 * configuration in order of estimated state count, and stops at the first unexpected verdict. A
 * configuration is checked only once every configuration one step below it (in any dimension) was
 * decided as expected, so the configurations decided form a down-closed set; its maximal elements
 * are the frontier.
 *
 * <p>The estimate of a configuration not yet checked: the largest state count of the checked
 * configurations one step below it, times the growth factor of that step's dimension, the largest
 * ratio seen so far for a step in that dimension (3 before one was seen). Several dimensions grow
 * together through the order of the estimates, not through a fixed order of dimensions.
 */
public final class Scope {

    private Scope() {
    }

    /**
     * One dimension: a name and its values in growing order.
     *
     * @param name     the dimension (a parameter name, or {@code shape} for workloads)
     * @param values   each value's label and its parameter assignments
     * @param rangeTop whether the last value is the largest the parameter takes (an integer parameter's
     *                 maximum, the last of a model's networks): growth that reaches it stops at the range,
     *                 not at a limit of the proof
     */
    public record Dimension(String name, List<Value> values, boolean rangeTop) {
        /** Copies the values; a dimension needs at least one. */
        public Dimension {
            values = List.copyOf(values);
            if (values.isEmpty()) {
                throw new IllegalArgumentException("dimension " + name + " has no values");
            }
        }

        /** A dimension whose last value is not the end of its parameter's range. */
        public Dimension(String name, List<Value> values) {
            this(name, values, false);
        }

        /**
         * @param param  an integer parameter
         * @param values its values in growing order
         * @return the dimension
         */
        public static Dimension of(String param, List<Integer> values) {
            return of(param, values, false);
        }

        /**
         * @param param    an integer parameter
         * @param values   its values in growing order
         * @param rangeTop whether the last value is the parameter's largest
         * @return the dimension
         */
        public static Dimension of(String param, List<Integer> values, boolean rangeTop) {
            return new Dimension(param, values.stream().map(v -> new Value(String.valueOf(v), Map.of(param,
                    String.valueOf(v)))).toList(), rangeTop);
        }
    }

    /** Why the growth of one dimension ended where it did. */
    public enum DimensionStop {
        /** the frontier reached the dimension's last value, the largest its parameter takes: the range's top */
        RANGE_LIMIT,
        /** the frontier reached the dimension's last value, the last the grid asked for (--steps, the shapes named) */
        STEPS,
        /** the search stopped at an unexpected verdict before the dimension's last value */
        UNEXPECTED,
        /** a limit (time, heap, states) stopped the search before the dimension's last value */
        LIMIT
    }

    /**
     * One value of a dimension.
     *
     * @param label       how it is shown
     * @param assignments the parameters it sets
     */
    public record Value(String label, Map<String, String> assignments) {
        /** Copies the assignments. */
        public Value {
            assignments = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(assignments));
        }
    }

    /** How a configuration was decided. */
    public enum Outcome {
        /** every property had its expected verdict */
        AS_EXPECTED,
        /** a property that must hold was violated (or the check failed) */
        UNEXPECTED,
        /** a limit was reached first */
        INCONCLUSIVE
    }

    /**
     * One checked configuration.
     *
     * @param index      its value index per dimension
     * @param labels     its value label per dimension
     * @param parameters every parameter set over the variant's defaults
     * @param outcome    how it was decided
     * @param states     distinct states (largest exploration of the check)
     * @param millis     wall time
     * @param property   the property with the unexpected or inconclusive verdict, if any
     * @param file       its counterexample file, if one was written
     * @param detail     one line
     * @param cause      for an INCONCLUSIVE configuration, the limit that left it open
     */
    public record Point(List<Integer> index, List<String> labels, Map<String, String> parameters, Outcome outcome,
                        long states, long millis, Optional<String> property, Optional<String> file, String detail,
                        Optional<org.rdmacheck.checker.CheckResult.InconclusiveReason> cause) {
        /** Copies the lists. */
        public Point {
            index = List.copyOf(index);
            labels = List.copyOf(labels);
            parameters = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        }

        /** A configuration decided (or unexpected): no cause. */
        public Point(List<Integer> index, List<String> labels, Map<String, String> parameters, Outcome outcome,
                     long states, long millis, Optional<String> property, Optional<String> file, String detail) {
            this(index, labels, parameters, outcome, states, millis, property, file, detail, Optional.empty());
        }
    }

    /**
     * The result of a scope run.
     *
     * @param model      the model
     * @param variant    the variant
     * @param dimensions the dimensions grown
     * @param points     every configuration checked, in the order checked
     * @param frontier   the maximal configurations decided as expected
     * @param complete   whether every configuration of the grid was decided as expected
     * @param fixed      the parameters no dimension sets, as every configuration has them (the variant's
     *                   defaults with {@code --param} applied)
     */
    public record Report(String model, String variant, List<Dimension> dimensions, List<Point> points,
                         List<Point> frontier, boolean complete, Map<String, String> fixed) {
        /** Copies the fixed parameters. */
        public Report {
            fixed = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fixed));
        }

        /**
         * @param d a dimension's index
         * @return why its growth ended: at its last value (the parameter's range or the grid's steps), or
         *         before it (an unexpected verdict, a limit)
         */
        public DimensionStop stoppedBy(int d) {
            int last = dimensions.get(d).values().size() - 1;
            boolean reached = points.stream()
                    .anyMatch(p -> p.outcome() == Outcome.AS_EXPECTED && p.index().get(d) == last);
            if (reached) {
                return dimensions.get(d).rangeTop() ? DimensionStop.RANGE_LIMIT : DimensionStop.STEPS;
            }
            return unexpected().isPresent() ? DimensionStop.UNEXPECTED : DimensionStop.LIMIT;
        }

        /** @return the configuration with an unexpected verdict, if the run stopped at one */
        public Optional<Point> unexpected() {
            return points.stream().filter(p -> p.outcome() == Outcome.UNEXPECTED).findFirst();
        }

        /** @return the configuration the time limit left undecided, if any */
        public Optional<Point> inconclusive() {
            return points.stream().filter(p -> p.outcome() == Outcome.INCONCLUSIVE).findFirst();
        }
    }

    /**
     * Runs a scope search.
     *
     * @param entry      the model
     * @param variant    its variant
     * @param base       parameters fixed over the variant's defaults
     * @param dimensions the dimensions to grow
     * @param settings   explorer settings; their time limit covers the whole search
     * @param outDir     counterexample folder, or null
     * @param progress   receives a line per configuration
     * @return the report
     */
    public static Report run(ModelEntry entry, String variant, Map<String, String> base, List<Dimension> dimensions,
                             ExplorerSettings settings, Path outDir, Consumer<String> progress) {
        return run(entry, variant, base, dimensions, java.util.Set.of(), settings, outDir, progress);
    }

    /**
     * Runs a scope search over some of the properties.
     *
     * @param entry      the model
     * @param variant    its variant
     * @param base       parameters fixed over the variant's defaults
     * @param dimensions the dimensions to grow
     * @param properties the properties to check (safety, progress or liveness), empty for all
     * @param settings   explorer settings; their time limit covers the whole search
     * @param outDir     counterexample folder, or null
     * @param progress   receives a line per configuration
     * @return the report
     */
    public static Report run(ModelEntry entry, String variant, Map<String, String> base, List<Dimension> dimensions,
                             java.util.Set<String> properties, ExplorerSettings settings, Path outDir,
                             Consumer<String> progress) {
        long start = System.currentTimeMillis();
        int n = dimensions.size();
        Map<List<Integer>, Point> done = new LinkedHashMap<>();
        double[] growth = new double[n];
        Arrays.fill(growth, 3.0);
        boolean[] observed = new boolean[n];
        List<List<Integer>> candidates = new ArrayList<>();
        candidates.add(java.util.Collections.nCopies(n, 0));
        while (!candidates.isEmpty()) {
            List<Integer> next = cheapest(candidates, done, growth);
            candidates.remove(next);
            long left = settings.maxMillis() - (System.currentTimeMillis() - start);
            Map<String, String> params = parameters(base, dimensions, next);
            List<String> labels = labels(dimensions, next);
            if (left <= 0) {
                done.put(next, new Point(next, labels, params, Outcome.INCONCLUSIVE, 0, 0, Optional.empty(),
                        Optional.empty(), "not run: the time limit had passed",
                        Optional.of(org.rdmacheck.checker.CheckResult.InconclusiveReason.TIME_LIMIT)));
                break;
            }
            progress.accept("scope " + entry.name() + " " + variant + " " + describe(dimensions, next) + " ...");
            Point p = check(entry, variant, next, labels, params, properties, settings.withMaxMillis(left), outDir);
            done.put(next, p);
            progress.accept("scope " + entry.name() + " " + variant + " " + describe(dimensions, next) + ": "
                    + p.outcome() + String.format(java.util.Locale.ROOT, ", %,d states, %.1fs", p.states(),
                    p.millis() / 1000.0) + (p.outcome() == Outcome.AS_EXPECTED ? "" : " (" + p.detail() + ")"));
            if (p.outcome() != Outcome.AS_EXPECTED) {
                break;
            }
            learn(next, p, done, growth, observed);
            for (int d = 0; d < n; d++) {
                if (next.get(d) + 1 < dimensions.get(d).values().size()) {
                    List<Integer> up = new ArrayList<>(next);
                    up.set(d, next.get(d) + 1);
                    if (!done.containsKey(up) && !candidates.contains(up) && belowDecided(up, done)) {
                        candidates.add(up);
                    }
                }
            }
        }
        List<Point> points = new ArrayList<>(done.values());
        List<Point> ok = points.stream().filter(p -> p.outcome() == Outcome.AS_EXPECTED).toList();
        List<Point> frontier = ok.stream().filter(p -> ok.stream().noneMatch(q -> q != p && dominates(q, p))).toList();
        long grid = dimensions.stream().mapToLong(d -> d.values().size()).reduce(1, (a, b) -> a * b);
        return new Report(entry.name(), variant, dimensions, points, frontier, ok.size() == grid,
                fixed(entry, variant, base, dimensions));
    }

    /** @return the variant's defaults with {@code base} applied, less the parameters a dimension sets */
    static Map<String, String> fixed(ModelEntry entry, String variant, Map<String, String> base,
                                     List<Dimension> dimensions) {
        Map<String, String> m = new java.util.TreeMap<>(entry.defaults(variant));
        m.putAll(base);
        for (Dimension d : dimensions) {
            d.values().forEach(v -> v.assignments().keySet().forEach(m::remove));
        }
        return m;
    }

    private static Point check(ModelEntry entry, String variant, List<Integer> index, List<String> labels,
                               Map<String, String> params, java.util.Set<String> properties, ExplorerSettings settings,
                               Path outDir) {
        long t0 = System.currentTimeMillis();
        try {
            CheckSpec<?> built = entry.build(variant, Params.of(params));
            org.rdmacheck.properties.liveness.LivenessSpec<?> live = entry.liveness(built).orElse(null);
            CheckSpec<?> spec = properties.isEmpty() ? built : built.selecting(p -> properties.contains(p.name()));
            if (live != null && !properties.isEmpty()) {
                live = live.selecting(p -> properties.contains(p.name()));
            }
            List<Finding> rows = ModelChecks.run(spec, live, settings, outDir);
            long states = rows.stream().mapToLong(r -> r.quantity("distinctStates").map(q -> (long) q.value())
                    .orElse(0L)).max().orElse(0);
            long ms = System.currentTimeMillis() - t0;
            // a must-fail property of a broken variant is not asked about: the scope is of what must hold
            for (Finding r : rows) {
                if (r.expected() == Finding.Expectation.HOLDS && r.outcome() == Finding.Outcome.UNEXPECTED) {
                    return new Point(index, labels, params, Outcome.UNEXPECTED, states, ms, Optional.of(r.property()),
                            r.counterexampleFile(), r.property() + " " + r.verdict()
                            + r.counterexample().map(t -> ", " + t.trace().length()
                                    + (t.trace().length() == 1 ? " step" : " steps")).orElse(""));
                }
            }
            for (Finding r : rows) {
                if (r.outcome() == Finding.Outcome.INCONCLUSIVE) {
                    return new Point(index, labels, params, Outcome.INCONCLUSIVE, states, ms, Optional.of(r.property()),
                            Optional.empty(), r.detail(), r.cause());
                }
            }
            // a property held only vacuously (declared so: as expected) is named, so no frontier reads as its proof
            List<String> vacuous = rows.stream().filter(r -> r.cause().equals(Optional.of(
                    org.rdmacheck.checker.CheckResult.InconclusiveReason.VACUOUS))).map(Finding::property).toList();
            return new Point(index, labels, params, Outcome.AS_EXPECTED, states, ms, Optional.empty(), Optional.empty(),
                    rows.size() + (rows.size() == 1 ? " property" : " properties") + " as expected"
                    + (vacuous.isEmpty() ? "" : " (" + vacuous.size() + " only vacuously: " + String.join(", ", vacuous)
                    + ")"));
        } catch (org.rdmacheck.model.InputException e) {
            throw e;
        } catch (RuntimeException e) {
            return new Point(index, labels, params, Outcome.UNEXPECTED, 0, System.currentTimeMillis() - t0,
                    Optional.empty(), Optional.empty(), e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    /** The candidate with the least estimated state count (ties: the first found). */
    private static List<Integer> cheapest(List<List<Integer>> candidates, Map<List<Integer>, Point> done,
                                          double[] growth) {
        List<Integer> best = candidates.get(0);
        double bestEstimate = Double.MAX_VALUE;
        for (List<Integer> c : candidates) {
            double e = estimate(c, done, growth);
            if (e < bestEstimate) {
                best = c;
                bestEstimate = e;
            }
        }
        return best;
    }

    /**
     * @return the estimated state count: for each checked configuration one step below, its states
     *         times that dimension's growth factor; the largest of these (1 at the origin)
     */
    static double estimate(List<Integer> c, Map<List<Integer>, Point> done, double[] growth) {
        double e = 1;
        for (int d = 0; d < c.size(); d++) {
            if (c.get(d) > 0) {
                List<Integer> below = new ArrayList<>(c);
                below.set(d, c.get(d) - 1);
                Point p = done.get(below);
                if (p != null) {
                    e = Math.max(e, Math.max(1, p.states()) * growth[d]);
                }
            }
        }
        return e;
    }

    /** Updates the growth factors with the steps that lead to a newly checked configuration. */
    private static void learn(List<Integer> c, Point p, Map<List<Integer>, Point> done, double[] growth,
                              boolean[] observed) {
        for (int d = 0; d < c.size(); d++) {
            if (c.get(d) > 0) {
                List<Integer> below = new ArrayList<>(c);
                below.set(d, c.get(d) - 1);
                Point q = done.get(below);
                if (q != null && q.states() > 0) {
                    double r = (double) p.states() / q.states();
                    growth[d] = observed[d] ? Math.max(growth[d], r) : r;
                    observed[d] = true;
                }
            }
        }
    }

    private static boolean belowDecided(List<Integer> c, Map<List<Integer>, Point> done) {
        for (int d = 0; d < c.size(); d++) {
            if (c.get(d) > 0) {
                List<Integer> below = new ArrayList<>(c);
                below.set(d, c.get(d) - 1);
                Point p = done.get(below);
                if (p == null || p.outcome() != Outcome.AS_EXPECTED) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean dominates(Point q, Point p) {
        for (int d = 0; d < p.index().size(); d++) {
            if (q.index().get(d) < p.index().get(d)) {
                return false;
            }
        }
        return true;
    }

    static Map<String, String> parameters(Map<String, String> base, List<Dimension> dims, List<Integer> index) {
        Map<String, String> m = new LinkedHashMap<>(base);
        for (int d = 0; d < dims.size(); d++) {
            m.putAll(dims.get(d).values().get(index.get(d)).assignments());
        }
        return m;
    }

    private static List<String> labels(List<Dimension> dims, List<Integer> index) {
        List<String> l = new ArrayList<>();
        for (int d = 0; d < dims.size(); d++) {
            l.add(dims.get(d).values().get(index.get(d)).label());
        }
        return l;
    }

    /** @return {@code packets=3 tokens=2 shape=opposing} */
    static String describe(List<Dimension> dims, List<Integer> index) {
        List<String> parts = new ArrayList<>();
        for (int d = 0; d < dims.size(); d++) {
            parts.add(dims.get(d).name() + "=" + dims.get(d).values().get(index.get(d)).label());
        }
        return String.join(" ", parts);
    }
}
