package org.rdmacheck.fluid;

import org.apache.commons.math3.ode.FirstOrderDifferentialEquations;

/**
 * Seed 004 equations (5)-(9) with the queue equation (11): per flow group j,
 * <pre>
 * dα/dt   = g/τ' ((1 - (1-p*)^{τ' Rc*}) - α)
 * dRt/dt  = -(Rt - Rc)/τ (1 - (1-p*)^{τ Rc*})
 *           + R_AI Rc* (1-p*)^{F B} p* / ((1-p*)^{-B} - 1) + R_AI Rc* (1-p*)^{F T Rc*} p* / ((1-p*)^{-T Rc*} - 1)
 * dRc/dt  = -Rc α/(2τ) (1 - (1-p*)^{τ Rc*})
 *           + (Rt - Rc)/2 · Rc* p* / ((1-p*)^{-B} - 1) + (Rt - Rc)/2 · Rc* p* / ((1-p*)^{-T Rc*} - 1)
 * dq/dt   = Σ_j m_j Rc_j - C
 * </pre>
 * where x* = x(t - τ*) and p* = p(q(t - τ*)) from (5). No hyper-increase (as in the paper).
 * Two physical limits the paper leaves implicit: the queue cannot go below zero (dq/dt is 0 at
 * q ≤ 0 while the link is underused) and rates are capped at line rate (their derivatives are 0
 * at C while pushing up). Groups not yet started have zero derivatives.
 * Not thread-safe: one instance per solve. Counts its evaluations.
 */
final class DcqcnEquations implements FirstOrderDifferentialEquations {

    private final StateLayout layout;
    private final Marking marking;
    private final int[] multiplicity;
    private final boolean[] active;
    private final DelayHistory history;
    private final double delay;
    private final double capacity;
    private final double g;
    private final double tau;
    private final double tauPrime;
    private final double byteCounter;
    private final double timer;
    private final double rateAi;
    private final int fast;
    private final double[] delayed;
    private final double[] cnp;
    private final double[] alphaMark;
    private final double[] events;
    private final double[] increase;
    private double pastTime = Double.NaN;
    private long pastResets;
    private long evaluations;

    DcqcnEquations(FluidProblem problem, DelayHistory history) {
        FluidParameters p = problem.params();
        this.layout = problem.layout();
        this.marking = Marking.of(p);
        this.multiplicity = problem.groups().stream().mapToInt(FlowSpec::multiplicity).toArray();
        this.active = new boolean[multiplicity.length];
        this.history = history;
        this.delay = p.feedbackDelayMicros();
        this.capacity = p.capacityPerMicro();
        this.g = p.g();
        this.tau = p.cnpIntervalMicros();
        this.tauPrime = p.alphaIntervalMicros();
        this.byteCounter = p.byteCounterPackets();
        this.timer = p.timerMicros();
        this.rateAi = p.rateAiPerMicro();
        this.fast = p.fastRecoverySteps();
        this.delayed = new double[layout.dimension()];
        int groups = multiplicity.length;
        this.cnp = new double[groups];
        this.alphaMark = new double[groups];
        this.events = new double[groups];
        this.increase = new double[groups];
    }

    /** Marks a group as started (its derivatives are no longer zero). */
    void activate(int group) {
        active[group] = true;
    }

    long evaluations() {
        return evaluations;
    }

    @Override
    public int getDimension() {
        return layout.dimension();
    }

    @Override
    public void computeDerivatives(double t, double[] y, double[] yDot) {
        evaluations++;
        if (delay > 0) {
            // RK4's two middle stages share one delayed time, and its last stage shares it with the
            // next step's first: the delayed terms are computed once per distinct time
            double s = t - delay;
            if (s != pastTime || history.resets() != pastResets) {
                history.at(s, delayed);
                pastTerms(delayed);
                pastTime = s;
                pastResets = history.resets();
            }
        } else {
            pastTerms(y);
        }
        presentTerms(y, yDot);
    }

    /**
     * The right-hand side for a given present state and delayed state x(t - τ*), without the
     * history: what the solver evaluates, exposed for the linearisation's finite-difference check.
     *
     * @param y    present state
     * @param past delayed state
     * @param yDot receives the derivatives
     */
    void derivatives(double[] y, double[] past, double[] yDot) {
        pastTime = Double.NaN;
        pastTerms(past);
        presentTerms(y, yDot);
    }

    /** The terms of (7)-(9) that depend on the delayed state only: every exponential is here. */
    private void pastTerms(double[] past) {
        MarkingTerms m = new MarkingTerms(marking.probability(past[StateLayout.QUEUE]));
        // the byte-counter terms depend on p only: once per evaluation, not per flow
        MarkingTerms.CounterTerms bytes = m.counterTerms(byteCounter, fast);
        double byteScaled = bytes.scaled() / byteCounter;
        double byteSurvive = bytes.survive();
        for (int j = 0; j < multiplicity.length; j++) {
            double rcPast = Math.max(past[layout.currentRate(j)], 0);
            cnp[j] = m.atLeastOneMarked(tau * rcPast);              // P(CNP in a τ window)
            alphaMark[j] = m.atLeastOneMarked(tauPrime * rcPast);   // P(mark in a τ' window)
            // byte-counter expiries per µs: Rc* p/((1-p)^{-B} - 1); timer expiries per µs: Rc* p/((1-p)^{-T Rc*} - 1)
            double byteEvents = rcPast * byteScaled;
            MarkingTerms.CounterTerms timerTerms = m.counterTerms(timer * rcPast, fast);
            double timerEvents = timerTerms.scaled() / timer;
            events[j] = byteEvents + timerEvents;
            increase[j] = rateAi * (byteSurvive * byteEvents + timerTerms.survive() * timerEvents);
        }
    }

    private void presentTerms(double[] y, double[] yDot) {
        double inflow = 0;
        for (int j = 0; j < multiplicity.length; j++) {
            int rcI = layout.currentRate(j);
            int rtI = layout.targetRate(j);
            int aI = layout.alpha(j);
            double rc = y[rcI];
            inflow += multiplicity[j] * Math.max(rc, 0);
            if (!active[j]) {
                yDot[rcI] = 0;
                yDot[rtI] = 0;
                yDot[aI] = 0;
                continue;
            }
            double rt = y[rtI];
            double dRt = -(rt - rc) / tau * cnp[j] + increase[j];
            double dRc = -rc * y[aI] / (2 * tau) * cnp[j] + (rt - rc) / 2 * events[j];
            yDot[aI] = g / tauPrime * (alphaMark[j] - y[aI]);
            yDot[rtI] = rt >= capacity && dRt > 0 ? 0 : dRt;
            yDot[rcI] = rc >= capacity && dRc > 0 ? 0 : dRc;
        }
        double q = y[StateLayout.QUEUE];
        yDot[StateLayout.QUEUE] = (q > 0 || inflow > capacity) ? inflow - capacity : 0;
    }
}
