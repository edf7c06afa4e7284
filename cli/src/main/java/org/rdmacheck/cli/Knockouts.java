package org.rdmacheck.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.vacuity.Vacuity;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.engine.liveness.LivenessChecker;
import org.rdmacheck.checker.trace.ReplayResult;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Mechanism;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.liveness.LivenessSpec;

/**
 * Checks one mechanism knock-out: the mechanism's variant at its coverage scope with the reserved
 * parameter {@value ModelEntry#KNOCKOUT_PARAM} set. The mechanism is <em>killed</em> when a property
 * that must hold for the variant is violated and {@code replay} confirms the counterexample; an
 * error, a limit or a must-fail property does not count.
 */
public final class Knockouts {

    private Knockouts() {
    }

    /** What a knock-out check found. */
    public enum Outcome {
        /** a property that must hold failed, and the counterexample replays: the mechanism's purpose */
        KILLED,
        /**
         * killed, but not by the mechanism's declared purpose: the purpose was checked first and held
         * with the knock-out (or the variant does not check it), and another property that must hold
         * failed. The declared purpose is wrong, or too weak at this scope: a finding, exit 1
         */
        KILLED_NOT_BY_PURPOSE,
        /** every property that must hold held at the coverage scope */
        SURVIVED,
        /** a limit was reached before a kill or a complete check */
        INCONCLUSIVE,
        /** the check could not run, or a violation did not replay */
        FAILED,
        /**
         * a finding: the mechanism is declared not needed for its purpose, with its argument
         * ({@link Mechanism#notNeeded()}), and the search of its knock-out found no counterexample
         * (exhausted, or stopped by its budget); not counted among the mechanisms to kill
         */
        NOT_NEEDED
    }

    /**
     * The longest search of a knock-out declared not needed (its argument is the evidence; the search
     * only looks for a counterexample that would refute it), in milliseconds.
     */
    public static final long REFUTATION_SEARCH_MILLIS = 30_000;

    /**
     * One knock-out's result.
     *
     * @param model      the model
     * @param mechanism  the mechanism knocked out
     * @param parameters the parameters checked (coverage scope and the knock-out)
     * @param outcome    what was found
     * @param states     distinct states explored (the largest of the check's explorations)
     * @param millis     wall time
     * @param property   the property that killed it, if killed
     * @param trace      the counterexample and its file, if killed
     * @param detail     one line for people
     * @param design     for a kill: the same property checked on the design at the same scope
     * @param scope        which of the mechanism's coverage scopes was checked, from 1 ({@link Mechanism#scopes})
     */
    public record Result(String model, Mechanism mechanism, Map<String, String> parameters, Outcome outcome,
                         long states, long millis, Optional<String> property, Optional<Finding.Trace> trace,
                         String detail, Optional<Baseline> design, int scope) {

        /** Copies the parameters. */
        public Result {
            parameters = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(parameters));
        }

        /** A result at the first coverage scope. */
        public Result(String model, Mechanism mechanism, Map<String, String> parameters, Outcome outcome,
                      long states, long millis, Optional<String> property, Optional<Finding.Trace> trace,
                      String detail, Optional<Baseline> design) {
            this(model, mechanism, parameters, outcome, states, millis, property, trace, detail, design, 1);
        }

        /** @param n a scope's number, from 1  @return this result as the check at that scope */
        public Result atScope(int n) {
            return new Result(model, mechanism, parameters, outcome, states, millis, property, trace, detail, design, n);
        }

        /** A result without the design's baseline (not killed, or not yet compared). */
        public Result(String model, Mechanism mechanism, Map<String, String> parameters, Outcome outcome,
                      long states, long millis, Optional<String> property, Optional<Finding.Trace> trace,
                      String detail) {
            this(model, mechanism, parameters, outcome, states, millis, property, trace, detail, Optional.empty());
        }

        /** @return whether the mechanism was killed, by its purpose or by another property */
        public boolean killed() {
            return outcome == Outcome.KILLED || outcome == Outcome.KILLED_NOT_BY_PURPOSE;
        }

