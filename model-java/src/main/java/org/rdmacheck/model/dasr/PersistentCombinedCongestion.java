package org.rdmacheck.model.dasr;

/**
 * The closed-loop network for the convergence question (seed 000, III-C, "Dart's convergence"):
 * receiver congestion and network congestion persist together. All senders send one long message
 * each to the receiver. Sender 0's path crosses a network bottleneck where its share is c = L/(2n),
 * half the share DASR gives it; the others reach the receiver without network congestion. The
 * observables are computed from the sending rates with exact integers:
 *
 * <ul>
 *   <li>rate of a sender = line rate / applied n; when ECN feedback cut DCQCN at the last boundary,
 *       capped by its max-min fair share under n = 1 (c for sender 0, the rest of the line rate split
 *       among the others): DCQCN is granted convergence within one window (seed 004, 5);</li>
 *   <li>throughput at the receiver = min(rate0, c) + the other rates; line rate iff &gt;= L;</li>
 *   <li>ECN marks iff a link is overloaded (rate0 &gt; c, or arrivals &gt; L), or a link is exactly full
 *       with DCQCN-controlled flows: DCQCN's fixed point keeps a standing queue with a positive marking
 *       probability (seed 004, 5), whereas DASR's exact rate caps do not. The alternative abstraction
 *       (network {@code PERSISTENT_COMBINED_OVERLOAD_MARKS}) drops this last case.</li>
 * </ul>
 */
public final class PersistentCombinedCongestion {

    private final int senders;
    private final int lineRate;
    private final int bottleneck;
    private final boolean standingQueueMarks;

    /**
     * @param senders senders of the single tenant, at least 2
     */
    public PersistentCombinedCongestion(int senders) {
        this(senders, true);
    }

    /**
     * @param config a configuration with a persistent network
     * @return its network
     */
    public static PersistentCombinedCongestion of(DartConfig config) {
        return new PersistentCombinedCongestion(config.senders(),
                config.design().network() == Design.Network.PERSISTENT_COMBINED);
    }

    /**
     * @param senders            senders of the single tenant, at least 2
     * @param standingQueueMarks whether a link kept exactly full by DCQCN-controlled flows marks
     */
    public PersistentCombinedCongestion(int senders, boolean standingQueueMarks) {
        this.standingQueueMarks = standingQueueMarks;
        if (senders < 2) {
            throw new IllegalArgumentException("senders = " + senders + ": expected at least 2");
        }
        this.senders = senders;
        int base = RateUnits.lineRateFor(senders);
        int l = base;
        while (l % (2 * senders) != 0 || (l - l / (2 * senders)) % (senders - 1) != 0) {
            l += base;
        }
        this.lineRate = l;
        this.bottleneck = l / (2 * senders);
    }

    /** @return the line rate L in units */
    public int lineRate() {
        return lineRate;
    }

    /** @return sender 0's share c of the network bottleneck, in units */
    public int bottleneck() {
        return bottleneck;
    }

    /**
     * @param sender a sender
     * @return its max-min fair share under n = 1, where DCQCN converges
     */
    public int dcqcnShare(int sender) {
        return sender == 0 ? bottleneck : (lineRate - bottleneck) / (senders - 1);
    }

    /**
     * @param s      a state
     * @param sender a sender
     * @return its sending rate in units
     */
    public int rate(DartState s, int sender) {
        int r = lineRate / s.applied().get(sender);
        return s.dcqcnCut() ? Math.min(r, dcqcnShare(sender)) : r;
    }

    /**
     * @param s a state
     * @return what the receiver observes in the window that ends now
     */
    public Observation observe(DartState s) {
        int r0 = rate(s, 0);
        int arrivals = Math.min(r0, bottleneck);
        for (int i = 1; i < senders; i++) {
            arrivals += rate(s, i);
        }
        boolean overloaded = r0 > bottleneck || arrivals > lineRate;
        boolean dcqcnQueue = standingQueueMarks && s.dcqcnCut() && (r0 == bottleneck || arrivals == lineRate);
        return new Observation(overloaded || dcqcnQueue, arrivals >= lineRate);
    }
}
