package org.rdmacheck.fluid.stability;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.stream.IntStream;
import org.rdmacheck.fluid.FluidInputException;
import org.rdmacheck.fluid.FluidParameters;

/**
 * Phase margin against the number of flows N for one or more feedback delays τ*, and optionally
 * for several values of one other parameter (R_AI, K_max, g, C, T, B, ...). Points outside RED's
 * linear region are rows with that verdict and no margin. Points are independent: solved on all cores,
 * returned in (value, N, τ*) order.
 */
public final class StabilitySweep {

    private StabilitySweep() {
    }

    /** @return the default N range of a sweep, 2..100 step 2 (a fresh array) */
    public static int[] defaultFlows() {
        return IntStream.rangeClosed(1, 50).map(i -> 2 * i).toArray();
    }

    /**
     * One row.
     *
     * @param parameter the varied parameter's name, or {@code N} when only N and τ* vary
     * @param value     its value (in the units of {@link FluidParameters#with}), N itself for a plain sweep
     * @param point     the analysis
     */
    public record Row(String parameter, double value, StabilityPoint point) {
    }

    /**
     * @param base   the parameters (N and τ* replaced)
     * @param flows  N values (each ≥ 1)
     * @param delays τ* values (µs)
     * @param source fixed point to linearise around
     * @return rows in (N, τ*) order
     */
    public static List<Row> overFlows(FluidParameters base, int[] flows, double[] delays, FixedPointSource source) {
        return vary(base, "N", new double[] {Double.NaN}, flows, delays, source);
    }

    /**
     * @param base      the parameters
     * @param parameter name of the varied parameter (as {@link FluidParameters#with}); not N or tauStar
     * @param values    its values
     * @param flows     N values
     * @param delays    τ* values (µs)
     * @param source    fixed point to linearise around
     * @return rows in (value, N, τ*) order
     */
    public static List<Row> vary(FluidParameters base, String parameter, double[] values, int[] flows, double[] delays,
                                 FixedPointSource source) {
        return vary(base, parameter, values, flows, delays, source, RateTerms.DELAYED);
    }

    /**
     * As {@link #vary(FluidParameters, String, double[], int[], double[], FixedPointSource)}, with the
     * delayed rate in the exponents treated as given.
     *
     * @param base      the parameters
     * @param parameter name of the varied parameter, or {@code N} with the single value NaN for a plain sweep
     * @param values    its values
     * @param flows     N values
     * @param delays    τ* values (µs)
     * @param source    fixed point to linearise around
     * @param rateTerms how the delayed rate in the exponents is treated
     * @return rows in (value, N, τ*) order
     */
    public static List<Row> vary(FluidParameters base, String parameter, double[] values, int[] flows, double[] delays,
                                 FixedPointSource source, RateTerms rateTerms) {
        return vary(base, parameter, values, flows, delays, source, rateTerms, () -> false);
    }

    /**
     * As {@link #vary(FluidParameters, String, double[], int[], double[], FixedPointSource, RateTerms)},
     * until {@code stop} turns true (asked before each (value, N) cell): the cells not started are
     * left out, so fewer than {@code values x flows x delays} rows mean the sweep was stopped.
     *
     * @param base      the parameters
     * @param parameter name of the varied parameter, or {@code N} with the single value NaN for a plain sweep
     * @param values    its values
     * @param flows     N values
     * @param delays    τ* values (µs)
     * @param source    fixed point to linearise around
     * @param rateTerms how the delayed rate in the exponents is treated
     * @param stop      whether to stop (a time limit); asked from several threads
     * @return the rows computed, in (value, N, τ*) order
     */
    public static List<Row> vary(FluidParameters base, String parameter, double[] values, int[] flows, double[] delays,
                                 FixedPointSource source, RateTerms rateTerms, BooleanSupplier stop) {
        return vary(base, parameter, values, flows, delays, (p, d) -> StabilityAnalysis.of(p, d, source, rateTerms), stop);
    }

    /**
     * As {@link #vary(FluidParameters, String, double[], int[], double[], FixedPointSource, RateTerms, BooleanSupplier)}
     * under a set of the published analysis' simplifications ({@link StabilityAnalysis#of(FluidParameters,
     * double[], java.util.Set)}).
     *
     * @param base            the parameters
     * @param parameter       name of the varied parameter, or {@code N} with the single value NaN for a plain sweep
     * @param values          its values
     * @param flows           N values
     * @param delays          τ* values (µs)
     * @param simplifications the switches (empty: exact)
     * @param stop            whether to stop (a time limit); asked from several threads
     * @return the rows computed, in (value, N, τ*) order
     */
    public static List<Row> vary(FluidParameters base, String parameter, double[] values, int[] flows, double[] delays,
                                 java.util.Set<Simplification> simplifications, BooleanSupplier stop) {
        return vary(base, parameter, values, flows, delays, (p, d) -> StabilityAnalysis.of(p, d, simplifications), stop);
    }

    private static List<Row> vary(FluidParameters base, String parameter, double[] values, int[] flows, double[] delays,
                                  java.util.function.BiFunction<FluidParameters, double[], List<StabilityPoint>> analysis,
                                  BooleanSupplier stop) {
        boolean plain = parameter.equals("N") && values.length == 1 && Double.isNaN(values[0]);
        if (!plain && (parameter.equals("N") || parameter.equals("tauStar"))) {
            throw new FluidInputException("vary " + parameter + ": N and tauStar are the sweep's own axes; "
                    + "expected another parameter (Rai, Kmax, g, C, T, B, ...)");
        }
        if (flows.length == 0 || delays.length == 0 || values.length == 0) {
            throw new FluidInputException("empty sweep: expected at least one N, one tauStar and one value");
        }
        FluidParameters[] bases = new FluidParameters[values.length];
        for (int v = 0; v < values.length; v++) {
            bases[v] = plain ? base : base.with(parameter, Double.toString(values[v]));
        }
        for (double d : delays) {
            base.with("tauStar", Double.toString(d));   // validates every delay up front
        }
        for (int n : flows) {
            base.with("N", Integer.toString(n));   // every N up front, in order: the error names the first bad one
        }
        List<List<StabilityPoint>> cells = IntStream.range(0, values.length * flows.length).parallel()
                .mapToObj(i -> stop.getAsBoolean() ? List.<StabilityPoint>of()
                        : analysis.apply(bases[i / flows.length].with("N", Integer.toString(flows[i % flows.length])),
                        delays)).toList();
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < cells.size(); i++) {
            for (StabilityPoint p : cells.get(i)) {
                rows.add(new Row(parameter, plain ? p.flows() : values[i / flows.length], p));
            }
        }
        return rows;
    }
}
