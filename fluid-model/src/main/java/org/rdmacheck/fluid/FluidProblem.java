package org.rdmacheck.fluid;

import java.util.List;

/**
 * One fluid-model run: parameters, flow groups coupled through one bottleneck queue, and the
 * simulated duration. Rates above line rate are rejected (rates are capped at line rate).
 *
 * @param params         the parameters (its N is not used: the groups say how many flows there are)
 * @param groups         flow groups, at least one
 * @param durationMicros simulated time (µs, > 0)
 * @param initialQueueKB queue at time 0 (and before: the history before 0 is the initial state)
 */
public record FluidProblem(FluidParameters params, List<FlowSpec> groups, double durationMicros,
                           double initialQueueKB) {

    /**
     * A run that starts with an empty queue.
     *
     * @param params         the parameters
     * @param groups         flow groups
     * @param durationMicros simulated time
     */
    public FluidProblem(FluidParameters params, List<FlowSpec> groups, double durationMicros) {
        this(params, groups, durationMicros, 0);
    }

    /** Validates and copies the group list. */
    public FluidProblem {
        if (!(initialQueueKB >= 0) || Double.isInfinite(initialQueueKB)) {
            throw new FluidInputException("initial queue = " + initialQueueKB + " KB: expected a finite size >= 0");
        }
        groups = List.copyOf(groups);
        if (groups.isEmpty()) {
            throw new FluidInputException("no flows: expected at least one flow group");
        }
        if (!(durationMicros > 0) || Double.isInfinite(durationMicros)) {
            throw new FluidInputException("duration = " + durationMicros + " us: expected a finite time > 0");
        }
        for (FlowSpec f : groups) {
            if (f.initialRateGbps() > params.lineRateGbps() || f.initialTargetGbps() > params.lineRateGbps()) {
                throw new FluidInputException("flow initial rate " + f.initialRateGbps() + " Gb/s: expected at most "
                        + "line rate C = " + params.lineRateGbps() + " Gb/s");
            }
        }
    }

    /**
     * N identical flows starting at line rate at time 0, as one group (equations (5)-(9)).
     *
     * @param params         parameters, N flows
     * @param durationMicros duration
     * @return the problem
     */
    public static FluidProblem identical(FluidParameters params, double durationMicros) {
        return new FluidProblem(params, List.of(FlowSpec.startingAt(params.flows(), 0, params.lineRateGbps())),
                durationMicros);
    }

    /** @return the layout of this problem's state vector */
    public StateLayout layout() {
        return new StateLayout(groups.size());
    }

    /** @return the total number of flows */
    public int totalFlows() {
        return groups.stream().mapToInt(FlowSpec::multiplicity).sum();
    }
}
