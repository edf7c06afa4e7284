package org.rdmacheck.cli;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.liveness.LivenessSpec;
import org.rdmacheck.properties.catalog.ModelEntry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code rdmacheck check MODEL}: exhaustive check of one model variant with the explorer. */
@Command(name = "check", footerHeading = "%nExamples:%n", footer = {"  rdmacheck check gbn --variant improved --param losses=2", "  rdmacheck check iofd --variant no-dft --max-time 10m --json"},
        description = "Checks the properties of a model variant (all, or those named by --property) with the built-in explorer.")
final class CheckCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    ModelSelection selection = new ModelSelection();

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Option(names = "--knockout", paramLabel = "MECHANISM", description = "remove a mechanism the model declares "
            + "(repeatable; see rdmacheck list and rdmacheck knockouts); the properties keep their expectations, so "
            + "a violation exits 1 and its counterexample records the knock-out")
    List<String> knockouts = new ArrayList<>();

    @Option(names = "--property", paramLabel = "NAME",
            description = "check only this property (repeatable; default: every property of the variant)")
    List<String> properties = new ArrayList<>();

    @Option(names = "--no-progress", description = "leave out progress (AG EF) and liveness properties: no state graph is kept")
    boolean noProgress;

    @Option(names = "--reduction", paramLabel = "KIND", defaultValue = "none", description = "partial-order "
            + "reduction on the models that declare footprints: none, deadlock (preserves deadlocks only) or safety "
            + "(preserves invariants, action properties that declare what they read, and deadlocks); progress is then "
            + "not checked (default: ${DEFAULT-VALUE})")
    String reduction;

    @Mixin
    ExplorerOptions explorer = new ExplorerOptions();

    @Mixin
    TraceOutput traces = new TraceOutput();

    @Mixin
    SearchOptions search = new SearchOptions();

    @Override
    public Integer call() {
        // every option is judged before the model is built or anything is printed: a refusal is one line
        ExplorerSettings settings = explorer.settings(spec.commandLine().getErr()).withReduction(reduction());
        java.util.Optional<org.rdmacheck.engine.WalkSettings> walks = search.walks();
        java.util.Optional<org.rdmacheck.engine.DirectedSettings> directed = search.directed();
        if ((walks.isPresent() || directed.isPresent()) && (explorer.symmetry || !reduction.equals("none"))) {
            throw new InputException((explorer.symmetry ? "--symmetry" : "--reduction " + reduction)
                    + ": applies to --search bfs only (" + (walks.isPresent() ? "random walks" : "the directed search")
                    + " reduce" + (walks.isPresent() ? "" : "s") + " nothing)");
        }
        ModelEntry entry = selection.entry();
        String v = selection.variant(entry);
        CheckSpec<?> built = entry.build(v, withKnockouts(entry, selection.params(
                "a knock-out is not a parameter of a check; ask for it with --knockout NAME")));
        LivenessSpec<?> live = entry.liveness(built).orElse(null);
        CheckSpec<?> check = select(built, live);
        LivenessSpec<?> liveChecked = live == null || noProgress ? null
                : properties.isEmpty() ? live : live.selecting(p -> properties.contains(p.name()));
        if (directed.isPresent()) {
            org.rdmacheck.engine.DirectedSearch.refusal(check).ifPresent(why -> {
                throw new InputException("--search " + search.search + ": " + why);
            });
        }
        // a warning only once the run goes ahead (a refusal above is the one line there is)
        explorer.warnIfNoSymmetricSet(spec.commandLine().getErr(), entry.name(), built.model().symmetry().isPresent());
        List<Finding> rows = new ArrayList<>(walks.isPresent()
                ? ModelChecks.walk(check, liveChecked, settings, walks.get(), traces.folder().orElse(null))
                : directed.isPresent()
                ? ModelChecks.directed(check, liveChecked, settings, directed.get(), traces.folder().orElse(null))
                : ModelChecks.run(check, liveChecked, settings, traces.folder().orElse(null)));
        rows.addAll(leftOut(built, live, check, liveChecked));
        Output.print(spec.commandLine().getOut(), rows, json);
        if (!json) {
            for (String line : Output.scope(rows, explorer.symmetry && built.model().symmetry().isPresent())) {
                List<String> parts = Output.wrap(line, Output.terminalWidth() - 4);
                for (int i = 0; i < parts.size(); i++) {
                    spec.commandLine().getOut().println((i == 0 ? "" : "    ") + parts.get(i));
                }
            }
            for (String note : notes(entry, built)) {
                List<String> parts = Output.wrap("expected: " + note, Output.terminalWidth() - 4);
                for (int i = 0; i < parts.size(); i++) {
                    spec.commandLine().getOut().println((i == 0 ? "" : "    ") + parts.get(i));
                }
            }
            spec.commandLine().getOut().flush();
        }
        return ExitCodes.of(rows);
    }

    /**
     * The expectation notes of the check, with {@code --property}: only those naming a property asked
     * for, each naming those alone.
     */
    private List<String> notes(ModelEntry entry, CheckSpec<?> built) {
        Set<String> asked = new LinkedHashSet<>(properties);
        return entry.expectations(built).stream()
                .map(n -> asked.isEmpty() ? java.util.Optional.of(n) : n.only(asked))
                .flatMap(java.util.Optional::stream)
                .map(org.rdmacheck.properties.catalog.ExpectationNote::text).toList();
    }

    private org.rdmacheck.engine.Reduction reduction() {
        try {
            return org.rdmacheck.engine.Reduction.parse(reduction);
        } catch (IllegalArgumentException e) {
            throw new InputException("--reduction " + reduction + ": expected none, deadlock or safety");
        }
    }

    /**
     * Refuses the reserved parameter {@value ModelEntry#KNOCKOUT_PARAM} given as {@code --param}
     * (a knock-out must be asked for by name) and adds the {@code --knockout} names.
     */
    private Params withKnockouts(ModelEntry entry, Params given) {
        if (knockouts.isEmpty()) {
            return given;
        }
        java.util.Map<String, String> m = new java.util.LinkedHashMap<>(given.asMap());
        m.put(ModelEntry.KNOCKOUT_PARAM, String.join("+", new java.util.TreeSet<>(knockouts)));
        Params p = Params.of(m);
        entry.knockouts(p);
        return p;
    }

    /**
     * A property the variant must violate that {@code --no-progress} left out (a progress or liveness
     * property) was not checked: its row is INCONCLUSIVE ({@code NOT_CHECKED}), so a must-fail variant whose
     * only failure lies there is not "all as expected".
     */
    private List<Finding> leftOut(CheckSpec<?> built, LivenessSpec<?> live, CheckSpec<?> check,
                                  LivenessSpec<?> liveChecked) {
        if (!noProgress) {
            return List.of();
        }
        Set<String> checked = new LinkedHashSet<>();
        check.properties().forEach(p -> checked.add(p.name()));
        if (liveChecked != null) {
            liveChecked.properties().forEach(p -> checked.add(p.name()));
        }
        Set<String> mustFail = new LinkedHashSet<>(built.expectedViolations());
        if (live != null) {
            mustFail.addAll(live.expectedViolations());
        }
        List<Finding> rows = new ArrayList<>();
        for (String p : mustFail) {
            if (!checked.contains(p) && (properties.isEmpty() || properties.contains(p))) {
                rows.add(CheckFindings.of(built.modelName(), built.variant(), built.parameters(),
                        Finding.Expectation.FAILS, new org.rdmacheck.checker.CheckResult.Inconclusive(p,
                        org.rdmacheck.checker.CheckResult.InconclusiveReason.NOT_CHECKED, "variant " + built.variant()
                        + " must violate " + p + ", a progress or liveness property that --no-progress leaves out: "
                        + "the expected failure was not checked (run without --no-progress)",
                        org.rdmacheck.checker.Stats.empty("explorer")), null));
            }
        }
        return rows;
    }

    /**
     * Applies {@code --property} and {@code --no-progress} (which also leaves out the liveness
     * properties, as they need the state graph); an unknown name is an input error.
     */
    private <S> CheckSpec<S> select(CheckSpec<S> all, LivenessSpec<?> live) {
        Set<String> names = new LinkedHashSet<>();
        all.properties().forEach(p -> names.add(p.name()));
        Set<String> liveNames = new LinkedHashSet<>();
        if (live != null) {
            live.properties().forEach(p -> liveNames.add(p.name()));
        }
        names.addAll(liveNames);
        for (String p : properties) {
            if (!names.contains(p)) {
                throw new InputException("--property " + p + ": expected one of " + String.join(", ", names));
            }
        }
        CheckSpec<S> s = properties.isEmpty() ? all : all.selecting(p -> properties.contains(p.name()));
        s = noProgress ? s.withoutProgress() : s;
        boolean liveLeft = !noProgress && (properties.isEmpty() ? !liveNames.isEmpty()
                : properties.stream().anyMatch(liveNames::contains));
        if (s.properties().isEmpty() && !liveLeft) {
            throw new InputException("--no-progress: the selected properties are all progress properties; nothing to check");
        }
        return s;
    }
}
