package org.rdmacheck.fluid;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.ode.FirstOrderDifferentialEquations;
import org.apache.commons.math3.ode.nonstiff.ClassicalRungeKuttaIntegrator;
import org.apache.commons.math3.ode.sampling.StepHandler;
import org.apache.commons.math3.ode.sampling.StepInterpolator;
import org.junit.jupiter.api.Test;

/**
 * The written-out RK4 against Commons Math's {@link ClassicalRungeKuttaIntegrator}: the same step
 * ends, states and end slopes to the last bit, including a shortened last step, and the solution
 * of a forced oscillator against its exact form.
 */
class RungeKutta4Test {

    /** y0' = y1, y1' = -y0 + sin(2t) (non-autonomous, so the stage times matter). */
    private static final class Forced implements FirstOrderDifferentialEquations {
        @Override
        public int getDimension() {
            return 2;
        }

        @Override
        public void computeDerivatives(double t, double[] y, double[] yDot) {
            yDot[0] = y[1];
            yDot[1] = -y[0] + Math.sin(2 * t);
        }
    }

    @Test
    void sameStepsAsCommonsMathToTheLastBit() {
        double step = 0.37;
        double end = 10;   // not a multiple of the step: the last step is shortened
        List<double[]> ours = new ArrayList<>();
        double[] y = {1, 0};
        new RungeKutta4(new Forced(), step).integrate(0, y, end, (t, s, d) -> ours.add(new double[] {t, s[0], s[1], d[0], d[1]}));
        List<double[]> theirs = new ArrayList<>();
        ClassicalRungeKuttaIntegrator rk = new ClassicalRungeKuttaIntegrator(step);
        rk.addStepHandler(new StepHandler() {
            @Override
            public void init(double t0, double[] y0, double t) {
            }

            @Override
            public void handleStep(StepInterpolator i, boolean isLast) {
                double t = i.getCurrentTime();
                i.setInterpolatedTime(t);
                double[] s = i.getInterpolatedState();
                double[] d = i.getInterpolatedDerivatives();
                theirs.add(new double[] {t, s[0], s[1], d[0], d[1]});
            }
        });
        double[] z = {1, 0};
        rk.integrate(new Forced(), 0, z, end, z);
        assertEquals(theirs.size(), ours.size());
        for (int k = 0; k < ours.size(); k++) {
            assertArrayEquals(theirs.get(k), ours.get(k), 0.0, "step " + k);
        }
        assertArrayEquals(z, y, 0.0);
        assertEquals(end, ours.get(ours.size() - 1)[0], 1e-12);
        // exact: y0'' + y0 = sin 2t, y0(0) = 1, y0'(0) = 0 gives y0 = cos t + (2/3) sin t - (1/3) sin 2t
        double exact = Math.cos(end) + 2.0 / 3 * Math.sin(end) - Math.sin(2 * end) / 3;
        assertEquals(exact, y[0], 1e-3);
    }
}
