package org.rdmacheck.checker.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.checker.tlc.SpecFolder;
import org.rdmacheck.checker.trace.ItfTraces;
import org.rdmacheck.checker.trace.ItfValues;
import org.rdmacheck.checker.trace.ReplayResult;
import org.rdmacheck.checker.trace.TraceReplayer;
import org.rdmacheck.checker.tlc.TlaValues;
import org.rdmacheck.checker.tlc.TlcChecker;
import org.rdmacheck.checker.tlc.TlcConfig;
import org.rdmacheck.checker.tlc.TlcOptions;
import org.rdmacheck.checker.tlc.TlcReport;
import org.rdmacheck.checker.tlc.TlcRequest;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.catalog.ModelEntry;

/**
 * Trace validation in the style of Cirstea, Kuppe, Loillier and Merz (2024), without TLC's JSON
 * module: the trace becomes a TLA+ module holding it as a sequence of records of the spec's
 * variables, with a trace spec whose initial state is the spec's {@code Init} restricted to the
 * trace's first state and whose next-state relation is the spec's {@code Next} restricted to the
 * trace's next state. TLC then follows the trace; the invariant "the trace is not finished" is
 * violated exactly when the whole trace is a behaviour of the spec. Otherwise the depth TLC reached
 * is the first step the spec cannot take.
 */
public final class TraceValidator {

    private static final String MODULE = "RdmacheckTrace";
    private static final String STEP = "rdmacheck_step";
    private static final String LOG = "RdmacheckTraceLog";
    private static final String LOGS = "RdmacheckTraceLogs";
    private static final String TRACE = "rdmacheck_trace";
    private static final String VIEW = "RdmacheckView";

    private final TlcOptions options;

    /** @param options how to run TLC */
    public TraceValidator(TlcOptions options) {
        this.options = options;
    }

    /**
     * @param trace     a trace (e.g. a counterexample of the Java model)
     * @param specDir   the spec folder (with {@code manifest.json} for constants and the trace mapping, if any)
     * @param config    configuration file, or null for the folder's default
     * @param overrides constant overrides, applied after the manifest's mapping of the trace's provenance
     * @return the verdict
     * @throws InputException if the trace does not fit the spec's variables or TLC cannot follow it
     */
    public TraceValidation validate(Counterexample trace, Path specDir, String config, Map<String, String> overrides) {
        return run(List.of(Request.of(trace, specDir, config, overrides)), false).get(0).validation();
    }

    /**
     * Validates an ITF trace. One that rdmacheck exported from a counterexample of the spec's Java
     * twin is validated as that counterexample (through the manifest's trace mapping); any other (from
     * TLC, Apalache, Quint) names the spec's variables directly, and its values are rendered as they
     * are, sets as sets.
     *
     * @param itf       the trace
     * @param source    its file name, for messages
     * @param specDir   the spec folder
     * @param config    configuration file, or null for the folder's default
     * @param overrides constant overrides
     * @return the verdict
     * @throws InputException if the trace does not fit the spec's variables or TLC cannot follow it
     */
    public TraceValidation validate(ItfTraces.ItfTrace itf, String source, Path specDir, String config,
                                    Map<String, String> overrides) {
        return run(List.of(Request.of(itf, source, specDir, config, overrides)), false).get(0).validation();
    }

    /**
     * @param specDir  a spec folder
     * @param property a name
     * @throws InputException if no module of the folder defines {@code property} (one line)
     */
    public static void requireDefinition(Path specDir, String property) {
        if (!TlaVariables.definitions(specDir).contains(property)) {
            throw new InputException("--violates " + property + ": expected a definition of the spec's modules in "
                    + specDir);
        }
    }

    /**
     * As {@link #violationStep(Counterexample, Path, String, Map, String, boolean)}, the property's
     * kind taken from the spec folder: an invariant if a configuration of its manifest checks it as
     * one, an action or temporal property if one checks it as such, else the trace's own kind when
     * the property is the trace's (an invariant trace: an invariant), else an action property.
     *
     * @param trace     a trace
     * @param specDir   the spec folder
     * @param config    configuration file, or null for the folder's default
     * @param overrides constant overrides
     * @param property  a definition of the spec
     * @return the step at which TLC reports it violated, or -1
     * @throws InputException if the spec defines no {@code property}, or TLC cannot check it
     */
    public int violationStep(Counterexample trace, Path specDir, String config, Map<String, String> overrides,
                             String property) {
        requireDefinition(specDir, property);
        Boolean invariant = null;
        if (Files.isRegularFile(specDir.resolve(SpecManifest.FILE))) {
            for (SpecManifest.Configuration c : SpecManifest.read(specDir).configurations()) {
                if (invariant == null && c.invariants().contains(property)) {
                    invariant = true;
                } else if (invariant == null && c.properties().contains(property)) {
                    invariant = false;
                }
            }
        }
        if (invariant == null) {
            invariant = property.equals(trace.property()) && trace.kind() == Counterexample.Kind.INVARIANT;
        }
        return violationStep(trace, specDir, config, overrides, property, invariant);
    }

