package org.rdmacheck.fluid;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rdmacheck.fluid.stability.FixedPointSource;
import org.rdmacheck.fluid.stability.Linearisation;

/**
 * The analytic Jacobians of the linearisation against central finite differences of the
 * equations the solver integrates ({@link DcqcnEquations}), at the fixed point, with respect to
 * the present state (J0) and the delayed state (J1). In this package to reach the solver's
 * right-hand side.
 */
class LinearisationJacobianTest {

    @ParameterizedTest(name = "N={0} Rai={1} Kmax={2} {3}")
    @CsvSource({"2, 40, 200, EXACT", "8, 40, 200, EXACT", "14, 40, 200, EXACT", "4, 10, 1000, EXACT",
        "20, 10, 1000, EXACT", "6, 40, 200, CLOSED_FORM"})
    void analyticJacobiansMatchFiniteDifferences(int n, double rai, double kmax, FixedPointSource source) {
        FluidParameters p = FluidParameters.deployed().with("N", "" + n).with("Rai", "" + rai).with("Kmax", "" + kmax);
        FixedPointResult fp = source.of(p);
        Linearisation lin = Linearisation.at(p, fp);
        DcqcnEquations eq = new DcqcnEquations(FluidProblem.identical(p, 1), new DelayHistory(4, 4));
        eq.activate(0);
        double[] x = {Marking.of(p).queueFor(fp.markingProbability()), Units.gbpsToPacketsPerMicro(fp.rateGbps(), 1),
            Units.gbpsToPacketsPerMicro(fp.rateGbps() + fp.targetGapGbps(), 1), fp.alpha()};
        double[][] present = lin.presentJacobian();
        double[][] delayed = lin.delayedJacobian();
        for (int j = 0; j < 4; j++) {
            double h = 1e-6 * Math.max(Math.abs(x[j]), 1e-3);
            double[] dPresent = difference(eq, x, j, h, false);
            double[] dDelayed = difference(eq, x, j, h, true);
            for (int i = 0; i < 4; i++) {
                double scale = 1e-6 * (Math.abs(present[i][j]) + Math.abs(delayed[i][j])) + 1e-12;
                assertEquals(present[i][j], dPresent[i], Math.max(scale, 1e-6 * Math.abs(present[i][j])),
                        "J0[" + i + "][" + j + "]");
                assertEquals(delayed[i][j], dDelayed[i], Math.max(scale, 1e-6 * Math.abs(delayed[i][j])),
                        "J1[" + i + "][" + j + "]");
            }
        }
    }

    private static double[] difference(DcqcnEquations eq, double[] x, int j, double h, boolean delayed) {
        double[] plus = x.clone();
        double[] minus = x.clone();
        plus[j] += h;
        minus[j] -= h;
        double[] fPlus = new double[4];
        double[] fMinus = new double[4];
        eq.derivatives(delayed ? x : plus, delayed ? plus : x, fPlus);
        eq.derivatives(delayed ? x : minus, delayed ? minus : x, fMinus);
        double[] d = new double[4];
        for (int i = 0; i < 4; i++) {
            d[i] = (fPlus[i] - fMinus[i]) / (2 * h);
        }
        return d;
    }
}
