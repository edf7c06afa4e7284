package org.rdmacheck.properties.catalog;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;

/**
 * A checkable model as the command line sees it: name, parameters, variants and a factory that
 * builds a {@link CheckSpec} for a variant and parameters.
 */
public interface ModelEntry {

    /** The reserved parameter that carries knock-outs: mechanism names joined by {@code +}. */
    String KNOCKOUT_PARAM = "knockout";

    /** @return the model's name, e.g. {@code gbn} */
    String name();

    /** @return one line: what it models and from which seed section */
    String description();

    /** @return parameters with defaults */
    List<ParamSpec> parameters();

    /**
     * @return variants; the first is the default (the design the model proves; its
     *         {@link VariantSpec#origin()} says whether that is the paper's rule or a repair)
     */
    List<VariantSpec> variants();

    /**
     * Properties that restate a guard of the model or compare constants, so no variant of the
     * model can violate them: they are kept as sanity checks of the model's code, and
     * {@code list} names them as such. Every other property is violated by some variant at that
     * variant's defaults.
     *
     * @return property name to the reason it is structural; empty by default
     */
    default Map<String, String> structuralProperties() {
        return Map.of();
    }

    /**
     * Builds the check for a variant.
     *
     * @param variant variant name (validated)
     * @param params  user parameters; defaults are filled in by the entry
     * @return the check
     * @throws InputException for a bad parameter value
     */
    CheckSpec<?> build(String variant, Params params);

    /**
     * The liveness properties under fairness declared beside a built check (same model instance),
     * with the variant's expected violations; empty for models that declare none.
     *
     * @param built a check built by {@link #build}
     * @return its liveness properties, if any
     */
    default java.util.Optional<org.rdmacheck.properties.liveness.LivenessSpec<?>> liveness(CheckSpec<?> built) {
        return java.util.Optional.empty();
    }

    /**
     * Properties the TLA+ twin does not state whose violation implies the violation of a liveness
     * property both sides decide: a conformance comparison that finds the latter violated by TLC and by
     * the explorer has compared the failure, though not the property itself (Completion, AG EF done,
     * fails only where a reachable state cannot complete, so a fair behaviour through it never does:
     * {@code <>done} under any fairness the model can meet fails too). Empty by default.
     *
     * @return property name to the liveness property whose violation it implies
     */
    default Map<String, String> failureShownBy() {
        return Map.of();
    }

    /**
     * Invariants of the form "antecedent implies consequent" whose antecedent a configuration may
     * never reach: per such property of the check, the invariant "the antecedent does not hold".
     * The check runs it beside the property in the same exploration; if it holds in every
     * reachable state, the property's proof is vacuous and the check reports it INCONCLUSIVE
     * ({@code VACUOUS}), not VERIFIED. Empty by default.
     *
     * @param built a check built by {@link #build}
     * @return property name to the invariant "its antecedent is not reached"
     */
    default Map<String, org.rdmacheck.properties.Invariant<?>> antecedentsUnreached(CheckSpec<?> built) {
        return Map.of();
    }

    /**
     * The properties a variant declares vacuous at its defaults (a finding of the catalog, stated in the
     * docs): the check reports them INCONCLUSIVE ({@code VACUOUS}) and the suite expects exactly that; a
     * configuration where the antecedent is reached and the property holds is also as expected, one where
     * it fails is not. Empty by default.
     *
     * @param variant a variant of this model
     * @return the names of its properties expected to hold only vacuously
     */
    default java.util.Set<String> expectedVacuous(String variant) {
        return java.util.Set.of();
    }

    /**
     * The properties a check declares vacuous, where the configuration's constants decide it (a threshold no
     * reachable buffer can reach): as {@link #expectedVacuous(String)}, for the check's own parameters. By
     * default the variant's declaration.
     *
     * @param built a check built by {@link #build}
     * @return the names of its properties expected to hold only vacuously
     */
    default java.util.Set<String> expectedVacuous(CheckSpec<?> built) {
        return expectedVacuous(built.variant());
    }

    /**
     * Why a check's expectations differ from its variant's declared must-fail set: a declared rule
     * that makes a property's expectation depend on the parameters (a stored finding the
     * configuration contains, a loss budget the paper's own argument cannot cover). One line per
     * rule that applied, naming the properties and the rule; {@code check} prints them under its
     * table. Empty when the variant's own expectations apply.
     *
     * @param built a check built by {@link #build}
     * @return the rules that set its expectations, empty by default
     */
    default List<ExpectationNote> expectations(CheckSpec<?> built) {
        return List.of();
    }

    /**
     * @param built a check built by {@link #build}
     * @return {@link #expectations} as the lines {@code check} prints
     */
    default List<String> expectationNotes(CheckSpec<?> built) {
        return expectations(built).stream().map(ExpectationNote::text).toList();
    }

    /**
     * Whether an expected violation is the finding the expectation comes from: a stored finding
     * declares its kind (for a deadlock, why its stuck packets cannot move), and a counterexample of
     * another kind is a different violation, which no expectation covers.
     *
     * @param built    a check built by {@link #build}
     * @param property an expected-to-fail property its check violated
     * @param end      the state the counterexample ends in
     * @param <S>      state type
     * @return one line saying which kind was expected and which was found, when they differ; empty
     *         when they agree or no stored finding's kind applies (the default)
     */
    default <S> java.util.Optional<String> otherKind(CheckSpec<S> built, String property, S end) {
        return java.util.Optional.empty();
    }

