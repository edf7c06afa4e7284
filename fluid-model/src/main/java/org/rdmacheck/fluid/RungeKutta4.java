package org.rdmacheck.fluid;

import org.apache.commons.math3.ode.FirstOrderDifferentialEquations;
import org.apache.commons.math3.util.Precision;

/**
 * The classical fourth-order Runge-Kutta method with a fixed step: the tableau of Commons Math's
 * {@code ClassicalRungeKuttaIntegrator} (c = 1/2, 1/2, 1; b = 1/6, 1/3, 1/3, 1/6) evaluated in the
 * same order, so the solution is the same to the last bit, and the same step control (a step that
 * would pass the end is shortened to reach it; the segment ends within one ulp of its end). Written
 * out because the fluid solver needs nothing of the general integrator's per-step machinery (dense
 * output copied at every step, event bookkeeping), which took about a third of a solve: each
 * accepted step hands its end state and its last stage's slope (what the dense output gives at the
 * step end) to a {@link StepEnd}. Not thread-safe: one per solve.
 */
final class RungeKutta4 {

    private static final double B1 = 1.0 / 6.0;
    private static final double B2 = 1.0 / 3.0;

    private final FirstOrderDifferentialEquations eq;
    private final double step;
    private final double[] k1;
    private final double[] k2;
    private final double[] k3;
    private final double[] k4;
    private final double[] tmp;

    /** Receives each accepted step's end. */
    @FunctionalInterface
    interface StepEnd {
        /**
         * @param t    time at the step end
         * @param y    state at the step end (valid during the call)
         * @param yDot the last stage's slope (valid during the call)
         */
        void accept(double t, double[] y, double[] yDot);
    }

    /**
     * @param eq   the equations
     * @param step the step (> 0)
     */
    RungeKutta4(FirstOrderDifferentialEquations eq, double step) {
        this.eq = eq;
        this.step = step;
        int n = eq.getDimension();
        k1 = new double[n];
        k2 = new double[n];
        k3 = new double[n];
        k4 = new double[n];
        tmp = new double[n];
    }

    /**
     * Integrates from t0 to end (> t0), updating y in place.
     *
     * @param t0   start
     * @param y    state at t0; the state at end on return
     * @param end  end time
     * @param sink receives every step end
     */
    void integrate(double t0, double[] y, double end, StepEnd sink) {
        int n = y.length;
        double t = t0;
        double h = t + step >= end ? end - t : step;
        boolean last = false;
        while (!last) {
            eq.computeDerivatives(t, y, k1);
            for (int j = 0; j < n; j++) {
                tmp[j] = y[j] + h * (0.5 * k1[j]);
            }
            eq.computeDerivatives(t + 0.5 * h, tmp, k2);
            for (int j = 0; j < n; j++) {
                tmp[j] = y[j] + h * (0.0 * k1[j] + 0.5 * k2[j]);
            }
            eq.computeDerivatives(t + 0.5 * h, tmp, k3);
            for (int j = 0; j < n; j++) {
                tmp[j] = y[j] + h * (0.0 * k1[j] + 0.0 * k2[j] + 1.0 * k3[j]);
            }
            eq.computeDerivatives(t + 1.0 * h, tmp, k4);
            for (int j = 0; j < n; j++) {
                tmp[j] = y[j] + h * (B1 * k1[j] + B2 * k2[j] + B2 * k3[j] + B1 * k4[j]);
            }
            t = t + h;
            System.arraycopy(tmp, 0, y, 0, n);
            sink.accept(t, y, k4);
            last = Precision.equals(t, end, 1);
            if (!last && t + h >= end) {
                h = end - t;
            }
        }
    }
}
