package org.rdmacheck.fluid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.doubles;

import org.junit.jupiter.api.Test;

class MarkingTermsTest {

    @Test
    void limitsAtZeroMarking() {
        MarkingTerms m = new MarkingTerms(0);
        assertEquals(0, m.atLeastOneMarked(125));
        assertEquals(1, m.noneMarked(50_000));
        assertEquals(1, m.scaledCounterTerm(10_000));
        // p -> 0 approaches the limit continuously
        assertEquals(1, new MarkingTerms(1e-15).scaledCounterTerm(10_000), 1e-9);
        assertEquals(125e-15, new MarkingTerms(1e-15).atLeastOneMarked(125), 1e-22);
    }

    @Test
    void largeCountsDoNotOverflow() {
        // B = 10,000 packets with p = 1 %: (1-p)^{-B} = e^{100.5}; and p = 0.5: e^{6931}, beyond double range
        MarkingTerms m = new MarkingTerms(0.5);
        assertEquals(0, m.scaledCounterTerm(10_000));
        assertEquals(0, m.noneMarked(50_000));
        assertEquals(1, m.atLeastOneMarked(10_000));
        MarkingTerms one = new MarkingTerms(1);
        assertEquals(0, one.scaledCounterTerm(10_000));
        assertEquals(0, one.scaledCounterTerm(0));
        assertEquals(1, one.atLeastOneMarked(1));
        assertEquals(0, one.atLeastOneMarked(0));
    }

    @Test
    void agreesWithTheDirectFormulaWhereThatIsSafe() {
        // where p x > 0.01 the naive pow formula has no cancellation to speak of (error ~1e-14)
        qt().forAll(doubles().between(1e-6, 0.5), doubles().between(1e-3, 500)).assuming((p, x) -> p * x > 0.01)
                .checkAssert((p, x) -> {
            MarkingTerms m = new MarkingTerms(p);
            double direct = x * p / (Math.pow(1 - p, -x) - 1);
            assertEquals(direct, m.scaledCounterTerm(x), 1e-8 * Math.max(1, direct));
            assertEquals(1 - Math.pow(1 - p, x), m.atLeastOneMarked(x), 1e-9);
            assertEquals(Math.pow(1 - p, x), m.noneMarked(x), 1e-9);
        });
    }

    @Test
    void counterTermsAgreeWithTheSeparateTerms() {
        qt().forAll(doubles().between(0, 1), doubles().between(0, 20_000)).checkAssert((p, x) -> {
            MarkingTerms m = new MarkingTerms(p);
            MarkingTerms.CounterTerms c = m.counterTerms(x, 5);
            assertEquals(m.scaledCounterTerm(x), c.scaled(), 1e-9 * Math.max(1, m.scaledCounterTerm(x)));
            assertEquals(m.noneMarked(5 * x), c.survive(), 1e-9);
        });
        assertEquals(0, new MarkingTerms(1).counterTerms(10, 5).scaled());
        assertEquals(1, new MarkingTerms(0).counterTerms(10, 5).survive());
    }

    @Test
    void expm1IsAccurateAcrossTheSeriesBoundary() {
        qt().forAll(doubles().between(-50, 50)).checkAssert(x -> {
            double exact = Math.expm1(x);
            double err = Math.abs(MarkingTerms.expm1(x) - exact);
            assertTrue(err <= 1e-10 * Math.abs(exact) + 1e-300, "x = " + x);
        });
        for (double x : new double[] {1e-5, -1e-5, 9.99e-6, 1e-12, -3e-8}) {
            assertEquals(Math.expm1(x), MarkingTerms.expm1(x), 1e-10 * Math.abs(x));
        }
    }

    @Test
    void redMarkingFollowsEquation5() {
        Marking red = Marking.of(FluidParameters.deployed());
        assertEquals(0, red.probability(5));
        assertEquals(0.005, red.probability(102.5), 1e-12);
        assertEquals(0.01, red.probability(200), 1e-12);
        assertEquals(1, red.probability(200.001));
        assertEquals(102.5, red.queueFor(0.005), 1e-9);
        Marking cut = Marking.of(FluidParameters.strawman());
        assertEquals(0, cut.probability(40));
        assertEquals(1, cut.probability(40.0001));
    }
}
