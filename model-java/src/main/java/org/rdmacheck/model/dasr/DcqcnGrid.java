package org.rdmacheck.model.dasr;

/**
 * DCQCN's reaction point (seed 004, 3.1) discretised on a small integer grid, one step per
 * observation window. The mapping from DCQCN's constants:
 *
 * <ul>
 *   <li><b>window</b>: one window is DCQCN's rate-increase timer period T = 55 us (seed 004, 5 and
 *       Figure 14), which is also the alpha update interval K = 55 us (3.1) and just above NP's CNP
 *       interval N = 50 us (3.1): a sender gets at most one CNP per window, and its timer fires
 *       once per window without CNP. Dart's feedback (n in the ACKs, III-A) reaches a sender one
 *       hardware RTT (12 us, seed 000 VI-B) after it leaves, well inside the next window, so the
 *       model applies the feedback of a window end to the next window's rates;</li>
 *   <li><b>rates</b>: integers in units of line rate / {@code lineRate}, with the line rate 40 Gb/s
 *       (seed 004, 6); the minimum rate is one unit;</li>
 *   <li><b>fast recovery</b>: F = 5 increase events (3.1, eq. (3)), R_C = (R_T + R_C)/2 rounded up
 *       (so that R_C reaches R_T as DCQCN's geometric approach does within F events);</li>
 *   <li><b>additive increase</b>: R_T += R_AI per event (eq. (4)); R_AI = 40 Mb/s (Table 2) is below
 *       one grid unit, so R_AI credits are counted and R_T rises one unit every
 *       {@code aiCredits} = unit / R_AI credits (83 for a 12-unit grid at 40 Gb/s);</li>
 *   <li><b>hyper increase</b>: once both the timer and the byte-counter stages exceed F, each event
 *       gives i credits, i = min(stages) - F (QCN's i * R_HAI; seed 004 gives no R_HAI, the model
 *       takes R_HAI = R_AI);</li>
 *   <li><b>byte counter</b>: B = 10 MB (Figure 14) is 36 windows at the 40 Gb/s line rate
 *       (275 KB per window); the model counts a byte-counter event every {@code bcWindows}
 *       windows without CNP, as at line rate (at lower rates DCQCN's byte counter is slower,
 *       so the model reaches hyper increase no later than DCQCN);</li>
 *   <li><b>alpha</b>: levels 0..{@link #ALPHA_LEVELS} (alpha = level / 4), initially 1 (3.1,
 *       footnote 1). A CNP cuts R_C to R_C (1 - alpha/2) rounded down and sets R_T to the old R_C
 *       (eq. (1)); its alpha increment g (1 - alpha) with g = 1/256 is below one grid step and is
 *       not applied. Eq. (2) decays alpha by a factor (1 - g) per CNP-free window: one grid step
 *       (1/4) every {@link #ALPHA_WINDOWS} = (1/4)/g = 64 CNP-free windows, down to
 *       {@link #ALPHA_FLOOR} (1/4). On this grid alpha
 *       therefore never falls to the long-run CNP frequency that eq. (1)-(2) converge to under
 *       periodic feedback (a time constant of 1/g = 256 windows): the model's cuts are as deep as
 *       DCQCN's in the first tens of windows of an episode and deeper later.</li>
 * </ul>
 *
 * @param lineRate  the line rate in units
 * @param aiCredits R_AI credits per grid unit of R_T
 * @param bcWindows CNP-free windows per byte-counter event
 */
public record DcqcnGrid(int lineRate, int aiCredits, int bcWindows) {

    /** Fast-recovery events (seed 004, 3.1: F = 5). */
    public static final int F = 5;
    /** Alpha grid: alpha = level / ALPHA_LEVELS. */
    public static final int ALPHA_LEVELS = 4;
    /**
     * Lowest alpha level the decay reaches (alpha = 1/4). A CNP's rise g (1 - alpha) is below the grid,
     * so without a floor alpha would end at 0 and a CNP would stop cutting for ever, whereas DCQCN's
     * alpha climbs back by g per CNP; at alpha = 1/4 a cut still removes one unit from 8.
     */
    public static final int ALPHA_FLOOR = 1;
    /** CNP-free windows per alpha grid step: (1/ALPHA_LEVELS) / g with g = 1/256 (seed 004, 3.1). */
    public static final int ALPHA_WINDOWS = 64;
    /** The line rate in Mb/s the grid stands for (seed 004, 6: 40 Gb/s). */
    public static final int LINE_RATE_MBPS = 40_000;
    /** R_AI in Mb/s (seed 004, Table 2). */
    public static final int R_AI_MBPS = 40;
    /** Byte counter B in KB (seed 004, Figure 14: 10 MB) over the bytes of one window at line rate (275 KB). */
    public static final int BC_WINDOWS_AT_LINE_RATE = 10_000 / 275;

    /** Validates. */
    public DcqcnGrid {
        if (lineRate < 1 || aiCredits < 1 || bcWindows < 1) {
            throw new IllegalArgumentException("lineRate, aiCredits, bcWindows must be >= 1, got "
                    + lineRate + ", " + aiCredits + ", " + bcWindows);
        }
    }

    /**
     * @param lineRate the line rate in units
     * @return the grid with DCQCN's own constants: R_AI credits per unit and the byte-counter period
     */
    public static DcqcnGrid faithful(int lineRate) {
        return new DcqcnGrid(lineRate, Math.max(1, Math.round((float) LINE_RATE_MBPS / lineRate / R_AI_MBPS)),
                BC_WINDOWS_AT_LINE_RATE);
    }

    /** @return the CNP-free windows after which nothing in a saturated reaction point changes any more */
    int sinceCap() {
        return Math.max((ALPHA_LEVELS - ALPHA_FLOOR) * ALPHA_WINDOWS, (F + 1) * bcWindows) + 1;
    }
}
