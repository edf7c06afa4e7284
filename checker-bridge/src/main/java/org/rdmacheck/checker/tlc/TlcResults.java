package org.rdmacheck.checker.tlc;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.Provenance;
import org.rdmacheck.checker.Stats;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.checker.Version;
import org.rdmacheck.model.InputException;

/** Interprets TLC's messages and exit status as a {@link TlcReport}. */
final class TlcResults {

    private static final Pattern STATS = Pattern.compile("([\\d,]+) states generated.*?([\\d,]+) distinct states? found");
    private static final Pattern INIT = Pattern.compile("([\\d,]+) distinct states? generated");
    private static final Pattern DEPTH = Pattern.compile("depth of the complete state graph search is (\\d+)");
    private static final Pattern PROGRESS_DEPTH = Pattern.compile("Progress\\((\\d+)\\)");
    private static final Pattern COLLISION = Pattern.compile("calculated \\(optimistic\\):\\s+val = ([0-9.Ee+-]+)");
    private static final Pattern NAMED = Pattern.compile("(?:Invariant|Action property|Property) (\\S+) is violated");
    private static final Pattern PLACED = Pattern.compile(
            "(?:Action property|Property) line \\d+, col \\d+ to line \\d+, col \\d+ of module \\w+ is violated");
    private static final Pattern ASSUMPTION = Pattern.compile(
            "Assumption line (\\d+), col (\\d+) to line \\d+, col \\d+ of module (\\w+)");

    private final List<TlcMessage> messages;
    private final TlcWorkspace ws;
    private final TlcRequest req;
    private final int workers;
    private final long wallMillis;
    private final TlcMode mode;
    private final java.util.Map<String, com.fasterxml.jackson.databind.node.ObjectNode> itf =
            new java.util.LinkedHashMap<>();
    private SpecPreflight.Outline outline;
    private SymmetricProperties symmetry;
    private long repeatedReports;

    TlcResults(List<TlcMessage> messages, TlcWorkspace ws, TlcRequest req, int workers, long wallMillis) {
        this(messages, ws, req, workers, wallMillis, TlcMode.exhaustive());
    }

    TlcResults(List<TlcMessage> messages, TlcWorkspace ws, TlcRequest req, int workers, long wallMillis,
               TlcMode mode) {
        this.messages = messages;
        this.ws = ws;
        this.req = req;
        this.workers = workers;
        this.wallMillis = wallMillis;
        this.mode = mode;
    }

    /**
     * @param exit the exit status, or empty if the time limit killed TLC
     * @param limitMillis the time limit
     * @return the report
     * @throws InputException for spec, configuration and assumption errors
     */
    TlcReport interpret(java.util.OptionalInt exit, long limitMillis) {
        TlcReport r = unsettledByReduction(verdicts(exit, limitMillis)).withTracesAndCoverage(itf,
                TlcCoverage.read(messages));
        if (symmetry != null) {
            r = symmetry.interpret(r);
        }
        r = vacuous(initialStatesOnly(r));
        return r.withWarnings(warnings(r.stats()));
    }

    /**
     * @param o what the preflight found (state predicates given as properties), or null if it did not run
     * @return this
     */
    TlcResults withOutline(SpecPreflight.Outline o) {
        this.outline = o;
        return this;
    }

    /**
     * @param reader what read TLC's output: its messages, and the repeated violation reports it dropped
     * @param ws     the workspace
     * @param req    the request
     * @param workers TLC's workers
     * @param wallMillis wall time
     * @param mode   how TLC explored
     * @return the results of the messages read
     */
    static TlcResults of(TlcOutput.Reader reader, TlcWorkspace ws, TlcRequest req, int workers, long wallMillis,
                         TlcMode mode) {
        TlcResults r = new TlcResults(reader.messages(), ws, req, workers, wallMillis, mode);
        r.repeatedReports = reader.repeatedReports();
        return r;
    }

