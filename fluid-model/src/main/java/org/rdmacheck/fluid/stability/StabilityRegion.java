package org.rdmacheck.fluid.stability;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.stream.IntStream;
import org.rdmacheck.fluid.FluidInputException;
import org.rdmacheck.fluid.FluidParameters;

/**
 * The region of stability: settings of R_AI × K_max (and optionally g) whose phase margin is at
 * least a threshold for every N and τ* in the given ranges and whose fixed point stays in RED's
 * linear region (p* ≤ P_max) for every N. The recommended setting is the one of the region closest
 * to the base (deployed) setting, distance measured on a log scale (each axis a ratio). Cells are
 * independent: solved on all cores.
 *
 * @param cells        every setting tried, in (R_AI, K_max, g) order
 * @param thresholdDeg the phase-margin threshold
 * @param base         the setting distances are measured from
 */
public record StabilityRegion(List<Cell> cells, double thresholdDeg, FluidParameters base) {

    /** Default phase-margin threshold (degrees). */
    public static final double DEFAULT_THRESHOLD_DEG = 30;

    /** Copies the list. */
    public StabilityRegion {
        cells = List.copyOf(cells);
    }

    /** Why a setting is in the region or not. */
    public enum CellVerdict {
        /** every (N, τ*) has at least the threshold margin (or no crossover) */
        IN_REGION,
        /** every point is linearisable, but some margin is below the threshold */
        BELOW_THRESHOLD,
        /** p* > P_max for some N: RED has no fixed point in its linear region there */
        OUTSIDE_LINEAR_REGION,
        /** some point cannot be decided by margins (cut-off marking, open-loop unstable, undetermined) */
        NOT_DECIDED
    }

    /**
     * One setting.
     *
     * @param raiMbps           R_AI
     * @param kmaxKB            K_max
     * @param g                 g
     * @param verdict           in the region or why not
     * @param worstMarginDeg    smallest phase margin over all (N, τ*), NaN unless every point has margins or no crossover
     * @param worstFlows        N of that smallest margin, or the smallest N outside the linear region
     * @param worstDelayMicros  τ* of that smallest margin (NaN for OUTSIDE_LINEAR_REGION)
     * @param distance          log distance from the base setting
     */
    public record Cell(double raiMbps, double kmaxKB, double g, CellVerdict verdict, double worstMarginDeg,
                       int worstFlows, double worstDelayMicros, double distance) {
    }

    /**
     * @param base         parameters other than the searched axes; also the reference setting
     * @param flows        N values every setting must handle
     * @param delays       τ* values (µs)
     * @param raiMbps      R_AI values
     * @param kmaxKB       K_max values
     * @param gValues      g values (the base g alone to leave g fixed)
     * @param thresholdDeg required phase margin
     * @param source       fixed point to linearise around
     * @return the region
     */
    public static StabilityRegion search(FluidParameters base, int[] flows, double[] delays, double[] raiMbps,
                                         double[] kmaxKB, double[] gValues, double thresholdDeg,
                                         FixedPointSource source) {
        return search(base, flows, delays, raiMbps, kmaxKB, gValues, thresholdDeg, source, RateTerms.DELAYED);
    }

    /**
     * As {@link #search(FluidParameters, int[], double[], double[], double[], double[], double, FixedPointSource)}
     * with the delayed rate in the exponents treated as given.
     *
     * @param base         parameters other than the searched axes; also the reference setting
     * @param flows        N values every setting must handle
     * @param delays       τ* values (µs)
     * @param raiMbps      R_AI values
     * @param kmaxKB       K_max values
     * @param gValues      g values
     * @param thresholdDeg required phase margin
     * @param source       fixed point to linearise around
     * @param rateTerms    how the delayed rate is treated
     * @return the region
     */
    public static StabilityRegion search(FluidParameters base, int[] flows, double[] delays, double[] raiMbps,
                                         double[] kmaxKB, double[] gValues, double thresholdDeg,
                                         FixedPointSource source, RateTerms rateTerms) {
        return search(base, flows, delays, raiMbps, kmaxKB, gValues, thresholdDeg, source, rateTerms, () -> false);
    }

