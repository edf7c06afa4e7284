package org.rdmacheck.engine;

/**
 * What the symmetry audit of one reduced exploration checked ({@link AuditScope}): on which states,
 * with which renamings, and so what a VERIFIED result of the run rests on. Only a run whose audit
 * covered every expanded state with every renaming of the group proves the reduction sound
 * ({@link #sound}); a sampled audit, or one with the generators only (groups beyond the cap), finds
 * asymmetries where it looked and trusts the declaration elsewhere.
 *
 * @param scope           which expanded states were audited
 * @param renamings       which renamings each audited state was checked under
 * @param elements        the symmetric set's size
 * @param renamingsPerState renamings checked at each audited state (identity excluded)
 * @param statesAudited   expanded states audited
 * @param statesLeftOut   expanded states a sampled audit left out (0 when it covered them all)
 * @param imagesExpanded  renamed states expanded to compare their successors (at most one per
 *                        other member of an audited state's class)
 */
public record SymmetryAuditSummary(AuditScope scope, Renamings renamings, int elements, int renamingsPerState,
                                   long statesAudited, long statesLeftOut, long imagesExpanded) {

    /** Which renamings each audited state is checked under. */
    public enum Renamings {
        /** every renaming of the group */
        EVERY,
        /** the group's two generators only (a set of more than 5 elements, whose 120 or more renamings per state would cost too much) */
        GENERATORS
    }

    /**
     * @return whether a pass proves that the reduced search reached every reachable class: every
     *         expanded state audited (scope ALL, or a sample that covered them all) under every renaming
     */
    public boolean sound() {
        return scope != AuditScope.NONE && renamings == Renamings.EVERY && statesLeftOut == 0;
    }

    /** @return a symmetry trusted without audit ({@code --symmetry-audit none}) */
    public static SymmetryAuditSummary trusted(int elements) {
        return new SymmetryAuditSummary(AuditScope.NONE, Renamings.EVERY, elements, 0, 0, 0, 0);
    }

    /** @return one line for people: what the audit covered and what a pass means */
    public String describe() {
        if (scope == AuditScope.NONE) {
            return "symmetry trusted, not audited (--symmetry-audit none)";
        }
        String which = renamings == Renamings.EVERY ? "every renaming (" + renamingsPerState + ")"
                : "the 2 generators only (" + elements + " elements, beyond " + SymmetryAudit.MAX_EVERY_RENAMING
                + ": a weaker guarantee, no proof)";
        String where = statesLeftOut == 0 ? "every expanded state (" + statesAudited + ")"
                : "a sample of the expanded states (" + statesAudited + " of " + (statesAudited + statesLeftOut) + ")";
        return "symmetry audited on " + where + " under " + which
                + (sound() ? ": the reduction is sound for this run" : ": asymmetries found where it looked, none proven absent");
    }
}