        /**
         * @return for a kill not by the declared purpose, one line saying so and what it means; else
         *         empty
         */
        public Optional<String> note() {
            if (outcome != Outcome.KILLED_NOT_BY_PURPOSE) {
                return Optional.empty();
            }
            return Optional.of(model + " " + mechanism.name() + (scope > 1 ? " #" + scope : "") + ": killed by "
                    + property.orElse("?") + ", not by its declared purpose " + mechanism.purpose() + ", which holds "
                    + "with the knock-out at this scope: the declared purpose is wrong, or too weak here");
        }

        /** @return whether the mechanism counts among those to kill (it is not declared not needed) */
        public boolean counted() {
            return mechanism.notNeeded().isEmpty();
        }

        /** @return whether the killing property is the mechanism's purpose */
        public boolean purposeHit() {
            return property.map(mechanism.purpose()::equals).orElse(false);
        }

        /** @return the stored counterexample file as the user should see it, if one was written */
        public Optional<String> file() {
            return trace.flatMap(Finding.Trace::file).map(ExplorerOptions::display);
        }
    }

    /**
     * The killing property checked on the design itself at the coverage scope: a kill means something
     * only where the design keeps the property (else the knock-out merely shares the design's failure).
     *
     * @param verdict VERIFIED, VIOLATED or INCONCLUSIVE (the budget ran out: the kill stands unconfirmed)
     * @param states  distinct states of the design's check
     */
    public record Baseline(Finding.Verdict verdict, long states) {
    }

    /**
     * @param entry a model
     * @param m     one of its mechanisms
     * @return the parameters of its knock-out check: the coverage scope and the knock-out
     */
    public static Map<String, String> parameters(ModelEntry entry, Mechanism m) {
        Map<String, String> p = new LinkedHashMap<>(m.coverage());
        p.put(ModelEntry.KNOCKOUT_PARAM, m.name());
        return p;
    }

    /**
     * Checks one knock-out (a mechanism declared not needed: searched for at most
     * {@link #REFUTATION_SEARCH_MILLIS}, NOT_NEEDED unless a property fails): the mechanism's purpose on its own first, then every property of the
     * variant; safety and progress stop at the first violation when none is expected at the coverage
     * scope ({@link #stopAtKill}), the liveness properties run only if nothing was killed before them.
     *
     * @param entry    the model
     * @param m        the mechanism
     * @param settings explorer settings; their time limit covers this check
     * @param outDir   where counterexamples go, or null
     * @return the result
     */
    public static Result check(ModelEntry entry, Mechanism m, ExplorerSettings settings, Path outDir) {
        return check(entry, m, 0, settings, outDir);
    }

    /**
     * Checks one knock-out at one of the mechanism's coverage scopes: at the first as {@link
     * #check(ModelEntry, Mechanism, ExplorerSettings, Path)} does; at a further scope (another code
     * path the switch guards) only the mechanism's purpose counts: KILLED when the purpose fails with
     * the knock-out (and holds on the design), SURVIVED when it holds.
     *
     * @param entry    the model
     * @param m        the mechanism
     * @param scope    the scope's index in {@link Mechanism#scopes} (0: the first)
     * @param settings explorer settings; their time limit covers this check
     * @param outDir   where counterexamples go, or null
     * @return the result, numbered by its scope
     */
    public static Result check(ModelEntry entry, Mechanism m, int scope, ExplorerSettings settings, Path outDir) {
        Mechanism at = m.atScope(scope);
        return checkAt(entry, at, scope > 0, settings, outDir).atScope(scope + 1);
    }

    /**
     * @param entry    the model
     * @param m        the mechanism
     * @param settings explorer settings; the time limit covers each scope's check
     * @param outDir   where counterexamples go, or null
     * @return one result per coverage scope
     */
    public static List<Result> checkAll(ModelEntry entry, Mechanism m, ExplorerSettings settings, Path outDir) {
        List<Result> out = new ArrayList<>();
        for (int i = 0; i < m.scopes().size(); i++) {
            out.add(check(entry, m, i, settings, outDir));
        }
        return out;
    }

    private static Result checkAt(ModelEntry entry, Mechanism m, boolean purposeOnly, ExplorerSettings settings,
                                  Path outDir) {
        if (m.notNeeded().isEmpty()) {
            return confirmed(entry, m, decide(entry, m, purposeOnly, settings, outDir), settings);
        }
        Result r = decide(entry, m, purposeOnly, settings.withMaxMillis(Math.min(settings.maxMillis(),
                REFUTATION_SEARCH_MILLIS)), outDir);
        String argument = "not needed (a finding): " + m.notNeeded().get();
        return switch (r.outcome()) {
            case KILLED, KILLED_NOT_BY_PURPOSE -> new Result(r.model(), m, r.parameters(), Outcome.KILLED, r.states(),
                    r.millis(),
                    r.property(), r.trace(), r.detail() + "; this refutes the declared argument that it is not needed");
            case SURVIVED -> new Result(r.model(), m, r.parameters(), Outcome.NOT_NEEDED, r.states(), r.millis(),
                    Optional.empty(), Optional.empty(), argument + " Every property that must hold holds with the knock-out ("
                    + String.format(java.util.Locale.ROOT, "%,d", r.states()) + " states, search exhausted).");
            case INCONCLUSIVE -> new Result(r.model(), m, r.parameters(), Outcome.NOT_NEEDED, r.states(), r.millis(),
                    Optional.empty(), Optional.empty(), argument + " No counterexample in "
                    + String.format(java.util.Locale.ROOT, "%,d", r.states()) + " states (search not exhausted, "
                    + org.rdmacheck.checker.TimeText.of(Math.min(settings.maxMillis(), REFUTATION_SEARCH_MILLIS))
                    + " budget: " + r.detail() + "; not a proof).");
            case FAILED, NOT_NEEDED -> r;
        };
    }

    /**
     * A kill compared with the design: the killing property checked on the design at the same scope
     * (the knock-out parameter removed), within the same budget. The design violating it makes the
     * kill {@link Outcome#FAILED}: the scope cannot tell the mechanism from its absence.
     */
    private static Result confirmed(ModelEntry entry, Mechanism m, Result r, ExplorerSettings settings) {
        if (r.outcome() != Outcome.KILLED || r.property().isEmpty()) {
            return r;
        }
        String prop = r.property().get();
        long t0 = System.currentTimeMillis();
        Baseline b;
        boolean vacuous;
        try {
            CheckSpec<?> spec = entry.build(m.variant(), Params.of(m.coverage()));
            LivenessSpec<?> live = entry.liveness(spec).orElse(null);
            CheckSpec<?> safety = spec.selecting(p -> p.name().equals(prop));
            List<Finding> rows = new ArrayList<>();
            ExplorerSettings s = settings.withStopAtFirstViolation(true);
            if (!safety.properties().isEmpty()) {
                // a design that keeps the property only vacuously (its antecedent never met) does not confirm a kill
                Vacuity vacuity = Vacuity.of(safety, s);
                rows.addAll(ModelChecks.rows(safety, vacuity.apply(new Explorer(s).check(vacuity.spec())), null));
            } else if (live != null) {
                LivenessSpec<?> one = live.selecting(p -> p.name().equals(prop));
                rows.addAll(ModelChecks.livenessRows(one, new LivenessChecker(settings).check(one), null));
            }
            Finding.Verdict v = rows.stream().map(Finding::verdict).filter(x -> x != Finding.Verdict.VERIFIED)
                    .findFirst().orElse(rows.isEmpty() ? Finding.Verdict.INCONCLUSIVE : Finding.Verdict.VERIFIED);
            vacuous = rows.stream().anyMatch(x -> x.cause().equals(Optional.of(org.rdmacheck.checker.CheckResult.InconclusiveReason.VACUOUS)));
            b = new Baseline(v == Finding.Verdict.VERIFIED || v == Finding.Verdict.VIOLATED ? v
                    : Finding.Verdict.INCONCLUSIVE, states(rows));
        } catch (RuntimeException e) {
            return new Result(r.model(), m, r.parameters(), Outcome.FAILED, r.states(), r.millis(), r.property(),
                    r.trace(), r.detail() + "; the design's check failed: " + e.getMessage());
        }
        long ms = r.millis() + System.currentTimeMillis() - t0;
        String states = String.format(java.util.Locale.ROOT, "%,d", b.states());
        // the purpose was checked first, on its own: a kill by another property means the purpose held
        Outcome kill = r.purposeHit() ? Outcome.KILLED : Outcome.KILLED_NOT_BY_PURPOSE;
        return switch (b.verdict()) {
            case VIOLATED -> new Result(r.model(), m, r.parameters(), Outcome.FAILED, r.states(), ms, r.property(),
                    r.trace(), r.detail() + "; but the design violates " + prop + " at this scope too (" + states
                    + " states): the kill shows nothing", Optional.of(b));
            case VERIFIED -> new Result(r.model(), m, r.parameters(), kill, r.states(), ms, r.property(),
                    r.trace(), r.detail() + "; the design keeps it here (" + states + " states)", Optional.of(b));
            default -> new Result(r.model(), m, r.parameters(), kill, r.states(), ms, r.property(),
                    r.trace(), r.detail() + "; the design's " + prop + (vacuous ? " holds only vacuously here "
                    + "(no reachable step meets its antecedent" : " undecided here within the budget (") + states
                    + " states)", Optional.of(b));
        };
    }

    private static Result decide(ModelEntry entry, Mechanism m, boolean purposeOnlyScope, ExplorerSettings settings,
                                 Path outDir) {
        long t0 = System.currentTimeMillis();
        Map<String, String> params = parameters(entry, m);
        try {
            CheckSpec<?> spec = entry.build(m.variant(), Params.of(params));
            LivenessSpec<?> live = entry.liveness(spec).orElse(null);
            List<Finding> rows = new ArrayList<>();
            // the purpose first, on its own (a kill by the purpose is reported as such whatever else fails
            // at the same depth); then every property that must hold
            long states = 0;
            for (boolean purposeOnly : purposeOnlyScope ? new boolean[] {true} : new boolean[] {true, false}) {
                CheckSpec<?> safety = purposeOnly ? spec.selecting(p -> p.name().equals(m.purpose())) : spec;
                LivenessSpec<?> liveness = live == null ? null
                        : purposeOnly ? live.selecting(p -> p.name().equals(m.purpose())) : live;
                rows.clear();
                if (!safety.properties().isEmpty()) {
                    long left = Math.max(1, settings.maxMillis() - (System.currentTimeMillis() - t0));
                    rows.addAll(ModelChecks.rows(safety, new Explorer(stopAtKill(safety, settings)
                            .withMaxMillis(left)).check(safety), outDir));
                }
                Optional<Result> kill = kill(entry, m, params, rows, t0);
                if (kill.isPresent()) {
                    return kill.get();
                }
                if (liveness != null && !liveness.properties().isEmpty()) {
                    long left = Math.max(1, settings.maxMillis() - (System.currentTimeMillis() - t0));
                    rows.addAll(ModelChecks.livenessRows(liveness,
                            new LivenessChecker(settings.withMaxMillis(left)).check(liveness), outDir));
                    kill = kill(entry, m, params, rows, t0);
                    if (kill.isPresent()) {
                        return kill.get();
                    }
                }
                states = Math.max(states, states(rows));
                if (rows.stream().anyMatch(r -> r.outcome() == Finding.Outcome.INCONCLUSIVE)) {
                    break; // the limit left the purpose undecided: no time for the rest
                }
            }
            long ms = System.currentTimeMillis() - t0;
            Optional<Finding> open = rows.stream().filter(r -> r.outcome() != Finding.Outcome.AS_EXPECTED).findFirst();
            if (open.isPresent()) {
                Finding f = open.get();
                Outcome o = f.verdict() == Finding.Verdict.INCONCLUSIVE ? Outcome.INCONCLUSIVE : Outcome.FAILED;
                return new Result(entry.name(), m, params, o, states, ms, Optional.empty(), Optional.empty(),
                        f.property() + " " + f.verdict() + (f.detail().isEmpty() ? "" : ": " + f.detail()));
            }
            return new Result(entry.name(), m, params, Outcome.SURVIVED, states, ms, Optional.empty(), Optional.empty(),
                    purposeOnlyScope ? "its purpose " + m.purpose() + " holds with the knock-out at this further scope"
                    : "every property that must hold for " + m.variant() + " holds with the knock-out");
        } catch (RuntimeException e) {
            return new Result(entry.name(), m, params, Outcome.FAILED, 0, System.currentTimeMillis() - t0,
                    Optional.empty(), Optional.empty(), e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    /**
     * Settings whose search stops at the first violation only where every violation is a kill: where
     * the checked properties include one the configuration is expected to violate (a variant's
     * must-fail set, or a rule of the entry at the coverage scope, such as gbn's loss-budget rule at
     * L = 2), stopping there would leave the properties that must hold undecided, an INCONCLUSIVE
     * that no limit caused; the search then runs until it is exhausted or hits a limit.
     *
     * @param safety   the properties checked in this pass, with their expectations
     * @param settings the caller's settings
     * @return the settings for this pass
     */
    static ExplorerSettings stopAtKill(CheckSpec<?> safety, ExplorerSettings settings) {
        return settings.withStopAtFirstViolation(safety.expectedViolations().isEmpty());
    }

    /**
     * The kill among the rows, if any: a violated property that must hold whose counterexample
     * replays; the purpose preferred when it is among them.
     */
    private static Optional<Result> kill(ModelEntry entry, Mechanism m, Map<String, String> params, List<Finding> rows,
                                         long t0) {
        // a property declared vacuous there must hold all the same: its violation kills
        List<Finding> violated = rows.stream().filter(r -> r.verdict() == Finding.Verdict.VIOLATED
                && (r.expected() == Finding.Expectation.HOLDS || r.expected() == Finding.Expectation.VACUOUS)
                && r.counterexample().isPresent()).toList();
        List<Finding> ordered = new ArrayList<>();
        violated.stream().filter(r -> r.property().equals(m.purpose())).forEach(ordered::add);
        violated.stream().filter(r -> !r.property().equals(m.purpose())).forEach(ordered::add);
        List<String> notReplayed = new ArrayList<>();
        for (Finding f : ordered) {
            Counterexample cex = f.counterexample().get().trace();
            ReplayResult r = Replays.replay(cex);
            if (r instanceof ReplayResult.Reproduces) {
                return Optional.of(new Result(entry.name(), m, params, Outcome.KILLED, states(rows),
                        System.currentTimeMillis() - t0, Optional.of(f.property()), f.counterexample(),
                        f.property() + " violated (" + cex.length() + (cex.length() == 1 ? " step" : " steps")
                                + "), replay confirms"));
            }
            notReplayed.add(f.property() + ": " + r.message());
        }
        if (!notReplayed.isEmpty()) {
            return Optional.of(new Result(entry.name(), m, params, Outcome.FAILED, states(rows),
                    System.currentTimeMillis() - t0, Optional.empty(), Optional.empty(),
                    "violations that do not replay: " + String.join("; ", notReplayed)));
        }
        return Optional.empty();
    }

    private static long states(List<Finding> rows) {
        return rows.stream().mapToLong(r -> r.quantity("distinctStates").map(q -> (long) q.value()).orElse(0L))
                .max().orElse(0);
    }
}