    /**
     * Where TLC finds a property of the spec violated along a trace: the spec restricted to the
     * trace (its Init and Next, each step pinned to the trace's next state, as {@code validate}
     * follows it) checked against {@code property}, an invariant or an action property
     * ({@code [][A]_vars}) of the spec. TLC's counterexample is then a prefix of the trace, each of
     * its steps a step of the spec, so a violation found is the trace's own, judged by the spec's
     * statement of the property rather than the Java model's. A trace that leaves the spec before
     * the property fails reports no violation ({@code validate} says where it leaves it).
     *
     * @param trace     a trace (e.g. a stored counterexample of the Java twin)
     * @param specDir   the spec folder (with {@code manifest.json} for constants and the trace mapping)
     * @param config    configuration file, or null for the folder's default
     * @param overrides constant overrides, applied after the manifest's mapping of the trace's provenance
     * @param property  the spec's definition to check along the trace
     * @param invariant whether it is an invariant (else an action or temporal property)
     * @return the step (0 = initial state) at which TLC reports {@code property} violated, or -1 if
     *         it holds along the states TLC followed
     * @throws InputException if TLC cannot check it (no such definition, a spec error)
     * @throws Undecided if TLC's time limit stopped it first
     */
    public int violationStep(Counterexample trace, Path specDir, String config, Map<String, String> overrides,
                             String property, boolean invariant) {
        Prepared p = prepare(Request.of(trace, specDir, config, overrides));
        String init = p.base().section("INIT").isEmpty() ? "Init" : p.base().section("INIT").get(0);
        String next = p.base().section("NEXT").isEmpty() ? "Next" : p.base().section("NEXT").get(0);
        String text = module(p.root(), init, next, p.states(), p.trace(), p.modelValues(), -1);
        Map<String, List<String>> sections = new LinkedHashMap<>();
        // the configuration's own PROPERTY section is left out by the property list below, not here
        for (String s : List.of("SPECIFICATION", "CONSTRAINT", "ACTION_CONSTRAINT", "SYMMETRY", "VIEW", "ALIAS",
                "POSTCONDITION")) {
            sections.put(s, List.of());
        }
        sections.put("INIT", List.of("TraceInit"));
        sections.put("NEXT", List.of("TraceNext"));
        TlcRequest req = TlcRequest.of(p.folder().specFile(), p.folder().configFile()).withConstants(p.constants())
                .withGeneratedRoot(MODULE + ".tla", text, sections)
                .withInvariants(invariant ? List.of(property) : List.of())
                .withProperties(invariant ? List.of() : List.of(property)).withCheckDeadlock(false);
        TlcReport report;
        try {
            report = new TlcChecker(options).check(req);
        } catch (InputException e) {
            // the checker names the TLC option that brought the name in; here it came from --violates
            for (String option : List.of("--property " + property + ":", "--invariant " + property + ":")) {
                if (e.getMessage() != null && e.getMessage().startsWith(option)) {
                    throw new InputException("--violates " + property + ":" + e.getMessage().substring(option.length()),
                            e);
                }
            }
            throw e;
        }
        if (report.outcome() == org.rdmacheck.checker.tlc.TlcOutcome.TIMEOUT) {
            throw new Undecided("TLC did not finish checking " + property + " along the trace: " + report.detail());
        }
        for (CheckResult r : report.results()) {
            if (r instanceof CheckResult.Violated v && v.property().equals(property)) {
                return v.counterexample().steps().size() - 1;
            }
        }
        if (report.outcome() != org.rdmacheck.checker.tlc.TlcOutcome.SUCCESS) {
            throw new InputException(notChecked(report, property));
        }
        return -1;
    }

    /** Why TLC did not decide {@code property} along the trace: the report's line, else the property's result. */
    private static String notChecked(TlcReport report, String property) {
        for (CheckResult r : report.results()) {
            if (r.property().equals(property) && r instanceof CheckResult.Inconclusive i
                    && i.cause() == CheckResult.InconclusiveReason.INITIAL_STATES_ONLY) {
                // Init and the like: as a PROPERTY a state predicate speaks of the first state only
                return "--violates " + property + ": a state predicate that no configuration of the manifest "
                        + "checks as an invariant, so TLC can check it on the trace's first state only (it holds "
                        + "there): expected an invariant or an action property of the spec";
            }
        }
        String why = report.detail();
        if (why.isEmpty()) {
            why = report.results().stream().filter(r -> r.property().equals(property)).findFirst()
                    .map(r -> r instanceof CheckResult.Inconclusive i ? i.reason()
                            : r instanceof CheckResult.Failed f ? f.error() : r.getClass().getSimpleName())
                    .orElse("TLC's outcome " + report.outcome());
        }
        return "TLC could not check " + property + " along the trace: " + why;
    }

    /**
     * Validates several traces, each as {@code validate} would, with their TLC runs in one child JVM
     * ({@link TlcChecker#checkAll}): the traces followed, then the loops of the lassos they accept. A
     * short TLC run is mostly its JVM's start, which the runs then share. A trace's error (a field
     * that is no variable, TLC unable to follow it) is its own outcome and leaves the others'
     * untouched: should one run's TLC report an error of its spec, the batch's runs are made again
     * one child each, so that the error is only its trace's. The options' time limit covers each
     * batch of runs as a whole.
     *
     * @param requests the traces, their specs, configurations and overrides
     * @return one outcome per request, in order
     */
    public List<Outcome> validateAll(List<Request> requests) {
        return run(requests, true);
    }

