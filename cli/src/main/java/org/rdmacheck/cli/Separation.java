package org.rdmacheck.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.rdmacheck.checker.vacuity.Vacuity;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.ModelEntry;

/**
 * Separating configurations: over the same grid as {@link Scope}, in order of estimated state
 * count, the cheapest configuration at which the design keeps one property and a changed setting
 * (a knock-out, {@code escape=off}, another lane rule) violates it. Such a configuration is what
 * shows the setting load-bearing; a grid with none is the finding that the property cannot tell
 * the two apart within it.
 *
 * <p>Every configuration of the grid is a candidate once every configuration one step below it was
 * decided (whatever the verdicts), so the search covers the whole grid up to its time limit, cheapest
 * first. At each configuration the changed setting is checked first (it stops at its first
 * violation), then, when it fails, the design. A design that keeps the property only vacuously (no
 * reachable step or state meets its antecedent: {@code Vacuity}, as {@code check} reports it) separates
 * nothing there: the property says nothing of the design at that configuration
 * ({@link Outcome#DESIGN_VACUOUS}), and the search grows past it.
 */
public final class Separation {

    private Separation() {
    }

    /** How one configuration came out. */
    public enum Outcome {
        /** the design keeps the property and the changed setting violates it */
        SEPARATES,
        /** both keep it: the property does not tell them apart here */
        BOTH_HOLD,
        /** both violate it */
        BOTH_FAIL,
        /** the design violates it and the changed setting keeps it */
        ONLY_DESIGN_FAILS,
        /** the design keeps it only vacuously (no reachable step or state meets its antecedent): no separation,
         * whatever the changed setting does */
        DESIGN_VACUOUS,
        /** a limit was reached first */
        INCONCLUSIVE,
        /** the model refuses the combination of values (e.g. a threshold not below xoff): not in the grid */
        NOT_A_CONFIGURATION
    }

    /**
     * One configuration.
     *
     * @param index          its value index per dimension
     * @param labels         its value label per dimension
     * @param parameters     every parameter set over the variant's defaults (without the change)
     * @param outcome        how it came out
     * @param designStates   distinct states of the design's check (0 when not run)
     * @param changedStates  distinct states of the changed setting's check
     * @param designSteps    the design's counterexample length, if it failed
     * @param changedSteps   the changed setting's counterexample length, if it failed
     * @param millis         wall time of both checks
     * @param file           the changed setting's counterexample file, if one was written
     */
    public record Point(List<Integer> index, List<String> labels, Map<String, String> parameters, Outcome outcome,
                        long designStates, long changedStates, Optional<Integer> designSteps,
                        Optional<Integer> changedSteps, long millis, Optional<String> file) {
        /** Copies the lists. */
        public Point {
            index = List.copyOf(index);
            labels = List.copyOf(labels);
            parameters = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        }

        /** @return the larger of the two state counts: what growth is estimated from */
        long states() {
            return Math.max(designStates, changedStates);
        }
    }

    /**
     * The result.
     *
     * @param model      the model
     * @param variant    the design's variant
     * @param property   the property asked about
     * @param change     the changed parameters
     * @param dimensions the grid's dimensions
     * @param points     every configuration checked, in order
     * @param complete   whether the whole grid was checked (no separating configuration stopped it
     *                   and no limit left a configuration undecided)
     */
    public record Report(String model, String variant, String property, Map<String, String> change,
                         List<Scope.Dimension> dimensions, List<Point> points, boolean complete) {
        /** Copies the change. */
        public Report {
            change = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(change));
            points = List.copyOf(points);
        }

        /** @return the separating configuration, if the search found one */
        public Optional<Point> separating() {
            return points.stream().filter(p -> p.outcome() == Outcome.SEPARATES).findFirst();
        }

        /** @return the configurations a limit left undecided (the grid above them was not searched) */
        public List<Point> inconclusive() {
            return points.stream().filter(p -> p.outcome() == Outcome.INCONCLUSIVE).toList();
        }

