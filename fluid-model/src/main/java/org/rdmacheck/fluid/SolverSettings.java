package org.rdmacheck.fluid;

/**
 * How the fluid model is integrated: classical fourth-order Runge-Kutta with a fixed step, the
 * delayed terms read from the continuous (Hermite) output of earlier steps (method of steps).
 * A fixed step rather than adaptive steps with events: the marking function (5) jumps at K_max
 * (and is a step for cut-off marking), the delayed marking jumps τ* later, and rates saturate at
 * line rate, so the right-hand side is discontinuous at state-dependent times in the present and
 * in the past. {@code StepSizeStudyTest} shows the solution changes by less than its stated
 * tolerance between the default step and a quarter of it.
 *
 * @param stepMicros integration step in µs (capped at τ*)
 */
public record SolverSettings(double stepMicros) {

    /** The default step, 5 µs = τ* / 10 (see the step-size study). */
    public static final double DEFAULT_STEP_MICROS = 5.0;

    /** Validates the step. */
    public SolverSettings {
        if (!(stepMicros > 0) || Double.isInfinite(stepMicros)) {
            throw new FluidInputException("step = " + stepMicros + " us: expected a finite step > 0");
        }
    }

    /** @return the default settings */
    public static SolverSettings defaults() {
        return new SolverSettings(DEFAULT_STEP_MICROS);
    }
}
