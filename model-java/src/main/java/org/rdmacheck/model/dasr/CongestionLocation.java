package org.rdmacheck.model.dasr;

import java.util.List;

/**
 * Where the abstract network puts congestion in an observation window, and what the receiver can
 * then observe (seed 000, III-C). Receiver congestion keeps the receive throughput at line rate;
 * network (or source) congestion lowers it; both together can show either, depending on whether
 * DASR's apportioning already made the network bottleneck bite ("two steps" in III-C).
 */
public enum CongestionLocation {
    /** no congestion: no marks, throughput at or below line rate */
    none(List.of(new Observation(false, false), new Observation(false, true))),
    /** congestion at the receiver's last hop only */
    receiver(List.of(new Observation(true, true))),
    /** congestion in the network or at a source only */
    network(List.of(new Observation(true, false))),
    /** receiver and network congestion together */
    both(List.of(new Observation(true, true), new Observation(true, false)));

    private final List<Observation> observations;

    CongestionLocation(List<Observation> observations) {
        this.observations = observations;
    }

    /** @return what the receiver may observe when congestion is here */
    public List<Observation> observations() {
        return observations;
    }
}
