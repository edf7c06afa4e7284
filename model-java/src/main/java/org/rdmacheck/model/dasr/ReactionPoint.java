package org.rdmacheck.model.dasr;

/**
 * A DCQCN reaction point (seed 004, 3.1) on the grid of {@link DcqcnGrid}: one sender's rate
 * limiter. The sender sends at min(line rate / n, R_C): Dart's apportioned rate and DCQCN's rate
 * are two limiters, and n = 1 in NonReceiverCongestion "to avoid DSR from interfering with DCQCN"
 * (seed 000, III-C).
 *
 * @param rc     current rate R_C, units
 * @param rt     target rate R_T, units
 * @param alpha  alpha level, alpha = level / 4
 * @param since  CNP-free windows since the last CNP: the timer stage (one timer event per window)
 *               and, every {@code bcWindows} windows, a byte-counter event; capped once nothing
 *               changes any more
 * @param credit R_AI credits not yet worth a grid unit of R_T
 */
public record ReactionPoint(int rc, int rt, int alpha, int since, int credit) {

    /** The reaction point of a sender that has no flow (free network: rates are not modelled). */
    public static final ReactionPoint NONE = new ReactionPoint(0, 0, 0, 0, 0);

    /**
     * @param grid the grid
     * @return a new flow's reaction point: line rate, alpha = 1 (seed 004, 3.1 and footnote 1)
     */
    public static ReactionPoint start(DcqcnGrid grid) {
        return new ReactionPoint(grid.lineRate(), grid.lineRate(), DcqcnGrid.ALPHA_LEVELS, 0, 0);
    }

    /**
     * A CNP arrives (eq. (1)): R_T = R_C, R_C = R_C (1 - alpha/2) rounded down (at least one unit);
     * the timer and byte counter restart.
     *
     * @return the cut reaction point
     */
    public ReactionPoint cut() {
        int twiceLevels = 2 * DcqcnGrid.ALPHA_LEVELS;
        int cut = Math.max(1, rc * (twiceLevels - alpha) / twiceLevels);
        return new ReactionPoint(cut, rc, alpha, 0, credit);
    }

    /**
     * A window without CNP: alpha decays (eq. (2), one grid step per 64 windows, not below 1/4), the timer fires
     * and, every {@code bcWindows} windows, the byte counter; each event raises the rate by its stage
     * (fast recovery eq. (3), additive increase eq. (4), hyper increase).
     *
     * @param grid the grid
     * @return the reaction point at the end of the window
     */
    public ReactionPoint quietWindow(DcqcnGrid grid) {
        if (since >= grid.sinceCap() && rc == grid.lineRate() && rt == grid.lineRate()) {
            return this;
        }
        int s = since + 1;
        int a = s % DcqcnGrid.ALPHA_WINDOWS == 0 ? Math.max(DcqcnGrid.ALPHA_FLOOR, alpha - 1) : alpha;
        int[] v = {rc, rt, credit};
        increase(v, s, (s - 1) / grid.bcWindows(), grid);
        if (s % grid.bcWindows() == 0) {
            increase(v, s, s / grid.bcWindows(), grid);
        }
        return new ReactionPoint(v[0], v[1], a, s, v[2]);
    }

    /** One increase event with timer stage {@code t} and byte-counter stage {@code b} (QCN's stages). */
    private static void increase(int[] v, int t, int b, DcqcnGrid grid) {
        int l = grid.lineRate();
        if (Math.max(t, b) > DcqcnGrid.F) {
            int credits = Math.min(t, b) > DcqcnGrid.F ? Math.min(t, b) - DcqcnGrid.F : 1;
            int c = v[2] + credits;
            v[1] = Math.min(l, v[1] + c / grid.aiCredits());
            v[2] = v[1] == l ? 0 : c % grid.aiCredits();
        }
        v[0] = Math.min(l, (v[0] + v[1] + 1) / 2);
    }
}
