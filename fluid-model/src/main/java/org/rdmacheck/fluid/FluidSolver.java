package org.rdmacheck.fluid;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Solves the DCQCN fluid model (seed 004 §5) with the classical Runge-Kutta method
 * ({@link RungeKutta4}) and the method of steps for the constant delay τ*: the step is at most τ*, so every
 * delayed value x(t - τ*) a stage needs lies in already accepted steps, read from {@link DelayHistory}.
 * Flow starts split the run into segments; at a segment boundary the starting groups' rates jump
 * to their initial values. Output goes through {@link StateObserver}s called from a step handler;
 * a NaN, infinite or exploding component stops the solve with a {@link FluidDivergenceException}
 * naming the time. Thread-safe: each call uses its own equations and history.
 */
public final class FluidSolver {

    private static final double QUEUE_BOUND_PACKETS = 1e15;
    private final SolverSettings settings;

    /** @param settings integration settings */
    public FluidSolver(SolverSettings settings) {
        this.settings = settings;
    }

    /** @return a solver with default settings */
    public static FluidSolver defaults() {
        return new FluidSolver(SolverSettings.defaults());
    }

    /**
     * @param problem   what to solve
     * @param observers receive the state at every step end
     * @return the final state and the work done
     * @throws FluidDivergenceException if the solution becomes NaN, infinite or explodes
     */
    public SolveResult solve(FluidProblem problem, StateObserver... observers) {
        long t0 = System.nanoTime();
        FluidParameters p = problem.params();
        StateLayout layout = problem.layout();
        double delay = p.feedbackDelayMicros();
        double h = delay > 0 ? Math.min(settings.stepMicros(), delay) : settings.stepMicros();
        DelayHistory history = new DelayHistory(layout.dimension(), historyLength(delay, h, layout.dimension()));
        DcqcnEquations eq = new DcqcnEquations(problem, history);
        double[] y = new double[layout.dimension()];
        y[StateLayout.QUEUE] = Units.kbToPackets(problem.initialQueueKB(), p.packetKB());
        Recorder recorder = new Recorder(layout, p.capacityPerMicro(), history, eq, observers);
        recorder.watch(settings.monitor(), problem.durationMicros());
        RungeKutta4 rk = new RungeKutta4(eq, h);
        double t = 0;
        for (double boundary : boundaries(problem, h)) {
            startGroups(problem, t, h, y, eq, layout);
            recorder.restart(t, y);
            if (boundary > t) {
                rk.integrate(t, y, boundary, recorder::stepEnd);
            }
            t = boundary;
        }
        return new SolveResult(layout, y, recorder.steps, eq.evaluations(), h, System.nanoTime() - t0);
    }

    /**
     * Step ends the delay history keeps: τ* / h plus a margin, refused with one line when it would
     * take more than a quarter of the heap (a tiny step with a long τ*).
     */
    static int historyLength(double delayMicros, double h, int dimension) {
        double points = Math.ceil(delayMicros / h) + 4;
        double bytes = points * dimension * 2 * Double.BYTES;
        double budget = Runtime.getRuntime().maxMemory() / 4.0;
        if (points > Integer.MAX_VALUE - 8 || bytes > budget) {
            throw new FluidInputException(String.format(java.util.Locale.ROOT, "step = %s us: the delay history "
                    + "over tauStar = %s us needs %.0f MB, more than a quarter of the heap (%.0f MB); expected a "
                    + "step of at least %.3g us", h, delayMicros, bytes / 1e6, budget * 4 / 1e6,
                    delayMicros * dimension * 2 * Double.BYTES / budget));
        }
        return (int) points;
    }

    /** Segment ends: group starts snapped to the step grid, then the duration. */
    private static List<Double> boundaries(FluidProblem problem, double h) {
        TreeSet<Double> b = new TreeSet<>();
        for (FlowSpec f : problem.groups()) {
            double s = Math.rint(f.startMicros() / h) * h;
            if (s > 0 && s < problem.durationMicros()) {
                b.add(s);
            }
        }
        b.add(problem.durationMicros());
        return new ArrayList<>(b);
    }