    /**
     * One trace to validate, with what {@code validate} takes for it.
     *
     * @param trace     the trace (an ITF trace's, converted)
     * @param itf       the ITF trace, or null for a counterexample
     * @param source    the ITF trace's file name, for messages, or null
     * @param specDir   the spec folder
     * @param config    configuration file, or null for the folder's default
     * @param overrides constant overrides
     */
    public record Request(Counterexample trace, ItfTraces.ItfTrace itf, String source, Path specDir, String config,
                          Map<String, String> overrides) {

        /** Copies the overrides. */
        public Request {
            overrides = Map.copyOf(overrides);
        }

        /**
         * @param trace     a counterexample
         * @param specDir   the spec folder
         * @param config    configuration file, or null for the folder's default
         * @param overrides constant overrides
         * @return the request, as {@link #validate(Counterexample, Path, String, Map)} takes it
         */
        public static Request of(Counterexample trace, Path specDir, String config, Map<String, String> overrides) {
            return new Request(trace, null, null, specDir, config, overrides);
        }

        /**
         * @param itf       an ITF trace
         * @param source    its file name, for messages
         * @param specDir   the spec folder
         * @param config    configuration file, or null for the folder's default
         * @param overrides constant overrides
         * @return the request, as {@link #validate(ItfTraces.ItfTrace, String, Path, String, Map)} takes it
         * @throws InputException if the ITF trace is no counterexample
         */
        public static Request of(ItfTraces.ItfTrace itf, String source, Path specDir, String config,
                                 Map<String, String> overrides) {
            return new Request(ItfTraces.toCounterexample(itf, source), itf, source, specDir, config, overrides);
        }
    }

    /** A trace's outcome in {@link #validateAll}: its verdict, or the error {@code validate} would have thrown. */
    public sealed interface Outcome {

        /**
         * @return the verdict
         * @throws RuntimeException the trace's error ({@link InputException}, {@link Undecided}), as
         *                          {@code validate} throws it
         */
        TraceValidation validation();

        /** @param verdict whether the trace is a behaviour of the spec */
        record Validated(TraceValidation verdict) implements Outcome {
            @Override
            public TraceValidation validation() {
                return verdict;
            }
        }

        /** @param error what stopped the trace's validation */
        record Failed(RuntimeException error) implements Outcome {
            @Override
            public TraceValidation validation() {
                throw error;
            }
        }
    }

    /**
     * A trace made ready for TLC: its states in the spec's variables, the constants, and the request
     * that follows it under the spec's Init and Next.
     */
    private record Prepared(Counterexample trace, List<Map<String, String>> states, Set<String> modelValues,
                            Path specDir, SpecFolder folder, Map<String, String> constants, String root,
                            TlcConfig base, CheckSpec<?> twin, List<Map<String, String>> log, TlcRequest follow) {

        /** @return the number of states TLC follows: the trace's, and a lasso's closing step back to its loop start */
        int followed() {
            return log.size();
        }

        /** @return whether an accepted trace's loop must also be a fair behaviour of the SPECIFICATION */
        boolean fairLoop() {
            return trace.loopStart() >= 0 && !base.section("SPECIFICATION").isEmpty();
        }
    }

    /** Validates the requests: TLC follows each trace, then checks the loops of the lassos accepted. */
    private List<Outcome> run(List<Request> requests, boolean batch) {
        Outcome[] out = new Outcome[requests.size()];
        Prepared[] prepared = new Prepared[requests.size()];
        for (int i = 0; i < requests.size(); i++) {
            try {
                prepared[i] = prepare(requests.get(i));
            } catch (RuntimeException e) {
                out[i] = new Outcome.Failed(e);
            }
        }
        List<Integer> follow = new ArrayList<>();
        for (int i = 0; i < prepared.length; i++) {
            if (prepared[i] != null) {
                follow.add(i);
            }
        }
        Map<Integer, TraceValidation> together = batch ? followTogether(prepared, follow) : Map.of();
        List<Integer> alone = follow.stream().filter(i -> !together.containsKey(i)).toList();
        List<Tried> reports = tlc(alone.stream().map(i -> prepared[i].follow()).toList(), batch);
        Map<Integer, TraceValidation> loops = new LinkedHashMap<>();
        for (int i : follow) {
            Prepared p = prepared[i];
            try {
                TraceValidation v = together.containsKey(i) ? together.get(i)
                        : verdict(p.trace(), reports.get(alone.indexOf(i)).report(), p.followed());
                if (v.accepted() && p.fairLoop()) {
                    loops.put(i, v);
                } else {
                    out[i] = new Outcome.Validated(v.accepted() ? actions(p, v) : v);
                }
            } catch (RuntimeException e) {
                out[i] = new Outcome.Failed(e);
            }
        }
        List<Integer> looped = new ArrayList<>(loops.keySet());
        List<Tried> loopReports = tlc(looped.stream().map(i -> fairLoopRequest(prepared[i])).toList(), batch);
        for (int j = 0; j < looped.size(); j++) {
            int i = looped.get(j);
            try {
                TraceValidation v = fairLoop(prepared[i], loopReports.get(j).report(), loops.get(i));
                out[i] = new Outcome.Validated(v.accepted() ? actions(prepared[i], v) : v);
            } catch (RuntimeException e) {
                out[i] = new Outcome.Failed(e);
            }
        }
        return List.of(out);
    }

