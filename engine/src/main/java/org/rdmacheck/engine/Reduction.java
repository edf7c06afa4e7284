package org.rdmacheck.engine;

/**
 * The partial-order reductions of the explorer, each preserving one class of properties
 * (docs/explorer.md, "Partial-order reduction").
 */
public enum Reduction {
    /** every enabled transition is explored */
    NONE,
    /**
     * deadlock-preserving stubborn sets (Valmari): every reachable deadlock stays reachable;
     * invariants and action properties are still checked on the states reached, but only their
     * violations count
     */
    DEADLOCK,
    /**
     * stubborn sets with the visibility condition against what the checked invariants and action
     * properties read, and a cycle proviso for breadth-first search: invariants, action properties
     * and deadlock freedom are preserved
     */
    SAFETY;

    /** @return the name used on the command line and in JSON ({@code none}, {@code deadlock}, {@code safety}) */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * @param label a name as {@link #label()} gives it
     * @return the reduction
     * @throws IllegalArgumentException naming the value and the expected ones
     */
    public static Reduction parse(String label) {
        for (Reduction r : values()) {
            if (r.label().equals(label)) {
                return r;
            }
        }
        throw new IllegalArgumentException("reduction '" + label + "': expected none, deadlock or safety");
    }
}