    private static void startGroups(FluidProblem problem, double t, double h, double[] y, DcqcnEquations eq,
                                    StateLayout layout) {
        List<FlowSpec> groups = problem.groups();
        double packetKB = problem.params().packetKB();
        for (int j = 0; j < groups.size(); j++) {
            FlowSpec f = groups.get(j);
            if (t == 0) {
                y[layout.alpha(j)] = f.initialAlpha();
            }
            double start = Math.rint(f.startMicros() / h) * h;
            if (Math.abs(start - t) <= 1e-9 * Math.max(1, t)) {
                y[layout.currentRate(j)] = Units.gbpsToPacketsPerMicro(f.initialRateGbps(), packetKB);
                y[layout.targetRate(j)] = Units.gbpsToPacketsPerMicro(f.initialTargetGbps(), packetKB);
                y[layout.alpha(j)] = f.initialAlpha();
                eq.activate(j);
            }
        }
    }

    /**
     * Fails on a state no solution of the model can reach: NaN or infinite components, a rate
     * outside [-C, 2C] (rates are capped at C), α outside [-1, 2] (it stays in [0, 1]), a queue
     * beyond 10^15 packets.
     *
     * @throws FluidDivergenceException naming the time and the component
     */
    static void checkState(StateLayout layout, double capacity, double t, double[] y) {
        for (int i = 0; i < y.length; i++) {
            double v = y[i];
            boolean bad;
            if (i == StateLayout.QUEUE) {
                bad = !(Math.abs(v) <= QUEUE_BOUND_PACKETS);
            } else if ((i - 1) % 3 == 2) {
                bad = !(v >= -1 && v <= 2);
            } else {
                bad = !(v >= -capacity && v <= 2 * capacity);
            }
            if (bad) {
                throw new FluidDivergenceException(t, layout.name(i), v);
            }
        }
    }

    /** Step handler: keeps the delay history, checks for divergence, feeds the observers. */
    private static final class Recorder {
        private final StateLayout layout;
        private final DelayHistory history;
        private final DcqcnEquations eq;
        private final StateObserver[] observers;
        private final double capacity;
        private long steps;
        private SolveMonitor monitor = SolveMonitor.NONE;
        private double duration;

        Recorder(StateLayout layout, double capacity, DelayHistory history, DcqcnEquations eq,
                 StateObserver[] observers) {
            this.layout = layout;
            this.capacity = capacity;
            this.history = history;
            this.eq = eq;
            this.observers = observers;
        }

        void watch(SolveMonitor m, double durationMicros) {
            this.monitor = m;
            this.duration = durationMicros;
        }

        /** Records the state at a segment start (time 0 or a flow start). */
        void restart(double t, double[] y) {
            double[] yDot = new double[y.length];
            if (history.isEmpty()) {
                history.append(t, y, yDot);
            }
            eq.computeDerivatives(t, y, yDot);
            history.append(t, y, yDot);
            emit(t, y);
        }

        /**
         * An accepted step ends at t with state y and slope yDot (the last stage's, as RK4's dense output has it).
         * The queue is projected onto q &ge; 0 (seed 004 (6): (6) holds the queue at 0 while the inflow is below C):
         * a step that empties the queue overshoots below 0 (by as much as h (C - inflow)), and (6)'s clamp at
         * q &le; 0 then held it there: a mean queue of -3.4 KB at C = 10 Tb/s, one flow, h = 2.5 us. The history keeps the projected state and
         * no falling slope at an empty queue, so no delayed read sees a negative queue either.
         */
        void stepEnd(double t, double[] y, double[] yDot) {
            if (y[StateLayout.QUEUE] < 0) {
                y[StateLayout.QUEUE] = 0;
                if (yDot[StateLayout.QUEUE] < 0) {
                    yDot[StateLayout.QUEUE] = 0;
                }
            }
            check(t, y);
            history.append(t, y, yDot);
            steps++;
            emit(t, y);
            monitor.stepEnd(t, duration, steps);
        }

        private void check(double t, double[] y) {
            checkState(layout, capacity, t, y);
        }

        private void emit(double t, double[] y) {
            for (StateObserver o : observers) {
                o.observe(t, y);
            }
        }
    }
}