    /** TLC's report on a request, or the error it raised. */
    private record Tried(TlcReport value, RuntimeException error) {
        TlcReport report() {
            if (error != null) {
                throw error;
            }
            return value;
        }
    }

    /** What the traces TLC follows in one run share: the spec, its configuration, constants and variables. */
    private record Together(Path spec, Path config, Map<String, String> constants, Set<String> modelValues,
                            Set<String> variables) {

        static Together of(Prepared p) {
            return new Together(p.folder().specFile(), p.folder().configFile(), p.constants(),
                    Set.copyOf(p.modelValues()), Set.copyOf(p.log().get(0).keySet()));
        }
    }

    /**
     * Follows the traces that share a spec, configuration and constants in one TLC run each: the
     * module holds them all, with the trace's index as one more variable ({@link #module}), and TLC
     * explores the union of the traces as {@code validate} explores one. TLC tells states apart by
     * the trace's index and step only ({@code VIEW}; the trace's values pin every other variable
     * the twin has), so it finds at most one state per trace and step, and as many distinct states
     * as the traces have exactly when it followed every trace to its end (a trace it leaves early,
     * or a fingerprint collision, makes fewer). Such a run accepts
     * all its traces; any other outcome accepts none of them here, and each is then followed alone
     * as {@code validate} follows it, which says where a trace leaves the spec. What is saved is
     * TLC's start and SANY's parse of the spec, paid once per run instead of once per trace.
     *
     * @return the traces accepted together, by request index
     */
    private Map<Integer, TraceValidation> followTogether(Prepared[] prepared, List<Integer> follow) {
        Map<Together, List<Integer>> groups = new LinkedHashMap<>();
        for (int i : follow) {
            groups.computeIfAbsent(Together.of(prepared[i]), k -> new ArrayList<>()).add(i);
        }
        List<List<Integer>> runs = groups.values().stream().filter(g -> g.size() > 1).toList();
        List<Tried> reports = tlc(runs.stream().map(g -> followRequest(g.stream().map(i -> prepared[i]).toList()))
                .toList(), true);
        Map<Integer, TraceValidation> accepted = new LinkedHashMap<>();
        for (int j = 0; j < runs.size(); j++) {
            Tried t = reports.get(j);
            long states = runs.get(j).stream().mapToLong(i -> prepared[i].followed()).sum();
            if (t.error() == null && t.value().outcome() == org.rdmacheck.checker.tlc.TlcOutcome.SUCCESS
                    && t.value().stats().distinctStates() == states) {
                for (int i : runs.get(j)) {
                    Prepared p = prepared[i];
                    TraceValidation v = followedToTheEnd(p.trace(), p.followed(), p.followed());
                    accepted.put(i, new TraceValidation(true, v.steps(), -1, null, null, null, v.tlcStates(),
                            v.message() + " (followed in one TLC run with " + (runs.get(j).size() - 1) + " other trace"
                            + (runs.get(j).size() == 2 ? "" : "s") + " of the spec under the same constants)"));
                }
            }
        }
        return accepted;
    }

    /** @return the request that has TLC follow the traces (of one {@link Together}) under the spec's Init and Next */
    private static TlcRequest followRequest(List<Prepared> traces) {
        Prepared p = traces.get(0);
        String text = module(p.root(), initOf(p.base()), nextOf(p.base()),
                traces.stream().map(Prepared::log).toList(), traces.stream().map(Prepared::trace).toList(),
                p.modelValues(), -1);
        boolean one = traces.size() == 1;
        Map<String, List<String>> sections = new LinkedHashMap<>();
        for (String s : List.of("SPECIFICATION", "PROPERTY", "CONSTRAINT", "ACTION_CONSTRAINT", "SYMMETRY", "VIEW",
                "ALIAS", "POSTCONDITION")) {
            sections.put(s, List.of());
        }
        sections.put("INIT", List.of("TraceInit"));
        sections.put("NEXT", List.of("TraceNext"));
        if (!one) {
            sections.put("VIEW", List.of(VIEW));
        }
        return TlcRequest.of(p.folder().specFile(), p.folder().configFile()).withConstants(p.constants())
                .withGeneratedRoot(MODULE + ".tla", text, sections).withInvariants(one ? List.of("TraceMatched")
                        : List.of()).withProperties(List.of()).withCheckDeadlock(false);
    }

    private static String initOf(TlcConfig base) {
        return base.section("INIT").isEmpty() ? "Init" : base.section("INIT").get(0);
    }

    private static String nextOf(TlcConfig base) {
        return base.section("NEXT").isEmpty() ? "Next" : base.section("NEXT").get(0);
    }

    /**
     * @param batch whether to run the requests in one child ({@link TlcChecker#checkAll}) rather than
     *              one child each ({@link TlcChecker#check}, as a single validation does)
     * @return one report (or error) per request
     */
    private List<Tried> tlc(List<TlcRequest> requests, boolean batch) {
        TlcChecker checker = new TlcChecker(options);
        if (batch && requests.size() > 1) {
            try {
                return checker.checkAll(requests).stream().map(r -> new Tried(r, null)).toList();
            } catch (InputException e) {
                // checkAll stops at the first run whose spec TLC rejects: one child each tells whose it is
            }
        }
        List<Tried> out = new ArrayList<>();
        for (TlcRequest r : requests) {
            try {
                out.add(new Tried(checker.check(r), null));
            } catch (RuntimeException e) {
                out.add(new Tried(null, e));
            }
        }
        return out;
    }

