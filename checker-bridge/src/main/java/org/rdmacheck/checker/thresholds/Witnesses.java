package org.rdmacheck.checker.thresholds;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Builds witnesses from solver values and re-evaluates them independently of the solver. */
public final class Witnesses {

    private Witnesses() {
    }

    /**
     * @param sw      a switch
     * @param tFlight headroom
     * @param config  the configuration
     * @param values  the n fed-queue occupancies, then one total per other priority
     * @return the witness; each priority's total is spread over its n queues in port order, each ≤ t_ECN
     */
    static Witness build(SwitchSpec sw, long tFlight, ThresholdConfig config, long[] values) {
        int n = sw.ports();
        List<EgressQueue> fed = new ArrayList<>();
        long ingress = 0;
        for (int e = 0; e < n; e++) {
            fed.add(new EgressQueue(e, 0, values[e]));
            ingress += values[e];
        }
        List<EgressQueue> others = new ArrayList<>();
        long s = ingress;
        for (int k = 1; n + k - 1 < values.length; k++) {
            long rest = values[n + k - 1];
            s += rest;
            for (int e = 0; e < n && rest > 0; e++) {
                long q = Math.min(rest, config.tEcn());
                others.add(new EgressQueue(e, k, q));
                rest -= q;
            }
        }
        return new Witness(0, 0, fed, others, ingress, s, pfcThreshold(sw, tFlight, config, s), config.tEcn());
    }

    /**
     * @param sw       a switch
     * @param tFlight  headroom
     * @param config   the configuration
     * @param occupied s
     * @return t_PFC at occupancy s, as an exact fraction
     */
    public static String pfcThreshold(SwitchSpec sw, long tFlight, ThresholdConfig config, long occupied) {
        return config.mode() == ThresholdMode.STATIC ? Long.toString(config.tPfc())
                : ThresholdMath.dynamicPfcAt(sw, tFlight, config.beta().orElseThrow(), occupied);
    }

    /**
     * The outcome of re-evaluating a witness.
     *
     * @param legal         whether the state is possible with no egress queue marking: every queue
     *                      in range and at most t_ECN, no queue twice, totals consistent, s ≤ B'
     * @param pfcReached    whether the ingress queue has reached t_PFC
     * @param message       one line for the reader
     */
    public record Evaluation(boolean legal, boolean pfcReached, String message) {
        /** @return whether the witness still shows PFC before ECN */
        public boolean violates() {
            return legal && pfcReached;
        }
    }

    /**
     * Re-evaluates a witness against the switch and configuration, without the solver.
     *
     * @param sw      a switch
     * @param tFlight headroom
     * @param config  the configuration
     * @param w       the witness
     * @return the evaluation
     */
    public static Evaluation evaluate(SwitchSpec sw, long tFlight, ThresholdConfig config, Witness w) {
        Optional<String> bad = illegal(sw, tFlight, config, w);
        if (bad.isPresent()) {
            return new Evaluation(false, false, bad.get());
        }
        boolean reached = w.ingressBytes() >= 1 && (config.mode() == ThresholdMode.STATIC
                ? w.ingressBytes() >= config.tPfc()
                : ThresholdMath.dynamicPfcReached(sw, tFlight, config.beta().orElseThrow(), w.ingressBytes(),
                        w.sharedOccupancy()));
        // byte counts grouped as in the rest of the thresholds output (22,500 B)
        String msg = "ingress (port " + w.ingressPort() + ", priority " + w.priority() + ") holds "
                + grouped(Long.toString(w.ingressBytes())) + " B, t_PFC at s = " + grouped(Long.toString(
                w.sharedOccupancy())) + " B is " + grouped(pfcThreshold(sw, tFlight, config, w.sharedOccupancy()))
                + " B, no egress queue above t_ECN = " + grouped(Long.toString(config.tEcn())) + " B: "
                + (reached ? "PFC fires before ECN" : "PFC does not fire");
        return new Evaluation(true, reached, msg);
    }

    /** @return an integer or a fraction of integers with its digits grouped ({@code 203,488}, {@code 1,001/2}) */
    static String grouped(String number) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("-?\\d+").matcher(number);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(sb, String.format(java.util.Locale.ROOT, "%,d", new java.math.BigInteger(m.group())));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    private static Optional<String> illegal(SwitchSpec sw, long tFlight, ThresholdConfig config, Witness w) {
        if (w.ingressPort() < 0 || w.ingressPort() >= sw.ports() || w.priority() < 0
                || w.priority() >= sw.priorities()) {
            return Optional.of("ingress queue out of range");
        }
        Set<List<Integer>> seen = new HashSet<>();
        long ingress = 0;
        long total = 0;
        List<EgressQueue> all = new ArrayList<>(w.fedQueues());
        all.addAll(w.otherQueues());
        for (EgressQueue q : all) {
            if (q.port() < 0 || q.port() >= sw.ports() || q.priority() < 0 || q.priority() >= sw.priorities()) {
                return Optional.of("egress queue (" + q.port() + ", " + q.priority() + ") out of range");
            }
            if (!seen.add(List.of(q.port(), q.priority()))) {
                return Optional.of("egress queue (" + q.port() + ", " + q.priority() + ") listed twice");
            }
            if (q.bytes() < 0 || ThresholdMath.exceeds(q.bytes(), config.tEcn())) {
                return Optional.of("egress queue (" + q.port() + ", " + q.priority() + ") holds " + q.bytes()
                        + " B: not within [0, t_ECN = " + config.tEcn() + "] (it would be marking)");
            }
            total += q.bytes();
        }
        for (EgressQueue q : w.fedQueues()) {
            if (q.priority() != w.priority()) {
                return Optional.of("fed queue (" + q.port() + ", " + q.priority()
                        + ") is not of the ingress queue's priority");
            }
            ingress += q.bytes();
        }
        if (ingress != w.ingressBytes() || total != w.sharedOccupancy()) {
            return Optional.of("totals inconsistent: fed queues sum to " + ingress + " B, all queues to " + total
                    + " B");
        }
        long cap = ThresholdMath.occupancyCap(sw, tFlight, config.mode());
        if (total > cap) {
            return Optional.of("occupancy " + total + " B exceeds what the queues can hold (" + cap + " B)");
        }
        return Optional.empty();
    }
}