        /**
         * @param o an outcome
         * @return how many configurations came out so
         */
        public long count(Outcome o) {
            return points.stream().filter(p -> p.outcome() == o).count();
        }
    }

    /**
     * Runs the search.
     *
     * @param entry      the model
     * @param variant    the design's variant
     * @param base       parameters fixed over the variant's defaults
     * @param change     the changed setting (parameters, the knock-out parameter among them)
     * @param property   the property the change should break
     * @param dimensions the grid
     * @param settings   explorer settings; their time limit covers the whole search
     * @param eachMillis the longest check of one configuration: one left undecided is INCONCLUSIVE and
     *                   the search goes on without growing it
     * @param outDir     counterexample folder, or null
     * @param progress   receives a line per configuration
     * @return the report
     */
    public static Report run(ModelEntry entry, String variant, Map<String, String> base, Map<String, String> change,
                             String property, List<Scope.Dimension> dimensions, ExplorerSettings settings,
                             long eachMillis, Path outDir, Consumer<String> progress) {
        long start = System.currentTimeMillis();
        int n = dimensions.size();
        Map<List<Integer>, Scope.Point> sizes = new LinkedHashMap<>();
        List<Point> points = new ArrayList<>();
        double[] growth = new double[n];
        Arrays.fill(growth, 3.0);
        boolean[] observed = new boolean[n];
        List<List<Integer>> candidates = new ArrayList<>();
        candidates.add(java.util.Collections.nCopies(n, 0));
        boolean stopped = false;
        while (!candidates.isEmpty()) {
            List<Integer> next = cheapest(candidates, sizes, growth);
            candidates.remove(next);
            long left = settings.maxMillis() - (System.currentTimeMillis() - start);
            Map<String, String> params = Scope.parameters(base, dimensions, next);
            String at = Scope.describe(dimensions, next);
            if (left <= 0) {
                points.add(new Point(next, labels(dimensions, next), params, Outcome.INCONCLUSIVE, 0, 0,
                        Optional.empty(), Optional.empty(), 0, Optional.empty()));
                stopped = true;
                break; // the whole search's limit
            }
            progress.accept("separate " + entry.name() + " " + variant + " " + at + " ...");
            Point p = check(entry, variant, next, labels(dimensions, next), params, change, property,
                    settings.withMaxMillis(Math.min(left, eachMillis)), outDir);
            points.add(p);
            progress.accept(String.format(java.util.Locale.ROOT, "separate %s %s %s: %s (design %,d states, "
                    + "changed %,d states), %.1fs", entry.name(), variant, at, p.outcome(), p.designStates(),
                    p.changedStates(), p.millis() / 1000.0));
            if (p.outcome() == Outcome.SEPARATES) {
                stopped = true;
                break;
            }
            if (p.outcome() == Outcome.INCONCLUSIVE) {
                stopped = true; // the grid above it is not searched
                continue;
            }
            Scope.Point size = new Scope.Point(next, p.labels(), params, Scope.Outcome.AS_EXPECTED, p.states(),
                    p.millis(), Optional.empty(), Optional.empty(), "");
            learn(next, size, sizes, growth, observed);
            sizes.put(next, size);
            for (int d = 0; d < n; d++) {
                if (next.get(d) + 1 < dimensions.get(d).values().size()) {
                    List<Integer> up = new ArrayList<>(next);
                    up.set(d, next.get(d) + 1);
                    if (!sizes.containsKey(up) && !candidates.contains(up) && belowChecked(up, sizes)) {
                        candidates.add(up);
                    }
                }
            }
        }
        return new Report(entry.name(), variant, property, change, dimensions, points, !stopped);
    }

    private static Point check(ModelEntry entry, String variant, List<Integer> index, List<String> labels,
                               Map<String, String> params, Map<String, String> change, String property,
                               ExplorerSettings settings, Path outDir) {
        long t0 = System.currentTimeMillis();
        Map<String, String> changed = new LinkedHashMap<>(params);
        changed.putAll(change);
        try {
            entry.build(variant, Params.of(changed));
        } catch (org.rdmacheck.model.InputException e) {
            return new Point(index, labels, params, Outcome.NOT_A_CONFIGURATION, 0, 0, Optional.empty(),
                    Optional.empty(), System.currentTimeMillis() - t0, Optional.empty());
        }
        Verdict c = verdict(entry, variant, changed, property, settings, outDir);
        if (c.inconclusive()) {
            return new Point(index, labels, params, Outcome.INCONCLUSIVE, 0, c.states(), Optional.empty(),
                    Optional.empty(), System.currentTimeMillis() - t0, Optional.empty());
        }
        long left = Math.max(1, settings.maxMillis() - (System.currentTimeMillis() - t0));
        Verdict d = verdict(entry, variant, params, property, settings.withMaxMillis(left), null);
        Outcome o = d.vacuous() ? Outcome.DESIGN_VACUOUS : d.inconclusive() ? Outcome.INCONCLUSIVE
                : d.holds() ? (c.holds() ? Outcome.BOTH_HOLD : Outcome.SEPARATES)
                : c.holds() ? Outcome.ONLY_DESIGN_FAILS : Outcome.BOTH_FAIL;
        return new Point(index, labels, params, o, d.states(), c.states(), d.steps(), c.steps(),
                System.currentTimeMillis() - t0, o == Outcome.SEPARATES ? c.file() : Optional.empty());
    }

    /**
     * One property's verdict at one configuration.
     *
     * @param cause for an INCONCLUSIVE verdict, why: {@code VACUOUS} where the property held only vacuously
     */
    private record Verdict(Finding.Verdict verdict, long states, Optional<Integer> steps, Optional<String> file,
                           Optional<org.rdmacheck.checker.CheckResult.InconclusiveReason> cause) {
        /** @return whether it held, vacuously too: the changed setting did not violate it */
        boolean holds() {
            return verdict == Finding.Verdict.VERIFIED || vacuous();
        }

        /** @return whether it held only vacuously */
        boolean vacuous() {
            return verdict == Finding.Verdict.INCONCLUSIVE
                    && cause.equals(Optional.of(org.rdmacheck.checker.CheckResult.InconclusiveReason.VACUOUS));
        }

        boolean inconclusive() {
            return !holds() && verdict != Finding.Verdict.VIOLATED;
        }
    }

    private static Verdict verdict(ModelEntry entry, String variant, Map<String, String> params, String property,
                                   ExplorerSettings settings, Path outDir) {
        CheckSpec<?> spec = entry.build(variant, Params.of(params)).selecting(p -> p.name().equals(property));
        if (spec.properties().isEmpty()) {
            throw new org.rdmacheck.model.InputException("--property " + property + ": expected a safety or "
                    + "progress property of " + entry.name() + " " + variant);
        }
        // the check stops at its first violation; a property whose vacuity a hidden invariant tells (one its
        // antecedent's first state would violate) is explored to the end instead, at most the cost of a proof
        Vacuity vacuity = Vacuity.of(spec, settings.withStopAtFirstViolation(false));
        ExplorerSettings run = settings.withStopAtFirstViolation(vacuity.hidden().isEmpty());
        List<Finding> rows = ModelChecks.rows(spec, vacuity.apply(new Explorer(run).check(vacuity.spec())), outDir);
        Finding f = rows.get(0);
        long states = f.quantity("distinctStates").map(q -> (long) q.value()).orElse(0L);
        return new Verdict(f.verdict(), states, f.counterexample().map(t -> t.trace().length()),
                f.counterexampleFile(), f.cause());
    }

    private static List<String> labels(List<Scope.Dimension> dims, List<Integer> index) {
        List<String> l = new ArrayList<>();
        for (int d = 0; d < dims.size(); d++) {
            l.add(dims.get(d).values().get(index.get(d)).label());
        }
        return l;
    }

    private static List<Integer> cheapest(List<List<Integer>> candidates, Map<List<Integer>, Scope.Point> sizes,
                                          double[] growth) {
        List<Integer> best = candidates.get(0);
        double bestEstimate = Double.MAX_VALUE;
        for (List<Integer> c : candidates) {
            double e = Scope.estimate(c, sizes, growth);
            if (e < bestEstimate) {
                best = c;
                bestEstimate = e;
            }
        }
        return best;
    }

    /** The growth factor of a dimension: the largest ratio seen for a step in it (3 before one). */
    private static void learn(List<Integer> c, Scope.Point p, Map<List<Integer>, Scope.Point> sizes,
                              double[] growth, boolean[] observed) {
        for (int d = 0; d < c.size(); d++) {
            if (c.get(d) > 0) {
                List<Integer> below = new ArrayList<>(c);
                below.set(d, c.get(d) - 1);
                Scope.Point q = sizes.get(below);
                if (q != null && q.states() > 0) {
                    double r = (double) p.states() / q.states();
                    growth[d] = observed[d] ? Math.max(growth[d], r) : r;
                    observed[d] = true;
                }
            }
        }
    }

    private static boolean belowChecked(List<Integer> c, Map<List<Integer>, Scope.Point> sizes) {
        for (int d = 0; d < c.size(); d++) {
            if (c.get(d) > 0) {
                List<Integer> below = new ArrayList<>(c);
                below.set(d, c.get(d) - 1);
                if (!sizes.containsKey(below)) {
                    return false;
                }
            }
        }
        return true;
    }
}
