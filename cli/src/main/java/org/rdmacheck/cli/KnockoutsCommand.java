package org.rdmacheck.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.TimeText;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.catalog.Mechanism;
import org.rdmacheck.properties.catalog.ModelEntry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rdmacheck knockouts [MODEL...]}: is every declared mechanism load-bearing? */
@Command(name = "knockouts", footerHeading = "%nExamples:%n",
        footer = {"  rdmacheck knockouts", "  rdmacheck knockouts dasr partition --json --max-time 5m"},
        description = "Knocks out each mechanism a model declares (one at a time, at the mechanism's coverage "
                + "scope) and checks that a property that must hold then fails, with a counterexample replay "
                + "confirms. A mechanism declared not needed (with its argument) is a finding: its knock-out is "
                + "searched for at most 30 s for a counterexample that would refute the argument, and it is left "
                + "out of the count. Exit 0 when every other mechanism is killed, 1 when one survives (or its "
                + "check failed), 3 when a time limit (--max-time for the run, --max-time-each per mechanism) "
                + "left one undecided.")
final class KnockoutsCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "MODEL", arity = "0..*", description = "models (default: every model that declares "
            + "mechanisms)")
    List<String> models = new ArrayList<>();

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Option(names = "--max-time-each", paramLabel = "D", description = "time limit per mechanism, e.g. 90s, 2m; an "
            + "undecided knock-out is INCONCLUSIVE, never killed (default: ${DEFAULT-VALUE})", defaultValue = "2m")
    String maxTimeEach;

    /** The per-mechanism time limit of {@code rdmacheck all}'s knock-outs and of {@code knockouts}' default. */
    static final long DEFAULT_EACH_MILLIS = 120_000;

    @Mixin
    ExplorerOptions explorer = new ExplorerOptions();

    @Mixin
    TraceOutput traces = new TraceOutput();

    @Override
    public Integer call() {
        List<ModelEntry> entries = entries(models);
        long each = Durations.parseMillis("--max-time-each", maxTimeEach);
        ExplorerSettings settings = explorer.settings(spec.commandLine().getErr());
        Path out = traces.folder().orElse(null);
        PrintWriter err = spec.commandLine().getErr();
        if (explorer.symmetry) {
            warnUnreduced(err, entries);
        }
        List<Knockouts.Result> results = run(entries, settings, each, out, line -> {
            err.println(line);
            err.flush();
        });
        PrintWriter o = spec.commandLine().getOut();
        if (json) {
            o.println(TraceJson.MAPPER.valueToTree(json(results)).toPrettyString());
        } else {
            text(o, results);
        }
        o.flush();
        return exitCode(results);
    }

    /**
     * @param names model names, empty for every model that declares mechanisms
     * @return the entries
     * @throws org.rdmacheck.model.InputException for an unknown model, one without mechanisms or one named twice
     */
    static List<ModelEntry> entries(List<String> names) {
        if (names.isEmpty()) {
            return Catalog.entries().stream().filter(e -> !e.mechanisms().isEmpty()).toList();
        }
        List<ModelEntry> out = new ArrayList<>();
        for (String n : names) {
            // a model named twice would be checked, and counted, twice
            if (names.indexOf(n) != names.lastIndexOf(n)) {
                throw new org.rdmacheck.model.InputException("knockouts " + String.join(" ", names) + ": model '" + n
                        + "' is named twice; expected each model once");
            }
            ModelEntry e = Catalog.find(n);
            if (e.mechanisms().isEmpty()) {
                throw new org.rdmacheck.model.InputException("model '" + n + "' declares no mechanisms: expected one of "
                        + String.join(", ", Catalog.entries().stream().filter(x -> !x.mechanisms().isEmpty())
                        .map(ModelEntry::name).toList()));
            }
            out.add(e);
        }
        return out;
    }

    /**
     * {@code --symmetry} reduces each knock-out's check by the symmetric set its configuration declares;
     * a knock-out that declares none is explored unreduced, which the run says as {@code check} does
     * (a warning, not a refusal: the result is sound, only unreduced).
     *
     * @param err     where the warnings go
     * @param entries the models whose knock-outs run
     */
    static void warnUnreduced(PrintWriter err, List<ModelEntry> entries) {
        for (ModelEntry e : entries) {
            List<String> unreduced = new ArrayList<>();
            int all = 0;
            for (Mechanism m : e.mechanisms()) {
                for (int k = 0; k < m.scopes().size(); k++) {
                    Mechanism at = m.atScope(k);
                    all++;
                    if (!declaresSymmetry(e, at)) {
                        unreduced.add(at.name() + (m.scopes().size() > 1 ? " scope " + (k + 1) : ""));
                    }
                }
            }
            if (unreduced.size() == all) {
                err.println("warning: --symmetry: " + e.name() + " declares no symmetric set at any of its knock-outs; "
                        + "their states are explored without reduction");
            } else if (!unreduced.isEmpty()) {
                err.println("warning: --symmetry: " + e.name() + " declares no symmetric set with "
                        + String.join(", ", unreduced) + " knocked out; those states are explored without reduction");
            }
        }
        err.flush();
    }

    /** @return whether the knock-out's configuration declares a symmetric set (one that does not build: no) */
    private static boolean declaresSymmetry(ModelEntry e, Mechanism m) {
        try {
            return e.build(m.variant(), org.rdmacheck.model.Params.of(Knockouts.parameters(e, m))).model().symmetry()
                    .isPresent();
        } catch (org.rdmacheck.model.InputException x) {
            return true; // the knock-out's own check reports the configuration; no second word on it here
        }
    }

    /**
     * Checks every mechanism of the entries in turn under one deadline ({@code settings.maxMillis()})
     * and a limit per mechanism; a mechanism due after the deadline is INCONCLUSIVE, not run.
     *
     * @param entries  the models
     * @param settings explorer settings; their time limit covers the whole run
     * @param eachMillis the time limit of one mechanism's check
     * @param outDir   counterexample folder, or null
     * @param progress receives a line as each check starts and ends
     * @return one result per mechanism
     */
    static List<Knockouts.Result> run(List<ModelEntry> entries, ExplorerSettings settings, long eachMillis,
                                      Path outDir, Consumer<String> progress) {
        List<Knockouts.Result> results = new ArrayList<>();
        long start = System.currentTimeMillis();
        int total = entries.stream().mapToInt(e -> e.mechanisms().stream().mapToInt(m -> m.scopes().size()).sum()).sum();
        int i = 0;
        for (ModelEntry e : entries) {
            for (Mechanism all : e.mechanisms()) {
                for (int k = 0; k < all.scopes().size(); k++) {
                    Mechanism m = all.atScope(k);
                    i++;
                    String prefix = String.format(Locale.ROOT, "knockouts [%d/%d] %s %s%s", i, total, e.name(), m.name(),
                            all.scopes().size() > 1 ? " scope " + (k + 1) : "");
                    long left = settings.maxMillis() - (System.currentTimeMillis() - start);
                    if (left <= 0) {
                        results.add(new Knockouts.Result(e.name(), m, Knockouts.parameters(e, m),
                                Knockouts.Outcome.INCONCLUSIVE, 0, 0, Optional.empty(), Optional.empty(),
                                "not run: the time limit " + TimeText.of(settings.maxMillis()) + " had passed")
                                .atScope(k + 1));
                        progress.accept(prefix + ": not run, the time limit has passed");
                        continue;
                    }
                    progress.accept(prefix + " (" + m.variant() + (m.coverage().isEmpty() ? "" : " " + m.coverage())
                            + ") ...");
                    Knockouts.Result r = Knockouts.check(e, all, k, settings.withMaxMillis(Math.min(left, eachMillis)),
                            outDir);
                    results.add(r);
                    progress.accept(prefix + ": " + summary(r));
                }
            }
        }
        return results;
    }

    private static String summary(Knockouts.Result r) {
        String what = switch (r.outcome()) {
            case KILLED -> "killed by " + r.property().orElseThrow() + " (its purpose)";
            case KILLED_NOT_BY_PURPOSE -> "KILLED NOT BY ITS PURPOSE: by " + r.property().orElseThrow()
                    + ", while its purpose " + r.mechanism().purpose() + " holds";
            case SURVIVED -> "SURVIVED";
            case INCONCLUSIVE -> "INCONCLUSIVE: " + r.detail();
            case FAILED -> "FAILED: " + r.detail();
            case NOT_NEEDED -> "NOT NEEDED (a finding, not counted)";
        };
        return String.format(Locale.ROOT, "%s, %,d states, %.1fs", what, r.states(), r.millis() / 1000.0);
    }

    /**
     * @param results knock-out results
     * @return 0 all killed by their purposes (those declared not needed aside), 1 one survived, failed or
     *         was killed but not by its declared purpose (the declaration is wrong), 3 one undecided (and
     *         none of those)
     */
    static int exitCode(List<Knockouts.Result> results) {
        if (results.stream().anyMatch(r -> r.outcome() == Knockouts.Outcome.SURVIVED
                || r.outcome() == Knockouts.Outcome.FAILED || r.outcome() == Knockouts.Outcome.KILLED_NOT_BY_PURPOSE)) {
            return ExitCodes.VIOLATED;
        }
        return results.stream().anyMatch(r -> r.outcome() == Knockouts.Outcome.INCONCLUSIVE)
                ? ExitCodes.INCONCLUSIVE : ExitCodes.OK;
    }

    /**
     * @param results knock-out results
     * @return the JSON document of docs/json-schema/knockouts.schema.json
     */
    static ObjectNode json(List<Knockouts.Result> results) {
        ObjectNode o = TraceJson.MAPPER.createObjectNode();
        o.put("mechanisms", results.size());
        o.put("counted", results.stream().filter(Knockouts.Result::counted).count());
        o.put("killed", results.stream().filter(Knockouts.Result::killed).count());
        o.put("survived", count(results, Knockouts.Outcome.SURVIVED));
        o.put("inconclusive", count(results, Knockouts.Outcome.INCONCLUSIVE));
        o.put("failed", count(results, Knockouts.Outcome.FAILED));
        o.put("notNeeded", count(results, Knockouts.Outcome.NOT_NEEDED));
        o.put("killedNotByPurpose", count(results, Knockouts.Outcome.KILLED_NOT_BY_PURPOSE));
        boolean stopped = results.stream().anyMatch(r -> r.outcome() == Knockouts.Outcome.INCONCLUSIVE);
        o.put("stopped", stopped ? CheckResult.InconclusiveReason.TIME_LIMIT.name() : null);
        ArrayNode rows = o.putArray("rows");
        for (Knockouts.Result r : results) {
            ObjectNode row = rows.addObject();
            Mechanism m = r.mechanism();
            row.put("model", r.model());
            row.put("mechanism", m.name());
            row.put("scope", r.scope());
            row.put("title", m.title());
            row.put("paperRef", m.paperRef());
            row.put("purpose", m.purpose());
            row.put("variant", m.variant());
            JsonValues.parameters(row, "parameters", r.model(), r.parameters());
            row.put("outcome", r.outcome().name());
            row.put("counted", r.counted());
            row.put("notNeeded", m.notNeeded().orElse(null));
            row.put("killed", r.killed());
            row.put("property", r.property().orElse(null));
            row.put("purposeHit", r.purposeHit());
            JsonValues.figureOrNull(row, "steps", r.trace().map(t -> t.trace().length()), Quantity.Unit.STEPS);
            row.put("counterexample", r.file().orElse(null));
            JsonValues.figure(row, "states", r.states(), Quantity.Unit.STATES);
            JsonValues.figure(row, "wallMillis", r.millis(), Quantity.Unit.MILLISECONDS);
            if (r.design().isPresent()) {
                ObjectNode design = row.putObject("design");
                design.put("property", r.property().orElse(null));
                design.put("verdict", r.design().get().verdict().name());
                JsonValues.figure(design, "states", r.design().get().states(), Quantity.Unit.STATES);
            } else {
                row.putNull("design");
            }
            row.put("description", m.description());
            row.put("detail", r.detail());
            row.put("note", r.note().orElse(null));
        }
        return o;
    }

    private static long count(List<Knockouts.Result> results, Knockouts.Outcome outcome) {
        return results.stream().filter(r -> r.outcome() == outcome).count();
    }

    static void text(PrintWriter o, List<Knockouts.Result> results) {
        String fmt = "%-10s %-28s %-12s %-28s %-7s %11s %8s  %s%n";
        o.printf(Locale.ROOT, fmt, "model", "mechanism", "outcome", "property", "purpose", "states", "time", "counterexample");
        for (Knockouts.Result r : results) {
            o.printf(Locale.ROOT, fmt, r.model(), r.mechanism().name() + (r.scope() > 1 ? " #" + r.scope() : ""),
                    r.outcome(), r.property().orElse("-"),
                    r.killed() ? (r.purposeHit() ? "yes" : "no") : "-", String.format(Locale.ROOT, "%,d", r.states()),
                    String.format(Locale.ROOT, "%.1fs", r.millis() / 1000.0), r.file().orElse(r.killed() ? "(not saved)" : r.detail()));
        }
        // a mechanism is killed when it is killed at every coverage scope it declares
        Map<String, List<Knockouts.Result>> byMechanism = new java.util.LinkedHashMap<>();
        results.stream().filter(Knockouts.Result::counted).forEach(r -> byMechanism.computeIfAbsent(r.model() + " "
                + r.mechanism().name(), k -> new ArrayList<>()).add(r));
        long killed = byMechanism.values().stream().filter(l -> l.stream().allMatch(Knockouts.Result::killed)).count();
        long purpose = byMechanism.values().stream().filter(l -> l.stream().allMatch(Knockouts.Result::purposeHit))
                .count();
        long scopes = results.stream().filter(Knockouts.Result::counted).count();
        o.printf(Locale.ROOT, "%d of %d mechanisms killed (%d by their purpose)%s%n", killed, byMechanism.size(), purpose,
                scopes == byMechanism.size() ? "" : String.format(Locale.ROOT, " at every one of their coverage scopes "
                + "(%d scopes, %d killed)", scopes, results.stream().filter(r -> r.counted() && r.killed()).count()));
        results.stream().flatMap(r -> r.note().stream()).forEach(n -> o.println("purpose not confirmed: " + n));
        for (Knockouts.Result r : results) {
            if (r.outcome() == Knockouts.Outcome.NOT_NEEDED) {
                o.printf(Locale.ROOT, "finding, not counted: %s %s: %s%n", r.model(), r.mechanism().name(), r.detail());
            }
        }
    }
}