    /**
     * A violation the model's own rules cannot explain ({@link #violationKind}): for a deadlock, a dead end in which
     * no stuck head packet is stuck for a modelled reason, or some buffered head has a move by the routing rules yet
     * the state has no successor. Such a state is a fault of the model (or a planted one), not a stored finding's
     * deadlock, and the rule by trace extension grants nothing for it.
     *
     * @param why one line naming what is unexplained
     */
    record Unexplained(String why) {
    }

    /**
     * Which violation a counterexample shows, as the rule by trace extension compares it
     * ({@link TraceExtensionRule}): an extension is granted only when its run shows the same violation as the
     * check's own counterexample (for the network models the deadlock's cycle of buffers and failed element, of
     * its kind; for {@code gbn-timed} what drove the excess transmissions). Empty when the model declares none (the
     * default): the violation of the same property is then the only criterion.
     *
     * @param built    a check built by {@link #build}
     * @param property the violated property
     * @param initial  the counterexample's initial state
     * @param steps    its transitions, the last one reaching the violating state (or, for an action property,
     *                 being the violating step)
     * @param <S>      state type
     * @return the violation, comparable with {@code equals}
     */
    default <S> java.util.Optional<Object> violationKind(CheckSpec<S> built, String property, S initial,
                                                         List<org.rdmacheck.model.Transition<S>> steps) {
        return java.util.Optional.empty();
    }

    /**
     * The rule by which a violation the check does not expect may still be a stored finding's, by extending
     * the finding's trace into this configuration ({@link TraceExtensionRule}); empty when the model
     * declares none (the default) or none of its findings can apply here.
     *
     * @param built a check built by {@link #build}
     * @return the rule and the findings it may extend here
     */
    default java.util.Optional<TraceExtensionRule> traceExtension(CheckSpec<?> built) {
        return java.util.Optional.empty();
    }

    /**
     * The mechanisms this model declares, each with its knock-out switch, purpose and coverage
     * scope (see {@link Mechanism}); empty for models that declare none yet.
     *
     * @return the mechanisms, in the order {@code knockouts} reports them
     */
    default List<Mechanism> mechanisms() {
        return List.of();
    }

    /**
     * The knock-outs requested in {@code params} (the reserved parameter {@value #KNOCKOUT_PARAM}).
     *
     * @param params parameters as given or resolved
     * @return the knocked-out mechanisms' names, empty when none
     * @throws InputException if a name is not a mechanism of this model
     */
    default java.util.Set<String> knockouts(Params params) {
        String raw = params.string(KNOCKOUT_PARAM, "");
        java.util.Set<String> out = new java.util.TreeSet<>();
        if (raw.isBlank()) {
            return out;
        }
        java.util.Set<String> known = mechanisms().stream().map(Mechanism::name)
                .collect(Collectors.toCollection(java.util.TreeSet::new));
        for (String n : raw.split("\\+")) {
            String t = n.strip();
            if (!known.contains(t)) {
                throw new InputException("unknown mechanism '" + t + "' for model " + name() + ": expected one of "
                        + (known.isEmpty() ? "(none declared)" : String.join(", ", known)));
            }
            out.add(t);
        }
        return out;
    }

    /** @return the default variant (listed first) */
    default String defaultVariant() {
        return variants().get(0).name();
    }

    /**
     * @param name a variant name
     * @return the variant
     * @throws InputException if unknown
     */
    default VariantSpec variant(String name) {
        for (VariantSpec v : variants()) {
            if (v.name().equals(name)) {
                return v;
            }
        }
        throw new InputException("unknown variant '" + name + "' for model " + name() + ": expected one of "
                + variants().stream().map(VariantSpec::name).collect(Collectors.joining(", ")));
    }

    /** @return default value of every parameter */
    default Map<String, String> defaults() {
        Map<String, String> m = new LinkedHashMap<>();
        for (ParamSpec p : parameters()) {
            m.put(p.name(), p.defaultValue());
        }
        return m;
    }

    /**
     * @param variant a variant name
     * @return default value of every parameter for that variant: the model's defaults overlaid
     *         with the variant's own
     * @throws InputException if the variant is unknown
     */
    default Map<String, String> defaults(String variant) {
        Map<String, String> m = defaults();
        m.putAll(variant(variant).defaults());
        return m;
    }

    /**
     * Validates the names and fills in the model's defaults.
     *
     * @param params user parameters
     * @return parameters with defaults
     */
    default Params resolve(Params params) {
        params.requireKnown(name(), knownParameterNames());
        knockouts(params);
        return params.withDefaults(defaults());
    }

    /**
     * Validates the names and fills in the variant's defaults.
     *
     * @param variant a variant name
     * @param params  user parameters
     * @return parameters with the variant's defaults
     * @throws InputException if the variant or a parameter name is unknown
     */
    default Params resolve(String variant, Params params) {
        params.requireKnown(name(), knownParameterNames());
        knockouts(params);
        return params.withDefaults(defaults(variant));
    }

    /**
     * @return the parameter names {@link #resolve} accepts: the declared ones, and
     *         {@value #KNOCKOUT_PARAM} when the model declares mechanisms
     */
    default java.util.Set<String> knownParameterNames() {
        java.util.Set<String> known = new java.util.LinkedHashSet<>(defaults().keySet());
        if (!mechanisms().isEmpty()) {
            known.add(KNOCKOUT_PARAM);
        }
        return known;
    }

    /** @return the runs {@code rdmacheck all} performs: by default every variant with defaults */
    default List<Run> allRuns() {
        List<Run> runs = new ArrayList<>();
        for (VariantSpec v : variants()) {
            runs.add(new Run(v.name(), Params.empty()));
        }
        return runs;
    }

    /**
     * One configured check.
     *
     * @param variant variant name
     * @param params  parameters (defaults filled in later)
     */
    record Run(String variant, Params params) {
    }
}
