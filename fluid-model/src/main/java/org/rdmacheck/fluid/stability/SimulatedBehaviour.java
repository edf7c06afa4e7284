package org.rdmacheck.fluid.stability;

/** How the delay-differential solution behaves after a small perturbation of the fixed point. */
public enum SimulatedBehaviour {
    /** the queue's oscillation over the last window is below {@link PerturbedRun#DECAY_RATIO} of the first */
    CONVERGING,
    /** the queue's oscillation over the last window has not decayed below that share: a growing oscillation or a limit cycle */
    SUSTAINED_OSCILLATION,
    /** the numerical solution left every state the model can reach (not converging either) */
    DIVERGED
}
