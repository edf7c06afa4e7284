package org.rdmacheck.model.iofd;

import java.util.List;
import org.rdmacheck.model.topology.Topology;

/**
 * Configuration of the IOFD model.
 *
 * @param topology   the network
 * @param flows      the messages
 * @param packets    packets per message (first, middle..., last)
 * @param dftSize    entries of each switch's deflected flow table (seed 000 §VI-A: 8)
 * @param tokens     deflection tokens of a short message's packets (seed 000 §VI-A: 4)
 * @param threshold  deflection threshold in packets: a port is congested when its queue holds at
 *                   least this many (seed 000 §IV-B)
 * @param queue      capacity of each output queue in packets (background plus foreground)
 * @param background total background packets that may be injected (nondeterministically)
 * @param failures   switch failures allowed (ToRs do not fail)
 * @param variant    the design variant
 */
public record IofdConfig(Topology topology, List<Flow> flows, int packets, int dftSize, int tokens, int threshold,
                         int queue, int background, int failures, IofdVariant variant) {

    /** Validates ranges that the parameters cannot express. */
    public IofdConfig {
        flows = List.copyOf(flows);
        if (packets < 1 || dftSize < 0 || tokens < 0 || threshold < 1 || queue < 1 || background < 0
                || failures < 0) {
            throw new IllegalArgumentException("IOFD configuration out of range");
        }
    }

    /**
     * @param flow flow index
     * @return the tokens its packets start with: none for a long flow (seed 000 §IV-B)
     */
    public int initialTokens(int flow) {
        return flows.get(flow).isLong() ? 0 : tokens;
    }
}
