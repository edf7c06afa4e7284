package org.rdmacheck.fluid.stability;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.stream.IntStream;
import org.rdmacheck.fluid.FluidParameters;

/**
 * The difference between the published and the exact linearisation at one operating point (N, τ*),
 * attributed to the k = 8 value-changing simplifications ({@link Simplification#valueChanging()}):
 * the phase margin under all 2^k subsets (each with {@link Simplification#UNCAPPED_RED} as well, so
 * that a point past P_max still has a margin), and from them, per simplification,
 * <ul>
 *   <li>its effect alone on the exact analysis, v({i}) - v(∅);</li>
 *   <li>its effect last, taken out of the published analysis, v(K) - v(K \ {i});</li>
 *   <li>its step on the fixed path that adds them in declaration order;</li>
 *   <li>its Shapley value, the average of v(S ∪ {i}) - v(S) over the orders of adding them
 *       (weights |S|!(k-|S|-1)!/k!): the only split that is symmetric and adds up, over i, to
 *       v(K) - v(∅) exactly, however the simplifications interact.</li>
 * </ul>
 * v is the smallest phase margin over the gain crossovers (the figure the published analysis
 * quotes). A subset whose loop has no crossover has no margin: then the attribution is not defined
 * and {@link #complete()} is false.
 *
 * @param flows        N
 * @param delayMicros  τ*
 * @param combinations every subset, by bit mask over {@link #order()} (bit i set: order()[i] applied)
 * @param shares       per simplification, in {@link #order()}
 */
public record StabilityAttribution(int flows, double delayMicros, List<Combination> combinations, List<Share> shares) {

    /** Copies the lists. */
    public StabilityAttribution {
        combinations = List.copyOf(combinations);
        shares = List.copyOf(shares);
    }

    /**
     * One subset.
     *
     * @param mask            bit i set: {@link #order()}[i] applied
     * @param simplifications the subset (without {@link Simplification#UNCAPPED_RED})
     * @param point           the analysis under it
     */
    public record Combination(int mask, Set<Simplification> simplifications, StabilityPoint point) {
        /** Copies the set. */
        public Combination {
            simplifications = Collections.unmodifiableSet(simplifications.isEmpty()
                    ? EnumSet.noneOf(Simplification.class) : EnumSet.copyOf(simplifications));
        }
    }

    /**
     * One simplification's part of the difference (degrees of phase margin).
     *
     * @param simplification which
     * @param alone          v({i}) - v(∅)
     * @param last           v(K) - v(K \ {i})
     * @param pathStep       v(first i+1 in order) - v(first i in order)
     * @param shapley        the Shapley value
     */
    public record Share(Simplification simplification, double alone, double last, double pathStep, double shapley) {
    }

    /** @return the k value-changing simplifications, in declaration order (bit i of a mask is the i-th) */
    public static Simplification[] order() {
        return Simplification.valueChanging();
    }

    /** @param k the simplifications in order  @param mask a subset of them, bit i for k[i]  @return that subset */
    private static Set<Simplification> subset(Simplification[] k, int mask) {
        Set<Simplification> set = EnumSet.noneOf(Simplification.class);
        for (int i = 0; i < k.length; i++) {
            if ((mask & (1 << i)) != 0) {
                set.add(k[i]);
            }
        }
        return set;
    }

    /**
     * @param k the simplifications in order  @param mask a subset of them
     * @return the set analysed for it: uncapped-red added, which changes nothing inside RED's linear
     *         region (the empty subset is the exact analysis)
     */
    private static Set<Simplification> run(Simplification[] k, int mask) {
        Set<Simplification> run = EnumSet.of(Simplification.UNCAPPED_RED);
        run.addAll(subset(k, mask));
        return run;
    }

    /**
     * @param params parameters (N, τ*)
     * @param stop   asked before each subset; true leaves the rest out (fewer than 2^k combinations, no shares)
     * @return the attribution
     */
    public static StabilityAttribution at(FluidParameters params, BooleanSupplier stop) {
        Simplification[] k = order();
        int all = 1 << k.length;
        double tau = params.feedbackDelayMicros();
        Combination[] out = new Combination[all];
        // a τ* too long for any subset's scans is refused before the first is analysed
        for (int mask = 0; mask < all; mask++) {
            StabilityAnalysis.requireAnalysable(params, new double[] {tau}, run(k, mask));
        }
        IntStream.range(0, all).parallel().forEach(mask -> {
            if (stop.getAsBoolean()) {
                return;
            }
            out[mask] = new Combination(mask, subset(k, mask), StabilityAnalysis.of(params, new double[] {tau},
                    run(k, mask)).get(0));
        });
        List<Combination> combos = new ArrayList<>();
        for (Combination c : out) {
            if (c != null) {
                combos.add(c);
            }
        }
        List<Share> shares = new ArrayList<>();
        if (combos.size() == all) {
            double[] v = new double[all];
            for (int m = 0; m < all; m++) {
                v[m] = out[m].point().margins().phaseMarginDeg();
            }
            double[] factorial = new double[k.length + 1];
            factorial[0] = 1;
            for (int i = 1; i <= k.length; i++) {
                factorial[i] = factorial[i - 1] * i;
            }
            int full = all - 1;
            for (int i = 0; i < k.length; i++) {
                int bit = 1 << i;
                double shapley = 0;
                for (int s = 0; s < all; s++) {
                    if ((s & bit) == 0) {
                        int size = Integer.bitCount(s);
                        shapley += factorial[size] * factorial[k.length - size - 1] / factorial[k.length] * (v[s | bit] - v[s]);
                    }
                }
                int before = bit - 1;
                shares.add(new Share(k[i], v[bit] - v[0], v[full] - v[full & ~bit], v[before | bit] - v[before], shapley));
            }
        }
        return new StabilityAttribution(params.flows(), tau, combos, shares);
    }

    /** @return whether every subset was analysed and had a margin (the shares are defined) */
    public boolean complete() {
        return combinations.size() == 1 << order().length && shares.stream().noneMatch(s -> Double.isNaN(s.shapley()));
    }

    /** @return v(∅): the exact analysis' margin */
    public double exactMarginDeg() {
        return byMask(0).point().margins().phaseMarginDeg();
    }

    /** @return v(K): the published analysis' margin */
    public double publishedMarginDeg() {
        return byMask((1 << order().length) - 1).point().margins().phaseMarginDeg();
    }

    /** @param mask a subset's mask  @return its combination */
    public Combination byMask(int mask) {
        return combinations.stream().filter(c -> c.mask() == mask).findFirst()
                .orElseThrow(() -> new IllegalStateException("subset " + mask + " not analysed"));
    }
}
