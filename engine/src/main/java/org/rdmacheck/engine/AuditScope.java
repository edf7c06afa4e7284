package org.rdmacheck.engine;

/**
 * Which expanded states the symmetry audit ({@link SymmetryAudit}) checks under symmetry reduction:
 * every renaming generator applied to the state must map its successors onto the renamed state's.
 */
public enum AuditScope {
    /** every expanded state: a VERIFIED result then holds for the declared symmetry as checked */
    ALL,
    /**
     * the states numbered below {@link #SAMPLE_PREFIX} (the first ones the breadth-first search
     * reaches) and every {@link #SAMPLE_STRIDE}-th after: an asymmetry confined to states left out
     * passes unseen
     */
    SAMPLE,
    /** none: the declaration is trusted */
    NONE;

    /** states audited in full at the start of a sampled audit */
    public static final int SAMPLE_PREFIX = 10_000;
    /** after them, one state in this many (by state number) */
    public static final int SAMPLE_STRIDE = 16;

    /** @param state a state's number  @return whether this scope audits it */
    boolean audits(int state) {
        return this == ALL || this == SAMPLE && (state < SAMPLE_PREFIX || state % SAMPLE_STRIDE == 0);
    }
}
