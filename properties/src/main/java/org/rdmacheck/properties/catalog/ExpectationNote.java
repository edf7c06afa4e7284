package org.rdmacheck.properties.catalog;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A rule that set the expectation of some of a check's properties (a stored finding the configuration
 * contains, a loss budget, constants that make an implication vacuous): which properties, what is
 * expected of them, and why. {@code check} prints it under its table as {@link #text}, and, where
 * {@code --property} names some properties, only the notes of those, naming those alone.
 *
 * @param expectation what the rule expects of its properties
 * @param properties  the properties it concerns, in the order the line names them (at least one)
 * @param why         the rest of the line after "P fails" or "P holds": where and why, with its doc reference
 */
public record ExpectationNote(Expectation expectation, List<String> properties, String why) {

    /** What a rule expects of the properties it names. */
    public enum Expectation {
        /** violated here */
        FAILS,
        /** holds only vacuously here: INCONCLUSIVE ({@code VACUOUS}) */
        VACUOUS
    }

    /** Copies the names; rejects nulls and an empty list. */
    public ExpectationNote {
        Objects.requireNonNull(expectation);
        Objects.requireNonNull(why);
        properties = List.copyOf(properties);
        if (properties.isEmpty()) {
            throw new IllegalArgumentException("a note names at least one property");
        }
    }

    /**
     * @param expectation what is expected
     * @param property    the one property
     * @param why         the rest of the line
     * @return the note of one property
     */
    public static ExpectationNote of(Expectation expectation, String property, String why) {
        return new ExpectationNote(expectation, List.of(property), why);
    }

    /** @return the line: "P, Q fail" or "P holds", then {@link #why} */
    public String text() {
        boolean one = properties.size() == 1;
        String verb = switch (expectation) {
            case FAILS -> one ? " fails" : " fail";
            case VACUOUS -> one ? " holds" : " hold";
        };
        return String.join(", ", properties) + verb + why;
    }

    /**
     * @param names the properties a check was asked for
     * @return this note naming only those of its properties, or empty if it names none of them
     */
    public Optional<ExpectationNote> only(Set<String> names) {
        List<String> kept = properties.stream().filter(names::contains).toList();
        return kept.isEmpty() ? Optional.empty() : Optional.of(new ExpectationNote(expectation, kept, why));
    }

    @Override
    public String toString() {
        return text();
    }
}
