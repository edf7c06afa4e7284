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
import org.rdmacheck.checker.trace.TraceWalk;
import org.rdmacheck.model.Transition;
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
 * configuration and extended by a bounded search, reaches a violation of the same property <em>of the same
 * behaviour as the check's own</em>, and the extended trace replays ({@link TraceExtension}). The row then names
 * the finding and the extension's length. The searches of one check are kept (the stall properties of a deadlock
 * share a search), nothing beyond it.
 *
 * <p>The criterion of "the same behaviour" is which violation the check's own counterexample shows
 * ({@link ModelEntry#violationKind}: for iofd the deadlock's kind, its cycle of buffers and its failed element, up
 * to the configuration's symmetries; for gbn-timed's GoodputBound what drove the excess transmissions): the search
 * from the replayed trace accepts a violating run showing that violation and no other, so an extension never vouches
 * for another violation than the one the check found. The violation rather than "the check's trace has the
 * finding's as a replayed prefix": the check's shortest counterexample is breadth-first and in general interleaves
 * its steps differently from the finding's, so a prefix test would refuse the same deadlock reached in another
 * order. Where containment refused the check's
 * violation for its kind (another kind than the contained finding's), the extension grants nothing. A progress or
 * {@code <>p} liveness violation takes the deadlock's extension only when the check's own counterexample ends in
 * a dead end (no successor; a liveness lasso's loop no more than its last state's stuttering): a fair cycle that
 * never reaches the goal is another behaviour than a deadlock, and no dead end vouches for it.
 */
final class TraceExtensions {

    /** Which violation a model's counterexample shows, as the rule compares them. */
    interface Kinds {

        /**
         * @param property the violated property
         * @param initial  a counterexample's initial state
         * @param steps    its transitions
         * @return which violation it shows, empty when the model declares none
         */
        Optional<Object> kind(String property, Object initial, List<? extends Transition<?>> steps);

        /**
         * @param property the violated property
         * @param end      the state the check's counterexample ends in
         * @return containment's line when the violation is of another kind than the contained finding's
         */
        Optional<String> otherKind(String property, Object end);

        /** The kinds a model entry declares, for checks built like {@code built}. */
        @SuppressWarnings("unchecked")
        static Kinds of(ModelEntry entry, CheckSpec<?> built) {
            CheckSpec<Object> b = (CheckSpec<Object>) built;
            return new Kinds() {
                @Override
                public Optional<Object> kind(String property, Object initial, List<? extends Transition<?>> steps) {
                    return entry.violationKind(b, property, initial, (List<Transition<Object>>) steps);
                }

                @Override
                public Optional<String> otherKind(String property, Object end) {
                    return entry.otherKind(b, property, end);
                }
            };
        }
    }

    private final CheckSpec<?> spec;
    private final TraceExtensionRule rule;
    private final Path folder;
    private final Kinds kinds;
    /** per property and kind, what its search came to (absent until searched) */
    private final Map<String, Optional<TraceExtension.Extended>> done = new HashMap<>();

    /**
     * @param spec   a check (its model in the catalogue, whose kinds the rule compares)
     * @param rule   the rule to apply to it
     * @param folder where the findings' stored traces are
     */
    TraceExtensions(CheckSpec<?> spec, TraceExtensionRule rule, Path folder) {
        this(spec, rule, folder, Kinds.of(Catalog.find(spec.modelName()), spec));
    }

    /**
     * @param spec   a check
     * @param rule   the rule to apply to it
     * @param folder where the findings' stored traces are
     * @param kinds  the kinds of its violations
     */
    TraceExtensions(CheckSpec<?> spec, TraceExtensionRule rule, Path folder, Kinds kinds) {
        this.spec = spec;
        this.rule = rule;
        this.folder = folder;
        this.kinds = kinds;
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
                .map(f -> new TraceExtensions(spec, r, f, Kinds.of(entry, spec))));
    }

    /**
     * The stored counterexamples of a model: under the checkout the launcher names, else under the first
     * folder above the working directory that holds {@code counterexamples/<model>} (a module folder's tests),
     * else the copy packaged into the command line's jar ({@link #packaged}), so that a jar run outside any
     * checkout reads the same stored findings (a checkout's own folder comes first: it may hold findings
     * stored after the jar was built).
     */
    static Optional<Path> storedFolder(String model) {
        return storedFolder(model, ExplorerOptions.home(), Path.of("").toAbsolutePath(), codeSource());
    }

    /**
     * @param model      a model name
     * @param home       the checkout the launcher names (the working directory when none)
     * @param workingDir the working directory
     * @param codeSource where the command line's classes are (its jar, or a classes folder), null if unknown
     * @return the first of: {@code home}'s {@code counterexamples/<model>}, that of the first folder above
     *         {@code workingDir} that is a checkout, the packaged copy; empty when none has the model's folder
     */
    static Optional<Path> storedFolder(String model, Path home, Path workingDir, Path codeSource) {
        Path inHome = home.resolve("counterexamples").resolve(model);
        if (Files.isDirectory(inHome)) {
            return Optional.of(inHome);
        }
        for (Path p = workingDir; p != null; p = p.getParent()) {
            Path f = p.resolve("counterexamples").resolve(model);
            if (Files.isDirectory(f) && Files.isDirectory(p.resolve("specs"))) {
                return Optional.of(f);
            }
        }
        return codeSource == null ? Optional.empty() : packaged(codeSource, model);
    }

    /** Where the packaged copy of the stored counterexamples is, inside the jar or a classes folder. */
    static final String PACKAGED = "counterexamples";

    /** Zip file systems opened on jars, kept open for the process (one per jar). */
    private static final Map<Path, java.nio.file.FileSystem> JARS = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The stored counterexamples packaged with the command line: {@code cli/pom.xml} copies the checkout's
     * {@code counterexamples/} into its classes (and so into {@code rdmacheck-all.jar}) under {@value #PACKAGED}/.
     *
     * @param codeSource the jar or classes folder the command line runs from
     * @param model      a model name
     * @return the model's folder there, read through a zip file system for a jar; empty when it has none
     */
    static Optional<Path> packaged(Path codeSource, String model) {
        Path root;
        if (Files.isDirectory(codeSource)) {
            root = codeSource;
        } else if (Files.isRegularFile(codeSource)) {
            try {
                root = JARS.computeIfAbsent(codeSource.toAbsolutePath().normalize(), j -> {
                    try {
                        return java.nio.file.FileSystems.newFileSystem(j, (ClassLoader) null);
                    } catch (java.io.IOException x) {
                        throw new java.io.UncheckedIOException(x);
                    }
                }).getPath("/");
            } catch (java.io.UncheckedIOException | java.nio.file.ProviderNotFoundException notAZip) {
                return Optional.empty();
            }
        } else {
            return Optional.empty();
        }
        Path f = root.resolve(PACKAGED).resolve(model);
        return Files.isDirectory(f) ? Optional.of(f) : Optional.empty();
    }

    /** The jar or classes folder this class was loaded from, null when the class loader does not say. */
    private static Path codeSource() {
        try {
            java.security.CodeSource cs = TraceExtensions.class.getProtectionDomain().getCodeSource();
            return cs == null || cs.getLocation() == null ? null : Path.of(cs.getLocation().toURI());
        } catch (java.net.URISyntaxException | IllegalArgumentException | SecurityException
                 | java.nio.file.FileSystemNotFoundException unknown) {
            return null;
        }
    }

    /**
     * @param rows the check's rows
     * @param live its liveness properties, or null
     * @return the rows, each violation not expected that the rule covers and a finding's trace extends to (a
     *         violation that is the check's own) marked expected, with the finding and the extension in its
     *         detail and figures
     */
    List<Finding> apply(List<Finding> rows, LivenessSpec<?> live) {
        List<Finding> out = new ArrayList<>();
        for (Finding f : rows) {
            out.add(unexpectedViolation(f) && rule.properties().contains(f.property()) ? grant(f, live) : f);
        }
        return out;
    }

    private static boolean unexpectedViolation(Finding f) {
        return f.verdict().polarity() == Finding.Polarity.FAILS && f.outcome() == Finding.Outcome.UNEXPECTED;
    }

    /** The row expected by an extension of its own violation's kind, or unchanged (with why, where it says more). */
    @SuppressWarnings("unchecked")
    private <S> Finding grant(Finding f, LivenessSpec<?> live) {
        CheckSpec<S> s = (CheckSpec<S>) spec;
        Optional<Counterexample> own = f.counterexample().map(Finding.Trace::trace);
        Optional<TraceWalk<S>> walk = own.filter(c -> !c.steps().isEmpty())
                .map(c -> TraceWalk.of(s.model(), c.steps(), false)).filter(w -> w.illegal().isEmpty());
        if (walk.isEmpty()) {
            return f; // nothing to compare the extension with
        }
        Optional<S> end = Optional.of(walk.get().lastState());
        boolean deadlockRule = rule.traceProperty().equals(DeadlockFreedom.standard().name());
        boolean stall = deadlockRule && !f.property().equals(rule.traceProperty());
        if (stall) {
            List<org.rdmacheck.model.Transition<S>> next = new ArrayList<>();
            s.model().successors(end.get(), next::add);
            // a dead end: no successor, not final; a liveness lasso shows one as its last state stuttering (the
            // loop at the last step), any longer loop is a fair cycle
            int last = own.get().steps().size() - 1;
            boolean cycle = own.get().loopStart() >= 0 && own.get().loopStart() < last;
            if (cycle || !next.isEmpty() || s.model().isFinal(end.get())) {
                return withNote(f, "not expected by trace extension: the check's counterexample of " + f.property()
                        + " is " + (cycle ? "a lasso whose loop is a cycle" : "no dead end")
                        + ", and a stored deadlock's extension vouches only for a dead end");
            }
        }
        // the kind the extension must reach: the kind of the check's own violation (a dead end's, for a stall row)
        String kindProperty = stall ? rule.traceProperty() : f.property();
        if (kinds.otherKind(kindProperty, end.get()).isPresent()) {
            return f; // containment refused this violation for its kind; its detail says so
        }
        Optional<Object> kind = kinds.kind(kindProperty, walk.get().states().get(0), walk.get().transitions());
        if (kind.isPresent() && kind.get() instanceof org.rdmacheck.properties.catalog.ModelEntry.Unexplained u) {
            return withNote(f, "not expected by trace extension: " + u.why());
        }
        return extension(f.property(), kind, live).map(e -> expected(f, e)).orElseGet(() -> withNote(f,
                "not expected by trace extension: no trace of " + String.join(", ", rule.findings()) + " extends within "
                + org.rdmacheck.checker.Counts.of(rule.maxStates(), "state") + " to "
                + (kind.isPresent() ? "the check's own violation (" + kind.get() + ")" : "a violation of " + f.property())));
    }

    private static Finding withNote(Finding f, String line) {
        return f.withDetail(f.detail().isEmpty() ? line : line + "; " + f.detail());
    }

    private Finding expected(Finding f, TraceExtension.Extended e) {
        String what = f.property().equals(rule.traceProperty()) ? "a violation" : "a dead end that violates "
                + f.property();
        String line = "expected by trace extension: the stored " + e.finding() + "'s " + e.replayed() + "-step trace, "
                + "replayed here, " + (e.extension() == 0 ? "ends in " + what : "extends by "
                + org.rdmacheck.checker.Counts.of(e.extension(), "step") + " to " + what) + " that is the check's own ("
                + org.rdmacheck.checker.Counts.of(e.states(), "state") + " searched; the extended trace replays)";
        Optional<Path> written = f.counterexample().flatMap(Finding.Trace::file).map(file -> writeBeside(file, e));
        line += written.map(w -> "; the extended trace: " + w).orElse("");
        String detail = f.detail().isEmpty() ? line : line + "; " + f.detail();
        return f.withExpected(Finding.Expectation.FAILS).withDetail(detail)
                .with(Quantity.of("extendedFindingSteps", e.replayed(), Quantity.Unit.STEPS),
                        Quantity.of("extensionSteps", e.extension(), Quantity.Unit.STEPS),
                        Quantity.states("extensionStates", e.states()));
    }

    /**
     * Writes the extension's trace beside the check's own counterexample ({@code <file>-extended.json}, the same
     * format, readable by {@code replay}).
     */
    private static Path writeBeside(Path own, TraceExtension.Extended e) {
        String name = own.getFileName().toString();
        Path target = own.resolveSibling((name.endsWith(".json") ? name.substring(0, name.length() - 5) : name)
                + "-extended.json");
        try {
            Counterexamples.writeTo(target, e.trace());
        } catch (java.io.IOException x) {
            throw new java.io.UncheckedIOException("cannot write the extended trace to " + target, x);
        }
        return target;
    }

    /**
     * The first of the rule's findings whose trace extends to a violation of {@code property} of {@code kind},
     * searched once per check and kind. Under a deadlock rule a progress property and a liveness property
     * {@code <>p} take the deadlock's extension: its dead end violates them where their goal is false (nothing is
     * enabled there, so every fairness is met), and the progress trace is replayed as such.
     */
    private Optional<TraceExtension.Extended> extension(String property, Optional<Object> kind, LivenessSpec<?> live) {
        String key = property + " " + kind.map(Object::toString).orElse("");
        Optional<TraceExtension.Extended> known = done.get(key);
        if (known == null) {
            known = search(property, kind, live);
            done.put(key, known);
        }
        return known;
    }

    @SuppressWarnings("unchecked")
    private <S> Optional<TraceExtension.Extended> search(String property, Optional<Object> kind,
                                                           LivenessSpec<?> live) {
        CheckSpec<S> s = (CheckSpec<S>) spec;
        Optional<Property<S>> prop = s.properties().stream().filter(p -> p.name().equals(property)).findFirst();
        boolean deadlockRule = rule.traceProperty().equals(DeadlockFreedom.standard().name());
        if (property.equals(rule.traceProperty()) || !deadlockRule) {
            return prop.isEmpty() && deadlockRule ? firstExtending(deadlockSpec(s), property, kind)
                    : prop.isEmpty() ? Optional.empty() : firstExtending(s, property, kind);
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
        Optional<TraceExtension.Extended> dead = extension(rule.traceProperty(), kind, live);
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

    /**
     * The first of the rule's findings whose stored trace extends to a violation of {@code property} at {@code s}
     * whose last state is of {@code kind} (any, when the model declares no kinds).
     */
    private <S> Optional<TraceExtension.Extended> firstExtending(CheckSpec<S> s, String property,
                                                                 Optional<Object> kind) {
        TraceExtension.Bounds bounds = new TraceExtension.Bounds(rule.maxStates());
        TraceExtension.RunTest<S> sameKind = (initial, steps) -> kind.isEmpty()
                || kind.equals(kinds.kind(property, initial, steps));
        for (String finding : rule.findings()) {
            for (Map.Entry<String, Path> c : traces(finding).entrySet()) {
                Counterexample stored = Counterexamples.read(c.getValue());
                if (TraceExtension.extend(s, c.getKey(), stored, property, sameKind, rule.scaledFields(), bounds)
                        instanceof TraceExtension.Extended e) {
                    return Optional.of(e);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * A finding's stored traces: its own ({@code <finding>-<property>.json}), then the shortest trace of each further
     * kind its configuration reaches ({@code <finding>-<property>-kind=<tag>.json}), so that a check's deadlock of one
     * of the finding's further kinds can be extended from the trace that reaches that kind.
     */
    private Map<String, Path> traces(String finding) {
        Map<String, Path> out = new java.util.LinkedHashMap<>();
        String stem = finding + "-" + rule.traceProperty();
        Path own = folder.resolve(stem + ".json");
        if (Files.isRegularFile(own)) {
            out.put(finding, own);
        }
        try (java.util.stream.Stream<Path> files = Files.list(folder)) {
            files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(stem + "-kind=") && n.endsWith(".json"))
                    .sorted().forEach(n -> out.put(finding + " [" + n.substring(stem.length() + 1, n.length() - 5)
                            + "]",
                            folder.resolve(n)));
        } catch (java.io.IOException x) {
            throw new java.io.UncheckedIOException("cannot list " + folder, x);
        }
        return out;
    }
}
