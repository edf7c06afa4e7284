package org.rdmacheck.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import org.rdmacheck.checker.Counterexample;

/**
 * One result of a task: what was asked (subject and expectation), the verdict, the figures measured
 * with their units, the wall time, and the counterexample when there is one. Every command and
 * {@code rdmacheck all} return findings; the CLI renders them as a table, JSON or HTML.
 *
 * <p>Build one with {@link #of} and the {@code with...} methods:
 * {@code Finding.of(subject, Expectation.HOLDS, Verdict.VERIFIED).with(Quantity.states("distinctStates", n))}.
 *
 * @param subject        model, variant, parameters and property
 * @param expected       what the suite expects
 * @param verdict        what the task found
 * @param quantities     named figures with units, in report order
 * @param wallMillis     wall time in milliseconds
 * @param counterexample the counterexample, if the verdict has one
 * @param detail         one line for people (may be empty)
 * @param cause          what left an INCONCLUSIVE finding open (a limit, a reduced space), when a checker said
 * @param reduction      the partial-order reduction the explorer applied ({@code none}, {@code deadlock},
 *                       {@code safety}), when one was asked for
 * @param search         the search that produced the finding, when it was not the explorer's exhaustive
 *                       breadth-first one (check --search random)
 * @param symmetryAudit  under symmetry reduction, what the audit of the declared symmetry covered (JSON
 *                       {@code symmetryAudit}): a VERIFIED row rests on it, a sampled one says so
 * @param fairness       for a liveness property, the fairness its verdict assumes (JSON {@code fairness});
 *                       empty otherwise
 */
