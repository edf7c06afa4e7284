package org.rdmacheck.properties;

/**
 * Whether an exploration met the antecedent of an implication ("if X then Y") that a step property
 * tests: the property's own evaluation calls {@link #reach} where it finds X, so a check knows, at no
 * cost of its own, whether the property was proven or only held because X never happened (it is then
 * vacuous, and reported INCONCLUSIVE ({@code VACUOUS}), never VERIFIED). The probe belongs to the one
 * check that built it; the check clears it before it explores (one exploration of a check at a time).
 * Worker threads set it without synchronisation: it only goes from false to true, and the end of the
 * exploration (its threads joined) publishes it to the reader.
 */
public final class Antecedent {

    private final String description;
    private boolean reached;

    /** @param description what X is, in the paper's words ("a Send or Forward into a buffer at ecn") */
    public Antecedent(String description) {
        this.description = description;
    }

    /** Records that a step met the antecedent; cheap when already recorded (a read, no store). */
    public void reach() {
        if (!reached) {
            reached = true;
        }
    }

    /** @return whether a step met the antecedent since the last {@link #clear} */
    public boolean reached() {
        return reached;
    }

    /** Forgets earlier explorations: called by the check before it explores. */
    public void clear() {
        reached = false;
    }

    /** @return what the antecedent is */
    public String description() {
        return description;
    }

    @Override
    public String toString() {
        return description;
    }
}
