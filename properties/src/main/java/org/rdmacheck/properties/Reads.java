package org.rdmacheck.properties;

import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;
import org.rdmacheck.model.layout.Slot;

/**
 * What a state or step property looks at, declared so that a partial-order reduction can tell
 * which transitions are visible to it: the named slots of the model's layout it reads, and (for
 * an action property) the names of the actions whose steps it judges by their name or parameters.
 *
 * <p>Contract: an invariant's truth depends only on the declared slots; an action property holds
 * on every step whose action is not one of the declared actions and that leaves the declared slots
 * unchanged, and its verdict on a step depends only on the action and the declared slots before
 * and after. A property that declares nothing is visible to every transition: it disables the
 * safety-preserving reduction.
 *
 * @param slots   names of the slots read ({@link Slot#name()})
 * @param actions names of the actions looked at
 */
public record Reads(Set<String> slots, Set<String> actions) {

    /** Copies the sets, in name order. */
    public Reads {
        slots = java.util.Collections.unmodifiableSet(new TreeSet<>(slots));
        actions = java.util.Collections.unmodifiableSet(new TreeSet<>(actions));
    }

    /**
     * @param slots   the slots read
     * @param actions the actions looked at
     * @return the declaration
     */
    public static Reads of(Collection<? extends Slot> slots, String... actions) {
        Set<String> names = new TreeSet<>();
        for (Slot s : slots) {
            names.add(s.name());
        }
        return new Reads(names, Set.of(actions));
    }
}
