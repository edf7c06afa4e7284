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
 * @param stepMicros integration step in µs (capped at τ*), at least {@link #MIN_STEP_MICROS}
 * @param monitor    progress and limits, called at every step end
 */
public record SolverSettings(double stepMicros, SolveMonitor monitor) {

    /** The default step, 5 µs = τ* / 10 (see the step-size study). */
    public static final double DEFAULT_STEP_MICROS = 5.0;

    /**
     * The smallest step accepted, 1 ns = τ* / 50,000: 10^8 steps per 100 ms simulated (minutes per
     * solve); far below the step-size study's converged 1.25 µs, where only rounding changes.
     */
    public static final double MIN_STEP_MICROS = 1e-3;

    /**
     * The largest step accepted, 100 µs: twice the deployed CNP interval τ and feedback delay τ*, so
     * longer than the model's fastest reactions (the solver caps the step at τ* besides).
     */
    public static final double MAX_STEP_MICROS = 100;

    /** Validates the step. */
    public SolverSettings {
        if (!(stepMicros >= MIN_STEP_MICROS && stepMicros <= MAX_STEP_MICROS)) {
            throw new FluidInputException("step = " + stepMicros + " us: expected a step from " + MIN_STEP_MICROS
                    + " us to " + (long) MAX_STEP_MICROS + " us (default " + DEFAULT_STEP_MICROS + ")");
        }
        java.util.Objects.requireNonNull(monitor, "monitor");
    }

    /** @param stepMicros integration step in µs, unmonitored */
    public SolverSettings(double stepMicros) {
        this(stepMicros, SolveMonitor.NONE);
    }

    /** @return the default settings */
    public static SolverSettings defaults() {
        return new SolverSettings(DEFAULT_STEP_MICROS);
    }

    /** @param m progress and limits  @return these settings watched by {@code m} */
    public SolverSettings withMonitor(SolveMonitor m) {
        return new SolverSettings(stepMicros, m);
    }
}