    /** @return the request's trace ready for TLC */
    private static Prepared prepare(Request request) {
        Path specDir = request.specDir();
        Counterexample trace = request.trace();
        if (request.itf() == null) {
            return prepare(trace, null, Set.of(), specDir, request.config(), request.overrides());
        }
        SpecManifest manifest = Files.isRegularFile(specDir.resolve(SpecManifest.FILE)) ? SpecManifest.read(specDir)
                : null;
        if (manifest != null && trace.provenance().model().equals(manifest.javaModel())) {
            return prepare(trace, null, Set.of(), specDir, request.config(), request.overrides());
        }
        ItfTraces.ItfTrace itf = request.itf();
        String source = request.source();
        // TLC's model values (#unserializable names) exist only in a configuration: the trace module
        // declares those the spec does not, and the configuration makes each a model value of its name.
        Set<String> modelValues = new java.util.TreeSet<>();
        itf.states().forEach(st -> ItfValues.modelValues(st, modelValues));
        modelValues.removeAll(TlaVariables.constants(specDir));
        modelValues.removeAll(TlaVariables.definitions(specDir));
        List<Map<String, String>> states = new ArrayList<>();
        for (int i = 0; i < itf.states().size(); i++) {
            Map<String, String> s = new LinkedHashMap<>();
            int step = i;
            itf.states().get(i).fields().forEachRemaining(e -> {
                try {
                    s.put(e.getKey(), ItfValues.render(e.getValue()));
                } catch (IllegalArgumentException ex) {
                    throw new InputException(source + ": states[" + step + "]." + e.getKey() + ": " + ex.getMessage());
                }
            });
            states.add(s);
        }
        return prepare(trace, states, modelValues, specDir, request.config(), request.overrides());
    }

    private static Prepared prepare(Counterexample trace, List<Map<String, String>> given, Set<String> modelValues,
                                    Path specDir, String config, Map<String, String> overrides) {
        if (trace.steps().isEmpty()) {
            throw new InputException("the trace has no steps");
        }
        SpecFolder folder = SpecFolder.resolve(specDir, config);
        SpecManifest manifest = Files.isRegularFile(specDir.resolve(SpecManifest.FILE)) ? SpecManifest.read(specDir)
                : null;
        Map<String, String> constants = new LinkedHashMap<>();
        CheckSpec<?> twin = null;
        if (manifest != null && trace.provenance().model().equals(manifest.javaModel())) {
            twin = javaSpec(trace);
            constants.putAll(manifest.constants(trace.provenance().variant(), twin.parameters()));
        }
        modelValues.forEach(v -> constants.put(v, v));
        constants.putAll(overrides);
        // a refinement's history variables and abstract service are no part of the twin's state
        Set<String> vars = TlaVariables.declared(specDir, manifest == null ? Set.of() : manifest.refinementModules());
        List<Map<String, String>> states = given == null ? states(trace, manifest, vars) : checked(given, vars);
        TlcConfig base = baseConfig(folder.configFile());
        String root = folder.specFile().getFileName().toString().replaceFirst("\\.tla$", "");
        int loop = trace.loopStart();
        if (loop >= states.size()) {
            throw new InputException("loopStart " + loop + ": expected a step of the trace, in [0, " + (states.size() - 1)
                    + "]");
        }
        // A lasso's closing step (last state -> loop start) must be a step of the spec too; a loop that
        // returns to the last state itself only stutters, which every TLA+ spec allows.
        boolean closes = loop >= 0 && loop < states.size() - 1;
        List<Map<String, String>> followed = new ArrayList<>(states);
        if (closes) {
            followed.add(states.get(loop));
        }
        Prepared p = new Prepared(trace, states, modelValues, specDir, folder, constants, root, base, twin,
                List.copyOf(followed), null);
        return new Prepared(trace, states, modelValues, specDir, folder, constants, root, base, twin, p.log(),
                followRequest(List.of(p)));
    }

    /** @return the accepted verdict, checked against the Java model's actions (or the spec's definitions) */
    private static TraceValidation actions(Prepared p, TraceValidation accepted) {
        return p.twin() != null ? actions(p.trace(), p.twin(), accepted)
                : actionNames(p.trace(), TlaVariables.definitions(p.specDir()), accepted);
    }

    /**
     * The loop of a lasso repeats forever: the behaviour (prefix, then the loop again and again) must
     * satisfy the spec's SPECIFICATION formula with its fairness conditions (a loop in which an action
     * the spec treats weakly fairly stays enabled and is never taken is no behaviour of the spec). TLC
     * checks that formula as a PROPERTY of a spec whose only behaviour is the lasso.
     */
    private static TlcRequest fairLoopRequest(Prepared p) {
        String text = module(p.root(), "TRUE", "TRUE", p.states(), p.trace(), p.modelValues(), p.trace().loopStart());
        Map<String, List<String>> sections = new LinkedHashMap<>();
        for (String s : List.of("INIT", "NEXT", "CONSTRAINT", "ACTION_CONSTRAINT", "SYMMETRY", "VIEW", "ALIAS",
                "POSTCONDITION")) {
            sections.put(s, List.of());
        }
        sections.put("SPECIFICATION", List.of("RdmacheckLasso"));
        return TlcRequest.of(p.folder().specFile(), p.folder().configFile()).withConstants(p.constants())
                .withGeneratedRoot(MODULE + ".tla", text, sections).withInvariants(List.of())
                .withProperties(List.of(specFormula(p))).withCheckDeadlock(false);
    }

