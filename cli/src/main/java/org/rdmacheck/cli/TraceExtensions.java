package org.rdmacheck.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.checker.trace.TraceExtension;
import org.rdmacheck.checker.trace.TraceReplayer;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.Property;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.catalog.TraceExtensionRule;
import org.rdmacheck.properties.liveness.Liveness;
import org.rdmacheck.properties.liveness.LivenessSpec;

/**
 * Applies a model's rule by trace extension ({@link TraceExtensionRule}) to the violations one check did not
 * expect: a violation is expected after all when a stored finding's trace, replayed at the check's
 * configuration and extended by a bounded search, reaches a violation of the same property and the extended
 * trace replays ({@link TraceExtension}). The row then names the finding and the extension's length. The
 * searches of one check are kept (the stall properties of a deadlock share a search), nothing beyond it.
 */
final class TraceExtensions {

    private final CheckSpec<?> spec;
    private final TraceExtensionRule rule;
    private final Path folder;
    /** per property, what its search came to (null until searched) */
    private final Map<String, Optional<TraceExtension.Extended>> done = new HashMap<>();

    /**
     * @param spec   a check
     * @param rule   the rule to apply to it
     * @param folder where the findings' stored traces are
     */
    TraceExtensions(CheckSpec<?> spec, TraceExtensionRule rule, Path folder) {
        this.spec = spec;
        this.rule = rule;
        this.folder = folder;
    }

    /**
     * @param spec a check (its model in the catalogue)
     * @return the rule's application to it, empty when its model declares no rule here
     */
    static Optional<TraceExtensions> of(CheckSpec<?> spec) {
        ModelEntry entry;
        try {
            entry = Catalog.find(spec.modelName());
        } catch (org.rdmacheck.model.InputException notCatalogued) {
            return Optional.empty();
        }
        return entry.traceExtension(spec).flatMap(r -> storedFolder(spec.modelName())
                .map(f -> new TraceExtensions(spec, r, f)));
    }

    /**
     * The stored counterexamples of a model: under the checkout the launcher names, else under the first
     * folder above the working directory that holds {@code counterexamples/<model>} (a module folder's tests).
     */
    static Optional<Path> storedFolder(String model) {
        Path home = ExplorerOptions.home().resolve("counterexamples").resolve(model);
        if (Files.isDirectory(home)) {
            return Optional.of(home);
        }
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path f = p.resolve("counterexamples").resolve(model);
            if (Files.isDirectory(f) && Files.isDirectory(p.resolve("specs"))) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }

    /**
     * @param rows the check's rows
     * @param live its liveness properties, or null
     * @return the rows, each violation not expected that the rule covers and a finding's trace extends to
     *         marked expected, with the finding and the extension in its detail and figures
     */
    List<Finding> apply(List<Finding> rows, LivenessSpec<?> live) {
        List<Finding> out = new ArrayList<>();
        for (Finding f : rows) {
            out.add(unexpectedViolation(f) && rule.properties().contains(f.property())
                    ? extension(f.property(), live).map(e -> expected(f, e)).orElse(f) : f);
        }
        return out;
    }

    private static boolean unexpectedViolation(Finding f) {
        return f.verdict().polarity() == Finding.Polarity.FAILS && f.outcome() == Finding.Outcome.UNEXPECTED;
    }

    private Finding expected(Finding f, TraceExtension.Extended e) {
        String what = f.property().equals(rule.traceProperty()) ? "a violation" : "a dead end that violates "
                + f.property();
        String line = "expected by trace extension: the stored " + e.finding() + "'s " + e.replayed() + "-step trace, "
                + "replayed here, " + (e.extension() == 0 ? "ends in " + what : "extends by "
                + org.rdmacheck.checker.Counts.of(e.extension(), "step") + " to " + what) + " ("
                + org.rdmacheck.checker.Counts.of(e.states(), "state") + " searched; the extended trace replays)";
        String detail = f.detail().isEmpty() ? line : line + "; " + f.detail().replaceFirst("^" + java.util.regex
                .Pattern.quote(f.property()) + " is violated by another deadlock[^;]*; ?", "");
        return f.withExpected(Finding.Expectation.FAILS).withDetail(detail)
                .with(Quantity.of("extendedFindingSteps", e.replayed(), Quantity.Unit.STEPS),
                        Quantity.of("extensionSteps", e.extension(), Quantity.Unit.STEPS),
                        Quantity.states("extensionStates", e.states()));
    }

