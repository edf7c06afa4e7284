package org.rdmacheck.checker.thresholds;

/** Re-evaluates a {@link DeflectionWitness} against a switch and configuration, without the solver. */
public final class DeflectionWitnesses {

    private DeflectionWitnesses() {
    }

    /**
     * @param sw      a switch
     * @param tFlight headroom
     * @param config  the configuration (with a deflection threshold)
     * @param q       the queue's occupancy
     * @return whether a single ingress holding {@code q} bytes (and nothing else in the buffer) is
     *         below t_PFC
     */
    public static boolean belowPfc(SwitchSpec sw, long tFlight, ThresholdConfig config, long q) {
        return config.mode() == ThresholdMode.STATIC ? q < config.tPfc()
                : !ThresholdMath.dynamicPfcReached(sw, tFlight, config.beta().orElseThrow(), q, q);
    }

    /**
     * @param sw      a switch
     * @param tFlight headroom
     * @param config  the configuration
     * @param w       the witness
     * @return legal when the queue is in range, the figures are the configuration's and the occupancy
     *         fits the buffer; violating when it also marks, does not deflect and is below t_PFC
     */
    public static Witnesses.Evaluation evaluate(SwitchSpec sw, long tFlight, ThresholdConfig config,
                                                DeflectionWitness w) {
        if (w.port() < 0 || w.port() >= sw.ports() || w.priority() < 0 || w.priority() >= sw.priorities()) {
            return new Witnesses.Evaluation(false, false, "egress queue (" + w.port() + ", " + w.priority()
                    + ") out of range");
        }
        if (w.tEcnBytes() != config.tEcn() || w.deflectionBytes() != config.deflection()) {
            return new Witnesses.Evaluation(false, false, "the witness's t_ECN = " + w.tEcnBytes() + " B and deflection "
                    + w.deflectionBytes() + " B differ from the configuration's " + config.tEcn() + " B and "
                    + config.deflection() + " B");
        }
        long cap = ThresholdMath.occupancyCap(sw, tFlight, config.mode());
        if (w.queueBytes() < 1 || w.queueBytes() > cap) {
            return new Witnesses.Evaluation(false, false, "queue occupancy " + w.queueBytes()
                    + " B: not within [1, " + cap + "] B that the buffer holds");
        }
        boolean marks = ThresholdMath.exceeds(w.queueBytes(), config.tEcn());
        boolean deflects = ThresholdMath.exceeds(w.queueBytes(), config.deflection());
        boolean flowing = belowPfc(sw, tFlight, config, w.queueBytes());
        String msg = "egress queue (port " + w.port() + ", priority " + w.priority() + ") holds " + w.queueBytes()
                + " B: " + (marks ? "ECN marks (t_ECN = " : "no ECN mark (t_ECN = ") + config.tEcn() + " B), "
                + (deflects ? "Dart deflects" : "Dart does not deflect") + " (deflection threshold "
                + config.deflection() + " B), t_PFC = " + Witnesses.pfcThreshold(sw, tFlight, config, w.queueBytes())
                + " B " + (flowing ? "not reached" : "reached") + ": "
                + (marks && !deflects && flowing ? "ECN fires before deflection" : "deflection comes first");
        return new Witnesses.Evaluation(true, marks && !deflects && flowing, msg);
    }
}
