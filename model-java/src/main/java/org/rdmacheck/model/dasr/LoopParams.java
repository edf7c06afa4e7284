package org.rdmacheck.model.dasr;

/**
 * Sizes of the persistent-congestion loop ({@link RateLoop}); ignored under the free network.
 *
 * @param k         windows the classifier must keep its state before the max-min property asks for
 *                  max-min shares ("after congestion settles"); the state's mode age counts up to k
 * @param aiCredits R_AI credits per grid unit of R_T; 0 for DCQCN's own (R_AI = 40 Mb/s)
 * @param bcWindows CNP-free windows per byte-counter event (DCQCN: 36, see {@link DcqcnGrid})
 */
public record LoopParams(int k, int aiCredits, int bcWindows) {

    /** k = 8 windows (fast recovery's F = 5 events and three more); DCQCN's R_AI and byte counter. */
    public static final LoopParams DEFAULT = new LoopParams(8, 0, DcqcnGrid.BC_WINDOWS_AT_LINE_RATE);

    /** Validates. */
    public LoopParams {
        if (k < 1 || aiCredits < 0 || bcWindows < 1) {
            throw new IllegalArgumentException("k >= 1, aiCredits >= 0, bcWindows >= 1 expected, got "
                    + k + ", " + aiCredits + ", " + bcWindows);
        }
    }
}