    /** @param s the SYMMETRY guard, or null  @return this */
    TlcResults withSymmetry(SymmetricProperties s) {
        this.symmetry = s;
        return this;
    }

    /**
     * A state predicate given as PROPERTY is, as a temporal formula, a claim about the first state, and
     * TLC checks it on the initial states only. Users who write one almost always mean it of every
     * state (an INVARIANT, or {@code []P}): its success is not reported as VERIFIED.
     */
    private TlcReport initialStatesOnly(TlcReport r) {
        if (outline == null || outline.stateProperties().isEmpty()) {
            return r;
        }
        return replaceVerified(r, outline.stateProperties()::contains, v -> new CheckResult.Inconclusive(v.property(),
                CheckResult.InconclusiveReason.INITIAL_STATES_ONLY, v.property() + " is a state predicate given as "
                + "PROPERTY: TLC checked it on the initial states only (it holds there); to check it in every reachable "
                + "state give it as INVARIANT " + v.property() + " (or PROPERTY []" + v.property() + ")", r.stats()), "");
    }

    /**
     * No initial state (Init unsatisfiable, or the constraints exclude every initial state): every
     * property would hold vacuously, so none is reported VERIFIED.
     */
    private TlcReport vacuous(TlcReport r) {
        if (r.stats().distinctStates() > 0 || mode.simulation().isPresent() || !violationReports().isEmpty()
                || r.outcome() != TlcOutcome.SUCCESS) {
            return r;
        }
        String why = "no initial state: no state satisfies Init" + (constraints().isEmpty() ? ""
                : " and the constraints " + String.join(", ", constraints())) + ", so nothing was checked";
        return replaceVerified(r, p -> true, v -> new CheckResult.Inconclusive(v.property(),
                CheckResult.InconclusiveReason.VACUOUS, why, r.stats()), why);
    }

    /**
     * @param which the properties whose VERIFIED results are replaced
     * @param by    the result in place of a VERIFIED one
     * @param why   appended to the report's detail (unless empty or there already)
     * @return the report with those results replaced and, when one was, a SUCCESS outcome made INCOMPLETE
     */
    private static TlcReport replaceVerified(TlcReport r, java.util.function.Predicate<String> which,
                                             java.util.function.Function<CheckResult, CheckResult> by, String why) {
        List<CheckResult> out = new ArrayList<>();
        boolean changed = false;
        for (CheckResult c : r.results()) {
            if (c instanceof CheckResult.Verified && which.test(c.property())) {
                out.add(by.apply(c));
                changed = true;
            } else {
                out.add(c);
            }
        }
        if (!changed) {
            return r;
        }
        TlcOutcome outcome = r.outcome() == TlcOutcome.SUCCESS ? TlcOutcome.INCOMPLETE : r.outcome();
        String detail = why.isEmpty() || r.detail().contains(why) ? r.detail() : r.detail().isEmpty() ? why
                : r.detail() + "; " + why;
        return new TlcReport(out, r.stats(), r.status(), outcome, detail, r.warnings(), r.itfTraces(), r.coverage());
    }