    private static String specFormula(Prepared p) {
        return p.base().section("SPECIFICATION").get(0);
    }

    /** @return the verdict on a lasso whose states TLC followed ({@code accepted}), given TLC's report on its loop */
    private static TraceValidation fairLoop(Prepared p, TlcReport report, TraceValidation accepted) {
        Counterexample trace = p.trace();
        String specFormula = specFormula(p);
        int loop = trace.loopStart();
        int n = trace.steps().size();
        if (report.outcome() == org.rdmacheck.checker.tlc.TlcOutcome.TIMEOUT) {
            throw new Undecided("TLC did not finish checking the loop against " + specFormula + ": " + report.detail());
        }
        if (report.counterexample().isPresent()) {
            return new TraceValidation(false, n, n, null, trace.steps().get(n - 1).state(),
                    trace.steps().get(loop).state(), accepted.tlcStates(), "the loop from step " + (n - 1)
                    + " back to step " + loop + (loop == n - 1 ? " (stuttering forever)" : "") + " is no behaviour of "
                    + specFormula + ": repeated forever it violates the spec's fairness (" + report.detail() + ")");
        }
        if (report.outcome() != org.rdmacheck.checker.tlc.TlcOutcome.SUCCESS) {
            throw new InputException("TLC could not check the loop against " + specFormula + ": " + report.detail());
        }
        return new TraceValidation(true, n, -1, null, null, null, accepted.tlcStates(), accepted.message()
                + ", and its loop (step " + (n - 1) + " back to step " + loop + ") is a fair behaviour of " + specFormula);
    }

    /**
     * A trace that is not the twin's (e.g. one TLC found) carries TLA+ action names without their
     * arguments: each must at least name a definition of the spec.
     */
    private static TraceValidation actionNames(Counterexample trace, Set<String> defined, TraceValidation accepted) {
        for (int k = 1; k < trace.steps().size(); k++) {
            TraceStep step = trace.steps().get(k);
            if (step.action() != null && !defined.contains(step.action().name())) {
                return new TraceValidation(false, trace.steps().size(), k, step.action(),
                        trace.steps().get(k - 1).state(), step.state(), accepted.tlcStates(),
                        "step " + k + ": the action " + step.action().name() + " is no definition of the spec");
            }
        }
        return accepted;
    }

    /**
     * TLC matches states only: each step's action must also be the Java model's own between the
     * two states (a trace whose action names were changed is not accepted).
     */
    private static TraceValidation actions(Counterexample trace, CheckSpec<?> java, TraceValidation accepted) {
        Optional<ReplayResult.IllegalStep> bad = TraceReplayer.illegalStep(java, trace);
        if (bad.isEmpty()) {
            return accepted;
        }
        int k = bad.get().step();
        TraceStep step = trace.steps().get(k);
        return new TraceValidation(false, trace.steps().size(), k, step.action(),
                k == 0 ? null : trace.steps().get(k - 1).state(), step.state(), accepted.tlcStates(),
                "the states form a behaviour of the spec, but the Java model " + trace.provenance().model()
                        + " does not take the recorded step: " + bad.get().message());
    }

    /** The trace's Java configuration (its parameters() list every parameter, defaults filled in). */
    private static CheckSpec<?> javaSpec(Counterexample trace) {
        ModelEntry entry = Catalog.find(trace.provenance().model());
        return entry.build(entry.variant(trace.provenance().variant()).name(),
                Params.of(trace.provenance().parameters()));
    }

    /** @return the verdict on a trace TLC followed to its end, having found {@code explored} states on the way */
    private static TraceValidation followedToTheEnd(Counterexample trace, int followed, long explored) {
        int n = trace.steps().size();
        return new TraceValidation(true, n, -1, null, null, null, explored,
                "all " + n + " states of the trace form a behaviour of the spec" + (followed > n
                ? ", the closing step from step " + (n - 1) + " back to step " + trace.loopStart() + " included"
                : ""));
    }

    private static TraceValidation verdict(Counterexample trace, TlcReport report, int followed) {
        int n = trace.steps().size();
        long explored = report.stats().distinctStates();
        if (report.outcome() == org.rdmacheck.checker.tlc.TlcOutcome.INVARIANT && report.detail().startsWith("TraceMatched")) {
            return followedToTheEnd(trace, followed, explored);
        }
        // the trace's first state is no initial state: TLC found no initial state of the trace spec
        boolean noInit = explored == 0 && !report.results().isEmpty() && report.results().stream().allMatch(r ->
                r instanceof CheckResult.Inconclusive i && i.cause() == CheckResult.InconclusiveReason.VACUOUS);
        if (!noInit && (report.outcome() == org.rdmacheck.checker.tlc.TlcOutcome.TIMEOUT
                || report.outcome() == org.rdmacheck.checker.tlc.TlcOutcome.INCOMPLETE)) {
            throw new Undecided("TLC did not finish following the trace: " + report.detail());
        }
        if (!noInit && report.outcome() != org.rdmacheck.checker.tlc.TlcOutcome.SUCCESS) {
            throw new InputException("TLC could not follow the trace: " + report.detail());
        }
        int k = explored == 0 ? 0 : Math.min(report.stats().depth(), followed - 1);
        if (k == n) {
            return new TraceValidation(false, n, n, null, trace.steps().get(n - 1).state(),
                    trace.steps().get(trace.loopStart()).state(), explored, "the lasso's closing step, from step "
                    + (n - 1) + " back to step " + trace.loopStart() + ", is not a step of the spec's next-state "
                    + "relation");
        }
        TraceStep bad = trace.steps().get(k);
        JsonNode before = k == 0 ? null : trace.steps().get(k - 1).state();
        String msg = k == 0 ? "step 0: the trace's first state is not an initial state of the spec"
                : "step " + k + ": " + bad.action() + " from step " + (k - 1) + " does not lead to the trace's state "
                + "under the spec's next-state relation";
        return new TraceValidation(false, n, k, bad.action(), before, bad.state(), explored, msg);
    }

