package org.rdmacheck.model.fabric;

import java.util.List;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.topology.Topology;

/**
 * Configuration of the composed fabric model. Thresholds are in packets and compare with the
 * occupancy of the (port, lane) buffer a packet would join; seed 000 §VI-A uses 15 KB for
 * deflection and 22.5 KB for ECN (ratio 2:3), an 8-entry DFT and 4 tokens.
 *
 * @param topology   the network
 * @param flows      the messages, one per flow
 * @param packets    packets per message
 * @param dftSize    entries of each switch's DFT
 * @param tokens     deflection tokens of a short message's packets (long ones carry none)
 * @param threshold  deflection threshold: a first packet may be deflected when its ECMP buffer
 *                   holds at least this many packets (seed 000 §IV-B)
 * @param ecn        ECN threshold: a packet joining a buffer that holds at least this many is marked
 * @param xoff       PFC pause threshold of each (port, lane) buffer: when a buffer holds this many
 *                   packets its upstream is paused and cannot send into it (pause and resume take
 *                   effect at once, so no headroom is needed and no packet is dropped)
 * @param xon        PFC resume threshold: a paused buffer resumes its upstream when it holds at most
 *                   this many packets ({@code xoff - 1}: no hysteresis, the pause state is the
 *                   occupancy's; lower: a declared pause bit per buffer)
 * @param background background packets that may join VL1 buffers (persistent congestion, at most
 *                   {@code threshold} per buffer)
 * @param failures   failures allowed: 0 or 1 (one switch or one link); with the IOFD preset, up to
 *                   that many switches
 * @param options    the design choices
 * @param failedLinks links failed from the start ({@code A-B}; the escape-vl preset only)
 */
public record FabricConfig(Topology topology, List<Flow> flows, int packets, int dftSize, int tokens,
                           int threshold, int ecn, int xoff, int xon, int background, int failures, FabricOptions options,
                           List<String> failedLinks) {

    /**
     * A configuration with no link failed from the start.
     *
     * @param topology   the network
     * @param flows      the messages
     * @param packets    packets per message
     * @param dftSize    DFT entries per switch
     * @param tokens     deflection tokens
     * @param threshold  deflection threshold
     * @param ecn        ECN threshold
     * @param xoff       PFC pause threshold
     * @param xon        PFC resume threshold
     * @param background background packets
     * @param failures   failures allowed
     * @param options    the design choices
     */
    public FabricConfig(Topology topology, List<Flow> flows, int packets, int dftSize, int tokens, int threshold,
                        int ecn, int xoff, int xon, int background, int failures, FabricOptions options) {
        this(topology, flows, packets, dftSize, tokens, threshold, ecn, xoff, xon, background, failures, options,
                List.of());
    }

    /** Validates what the parameters cannot express. */
    public FabricConfig {
        flows = List.copyOf(flows);
        failedLinks = List.copyOf(failedLinks);
        boolean iofd = options.preset() == FabricOptions.Preset.IOFD;
        boolean escapeVl = options.preset() == FabricOptions.Preset.ESCAPE_VL;
        if (!failedLinks.isEmpty() && !escapeVl) {
            throw new IllegalArgumentException("links failed from the start: the escape-vl preset only");
        }
        if (packets < 1 || dftSize < 0 || tokens < 0 || threshold < 1 || ecn < 1 || xoff < 1 || background < 0
                || failures < 0 || failures > 1 && !iofd) {
            throw new IllegalArgumentException("fabric configuration out of range");
        }
        if (xon < 0 || xon >= xoff) {
            throw new InputException("xon = " + xon + ": expected 0 <= xon < xoff = " + xoff);
        }
        // background packets never drain (persistent congestion): a buffer resuming below the
        // background it can hold would pause its upstream for ever, which is not PFC's behaviour
        if (!iofd && !escapeVl && xon < Math.min(threshold, background)) {
            throw new InputException("xon = " + xon + ": expected at least " + Math.min(threshold, background)
                    + ", the background packets a buffer can hold for ever (min(threshold, background))");
        }
        if (xoff <= threshold && !iofd && !escapeVl) {
            throw new InputException("xoff = " + xoff + ": expected more than threshold = " + threshold
                    + " (a buffer must be able to reach the deflection threshold before it pauses)");
        }
    }

    /**
     * @param flow flow index
     * @return tokens its packets start with: none for a long flow (seed 000 §IV-B)
     */
    public int initialTokens(int flow) {
        return flows.get(flow).isLong() && !options.off(FabricOptions.Knockout.LONG_NOT_DEFLECTED) ? 0 : tokens;
    }
}