    /**
     * The first of the rule's findings whose trace extends to a violation of {@code property}, searched once per
     * check. Under a deadlock rule a progress property and a liveness property {@code <>p} take the deadlock's
     * extension: its dead end violates them where their goal is false (nothing is enabled there, so every
     * fairness is met), and the progress trace is replayed as such.
     */
    private Optional<TraceExtension.Extended> extension(String property, LivenessSpec<?> live) {
        Optional<TraceExtension.Extended> known = done.get(property);
        if (known == null) {
            known = search(property, live);
            done.put(property, known);
        }
        return known;
    }

    @SuppressWarnings("unchecked")
    private <S> Optional<TraceExtension.Extended> search(String property, LivenessSpec<?> live) {
        CheckSpec<S> s = (CheckSpec<S>) spec;
        Optional<Property<S>> prop = s.properties().stream().filter(p -> p.name().equals(property)).findFirst();
        boolean deadlockRule = rule.traceProperty().equals(DeadlockFreedom.standard().name());
        if (property.equals(rule.traceProperty()) || !deadlockRule) {
            return prop.isEmpty() && deadlockRule ? firstExtending(deadlockSpec(s), property)
                    : prop.isEmpty() ? Optional.empty() : firstExtending(s, property);
        }
        Predicate<S> goal;
        if (prop.isPresent() && prop.get() instanceof Progress<S> pg) {
            goal = pg::isGoal;
        } else {
            Optional<Liveness<S>> l = live == null ? Optional.empty() : ((LivenessSpec<S>) live).properties().stream()
                    .filter(p -> p.name().equals(property) && p.form() == Liveness.Form.EVENTUALLY).findFirst();
            if (l.isEmpty()) {
                return Optional.empty();
            }
            goal = l.get().p();
        }
        Optional<TraceExtension.Extended> dead = extension(rule.traceProperty(), live);
        if (dead.isEmpty()) {
            return Optional.empty();
        }
        TraceExtension.Extended d = dead.get();
        S end = TraceReplayer.lastState(s, d.trace()).orElseThrow();
        if (goal.test(end)) {
            return Optional.empty();
        }
        if (prop.isEmpty()) {
            return dead;
        }
        Counterexample c = d.trace();
        Counterexample progress = new Counterexample(property, Counterexample.Kind.PROGRESS, c.steps(),
                c.steps().size() - 1, -1, c.provenance(), c.note() + "; no goal state is reachable from the last step "
                + "(a dead end)");
        return TraceReplayer.replay(s, progress).reproduces()
                ? Optional.of(new TraceExtension.Extended(d.finding(), d.replayed(), d.extension(), d.states(), progress))
                : Optional.empty();
    }

    /** The check with deadlock freedom alone, for a check whose selection left it out. */
    private static <S> CheckSpec<S> deadlockSpec(CheckSpec<S> s) {
        return new CheckSpec<>(s.modelName(), s.variant(), s.parameters(), s.model(),
                List.<Property<S>>of(DeadlockFreedom.standard()), java.util.Set.of());
    }

    /** The first of the rule's findings whose stored trace extends to a violation of {@code property} at {@code s}. */
    private <S> Optional<TraceExtension.Extended> firstExtending(CheckSpec<S> s, String property) {
        TraceExtension.Bounds bounds = new TraceExtension.Bounds(rule.maxStates(), rule.maxMillis());
        for (String finding : rule.findings()) {
            Path file = folder.resolve(finding + "-" + rule.traceProperty() + ".json");
            if (!Files.isRegularFile(file)) {
                continue;
            }
            Counterexample stored = Counterexamples.read(file);
            if (TraceExtension.extend(s, finding, stored, property, x -> true, rule.scaledFields(), bounds)
                    instanceof TraceExtension.Extended e) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }
}