    private static List<Map<String, String>> states(Counterexample trace, SpecManifest manifest, Set<String> vars) {
        Map<String, TraceMapping.Variable> mapping = manifest == null ? Map.of() : manifest.traceMapping();
        List<Map<String, String>> out = new ArrayList<>();
        for (int i = 0; i < trace.steps().size(); i++) {
            out.add(TraceMapping.variables(mapping, trace.steps().get(i).state(), i));
        }
        return checked(out, vars);
    }

    /** Each state must give a value to exactly the spec's variables. */
    private static List<Map<String, String>> checked(List<Map<String, String>> states, Set<String> vars) {
        List<Map<String, String>> out = new ArrayList<>();
        for (int i = 0; i < states.size(); i++) {
            Map<String, String> s = states.get(i);
            for (String v : s.keySet()) {
                if (!vars.contains(v)) {
                    throw new InputException("trace step " + i + ": '" + v + "' is not a variable of the spec "
                            + vars + "; map the Java state onto the spec's variables with a traceMapping in "
                            + SpecManifest.FILE);
                }
            }
            if (!s.keySet().containsAll(vars)) {
                Set<String> missing = new java.util.TreeSet<>(vars);
                missing.removeAll(s.keySet());
                throw new InputException("trace step " + i + ": the state gives no value for the spec's variables "
                        + missing);
            }
            out.add(s);
        }
        return out;
    }