    private TlcReport verdicts(java.util.OptionalInt exit, long limitMillis) {
        TlcExitStatus status = exit.isPresent() ? TlcExitStatus.of(exit.getAsInt()) : TlcExitStatus.UNKNOWN;
        rejectInputErrors(status);
        Stats stats = stats();
        List<String> props = properties();
        if (exit.isEmpty()) {
            String why = "time limit " + org.rdmacheck.checker.TimeText.of(limitMillis) + " reached; TLC was stopped";
            if (!violationReports().isEmpty()) {
                return violation(status, props, stats, p -> new CheckResult.Inconclusive(p,
                        CheckResult.InconclusiveReason.TIME_LIMIT, why, stats));
            }
            return new TlcReport(all(props, p -> new CheckResult.Inconclusive(p, CheckResult.InconclusiveReason.TIME_LIMIT,
                    why, stats)), stats, status, TlcOutcome.TIMEOUT, why);
        }
        Optional<String> memory = find(TlcMessage.OUT_OF_MEMORY, TlcMessage.OUT_OF_MEMORY_TOO_MANY_INIT,
                TlcMessage.OUT_OF_MEMORY_LIVENESS).map(m -> "TLC ran out of memory (give it more with a larger heap): "
                + TlcErrors.oneLine(m.text()));
        if (memory.isPresent()) {
            String why = memory.get();
            return new TlcReport(all(props, p -> new CheckResult.Failed(p, why, stats)), stats, status, TlcOutcome.ERROR, why);
        }
        if (status == TlcExitStatus.ERROR_STATESPACE_TOO_LARGE) {
            String why = "state space too large for TLC's data structures";
            return new TlcReport(all(props, p -> new CheckResult.Inconclusive(p,
                    CheckResult.InconclusiveReason.STATE_SPACE_TOO_LARGE, why, stats)), stats, status, TlcOutcome.ERROR, why);
        }
        if (status.isViolation()) {
            String open = mode.simulation().isPresent() ? simulationNote() : "not settled: TLC stops at the first "
                    + "violation";
            return violation(status, props, stats, p -> new CheckResult.Inconclusive(p, mode.simulation().isPresent()
                    ? CheckResult.InconclusiveReason.SIMULATION_ONLY : CheckResult.InconclusiveReason.STOPPED_AT_VIOLATION,
                    open, stats));
        }
        if (status == TlcExitStatus.SUCCESS && mode.simulation().isPresent()) {
            return simulated(props, stats);
        }
        if (status == TlcExitStatus.SUCCESS && !violationReports().isEmpty()) {
            // -continue: TLC exits 0 and says "No error has been found" after reporting violations
            TlcCompletion.Ending end = TlcCompletion.of(withoutViolations(), status);
            return violation(status, props, stats, p -> switch (end.kind()) {
                case FINISHED -> new CheckResult.Verified(p, stats);
                case INCOMPLETE -> new CheckResult.Inconclusive(p, CheckResult.InconclusiveReason.STOPPED_EARLY,
                        end.reason(), stats);
                case FAILED -> new CheckResult.Failed(p, end.reason(), stats);
            });
        }
        if (status != TlcExitStatus.SUCCESS) {
            String why = "TLC exit " + exit.getAsInt() + " (" + status.meaning() + "): " + failureText();
            return new TlcReport(all(props, p -> new CheckResult.Failed(p, why, stats)), stats, status, TlcOutcome.ERROR, why);
        }
        // Exit 0 is not enough: TLC also exits 0 after TLCSet("exit", TRUE), and distributed TLC 2.18
        // exits 0 after a worker's error, with states left on its queue.
        TlcCompletion.Ending end = TlcCompletion.of(messages, status);
        return switch (end.kind()) {
            case FINISHED -> new TlcReport(all(props, p -> new CheckResult.Verified(p, stats)), stats, status,
                    TlcOutcome.SUCCESS, "");
            case INCOMPLETE -> new TlcReport(all(props, p -> new CheckResult.Inconclusive(p,
                    CheckResult.InconclusiveReason.STOPPED_EARLY, end.reason(), stats)), stats, status,
                    TlcOutcome.INCOMPLETE, end.reason());
            case FAILED -> new TlcReport(all(props, p -> new CheckResult.Failed(p, end.reason(), stats)), stats,
                    status, TlcOutcome.ERROR, end.reason());
        };
    }

