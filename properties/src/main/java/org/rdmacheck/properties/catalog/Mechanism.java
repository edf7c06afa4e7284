package org.rdmacheck.properties.catalog;

import java.util.Map;
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
 * @param coverage    the coverage scope: parameter values (over the variant's defaults) small enough
 *                    to check in under a minute, at which removing the mechanism is detected
 * @param description one line: what the switch removes
 */
public record Mechanism(String name, String title, String paperRef, String purpose, String variant,
                        Map<String, String> coverage, String description) {

    /** Copies the coverage scope. */
    public Mechanism {
        if (!name.matches("[a-z0-9]+(-[a-z0-9]+)*")) {
            throw new IllegalArgumentException("mechanism name must be lower-case words joined by '-': " + name);
        }
        coverage = java.util.Collections.unmodifiableMap(new TreeMap<>(coverage));
    }
}
