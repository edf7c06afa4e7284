package org.rdmacheck.properties.catalog;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A mechanism a model declares by its name in the paper, with a knock-out switch: configuration of
 * the one model that removes the mechanism (never a copy of the model). {@code rdmacheck knockouts}
 * checks that removing it makes some property that must hold for the design fail at the coverage
 * scope.
 *
 * <p>A knock-out reaches the model as the reserved parameter {@value ModelEntry#KNOCKOUT_PARAM}
 * (mechanism names joined by {@code +}); {@link ModelEntry#knockouts(org.rdmacheck.model.Params)}
 * reads and validates it. It is therefore part of the parameters a counterexample's provenance
 * records.
 *
 * @param name        the switch name, lower-case with dashes, e.g. {@code check-epsn}
 * @param title       the mechanism in the paper's words, e.g. {@code Check-EPSN}
 * @param paperRef    where the paper defines it, e.g. {@code seed 002, III-C}
 * @param purpose     the property the mechanism exists for (a property of the model that must hold
 *                    for {@link #variant()})
 * @param variant     the variant the knock-out is applied to (usually the model's default)
 * <p>A switch that guards several code paths (a guard with and without PFC hysteresis, say) declares
 * a scope per path ({@link #withScope}): {@code rdmacheck knockouts} checks each, and each further
 * scope must kill the mechanism by its purpose (the purpose fails with the knock-out there and holds
 * without it), so a bug planted in any one path is caught.
 *
 * @param name        the switch name, lower-case with dashes, e.g. {@code check-epsn}
 * @param title       the mechanism in the paper's words, e.g. {@code Check-EPSN}
 * @param paperRef    where the paper defines it, e.g. {@code seed 002, III-C}
 * @param purpose     the property the mechanism exists for (a property of the model that must hold
 *                    for {@link #variant()})
 * @param variant     the variant the knock-out is applied to (usually the model's default)
 * @param coverage    the (first) coverage scope: parameter values (over the variant's defaults) small
 *                    enough to check in under a minute, at which removing the mechanism is detected
 * @param description one line: what the switch removes
 * @param notNeeded   when the mechanism is shown not needed for its purpose (a finding): the argument,
 *                    a theorem or the paper's own; {@code rdmacheck knockouts} reports it with the
 *                    argument, still searches the knock-out for a counterexample that would refute it,
 *                    and leaves it out of the count
 * @param moreScopes  further coverage scopes, one per further code path the switch guards
 */
public record Mechanism(String name, String title, String paperRef, String purpose, String variant,
                        Map<String, String> coverage, String description, Optional<String> notNeeded,
                        List<Map<String, String>> moreScopes) {

    /** Copies the coverage scopes. */
    public Mechanism {
        if (!name.matches("[a-z0-9]+(-[a-z0-9]+)*")) {
            throw new IllegalArgumentException("mechanism name must be lower-case words joined by '-': " + name);
        }
        coverage = java.util.Collections.unmodifiableMap(new TreeMap<>(coverage));
        Objects.requireNonNull(notNeeded, "notNeeded");
        if (notNeeded.isPresent() && notNeeded.get().isBlank()) {
            throw new IllegalArgumentException("a mechanism declared not needed must say why: " + name);
        }
        moreScopes = moreScopes.stream().map(m -> java.util.Collections.unmodifiableMap(new TreeMap<>(m))).toList();
        if (moreScopes.contains(coverage) || new java.util.HashSet<>(moreScopes).size() < moreScopes.size()) {
            throw new IllegalArgumentException("mechanism " + name + " declares the same coverage scope twice");
        }
    }

    /**
     * A mechanism with one coverage scope.
     *
     * @param name        the switch name
     * @param title       the mechanism in the paper's words
     * @param paperRef    where the paper defines it
     * @param purpose     the property it exists for
     * @param variant     the variant the knock-out is applied to
     * @param coverage    the coverage scope
     * @param description what the switch removes
     * @param notNeeded   the argument when it is declared not needed
     */
    public Mechanism(String name, String title, String paperRef, String purpose, String variant,
                     Map<String, String> coverage, String description, Optional<String> notNeeded) {
        this(name, title, paperRef, purpose, variant, coverage, description, notNeeded, List.of());
    }

    /**
     * A mechanism the knock-outs must kill.
     *
     * @param name        the switch name
     * @param title       the mechanism in the paper's words
     * @param paperRef    where the paper defines it
     * @param purpose     the property it exists for
     * @param variant     the variant the knock-out is applied to
     * @param coverage    the coverage scope
     * @param description what the switch removes
     */
    public Mechanism(String name, String title, String paperRef, String purpose, String variant,
                     Map<String, String> coverage, String description) {
        this(name, title, paperRef, purpose, variant, coverage, description, Optional.empty());
    }

    /**
     * @param argument why the mechanism is not needed for its purpose (a theorem, or the paper's own
     *                 argument), one or two sentences
     * @return this mechanism declared not needed: a finding, reported with the argument and not counted
     */
    public Mechanism notNeeded(String argument) {
        return new Mechanism(name, title, paperRef, purpose, variant, coverage, description, Optional.of(argument),
                moreScopes);
    }

    /**
     * @param scope another coverage scope, for another code path the switch guards
     * @return this mechanism with it: its knock-out must be killed by its purpose there too
     */
    public Mechanism withScope(Map<String, String> scope) {
        List<Map<String, String>> all = new java.util.ArrayList<>(moreScopes);
        all.add(scope);
        return new Mechanism(name, title, paperRef, purpose, variant, coverage, description, notNeeded, all);
    }

    /** @return every coverage scope, the first ({@link #coverage}) first */
    public List<Map<String, String>> scopes() {
        List<Map<String, String>> all = new java.util.ArrayList<>();
        all.add(coverage);
        all.addAll(moreScopes);
        return List.copyOf(all);
    }

    /**
     * @param i a scope's index in {@link #scopes} (0: the first)
     * @return this mechanism with that scope as its only one (what one knock-out check runs at)
     */
    public Mechanism atScope(int i) {
        return new Mechanism(name, title, paperRef, purpose, variant, scopes().get(i), description, notNeeded,
                List.of());
    }
}
