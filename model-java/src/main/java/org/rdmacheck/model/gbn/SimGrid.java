package org.rdmacheck.model.gbn;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import org.rdmacheck.model.InputException;

/**
 * Relative throughput (against the lossless transfer) of each variant over a grid of loss rates and
 * ACK timeouts, with 95% confidence intervals over independent replications (seed 002, Figs. 2, 6,
 * 7), and the causes of the timeouts (Fig. 3).
 *
 * @param base         Table I parameters (loss rate and RTO are taken from the grid)
 * @param variants     variants to simulate
 * @param duplicates   the receiver's duplicate policy
 * @param nakPolicy    how the NAK interval limits NAKs
 * @param rtos         ACK timeouts in seconds
 * @param lossRates    loss rates, each in [0, 1)
 * @param replications independent replications per point (at least 2)
 * @param messages     messages per replication (at least 1)
 * @param seed         base seed; each point and replication derives its own
 */
public record SimGrid(SimParams base, List<GbnVariant> variants, DuplicatePolicy duplicates, NakPolicy nakPolicy,
                      List<Double> rtos,
                      List<Double> lossRates, int replications, int messages, long seed) {

    /** Validates the grid. */
    public SimGrid {
        variants = List.copyOf(variants);
        rtos = List.copyOf(rtos);
        lossRates = List.copyOf(lossRates);
        if (replications < 2) {
            throw new InputException("replications = " + replications + ": expected an integer >= 2");
        }
        if (messages < 1) {
            throw new InputException("messages = " + messages + ": expected an integer >= 1");
        }
        for (double r : rtos) {
            base.withRto(r);
        }
        for (double p : lossRates) {
            base.withLossRate(p);
        }
    }

    /** @return every point, variants outermost, then RTO, then loss rate; computed in parallel */
    public List<SimCell> run() {
        return run(() -> false);
    }

    /** @return the number of points of the grid */
    public int points() {
        return variants.size() * rtos.size() * lossRates.size();
    }

    /**
     * Runs the grid until {@code stop} turns true (checked before every simulated message): a point
     * cut short is left out, since its interval would rest on fewer messages than asked for.
     *
     * @param stop whether to stop now (a time limit); called from several threads
     * @return the points that finished, in grid order (variants outermost, then RTO, then loss rate)
     */
    public List<SimCell> run(BooleanSupplier stop) {
        List<Object[]> points = new ArrayList<>();
        for (GbnVariant v : variants) {
            for (double rto : rtos) {
                for (double p : lossRates) {
                    points.add(new Object[] {v, rto, p});
                }
            }
        }
        return points.parallelStream().map(o -> cell((GbnVariant) o[0], (Double) o[1], (Double) o[2], stop))
                .flatMap(Optional::stream).toList();
    }

    /**
     * @param variant a variant
     * @param rto     ACK timeout
     * @param p       loss rate
     * @return the point's result
     */
    public SimCell cell(GbnVariant variant, double rto, double p) {
        return cell(variant, rto, p, () -> false).orElseThrow();
    }

    private Optional<SimCell> cell(GbnVariant variant, double rto, double p, BooleanSupplier stop) {
        if (stop.getAsBoolean()) {
            return Optional.empty();
        }
        SimParams params = base.withRto(rto).withLossRate(p);
        double lossless = new GbnSimulator(params.withLossRate(0), variant, duplicates, nakPolicy, 0).runMessage().seconds();
        double[] rel = new double[replications];
        Map<String, Long> causes = new TreeMap<>();
        long timeouts = 0;
        long qpErrors = 0;
        for (int r = 0; r < replications; r++) {
            long s = seed * 1_000_003L + variant.ordinal() * 7919L + Double.hashCode(rto) * 31L + Double.hashCode(p) + r;
            GbnSimulator sim = new GbnSimulator(params, variant, duplicates, nakPolicy, s);
            double total = 0;
            for (int m = 0; m < messages; m++) {
                if (stop.getAsBoolean()) {
                    return Optional.empty();
                }
                MessageOutcome o = sim.runMessage();
                total += o.seconds();
                timeouts += o.causes().size();
                qpErrors += o.qpError() ? 1 : 0;
                o.causes().forEach(c -> causes.merge(c, 1L, Long::sum));
            }
            rel[r] = messages * lossless / total;
        }
        double mean = 0;
        for (double x : rel) {
            mean += x;
        }
        mean /= replications;
        double var = 0;
        for (double x : rel) {
            var += (x - mean) * (x - mean);
        }
        var /= replications - 1;
        double half = studentT975(replications - 1) * Math.sqrt(var / replications);
        return Optional.of(new SimCell(variant.word(), rto, p, mean, half, replications, (long) replications * messages,
                (double) timeouts / ((long) replications * messages), causes, qpErrors));
    }

    /** Two-sided 95% quantile of Student's t with {@code df} degrees of freedom. */
    static double studentT975(int df) {
        double[] t = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
            2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
            2.045, 2.042};
        return df <= t.length ? t[df - 1] : df <= 60 ? 2.000 : 1.960;
    }
}