    /**
     * As {@link #search(FluidParameters, int[], double[], double[], double[], double[], double, FixedPointSource,
     * RateTerms)}, until {@code stop} turns true (asked before each setting): the settings not started
     * are left out, so fewer cells than settings mean the search was stopped.
     *
     * @param base         parameters other than the searched axes; also the reference setting
     * @param flows        N values every setting must handle
     * @param delays       τ* values (µs)
     * @param raiMbps      R_AI values
     * @param kmaxKB       K_max values
     * @param gValues      g values
     * @param thresholdDeg required phase margin
     * @param source       fixed point to linearise around
     * @param rateTerms    how the delayed rate is treated
     * @param stop         whether to stop (a time limit); asked from several threads
     * @return the region of the settings examined
     */
    public static StabilityRegion search(FluidParameters base, int[] flows, double[] delays, double[] raiMbps,
                                         double[] kmaxKB, double[] gValues, double thresholdDeg,
                                         FixedPointSource source, RateTerms rateTerms, BooleanSupplier stop) {
        if (!(thresholdDeg > -180 && thresholdDeg <= 180)) {
            throw new FluidInputException("threshold = " + thresholdDeg + " deg: expected a phase margin in (-180, 180]");
        }
        if (flows.length == 0 || delays.length == 0 || raiMbps.length == 0 || kmaxKB.length == 0 || gValues.length == 0) {
            throw new FluidInputException("empty region search: expected at least one value on every axis");
        }
        int per = kmaxKB.length * gValues.length;
        FluidParameters[] settings = new FluidParameters[raiMbps.length * per];
        for (int i = 0; i < settings.length; i++) {
            settings[i] = base.with("Rai", Double.toString(raiMbps[i / per]))
                    .with("Kmax", Double.toString(kmaxKB[(i % per) / gValues.length]))
                    .with("g", Double.toString(gValues[i % gValues.length]));
        }
        List<Cell> cells = IntStream.range(0, settings.length).parallel()
                .mapToObj(i -> stop.getAsBoolean() ? Optional.<Cell>empty()
                        : Optional.of(cell(settings[i], base, flows, delays, thresholdDeg, source, rateTerms)))
                .flatMap(Optional::stream).toList();
        return new StabilityRegion(cells, thresholdDeg, base);
    }

    private static Cell cell(FluidParameters s, FluidParameters base, int[] flows, double[] delays, double threshold,
                             FixedPointSource source, RateTerms rateTerms) {
        double worst = Double.POSITIVE_INFINITY;
        int worstN = -1;
        double worstTau = Double.NaN;
        boolean decided = true;
        for (int n : flows) {
            for (StabilityPoint p : StabilityAnalysis.of(s.with("N", Integer.toString(n)), delays, source, rateTerms)) {
                if (p.verdict() == StabilityVerdict.OUTSIDE_LINEAR_REGION) {
                    return new Cell(s.rateAiMbps(), s.kmaxKB(), s.g(), CellVerdict.OUTSIDE_LINEAR_REGION, Double.NaN, n,
                            Double.NaN, distance(s, base));
                }
                if (p.verdict() == StabilityVerdict.NO_CROSSOVER) {
                    continue;
                }
                if (!p.verdict().hasMargins()) {
                    decided = false;
                    continue;
                }
                if (p.phaseMarginDeg() < worst) {
                    worst = p.phaseMarginDeg();
                    worstN = n;
                    worstTau = p.delayMicros();
                }
            }
        }
        CellVerdict v = !decided ? CellVerdict.NOT_DECIDED
                : worst >= threshold ? CellVerdict.IN_REGION : CellVerdict.BELOW_THRESHOLD;
        return new Cell(s.rateAiMbps(), s.kmaxKB(), s.g(), v, decided && worstN >= 0 ? worst : Double.NaN, worstN,
                worstTau, distance(s, base));
    }

    private static double distance(FluidParameters s, FluidParameters base) {
        double a = Math.log(s.rateAiMbps() / base.rateAiMbps());
        double b = Math.log(s.kmaxKB() / base.kmaxKB());
        double c = Math.log(s.g() / base.g());
        return Math.sqrt(a * a + b * b + c * c);
    }

    /** @return the settings in the region */
    public List<Cell> inRegion() {
        return cells.stream().filter(c -> c.verdict() == CellVerdict.IN_REGION).toList();
    }

    /** @return the setting of the region closest to the base, if the region is not empty */
    public Optional<Cell> recommended() {
        return inRegion().stream().min(Comparator.comparingDouble(Cell::distance));
    }

    /** @return the linearisable setting with the largest worst-case margin (what comes closest when the region is empty) */
    public Optional<Cell> best() {
        return cells.stream().filter(c -> !Double.isNaN(c.worstMarginDeg()))
                .max(Comparator.comparingDouble(Cell::worstMarginDeg));
    }
}