    /**
     * TLC reports success on a reduced space in three cases, none of which proves the property on the
     * spec's state space: a {@code VIEW} makes TLC identify states by their view, so states that differ
     * elsewhere are never visited (every property); {@code SYMMETRY} and state or action constraints
     * while checking liveness may hide a violating cycle, as TLC warns (its temporal properties). Those
     * results become INCONCLUSIVE ({@link CheckResult.InconclusiveReason#REDUCED_SPACE}); violations stay.
     */
    private TlcReport unsettledByReduction(TlcReport r) {
        List<String> view = ws.config().section("VIEW");
        String why;
        java.util.function.Predicate<String> affected;
        if (!view.isEmpty()) {
            why = "VIEW " + view.get(0) + ": TLC matched states by their view, so it explored a quotient of the state "
                    + "space and never visited states that differ outside the view; no proof for the spec (check "
                    + "without VIEW)";
            affected = p -> true;
        } else {
            Optional<TlcMessage> live = find(TlcMessage.LIVENESS_WITH_SYMMETRY, TlcMessage.LIVENESS_WITH_CONSTRAINTS);
            if (live.isEmpty()) {
                return r;
            }
            boolean symmetry = live.get().code() == TlcMessage.LIVENESS_WITH_SYMMETRY;
            why = (symmetry ? "SYMMETRY " + String.join(" ", ws.config().section("SYMMETRY"))
                    : "state/action constraints " + String.join(", ", constraints()))
                    + " during liveness checking: TLC may miss violations of temporal properties (its own warning); no "
                    + "proof for the spec (check the PROPERTY entries without " + (symmetry ? "SYMMETRY" : "constraints")
                    + ")";
            List<String> temporal = ws.config().section("PROPERTY");
            affected = temporal::contains;
        }
        return replaceVerified(r, affected, v -> new CheckResult.Inconclusive(v.property(),
                CheckResult.InconclusiveReason.REDUCED_SPACE, why, v.stats()), why);
    }

    private List<String> constraints() {
        List<String> c = new ArrayList<>(ws.config().section("CONSTRAINT"));
        c.addAll(ws.config().section("ACTION_CONSTRAINT"));
        return c;
    }

    /** @return TLC's warnings, and a note when no state was explored */
    private List<String> warnings(Stats stats) {
        List<String> w = new ArrayList<>(TlcCompletion.warnings(messages));
        if (!constraints().isEmpty() && stats.distinctStates() > 0) {
            w.add("TLC explored only the states allowed by " + String.join(", ", constraints()) + " (CONSTRAINT/"
                    + "ACTION_CONSTRAINT): every result holds within that bound, not beyond it");
        }
        for (String ignored : ws.config().ignoredByTlc()) {
            w.add("configuration item " + ignored + " is not checked: TLC 2.18 parses TYPE and TYPE_CONSTRAINT "
                    + "but never evaluates them (use INVARIANT or CONSTRAINT)");
        }
        long traces = violationReports().size() + repeatedReports;
        if (mode.coverage() && traces > 0) {
            w.add("coverage counts include TLC's re-evaluation of Init and Next while it rebuilt " + traces
                    + " error trace(s); without a violation they count the search alone");
        }
        return w;
    }

    private void rejectInputErrors(TlcExitStatus status) {
        Optional<String> spec = TlcErrors.specError(messages, ws.dir(), ws::original);
        if (spec.isPresent()) {
            throw new InputException(ws.nameWrapperError(spec.get()));
        }
        String generatedName = ws.configFile().getFileName().toString();
        String cfgName = ws.original(generatedName);
        boolean generated = cfgName.equals(generatedName);
        rejectNonStatePredicate(cfgName);
        Optional<String> cfg = generated ? generatedConfigError() : TlcErrors.configError(messages, ws.configFile(),
                cfgName);
        if (cfg.isPresent()) {
            throw new InputException(cfg.get());
        }
        if (generated) {
            // the generated file is deleted with the workspace: name the user's file, or the options
            cfgName = req.configFile() != null ? req.configFile().toString() : "the configuration given by the options";
        }
        for (TlcMessage m : messages) {
            Matcher n = MODULE_NAME.matcher(m.text());
            if (n.find()) {
                // SANY's words, at the module header; TLC itself only says "Parsing or semantic analysis failed"
                throw new InputException(ws.original(n.group(1) + ".tla") + ":1:1: the file declares MODULE "
                        + n.group(2) + ": expected MODULE " + n.group(1) + " (a module's name is its file's name)");
            }
        }
        if (status == TlcExitStatus.ERROR_SPEC_PARSE || status == TlcExitStatus.ERROR_CONFIG_PARSE) {
            throw new InputException((status == TlcExitStatus.ERROR_SPEC_PARSE ? ws.original(
                    ws.specFile().getFileName().toString()) : cfgName) + ":1:1: " + status.meaning() + ": "
                    + failureText());
        }
        if (!ws.configProblem().isEmpty()) {
            // Without the configuration's sections the properties TLC checked are unknown.
            throw new InputException(cfgName + ": " + ws.configProblem());
        }
        Optional<String> eval = TlcErrors.evaluationError(messages, status, ws::original);
        if (eval.isPresent()) {
            throw new InputException(eval.get());
        }
        if (status == TlcExitStatus.VIOLATION_ASSUMPTION) {
            String text = find(TlcMessage.ASSUMPTION_FALSE).map(TlcMessage::text).orElse("");
            Matcher m = ASSUMPTION.matcher(text);
            throw new InputException(m.find() ? ws.original(m.group(3)) + ":" + m.group(1) + ":" + m.group(2)
                    + ": assumption is false for the given constants" : "an ASSUME of the spec is false: " + text);
        }
    }

