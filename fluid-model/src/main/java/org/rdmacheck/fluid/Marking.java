package org.rdmacheck.fluid;

/**
 * The switch's RED/ECN marking probability, seed 004 equation (5): 0 up to K_min, linear to
 * P_max at K_max, 1 above K_max. K_min = K_max with P_max = 1 is DCTCP's cut-off marking (§3.1).
 * The jump at K_max is a discontinuity the solver must step over (see {@link FluidSolver}).
 *
 * @param kminPackets K_min in packets
 * @param kmaxPackets K_max in packets
 * @param pmax        P_max
 */
public record Marking(double kminPackets, double kmaxPackets, double pmax) {

    /** @param p parameters  @return the marking function of {@code p} */
    public static Marking of(FluidParameters p) {
        return new Marking(p.kminPackets(), p.kmaxPackets(), p.pmax());
    }

    /**
     * @param queuePackets queue length in packets
     * @return the probability that an arriving packet is marked
     */
    public double probability(double queuePackets) {
        if (queuePackets <= kminPackets) {
            return 0;
        }
        if (queuePackets <= kmaxPackets) {
            return (queuePackets - kminPackets) / (kmaxPackets - kminPackets) * pmax;
        }
        return 1;
    }

    /**
     * Inverse of the linear region.
     *
     * @param p a probability in (0, P_max]
     * @return the queue length (packets) at which RED marks with probability p
     */
    public double queueFor(double p) {
        if (kmaxPackets == kminPackets) {
            return kminPackets;
        }
        return kminPackets + p / pmax * (kmaxPackets - kminPackets);
    }
}
