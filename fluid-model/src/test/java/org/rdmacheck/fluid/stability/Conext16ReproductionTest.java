package org.rdmacheck.fluid.stability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.rdmacheck.fluid.FluidInputException;
import org.rdmacheck.fluid.FluidParameters;

/**
 * The published phase margins of Zhu et al. (CoNEXT 2016, Fig. 5, from the authors' released curve
 * data, tabulated per N) come out of {@link Simplification#CONEXT16} within 0.5°, and the empty set
 * of simplifications is the exact linearisation, Jacobian entry by Jacobian entry.
 */
class Conext16ReproductionTest {

    /** Published margins, 40 Gb/s, R_AI = 40 Mb/s, K_max = 200 KB, τ* = 50 µs, N = 2, 4, ..., 100. */
    private static final double[] PUBLISHED_50 = {8.2626, -0.75215, -4.9328, -6.4319, -6.5844, -6.0707, -5.1236,
        -3.8992, -2.4889, -0.95129, 0.67343, 2.3555, 4.0717, 5.8027, 7.5322, 9.2463, 10.933, 12.581, 14.182, 15.73,
        17.221, 18.649, 20.013, 21.312, 22.546, 23.716, 24.825, 25.875, 26.87, 27.811, 28.703, 29.548, 30.35, 31.121,
        31.847, 32.537, 33.196, 33.826, 34.428, 35.006, 35.561, 36.095, 36.61, 37.108, 37.59, 38.058, 38.513, 38.956,
        39.388, 39.811};

    private static StabilityPoint conext(FluidParameters base, int n, double tauMicros) {
        return StabilityAnalysis.of(base.with("N", "" + n), new double[] {tauMicros}, Simplification.CONEXT16).get(0);
    }

    @Test
    void quotedPointsAreReproducedWithinHalfADegree() {
        FluidParameters d = FluidParameters.deployed();
        assertEquals(8.26, conext(d, 2, 50).phaseMarginDeg(), 0.5);
        assertEquals(-6.43, conext(d, 8, 50).phaseMarginDeg(), 0.5);
        assertEquals(-6.58, conext(d, 10, 50).phaseMarginDeg(), 0.5);
        assertEquals(StabilityVerdict.UNSTABLE, conext(d, 8, 50).verdict());
        // the exact linearisation at the same point: positive
        StabilityPoint exact = StabilityAnalysis.of(d.with("N", "8"), new double[] {50}, Simplification.EXACT).get(0);
        assertEquals(1.92, exact.phaseMarginDeg(), 0.05);
    }

    @Test
    void publishedCurveAtFiftyMicrosecondsIsReproducedPastPmax() {
        FluidParameters d = FluidParameters.deployed();
        double worst = 0;
        for (int i = 0; i < PUBLISHED_50.length; i++) {
            int n = 2 * (i + 1);
            StabilityPoint s = conext(d, n, 50);
            assertTrue(s.verdict().hasMargins(), "N=" + n + ": " + s.verdict());
            worst = Math.max(worst, Math.abs(s.phaseMarginDeg() - PUBLISHED_50[i]));
            // the closed-form p* passes P_max = 1 % at N = 12 (1.0005 %): from there the points are marked
            assertEquals(n >= 12, s.pastPmax(), "N=" + n + " p*=" + s.p());
        }
        assertTrue(worst < 0.1, "largest difference from the published curve: " + worst);
    }

    @Test
    void otherPublishedCurvesAreReproduced() {
        FluidParameters d = FluidParameters.deployed();
        // (C Gb/s, R_AI Mb/s, K_max KB, τ* µs, N, published margin)
        double[][] cases = {
            {40, 40, 200, 100, 10, -17.925}, {40, 40, 200, 100, 36, 1.2794}, {40, 40, 200, 1, 10, 4.5296},
            {40, 10, 200, 50, 20, 4.4168}, {40, 10, 200, 25, 18, 8.4672}, {40, 10, 200, 0, 2, 58.388},
            {40, 10, 1000, 50, 10, 53.724}, {40, 10, 1000, 50, 12, 20.392}, {100, 40, 200, 50, 30, -16.634},
            {100, 40, 200, 100, 2, -57.292}, {100, 40, 200, 0, 38, -0.37086}};
        for (double[] c : cases) {
            FluidParameters p = d.with("C", "" + c[0]).with("Rai", "" + c[1]).with("Kmax", "" + c[2]);
            StabilityPoint s = conext(p, (int) c[4], c[3]);
            assertEquals(c[5], s.phaseMarginDeg(), 0.5, java.util.Arrays.toString(c));
        }
    }