    private static final Pattern MODULE_NAME = Pattern.compile(
            "File name '(\\w+)' does not match the name '(\\w+)' of the top level module");
    private static final Pattern NOT_STATE_PREDICATE = Pattern.compile(
            "The invariant (\\S+) is not a state predicate");

    /**
     * An invariant with primes or temporal operators: TLC stops with exit 76 before checking anything.
     * It is an input error, named where the user gave it.
     */
    private void rejectNonStatePredicate(String cfgName) {
        for (TlcMessage m : messages) {
            Matcher n = NOT_STATE_PREDICATE.matcher(m.text());
            if (m.isError() && n.find()) {
                String name = n.group(1);
                String where = req.invariants() != null && req.invariants().contains(name) ? "--invariant " + name
                        : (req.configFile() != null ? req.configFile().toString() : cfgName) + ": INVARIANT " + name;
                throw new InputException(where + ": not a state predicate (it has primes or temporal operators); an "
                        + "action property or temporal formula is checked as a PROPERTY (--property " + name + ")");
            }
        }
    }

    /**
     * A configuration error in the configuration generated from the user's file and options: the
     * generated file is gone after the run, so the error names the option that brought the name in
     * ({@code --invariant}, {@code --property}, {@code --param}) or the user's configuration file.
     */
    private Optional<String> generatedConfigError() {
        Optional<String> text = TlcErrors.configErrorText(messages);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        java.util.Set<String> words = new java.util.HashSet<>(java.util.Arrays.asList(text.get().split("[^A-Za-z0-9_]+")));
        List<String[]> sources = new ArrayList<>();
        if (req.invariants() != null) {
            req.invariants().forEach(n -> sources.add(new String[] {"--invariant", n}));
        }
        if (req.properties() != null) {
            req.properties().forEach(n -> sources.add(new String[] {"--property", n}));
        }
        req.constants().keySet().forEach(n -> sources.add(new String[] {"--param", n}));
        for (String[] src : sources) {
            if (words.contains(src[1])) {
                return Optional.of(src[0] + " " + src[1] + ": " + text.get().replace(" specified in the configuration file", ""));
            }
        }
        if (req.configFile() != null) {
            return TlcErrors.configError(messages, req.configFile(), req.configFile().toString());
        }
        return Optional.of("configuration given by the options: " + text.get());
    }

    private static boolean isViolationReport(TlcMessage m) {
        return TlcOutput.isViolationReport(m);
    }

    /** @return the positions of TLC's violation reports (several with {@code -continue}) */
    private List<Integer> violationReports() {
        List<Integer> at = new ArrayList<>();
        for (int i = 0; i < messages.size(); i++) {
            if (isViolationReport(messages.get(i))) {
                at.add(i);
            }
        }
        return at;
    }