    private static TlcConfig baseConfig(Path cfg) {
        try {
            return TlcConfig.parse(Files.readString(cfg, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (IllegalArgumentException e) {
            throw new InputException(cfg + ": " + e.getMessage());
        }
    }

    /** @return the trace module: the trace as a sequence of records, TraceInit, TraceNext, TraceMatched */
    static String module(String root, String init, String next, List<Map<String, String>> states,
                         Counterexample trace) {
        return module(root, init, next, states, trace, Set.of(), -1);
    }

    /**
     * @param lasso -1 for the module that follows the trace under the spec's Init and Next; else the
     *              loop start of a lasso, for the module whose only behaviour is the lasso repeated
     *              forever ({@code RdmacheckLasso}, with weak fairness so that it does not stop)
     * @return the trace module, declaring the model values the trace uses and the spec does not
     */
    static String module(String root, String init, String next, List<Map<String, String>> states,
                         Counterexample trace, Set<String> modelValues, int lasso) {
        return module(root, init, next, List.of(states), List.of(trace), modelValues, lasso);
    }

    /**
     * The module of one trace, or of several followed in one TLC run ({@link #followTogether}): then
     * {@value #LOGS} holds their logs, the variable {@value #TRACE} says whose states a state of TLC
     * has (chosen in the initial state, never changed), and {@value #LOG} is that trace's log.
     *
     * @param logs   each trace's states in the spec's variables (the same variables, in the same order)
     * @param traces the traces, for the module's comments
     * @param lasso  -1, or (with one trace) its loop start, as in the one-trace form
     * @return the trace module
     */
    static String module(String root, String init, String next, List<List<Map<String, String>>> logs,
                         List<Counterexample> traces, Set<String> modelValues, int lasso) {
        boolean several = logs.size() > 1;
        if (several && lasso >= 0) {
            throw new IllegalArgumentException("a lasso's module holds one trace");
        }
        List<String> variables = new ArrayList<>(logs.get(0).get(0).keySet());
        StringBuilder b = new StringBuilder();
        b.append("---- MODULE ").append(MODULE).append(" ----\n");
        for (Counterexample trace : traces) {
            b.append("\\* generated by rdmacheck validate-trace: ").append(trace.provenance().model()).append(' ')
                    .append(trace.provenance().variant()).append(' ').append(trace.property()).append('\n');
        }
        b.append("EXTENDS ").append(root).append(", Integers, Sequences, FiniteSets, TLC\n");
        b.append("VARIABLE ").append(STEP).append(several ? ", " + TRACE : "").append("\n\n");
        if (!modelValues.isEmpty()) {
            b.append("\\* model values of the trace, made model values by the configuration\n");
            b.append("CONSTANTS ").append(String.join(", ", modelValues)).append("\n\n");
        }
        b.append("\\* Helpers for traceMapping's via expressions: Java arrays indexed from 0 or by a set's rank.\n");
        // Bound names carry a prefix: TLA+ forbids reusing a name the spec declares (a variable x, a constant S).
        b.append("RdmacheckRank(rdm_x, rdm_S) == Cardinality({rdm_y \\in rdm_S : rdm_y <= rdm_x})\n");
        b.append("RdmacheckFn(rdm_seq) == [rdm_i \\in 0..(Len(rdm_seq) - 1) |-> rdm_seq[rdm_i + 1]]\n");
        b.append("RdmacheckFnOver(rdm_seq, rdm_S) == [rdm_x \\in rdm_S |-> rdm_seq[RdmacheckRank(rdm_x, rdm_S)]]\n");
        b.append("RdmacheckSet(rdm_seq) == {rdm_seq[rdm_i] : rdm_i \\in DOMAIN rdm_seq}\n");
        b.append("RdmacheckSetsOver(rdm_seq, rdm_S) == [rdm_x \\in rdm_S |-> RdmacheckSet(rdm_seq[RdmacheckRank(rdm_x, "
                + "rdm_S)])]\n\n");
        b.append("\\* The actions the trace").append(several ? "s record" : " records")
                .append(", step by step (for the reader; states are matched).\n");
        b.append("RdmacheckTraceActions == <<").append(several ? "\n" : "");
        for (int t = 0; t < traces.size(); t++) {
            Counterexample trace = traces.get(t);
            b.append(several ? "    <<" : "");
            for (int i = 0; i < trace.steps().size(); i++) {
                TraceStep s = trace.steps().get(i);
                b.append(i == 0 ? "" : ", ").append(TlaValues.quote(s.action() == null ? "Init"
                        : s.action().toString()));
            }
            b.append(several ? (t + 1 < traces.size() ? ">>,\n" : ">>\n") : "");
        }
        b.append(">>\n\n");
        if (several) {
            b.append(LOGS).append(" == <<\n");
            for (int t = 0; t < logs.size(); t++) {
                b.append("  <<\n");
                records(b, logs.get(t));
                b.append(t + 1 < logs.size() ? "  >>,\n" : "  >>\n");
            }
            b.append(">>\n\n\\* The log of the trace whose states these are.\n");
            b.append(LOG).append(" == ").append(LOGS).append('[').append(TRACE).append("]\n\n");
            b.append("\\* What tells TLC's states apart: whose trace, which step (the log pins the rest).\n");
            b.append(VIEW).append(" == <<").append(TRACE).append(", ").append(STEP).append(">>\n\n");
        } else {
            b.append(LOG).append(" == <<\n");
            records(b, logs.get(0));
            b.append(">>\n\n");
        }
        b.append("TraceInit ==\n    /\\ ").append(STEP).append(" = 1\n");
        if (several) {
            b.append("    /\\ ").append(TRACE).append(" \\in 1..").append(logs.size()).append('\n');
        }
        b.append("    /\\ ").append(init).append('\n');
        for (String v : variables) {
            b.append("    /\\ ").append(v).append(" = ").append(LOG).append("[1].").append(v).append('\n');
        }
        if (lasso >= 0) {
            List<String> all = new ArrayList<>(variables);
            all.add(0, STEP);
            String vars = "<<" + String.join(", ", all) + ">>";
            b.append("\nTraceNext ==\n    /\\ ").append(STEP).append("' = IF ").append(STEP).append(" < Len(")
                    .append(LOG).append(") THEN ").append(STEP).append(" + 1 ELSE ").append(lasso + 1).append('\n');
            for (String v : variables) {
                b.append("    /\\ ").append(v).append("' = ").append(LOG).append('[').append(STEP).append("'].")
                        .append(v).append('\n');
            }
            b.append("\n\\* The lasso: the trace, then its loop forever (a loop to the last state stutters).\n");
            b.append("RdmacheckLasso == TraceInit /\\ [][TraceNext]_").append(vars).append(" /\\ WF_").append(vars)
                    .append("(TraceNext)\n");
        } else {
            b.append("\nTraceNext ==\n    /\\ ").append(STEP).append(" < Len(").append(LOG).append(")\n");
            b.append("    /\\ ").append(STEP).append("' = ").append(STEP).append(" + 1\n");
            if (several) {
                b.append("    /\\ ").append(TRACE).append("' = ").append(TRACE).append('\n');
            }
            b.append("    /\\ ").append(next).append('\n');
            for (String v : variables) {
                b.append("    /\\ ").append(v).append("' = ").append(LOG).append('[').append(STEP).append(" + 1].")
                        .append(v).append('\n');
            }
        }
        b.append("\n\\* Violated exactly when TLC has followed the whole trace.\n");
        b.append("TraceMatched == ").append(STEP).append(" < Len(").append(LOG).append(")\n");
        b.append("====\n");
        return b.toString();
    }

    /** Appends a log's states, one record of the spec's variables per line. */
    private static void records(StringBuilder b, List<Map<String, String>> states) {
        for (int i = 0; i < states.size(); i++) {
            b.append("    [");
            List<String> fields = new ArrayList<>();
            states.get(i).forEach((k, v) -> fields.add(k + " |-> " + v));
            b.append(String.join(", ", fields)).append(']').append(i + 1 < states.size() ? ",\n" : "\n");
        }
    }

    /** TLC stopped (its time limit) before it decided whether the trace is a behaviour: neither accepted nor not. */
    public static final class Undecided extends RuntimeException {
        private static final long serialVersionUID = 1L;

        /** @param reason why, with TLC's words */
        public Undecided(String reason) {
            super(reason);
        }
    }
}
