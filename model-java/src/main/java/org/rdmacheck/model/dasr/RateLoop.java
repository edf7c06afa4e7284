package org.rdmacheck.model.dasr;

import java.util.ArrayList;
import java.util.List;

/**
 * The closed loop for the convergence question (seed 000, III-C, "Dart's convergence"): receiver
 * congestion and network congestion persist together. Every sender sends one long flow to the
 * receiver. Sender 0's path crosses one network bottleneck of capacity c = L/(2n), half its DASR
 * share L/n; all senders share the receiver link of capacity L (the line rate). Senders 1..n-1 are
 * interchangeable. Each sender's rate is min(L / applied n, R_C) with R_C its DCQCN reaction point
 * ({@link ReactionPoint}).
 *
 * <p>Marking per window (seed 004, 3.1 CP algorithm, RED between K_min = 5 KB and K_max = 200 KB
 * with P_max = 1%, section 5 and Figure 14): a link kept exactly full holds a standing queue in the
 * RED band (section 5: DCQCN's fixed point has a positive marking probability), and so does the
 * receiver link overloaded by one unit (3.3 Gb/s more than 40 Gb/s adds about 23 KB per 55 us
 * window, so the queue crosses the band in about eight windows); in the band a sender with a few
 * hundred packets per window sees no mark with a probability of a few percent or more, so the model
 * lets each such sender be marked or not (a nondeterministic choice). The network bottleneck over
 * its capacity, or the receiver link overloaded by more than one unit, marks every sender crossing
 * it; a link below capacity drains and marks nothing. The alternative abstraction (network
 * {@code PERSISTENT_COMBINED_OVERLOAD_MARKS}) has no band: it marks exactly when a link is
 * overloaded.
 */
public final class RateLoop {

    private final int senders;
    private final int lineRate;
    private final int bottleneck;
    private final boolean standingQueueMarks;
    private final DcqcnGrid grid;

    /**
     * @param senders            senders of the single tenant, at least 2
     * @param standingQueueMarks whether links have a RED band (may mark when full or one unit over)
     * @param aiCredits          R_AI credits per unit of R_T (0: DCQCN's own, from the grid)
     * @param bcWindows          windows per byte-counter event
     */
    public RateLoop(int senders, boolean standingQueueMarks, int aiCredits, int bcWindows) {
        if (senders < 2) {
            throw new IllegalArgumentException("senders = " + senders + ": expected at least 2");
        }
        this.senders = senders;
        this.standingQueueMarks = standingQueueMarks;
        this.lineRate = lineRateFor(senders);
        this.bottleneck = lineRate / (2 * senders);
        DcqcnGrid faithful = DcqcnGrid.faithful(lineRate);
        this.grid = new DcqcnGrid(lineRate, aiCredits > 0 ? aiCredits : faithful.aiCredits(), bcWindows);
    }

    /**
     * The least L that is a multiple of 1..n and of 2n, with (L - L/(2n)) divisible by n - 1, so DASR
     * shares, the bottleneck and the max-min shares are whole units (n = 3: L = 12, c = 2, max-min
     * shares 2, 5, 5).
     *
     * @param senders n
     * @return L in units
     */
    public static int lineRateFor(int senders) {
        int base = RateUnits.lineRateFor(senders);
        int l = base;
        while (l % (2 * senders) != 0 || (l - l / (2 * senders)) % (senders - 1) != 0) {
            l += base;
        }
        return l;
    }

    /**
     * @param config a configuration with a persistent network
     * @return its loop
     */
    public static RateLoop of(DartConfig config) {
        return new RateLoop(config.senders(), config.design().network() == Design.Network.PERSISTENT_COMBINED,
                config.loop().aiCredits(), config.loop().bcWindows());
    }

    /** @return the line rate L in units */
    public int lineRate() {
        return lineRate;
    }