    /** @return the messages without violation reports and their traces (which TLC flags as errors) */
    private List<TlcMessage> withoutViolations() {
        return messages.stream().filter(m -> !isViolationReport(m) && m.code() != TlcMessage.BEHAVIOR_UP_TO_THIS_POINT
                && m.code() != TlcMessage.STATE_PRINT2 && m.code() != TlcMessage.STATE_PRINT3
                && m.code() != TlcMessage.BACK_TO_STATE).toList();
    }

    private String simulationNote() {
        TlcMode.Simulation sim = mode.simulation().orElseThrow();
        return "random simulation of " + sim.traces() + " behaviour(s) of at most " + sim.depth() + " states (seed "
                + sim.seed() + ") found no violation; simulation explores some behaviours only, so this is no proof";
    }

    /** A simulation that ended without a violation: nothing is proven. */
    private TlcReport simulated(List<String> props, Stats stats) {
        Optional<TlcMessage> error = withoutViolations().stream().filter(TlcMessage::isError).findFirst();
        if (error.isPresent()) {
            String why = "TLC reported an error: " + TlcErrors.oneLine(error.get().text());
            return new TlcReport(all(props, p -> new CheckResult.Failed(p, why, stats)), stats, TlcExitStatus.SUCCESS,
                    TlcOutcome.ERROR, why);
        }
        String why = simulationNote();
        return new TlcReport(all(props, p -> new CheckResult.Inconclusive(p,
                CheckResult.InconclusiveReason.SIMULATION_ONLY, why, stats)), stats, TlcExitStatus.SUCCESS,
                TlcOutcome.INCOMPLETE, why);
    }

    /**
     * @param status TLC's exit status
     * @param props  the checked properties
     * @param stats  statistics
     * @param rest   the result of a property TLC did not report violated
     * @return one result per property; each violated one with the first (shortest, breadth-first)
     *         trace TLC printed for it
     */
    private TlcReport violation(TlcExitStatus status, List<String> props, Stats stats,
                                java.util.function.Function<String, CheckResult> rest) {
        List<Integer> at = violationReports();
        if (at.isEmpty()) {
            String why = "TLC exit " + status.code() + " (" + status.meaning() + ") without a violation report: "
                    + failureText();
            return new TlcReport(all(props, p -> new CheckResult.Failed(p, why, stats)), stats, status, TlcOutcome.ERROR, why);
        }
        java.util.Map<String, Counterexample> found = new java.util.LinkedHashMap<>();
        int longest = 0;
        java.util.Set<String> read = new java.util.HashSet<>();
        for (int k = 0; k < at.size(); k++) {
            if (!read.add(TlcOutput.reportKey(messages.get(at.get(k))))) {
                continue; // the same property again (-continue): its first, shortest trace is kept
            }
            List<TlcMessage> segment = messages.subList(at.get(k), k + 1 < at.size() ? at.get(k + 1) : messages.size());
            Violation v = boxedProperty(violation(segment), props);
            if (!found.containsKey(v.cex().property())) {
                found.put(v.cex().property(), v.cex());
                itf.put(v.cex().property(), org.rdmacheck.checker.trace.ItfTraces.toItf(v.cex(), v.itf()));
                longest = Math.max(longest, v.cex().steps().size());
            }
        }
        Stats s = stats.depth() > 0 ? stats : withDepth(stats, longest);
        List<CheckResult> results = new ArrayList<>();
        for (String p : props) {
            results.add(found.containsKey(p) ? new CheckResult.Violated(p, found.get(p), s) : rest.apply(p));
        }
        for (Counterexample c : found.values()) {
            if (!props.contains(c.property())) {
                results.add(new CheckResult.Violated(c.property(), c, s));
            }
        }
        Counterexample first = found.values().iterator().next();
        TlcOutcome outcome = switch (first.kind()) {
            case TEMPORAL -> TlcOutcome.PROPERTY;
            case DEADLOCK -> TlcOutcome.DEADLOCK;
            case ASSERTION -> TlcOutcome.ASSERTION;
            default -> TlcOutcome.INVARIANT;
        };
        String detail = found.values().stream().map(c -> c.property() + " violated (" + c.kind() + ", "
                + c.steps().size() + " states)").collect(java.util.stream.Collectors.joining("; "));
        return new TlcReport(results, s, status, outcome, detail);
    }

