package org.rdmacheck.fluid.stability;

/** How the delay-differential solution behaves after a small perturbation of the fixed point. */
public enum SimulatedBehaviour {
    /** the queue's oscillation over the last window is smaller than over the first */
    CONVERGING,
    /** the queue's oscillation over the last window is at least as large as over the first */
    SUSTAINED_OSCILLATION,
    /** the numerical solution left every state the model can reach (not converging either) */
    DIVERGED
}