    /** @return the bottleneck capacity c in units (crossed by sender 0) */
    public int bottleneck() {
        return bottleneck;
    }

    /** @return the reaction-point grid */
    public DcqcnGrid grid() {
        return grid;
    }

    /**
     * @param sender a sender
     * @return its max-min fair share of the two links
     */
    public int maxMinShare(int sender) {
        return sender == 0 ? bottleneck : (lineRate - bottleneck) / (senders - 1);
    }

    /**
     * @param applied the n a sender applies
     * @param rc      its reaction point's R_C
     * @return its sending rate in this window, units: min(L / n, R_C)
     */
    public int rate(int applied, int rc) {
        return Math.min(lineRate / applied, rc);
    }

    /**
     * @param rates every sender's rate in this window
     * @return their sum
     */
    public int rateSum(int[] rates) {
        int sum = 0;
        for (int i = 0; i < senders; i++) {
            sum += rates[i];
        }
        return sum;
    }

    /**
     * @param rates every sender's rate in this window
     * @return the arrivals at the receiver link (sender 0 after its bottleneck)
     */
    public int arrivals(int[] rates) {
        int a = Math.min(rates[0], bottleneck);
        for (int i = 1; i < senders; i++) {
            a += rates[i];
        }
        return a;
    }

    /**
     * @param rates every sender's rate in this window
     * @return the senders surely marked (they cross an overloaded link), bit i for sender i
     */
    public int mustMark(int[] rates) {
        boolean receiverOver = arrivals(rates) > lineRate + (standingQueueMarks ? 1 : 0);
        if (receiverOver) {
            return (1 << senders) - 1;
        }
        return rates[0] > bottleneck ? 1 : 0;
    }

    /**
     * @param rates every sender's rate in this window
     * @return the senders that may or may not be marked (they cross a link in the RED band and no
     *         link overloaded beyond it), bit i for sender i
     */
    public int mayMark(int[] rates) {
        if (!standingQueueMarks) {
            return 0;
        }
        int must = mustMark(rates);
        boolean bottleneckFull = rates[0] == bottleneck;
        int a = arrivals(rates);
        boolean receiverFull = a == lineRate || a == lineRate + 1;
        int out = 0;
        for (int i = 0; i < senders; i++) {
            if ((must >> i & 1) == 0 && (receiverFull || (i == 0 && bottleneckFull))) {
                out |= 1 << i;
            }
        }
        return out;
    }

    /**
     * @param rates every sender's rate in this window
     * @return every set of marked senders the window may produce (bit i for sender i), in a fixed
     *         order: the sure marks plus each subset of the optional ones, the subsets counted up
     *         with the lowest optional sender in the lowest bit
     */
    public int[] markings(int[] rates) {
        int must = mustMark(rates);
        int may = mayMark(rates);
        int[] optional = new int[Integer.bitCount(may)];
        for (int i = 0, j = 0; i < senders; i++) {
            if ((may >> i & 1) != 0) {
                optional[j++] = i;
            }
        }
        int[] out = new int[1 << optional.length];
        for (int sub = 0; sub < out.length; sub++) {
            int m = must;
            for (int j = 0; j < optional.length; j++) {
                if ((sub >> j & 1) != 0) {
                    m |= 1 << optional[j];
                }
            }
            out[sub] = m;
        }
        return out;
    }

    /**
     * @param rates  every sender's rate in this window
     * @param marked the senders marked in this window (bit i for sender i)
     * @return what the receiver observes: marks, and whether the arrivals reach the line rate
     */
    public Observation observe(int[] rates, int marked) {
        return new Observation(marked != 0, arrivals(rates) >= lineRate);
    }

    /**
     * @param marked a set of senders, bit i for sender i
     * @return the senders, ascending
     */
    public static List<Integer> senders(int marked) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < 31; i++) {
            if ((marked >> i & 1) != 0) {
                out.add(i);
            }
        }
        return List.copyOf(out);
    }
}