    /**
     * PROPERTY X with X == []P: TLC checks P as an invariant and names P in its report; the violation is
     * X's.
     */
    private Violation boxedProperty(Violation v, List<String> props) {
        Counterexample c = v.cex();
        if (props.contains(c.property()) || outline == null) {
            return v;
        }
        return outline.propertyOf(c.property()).filter(props::contains).map(x -> new Violation(new Counterexample(x,
                c.kind(), c.steps(), c.violationIndex(), c.loopStart(), c.provenance(), (c.note().isEmpty() ? ""
                : c.note() + "; ") + x + " is []" + c.property() + ", which TLC checks as an invariant"), v.itf()))
                .orElse(v);
    }

    /** A violation report with its trace. */
    private record Violation(Counterexample cex, List<com.fasterxml.jackson.databind.node.ObjectNode> itf) {
    }

    /** @param segment a violation report and the messages up to the next one */
    private Violation violation(List<TlcMessage> segment) {
        TlcMessage report = segment.get(0);
        Counterexample.Kind kind;
        String property;
        String note = "";
        TlcTraces.Trace trace;
        switch (report.code()) {
            case TlcMessage.INVARIANT_VIOLATED_INITIAL, TlcMessage.PROPERTY_VIOLATED_INITIAL -> {
                kind = report.code() == TlcMessage.INVARIANT_VIOLATED_INITIAL ? Counterexample.Kind.INVARIANT
                        : Counterexample.Kind.TEMPORAL;
                property = violatedName(report.text());
                var state = TlcTraces.itfState(report.text().substring(report.text().indexOf('\n') + 1));
                trace = new TlcTraces.Trace(List.of(new TraceStep(null, TlcTraces.plain(state))), -1, false,
                        List.of(state));
                note = "violated by an initial state";
            }
            case TlcMessage.DEADLOCK_REACHED -> {
                kind = Counterexample.Kind.DEADLOCK;
                property = TlcChecker.DEADLOCK;
                trace = TlcTraces.read(segment);
            }
            case TlcMessage.ASSERT_FAILED -> {
                kind = Counterexample.Kind.ASSERTION;
                property = TlcChecker.ASSERTION;
                note = TlcErrors.oneLine(report.text());
                trace = TlcTraces.read(segment);
            }
            case TlcMessage.TEMPORAL_PROPERTY_VIOLATED -> {
                kind = Counterexample.Kind.TEMPORAL;
                List<String> temporal = ws.config().section("PROPERTY");
                property = temporal.size() == 1 ? temporal.get(0) : String.join("|", temporal);
                trace = TlcTraces.read(segment);
                note = trace.stutters() ? "the behaviour stutters forever in its last state"
                        : trace.loopStart() >= 0 ? "the last state returns to step " + trace.loopStart() : "";
            }
            default -> {
                kind = report.code() == TlcMessage.ACTION_PROPERTY_VIOLATED_BEHAVIOR ? Counterexample.Kind.ACTION
                        : Counterexample.Kind.INVARIANT;
                property = violatedName(report.text());
                trace = TlcTraces.read(segment);
            }
        }
        if (mode.simulation().isPresent()) {
            note = (note.isEmpty() ? "" : note + "; ") + "found by random simulation with seed "
                    + mode.simulation().get().seed();
        }
        Map<String, String> params = req.constants();
        Counterexample cex = new Counterexample(property, kind, trace.steps(), Math.max(0, trace.steps().size() - 1),
                trace.loopStart(), new Provenance(req.model(), req.variant(), params, TlcChecker.CHECKER,
                Version.VERSION), note);
        return new Violation(cex, trace.itf());
    }

