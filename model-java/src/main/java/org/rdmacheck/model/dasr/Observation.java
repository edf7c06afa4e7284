package org.rdmacheck.model.dasr;

import java.util.List;

/**
 * What the receiver sees in one observation window: the two observables of seed 000, III-C.
 *
 * @param ecn      whether ECN-marked packets arrived
 * @param lineRate whether the receive throughput was at line rate
 */
public record Observation(boolean ecn, boolean lineRate) {

    /** @return the four combinations, in a fixed order */
    public static List<Observation> all() {
        return List.of(new Observation(false, false), new Observation(false, true),
                new Observation(true, false), new Observation(true, true));
    }

    @Override
    public String toString() {
        return (ecn ? "ECN" : "noECN") + "," + (lineRate ? "lineRate" : "belowLineRate");
    }
}