public record Finding(Subject subject, Expectation expected, Verdict verdict, List<Quantity> quantities,
                      long wallMillis, Optional<Trace> counterexample, String detail,
                      Optional<org.rdmacheck.checker.CheckResult.InconclusiveReason> cause,
                      Optional<String> reduction, Optional<Search> search,
                      Optional<org.rdmacheck.engine.SymmetryAuditSummary> symmetryAudit,
                      List<Assumption> fairness) {

    /** Copies the figures; rejects missing parts. */
    public Finding {
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(expected, "expected");
        Objects.requireNonNull(verdict, "verdict");
        quantities = List.copyOf(quantities);
        Objects.requireNonNull(counterexample, "counterexample");
        detail = detail == null ? "" : detail;
        cause = cause == null ? Optional.empty() : cause;
        reduction = reduction == null ? Optional.empty() : reduction;
        search = search == null ? Optional.empty() : search;
        symmetryAudit = symmetryAudit == null ? Optional.empty() : symmetryAudit;
        fairness = fairness == null ? List.of() : List.copyOf(fairness);
    }

    /** A finding without fairness assumptions (every result but a liveness property's). */
    public Finding(Subject subject, Expectation expected, Verdict verdict, List<Quantity> quantities,
                   long wallMillis, Optional<Trace> counterexample, String detail,
                   Optional<org.rdmacheck.checker.CheckResult.InconclusiveReason> cause,
                   Optional<String> reduction, Optional<Search> search,
                   Optional<org.rdmacheck.engine.SymmetryAuditSummary> symmetryAudit) {
        this(subject, expected, verdict, quantities, wallMillis, counterexample, detail, cause, reduction, search,
                symmetryAudit, List.of());
    }

    /**
     * One fairness assumption a liveness verdict rests on (JSON {@code fairness}: its label, strength,
     * scope and, for scope PER, the action parameters that name a group).
     *
     * @param label    the action family's name
     * @param strength WEAK or STRONG
     * @param scope    FAMILY (the family as one action), EACH (every action value) or PER (one per group)
     * @param by       the group parameters (scope PER only)
     */
    public record Assumption(String label, org.rdmacheck.properties.liveness.Fairness.Strength strength,
                             org.rdmacheck.properties.liveness.Fairness.Scope scope, List<String> by) {
        /** Rejects missing parts. */
        public Assumption {
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(strength, "strength");
            Objects.requireNonNull(scope, "scope");
            by = List.copyOf(by);
        }

        /** @param f a liveness property's fairness  @return it as a value */
        public static Assumption of(org.rdmacheck.properties.liveness.Fairness f) {
            return new Assumption(f.label(), f.strength(), f.scope(), f.by());
        }

        /** @return as TLA+ reads it: {@code WF(Send)}, {@code SF(each ReceiveData)}, {@code WF(Forward per arc)} */
        @Override
        public String toString() {
            return (strength == org.rdmacheck.properties.liveness.Fairness.Strength.WEAK ? "WF(" : "SF(")
                    + (scope == org.rdmacheck.properties.liveness.Fairness.Scope.EACH ? "each " : "") + label
                    + (scope == org.rdmacheck.properties.liveness.Fairness.Scope.PER ? " per " + String.join(", ", by)
                    : "") + ")";
        }
    }

    /** @param assumed the fairness a liveness verdict rests on  @return this finding with it */
    public Finding withFairness(List<Assumption> assumed) {
        return new Finding(subject, expected, verdict, quantities, wallMillis, counterexample, detail, cause,
                reduction, search, symmetryAudit, assumed);
    }

    /**
     * A search other than the exhaustive breadth-first one: random walks or the directed search,
     * which find violations and prove nothing.
     *
     * @param mode     the search's name ({@code random}, {@code swarm}, {@code directed})
     * @param seed     its seed
     * @param depth    the most steps of one walk (random, swarm) or of one path (directed)
     * @param walks    the walks finished (random, swarm); the states expanded (directed)
     * @param directed the directed search's own figures (directed only)
     */
    public record Search(String mode, long seed, int depth, long walks, Optional<Directed> directed) {
        /** Rejects a missing mode. */
        public Search {
            Objects.requireNonNull(mode, "mode");
            directed = directed == null ? Optional.empty() : directed;
        }

        /** Random walks: no directed figures. */
        public Search(String mode, long seed, int depth, long walks) {
            this(mode, seed, depth, walks, Optional.empty());
        }
    }

    /**
     * What the directed search's heuristic reached.
     *
     * @param heuristic the model's measure, by name
     * @param bestScore the highest score of a state reached
     * @param maxScore  the measure's greatest score
     * @param dropped   states left unexpanded: dropped from the open list for memory, or at the depth bound
     */
    public record Directed(String heuristic, int bestScore, int maxScore, long dropped) {
        /** Rejects a missing name. */
        public Directed {
            Objects.requireNonNull(heuristic, "heuristic");
        }
    }

    /**
     * What a finding is about.
     *
     * @param model      model or task name
     * @param variant    variant, configuration or scenario
     * @param parameters effective parameters (sorted)
     * @param property   property or claim checked
     * @param tla        when the parameters are a TLA+ spec's constants (tlc, conform): what they were
     *                   configured from
     */
    public record Subject(String model, String variant, Map<String, String> parameters, String property,
                          Optional<Tla> tla) {
        /** Copies the parameters, sorted by name. */
        public Subject {
            Objects.requireNonNull(model, "model");
            Objects.requireNonNull(variant, "variant");
            Objects.requireNonNull(property, "property");
            parameters = java.util.Collections.unmodifiableMap(new TreeMap<>(parameters));
            tla = tla == null ? Optional.empty() : tla;
        }

        /**
         * A subject whose parameters are a model's (or a task's) own.
         *
         * @param model      model or task name
         * @param variant    variant, configuration or scenario
         * @param parameters effective parameters
         * @param property   property or claim checked
         */
        public Subject(String model, String variant, Map<String, String> parameters, String property) {
            this(model, variant, parameters, property, Optional.empty());
        }
    }

    /**
     * The TLA+ side of a finding whose parameters are a spec's constants (as TLC is given them): JSON
     * writes them as TLA+ values typed (integers, booleans, sets and sequences as arrays, records as
     * objects); a conformance comparison also names the manifest configuration and the Java variant and
     * parameters the constants were mapped from, which JSON writes as the finding's variant object.
     *
     * @param configuration the manifest configuration run, if one was
     * @param java          the Java side of a comparison, if the finding compares
     */
    public record Tla(Optional<String> configuration, Optional<JavaSide> java) {

        /** A TLC run's constants, compared with nothing. */
        public static final Tla CONSTANTS = new Tla(Optional.empty(), Optional.empty());

        /** Rejects missing parts. */
        public Tla {
            Objects.requireNonNull(configuration, "configuration");
            Objects.requireNonNull(java, "java");
        }

        /** @return whether the finding compares a configuration (conform): its variant is then an object */
        public boolean compares() {
            return configuration.isPresent() || java.isPresent();
        }
    }

    /**
     * The Java model's side of a conformance comparison.
     *
     * @param model      the catalog model (types its parameters)
     * @param variant    the Java variant, or null when the manifest configuration names none
     * @param parameters the Java parameters
     */
    public record JavaSide(String model, String variant, Map<String, String> parameters) {
        /** Copies the parameters, sorted by name. */
        public JavaSide {
            Objects.requireNonNull(model, "model");
            parameters = java.util.Collections.unmodifiableMap(new TreeMap<>(parameters == null ? Map.of() : parameters));
        }
    }

    /**
     * A counterexample and the file it was stored in.
     *
     * @param trace the counterexample
     * @param file  where it was stored, if it was
     */
    public record Trace(Counterexample trace, Optional<Path> file) {
        /** Rejects a missing trace. */
        public Trace {
            Objects.requireNonNull(trace, "trace");
            Objects.requireNonNull(file, "file");
        }
    }

    /** What the suite expects of a subject. */
    public enum Expectation {
        /** the property must hold */
        HOLDS,
        /** the property must fail (a broken variant) */
        FAILS,
        /** nothing is expected: the finding is a measurement */
        NONE,
        /** the property is declared to hold only vacuously here (its antecedent never reached): INCONCLUSIVE
         * (VACUOUS) is as expected, and so is a proof where the antecedent is reached; a violation is not */
        VACUOUS;

        /** @return the lower-case word used in tables and JSON */
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** @param holds whether the property must hold  @return HOLDS or FAILS */
        public static Expectation holds(boolean holds) {
            return holds ? HOLDS : FAILS;
        }
    }

    /** Which way a verdict bears on a property. */
    public enum Polarity {
        /** the property holds (proven or confirmed) */
        HOLDS,
        /** the property fails */
        FAILS,
        /** not settled: a limit was reached */
        UNSETTLED,
        /** the task itself failed */
        ERROR,
        /** a measurement, neither holding nor failing */
        NEUTRAL
    }

    /** Verdicts of every task; each has a {@link Polarity}. */
    public enum Verdict {
        /** proven exhaustively */
        VERIFIED(Polarity.HOLDS),
        /** a counterexample was found */
        VIOLATED(Polarity.FAILS),
        /** a limit was reached first */
        INCONCLUSIVE(Polarity.UNSETTLED),
        /** the checker or task could not run */
        FAILED(Polarity.ERROR),
        /** channel-dependency graph acyclic (static deadlock check) */
        DEADLOCK_FREE(Polarity.HOLDS),
        /** channel-dependency cycle found */
        CYCLE(Polarity.FAILS),
        /** the escape lane cannot reach some destination (Duato's first condition fails) */
        ESCAPE_NOT_CONNECTED(Polarity.FAILS),
        /** the surviving links split the hosts into islands: some pairs have no route (static deadlock check) */
        PARTITIONED(Polarity.FAILS),
        /** the Java model and the TLA+ spec agree */
        CONFORMS(Polarity.HOLDS),
        /** the Java model and the TLA+ spec disagree, or the manifest is wrong */
        MISMATCH(Polarity.FAILS),
        /** a simulation confirms the claim (not a proof) */
        CONFIRMED(Polarity.HOLDS),
        /** a simulation refutes the claim */
        REFUTED(Polarity.FAILS),
        /** a threshold derivation found settings */
        FEASIBLE(Polarity.HOLDS),
        /** no settings satisfy the constraints */
        INFEASIBLE(Polarity.FAILS),
        /** a printed figure is an input of the paper */
        GIVEN(Polarity.NEUTRAL),
        /** a printed figure follows from the paper's formulas */
        FOLLOWS(Polarity.NEUTRAL),
        /** a printed figure follows when truncated, not rounded */
        FOLLOWS_TRUNCATED(Polarity.NEUTRAL),
        /** a printed figure does not follow from the paper's formulas */
        DOES_NOT_FOLLOW(Polarity.NEUTRAL),
        /** a fluid solution converges */
        CONVERGED(Polarity.NEUTRAL),
        /** a fluid solution does not converge */
        NOT_CONVERGED(Polarity.NEUTRAL),
        /** a flow starves */
        STARVES(Polarity.NEUTRAL),
        /** no flow starves */
        NO_STARVATION(Polarity.NEUTRAL),
        /** no fixed point in the marking function's linear region */
        NO_FIXED_POINT(Polarity.NEUTRAL),
        /** the numerical solution diverged */
        DIVERGED(Polarity.ERROR),
        /** figures measured; see the quantities */
        MEASURED(Polarity.NEUTRAL),
        /** a mechanism shown not needed by a declared argument, its knock-out not refuting it: a finding */
        NOT_NEEDED(Polarity.NEUTRAL),
        /** the linearised loop has a positive phase margin wherever it applies */
        STABLE(Polarity.NEUTRAL),
        /** the linearised loop has a negative phase margin somewhere */
        UNSTABLE(Polarity.NEUTRAL);

        private final Polarity polarity;

        Verdict(Polarity polarity) {
            this.polarity = polarity;
        }

        /** @return which way this verdict bears on the property */
        public Polarity polarity() {
            return polarity;
        }
    }

    /** How a finding bears on the exit code. */
    public enum Outcome {
        /** as expected: exit 0 */
        AS_EXPECTED,
        /** a property violated that must hold, a must-fail variant that held, or a failure: exit 1 */
        UNEXPECTED,
        /** a limit was reached: exit 3 */
        INCONCLUSIVE
    }

    /**
     * @param subject  what it is about
     * @param expected what is expected
     * @param verdict  what was found
     * @return a finding with no figures, no counterexample and no detail
     */
    public static Finding of(Subject subject, Expectation expected, Verdict verdict) {
        return new Finding(subject, expected, verdict, List.of(), 0, Optional.empty(), "", Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty());
    }

    /**
     * @param model      model or task
     * @param variant    variant
     * @param parameters parameters
     * @param property   property
     * @param expected   what is expected
     * @param verdict    what was found
     * @return a finding with no figures, no counterexample and no detail
     */
    public static Finding of(String model, String variant, Map<String, String> parameters, String property,
                             Expectation expected, Verdict verdict) {
        return of(new Subject(model, variant, parameters, property), expected, verdict);
    }

    /** @param t what the finding's TLA+ constants were configured from  @return this finding with it */
    public Finding withTla(Tla t) {
        Subject sub = new Subject(subject.model(), subject.variant(), subject.parameters(), subject.property(),
                Optional.of(t));
        return new Finding(sub, expected, verdict, quantities, wallMillis, counterexample, detail, cause, reduction,
                search, symmetryAudit, fairness);
    }

    /** @param q figures to add  @return this finding with them */
    public Finding with(Quantity... q) {
        List<Quantity> all = new ArrayList<>(quantities);
        all.addAll(List.of(q));
        return new Finding(subject, expected, verdict, all, wallMillis, counterexample, detail, cause, reduction, search, symmetryAudit, fairness);
    }

    /** @param q figures to add  @return this finding with them */
    public Finding with(List<Quantity> q) {
        return with(q.toArray(Quantity[]::new));
    }

    /** @param millis wall time  @return this finding with it */
    public Finding withWallMillis(long millis) {
        return new Finding(subject, expected, verdict, quantities, millis, counterexample, detail, cause, reduction, search, symmetryAudit, fairness);
    }

    /**
     * An INCONCLUSIVE finding with the checker's cause as an enum, and {@code CAUSE: reason} as its detail.
     *
     * @param cause  which limit or reduction left it open
     * @param reason one line for people
     * @return this finding with them
     */
    public Finding withInconclusive(org.rdmacheck.checker.CheckResult.InconclusiveReason cause, String reason) {
        return new Finding(subject, expected, verdict, quantities, wallMillis, counterexample, cause.name() + ": "
                + reason, Optional.of(cause), reduction, search, symmetryAudit, fairness);
    }

    /** @param applied the partial-order reduction applied  @return this finding with it */
    public Finding withReduction(String applied) {
        return new Finding(subject, expected, verdict, quantities, wallMillis, counterexample, detail, cause,
                Optional.of(applied), search, symmetryAudit, fairness);
    }

    /** @param audit what the symmetry audit covered  @return this finding with it */
    public Finding withSymmetryAudit(org.rdmacheck.engine.SymmetryAuditSummary audit) {
        return new Finding(subject, expected, verdict, quantities, wallMillis, counterexample, detail, cause,
                reduction, search, Optional.of(audit), fairness);
    }

    /** @param used the search that produced this finding  @return this finding with it */
    public Finding withSearch(Search used) {
        return new Finding(subject, expected, verdict, quantities, wallMillis, counterexample, detail, cause,
                reduction, Optional.of(used), symmetryAudit, fairness);
    }

    /** @param e what is expected of the property  @return this finding with that expectation */
    public Finding withExpected(Expectation e) {
        return new Finding(subject, e, verdict, quantities, wallMillis, counterexample, detail, cause, reduction, search, symmetryAudit, fairness);
    }

    /** @param text one line for people  @return this finding with it */
    public Finding withDetail(String text) {
        return new Finding(subject, expected, verdict, quantities, wallMillis, counterexample, text, cause, reduction, search, symmetryAudit, fairness);
    }

    /**
     * @param cex  the counterexample
     * @param file where it was stored, or null if it was not
     * @return this finding with it
     */
    public Finding withCounterexample(Counterexample cex, Path file) {
        return new Finding(subject, expected, verdict, quantities, wallMillis,
                Optional.of(new Trace(cex, Optional.ofNullable(file))), detail, cause, reduction, search, symmetryAudit, fairness);
    }

    /** @return the model or task name */
    public String model() {
        return subject.model();
    }

    /** @return the variant */
    public String variant() {
        return subject.variant();
    }

    /** @return the parameters */
    public Map<String, String> parameters() {
        return subject.parameters();
    }

    /** @return the property */
    public String property() {
        return subject.property();
    }

    /**
     * @param name a figure name
     * @return the figure, if this finding has it
     */
    public Optional<Quantity> quantity(String name) {
        return quantities.stream().filter(q -> q.name().equals(name)).findFirst();
    }

    /** @return how this finding bears on the exit code, from the expectation and the verdict's polarity */
    public Outcome outcome() {
        return switch (verdict.polarity()) {
            case ERROR -> Outcome.UNEXPECTED;
            case UNSETTLED -> expected == Expectation.VACUOUS
                    && cause.equals(Optional.of(org.rdmacheck.checker.CheckResult.InconclusiveReason.VACUOUS))
                    ? Outcome.AS_EXPECTED : Outcome.INCONCLUSIVE;
            case NEUTRAL -> expected == Expectation.NONE ? Outcome.AS_EXPECTED : Outcome.UNEXPECTED;
            case HOLDS -> expected == Expectation.FAILS ? Outcome.UNEXPECTED : Outcome.AS_EXPECTED;
            case FAILS -> expected == Expectation.HOLDS || expected == Expectation.VACUOUS
                    ? Outcome.UNEXPECTED : Outcome.AS_EXPECTED;
        };
    }

    /** @return the stored counterexample file as the user should see it, if there is one */
    public Optional<String> counterexampleFile() {
        return counterexample.flatMap(Trace::file).map(ExplorerOptions::display);
    }
}