    /**
     * The name TLC gives a violated invariant or action property. An action property that TLC can
     * only place by its source location ("Action property line 53, col 17 to ... of module M is
     * violated": the {@code [][Next]_v} of an instantiated spec, as in a refinement check
     * {@code PROPERTY Abs!Spec}) is the configuration's temporal property, or all of them joined by
     * {@code |} when several are checked.
     */
    private String violatedName(String text) {
        Matcher named = NAMED.matcher(text);
        if (named.find()) {
            return named.group(1);
        }
        List<String> temporal = ws.config().section("PROPERTY");
        return !PLACED.matcher(text).find() || temporal.isEmpty() ? "?" : String.join("|", temporal);
    }

    /** @return the properties TLC checks: invariants, temporal properties, deadlock freedom */
    List<String> properties() {
        List<String> p = new ArrayList<>(ws.config().section("INVARIANT"));
        p.addAll(ws.config().section("PROPERTY"));
        if (ws.config().checksDeadlock()) {
            p.add(TlcChecker.DEADLOCK);
        }
        return p;
    }

    Stats stats() {
        long distinct = -1;
        long generated = -1;
        int depth = 0;
        double collision = Double.NaN;
        for (TlcMessage m : messages) {
            Matcher s = STATS.matcher(m.text());
            if (m.code() == TlcMessage.SIMULATION_PROGRESS && s.find()) {
                // simulation counts generated states only (distinct: -1)
                generated = number(s.group(1));
            } else if ((m.code() == TlcMessage.STATS || m.code() == TlcMessage.PROGRESS_STATS) && s.find()) {
                generated = number(s.group(1));
                distinct = number(s.group(2));
                Matcher d = PROGRESS_DEPTH.matcher(m.text());
                if (d.find()) {
                    depth = Math.max(depth, Integer.parseInt(d.group(1)));
                }
            } else if (m.code() == TlcMessage.INIT_GENERATED1 && distinct < 0) {
                Matcher i = INIT.matcher(m.text());
                if (i.find()) {
                    distinct = number(i.group(1));
                    generated = distinct;
                    depth = 1;
                }
            } else if (m.code() == TlcMessage.SEARCH_DEPTH) {
                Matcher d = DEPTH.matcher(m.text());
                if (d.find()) {
                    depth = Integer.parseInt(d.group(1));
                }
            } else if (m.code() == TlcMessage.SUCCESS) {
                Matcher c = COLLISION.matcher(m.text());
                if (c.find()) {
                    collision = Double.parseDouble(c.group(1));
                }
            }
        }
        return new Stats(TlcChecker.CHECKER, Math.max(0, distinct), Math.max(0, generated), depth, wallMillis, workers,
                collision);
    }

    private static Stats withDepth(Stats s, int depth) {
        return new Stats(s.checker(), s.distinctStates(), s.transitions(), depth, s.wallMillis(), s.threads(),
                s.collisionProbability());
    }

    private static long number(String s) {
        return Long.parseLong(s.replace(",", ""));
    }

    private Optional<TlcMessage> find(int... codes) {
        for (TlcMessage m : messages) {
            for (int c : codes) {
                if (m.code() == c) {
                    return Optional.of(m);
                }
            }
        }
        return Optional.empty();
    }

    /** @return one line about what went wrong: the first error message, or the last lines printed */
    private String failureText() {
        for (TlcMessage m : messages) {
            if (m.isError()) {
                return TlcErrors.oneLine(m.text());
            }
        }
        List<String> plain = messages.stream().filter(m -> m.code() == TlcMessage.PLAIN).map(TlcMessage::text).toList();
        String last = plain.isEmpty() ? "no output" : plain.get(plain.size() - 1);
        return TlcErrors.oneLine(last.length() > 400 ? last.substring(last.length() - 400) : last);
    }

    private static List<CheckResult> all(List<String> props, java.util.function.Function<String, CheckResult> f) {
        return props.stream().map(f).toList();
    }
}
