package org.rdmacheck.checker.thresholds;

/**
 * Seed 004 §4's inequalities in exact integer arithmetic, generalised from 8 priorities to p.
 * Threshold semantics (seed 004 §4): ECN marks once an egress queue <em>exceeds</em> {@code t_ECN};
 * PFC pauses once an ingress queue <em>reaches</em> {@code t_PFC}. Hence "no egress marked" is
 * {@code q ≤ t_ECN} for every egress queue, and the paper's strict {@code t_PFC > n·t_ECN}. Dart's
 * deflection threshold follows the same rule (seed 000 §IV-B: "deflection is allowed only if the queue
 * position is above the threshold"), so both witnesses read a queue at exactly a threshold alike: it
 * neither marks nor deflects ({@link #exceeds}).
 */
public final class ThresholdMath {

    private ThresholdMath() {
    }

    /**
     * The one rule for ECN marking and Dart's deflection: a threshold acts once the queue exceeds it
     * (seed 004 §3, CP algorithm: "ECN-marked if the queue length exceeds a threshold"; §4: "once an
     * egress queue exceeds this threshold"; seed 000 §IV-B: deflection "only if the queue position is
     * above the threshold").
     *
     * @param queueBytes a queue's occupancy
     * @param threshold  t_ECN or the deflection threshold
     * @return whether the threshold acts: {@code queueBytes > threshold}
     */
    public static boolean exceeds(long queueBytes, long threshold) {
        return queueBytes > threshold;
    }

    /**
     * @param sw       a switch
     * @param tFlight  headroom per port per priority
     * @return {@code p·n·t_flight}, the buffer reserved as headroom
     */
    public static long reservedHeadroom(SwitchSpec sw, long tFlight) {
        return Math.multiplyExact((long) sw.priorities() * sw.ports(), tFlight);
    }

    /**
     * @param sw      a switch
     * @param tFlight headroom
     * @return {@code B − p·n·t_flight}, the buffer the queues share (may be negative)
     */
    public static long sharedBuffer(SwitchSpec sw, long tFlight) {
        return sw.bufferBytes() - reservedHeadroom(sw, tFlight);
    }

    /**
     * Seed 004 §4: {@code t_PFC ≤ (B − 8·n·t_flight)/(8·n)}, 8 generalised to p.
     *
     * @param sw      a switch
     * @param tFlight headroom
     * @return the largest static t_PFC that cannot lose packets, or 0 if none is positive
     */
    public static long staticPfcMax(SwitchSpec sw, long tFlight) {
        long shared = sharedBuffer(sw, tFlight);
        return shared <= 0 ? 0 : shared / ((long) sw.priorities() * sw.ports());
    }

    /**
     * Seed 004 §4: ECN before PFC in the worst case, {@code t_PFC > n·t_ECN}.
     *
     * @param sw   a switch
     * @param tPfc a static t_PFC
     * @return the largest integer t_ECN with {@code n·t_ECN < t_PFC}, or -1 if none
     */
    public static long staticEcnMax(SwitchSpec sw, long tPfc) {
        return tPfc <= 0 ? -1 : (tPfc - 1) / sw.ports();
    }

    /**
     * The dynamic worst case: all p·n lossless egress queues at {@code t_ECN} (none marked) give
     * {@code s = p·n·t_ECN}, the one ingress feeding its priority's n queues holds
     * {@code n·t_ECN}; safe iff {@code n·t_ECN < β(B' − p·n·t_ECN)/d}, i.e.
     * {@code n·t_ECN·(b·d + a·p) < a·B'} for β = a/b. With p = d = 8 this is seed 004's
     * {@code t_ECN < β(B − 8n·t_flight)/(8n(β + 1))}.
     *
     * @param sw      a switch
     * @param tFlight headroom
     * @param beta    β
     * @return the largest integer t_ECN that is safe, or -1 if none
     */
    public static long dynamicEcnMax(SwitchSpec sw, long tFlight, Beta beta) {
        long shared = sharedBuffer(sw, tFlight);
        if (shared <= 0) {
            return -1;
        }
        long a = beta.numerator();
        long per = Math.multiplyExact((long) sw.ports(),
                Math.addExact(Math.multiplyExact(beta.denominator(), sw.betaDivisor()), a * sw.priorities()));
        return (Math.multiplyExact(a, shared) - 1) / per;
    }

    /**
     * The dynamic PFC test {@code I ≥ β(B' − s)/d} in integers: {@code b·d·I ≥ a·(B' − s)}.
     *
     * @param sw       a switch
     * @param tFlight  headroom
     * @param beta     β
     * @param ingress  the ingress queue's occupancy I
     * @param occupied the shared buffer's occupancy s
     * @return whether the ingress queue has reached its dynamic t_PFC
     */
    public static boolean dynamicPfcReached(SwitchSpec sw, long tFlight, Beta beta, long ingress, long occupied) {
        long lhs = Math.multiplyExact(Math.multiplyExact(beta.denominator(), sw.betaDivisor()), ingress);
        return lhs >= Math.multiplyExact(beta.numerator(), sharedBuffer(sw, tFlight) - occupied);
    }

    /**
     * @param sw       a switch
     * @param tFlight  headroom
     * @param beta     β
     * @param occupied s
     * @return the dynamic t_PFC at occupancy s as an exact fraction of bytes, 0 when s fills the shared buffer
     */
    public static ExactBytes dynamicPfc(SwitchSpec sw, long tFlight, Beta beta, long occupied) {
        long num = Math.multiplyExact(beta.numerator(), sharedBuffer(sw, tFlight) - occupied);
        long den = Math.multiplyExact(beta.denominator(), sw.betaDivisor());
        return new ExactBytes(Math.max(0, num), den);
    }

    /**
     * @param sw       a switch
     * @param tFlight  headroom
     * @param beta     β
     * @param occupied s
     * @return {@link #dynamicPfc} as text, e.g. {@code 97900} or {@code 2469/2}, as a witness trace records it
     */
    public static String dynamicPfcAt(SwitchSpec sw, long tFlight, Beta beta, long occupied) {
        return dynamicPfc(sw, tFlight, beta, occupied).toString();
    }

    /**
     * The most the egress queues can hold together: with a static t_PFC the whole buffer B (an
     * unsafe t_PFC may eat into the headroom); with a dynamic t_PFC the shared part
     * {@code B − p·n·t_flight}, at which t_PFC falls to zero.
     *
     * @param sw      a switch
     * @param tFlight headroom
     * @param mode    static or dynamic
     * @return the cap on s
     */
    public static long occupancyCap(SwitchSpec sw, long tFlight, ThresholdMode mode) {
        return mode == ThresholdMode.STATIC ? sw.bufferBytes() : Math.max(0, sharedBuffer(sw, tFlight));
    }

    /**
     * Static ECN-before-PFC, {@code n·t_ECN < t_PFC}, with the ingress capped by the buffer.
     *
     * @param sw   a switch
     * @param tEcn t_ECN
     * @param tPfc t_PFC
     * @return whether no occupancy reaches t_PFC with every egress queue at most t_ECN
     */
    public static boolean staticEcnBeforePfc(SwitchSpec sw, long tEcn, long tPfc) {
        return Math.min(Math.multiplyExact((long) sw.ports(), tEcn), sw.bufferBytes()) < tPfc;
    }
}