    @Test
    void withoutUncappedRedThePointsPastPmaxHaveNoMargin() {
        Set<Simplification> capped = EnumSet.copyOf(Simplification.CONEXT16);
        capped.remove(Simplification.UNCAPPED_RED);
        FluidParameters d = FluidParameters.deployed().with("N", "20");
        StabilityPoint s = StabilityAnalysis.of(d, new double[] {50}, capped).get(0);
        assertEquals(StabilityVerdict.OUTSIDE_LINEAR_REGION, s.verdict());
        assertFalse(s.pastPmax());
        // and where p* <= Pmax it changes nothing
        FluidParameters eight = FluidParameters.deployed().with("N", "8");
        assertEquals(StabilityAnalysis.of(eight, new double[] {50}, capped).get(0).phaseMarginDeg(),
                conext(FluidParameters.deployed(), 8, 50).phaseMarginDeg(), 1e-12);
    }

    @Test
    void emptySetIsTheExactLinearisation() {
        for (int n : new int[] {2, 8, 14}) {
            FluidParameters p = FluidParameters.deployed().with("N", "" + n);
            var point = FixedPointSource.EXACT.of(p);
            Linearisation exact = Linearisation.at(p, point);
            Linearisation same = SimplifiedLinearisation.at(p, point, Simplification.EXACT);
            assertMatrix(exact.presentJacobian(), same.presentJacobian());
            assertMatrix(exact.delayedJacobian(), same.delayedJacobian());
        }
    }

    private static void assertMatrix(double[][] want, double[][] got) {
        for (int i = 0; i < want.length; i++) {
            for (int j = 0; j < want[i].length; j++) {
                assertEquals(want[i][j], got[i][j], 1e-9 * Math.max(1e-12, Math.abs(want[i][j])), "[" + i + "][" + j + "]");
            }
        }
    }

    @Test
    void namesParseAndPrint() {
        assertEquals(Simplification.CONEXT16, Simplification.parse("conext16"));
        assertEquals(Simplification.EXACT, Simplification.parse("exact"));
        Set<Simplification> two = Simplification.parse("small-p+closed-form-p");
        assertEquals(EnumSet.of(Simplification.SMALL_P, Simplification.CLOSED_FORM_P), two);
        assertEquals("closed-form-p+small-p", Simplification.name(two));
        assertEquals("conext16", Simplification.name(EnumSet.allOf(Simplification.class)));
        FluidInputException e = assertThrows(FluidInputException.class, () -> Simplification.parse("small-p+bogus"));
        assertTrue(e.getMessage().contains("'bogus'") && e.getMessage().contains("conext16"), e.getMessage());
        assertEquals(8, Simplification.valueChanging().length);
    }

    @Test
    void publishedOpenLoopIsUnstableSoTheRootCountDecides() {
        FluidParameters d = FluidParameters.deployed();
        // the published linearisation's reaction point has a right-half-plane pole: Bode's margin alone
        // does not decide; the argument principle on det(sI - J0 - J1 e^{-s tau*}) does, and agrees with its sign
        StabilityPoint two = conext(d, 2, 50);
        StabilityPoint eight = conext(d, 8, 50);
        assertTrue(two.rootCount() && eight.rootCount());
        assertEquals(StabilityVerdict.STABLE, two.verdict());
        assertEquals(StabilityVerdict.UNSTABLE, eight.verdict());
        FluidParameters p8 = d.with("N", "8");
        Linearisation pub = SimplifiedLinearisation.at(p8, SimplifiedLinearisation.operatingPoint(p8,
                Simplification.CONEXT16), Simplification.CONEXT16);
        assertTrue(pub.openLoopAbscissa() > 0);
        assertEquals(2, RootCount.rightHalfPlane(pub, 50));
        // the exact linearisation: open loop stable, and the count agrees with the margin's sign
        Linearisation exact = Linearisation.at(p8, FixedPointSource.EXACT.of(p8));
        assertTrue(exact.openLoopAbscissa() < 0);
        assertEquals(0, RootCount.rightHalfPlane(exact, 50));
        assertEquals(2, RootCount.rightHalfPlane(exact, 100));
    }
}
