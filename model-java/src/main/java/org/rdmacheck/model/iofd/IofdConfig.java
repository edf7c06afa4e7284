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
                         int queue, int background, int failures, IofdVariant variant,
                         java.util.Set<Knockout> knockouts) {

    /**
     * The mechanisms of seed 000 §IV a knock-out switch removes from the one model (guards in
     * {@link Router} and {@link IofdModel}); the packed successors ({@link IofdPacked}) do not run
     * while one is set.
     */
    public enum Knockout {
        /** §IV-A: a packet matching a DFT entry follows it */
        DFT_FOLLOW("dft-follow"),
        /** §IV-A: the end packet frees its entry */
        DFT_FREE_ON_END("dft-free-on-end"),
        /** §IV-A: a misroute spends a token */
        TOKEN_SPENDING("token-spending"),
        /** §IV-B: deflection only at or above the threshold */
        DEFLECTION_THRESHOLD("deflection-threshold"),
        /** §IV-A: ToRs never deflect to hosts */
        TOR_NO_HOST("tor-no-host-deflection"),
        /** §IV-B: long flows carry no tokens */
        LONG_NOT_DEFLECTED("long-flows-not-deflected"),
        /** back pressure: a packet moves only into a queue with room (knocked out: a full queue drops it) */
        BACK_PRESSURE("back-pressure"),
        /** §IV-C: the failure drops the in-flight messages' DFT state with them (knocked out: entries stay) */
        FAILURE_CLEANUP("failure-cleanup"),
        /** §IV-A: a DFT hit whose port is full waits (knocked out: falls back to ECMP) */
        DFT_HIT_WAITS("dft-hit-waits");

        private final String label;

        Knockout(String label) {
            this.label = label;
        }

        /** @return the mechanism's name on the command line */
        public String label() {
            return label;
        }

        /**
         * @param text a name
         * @return the knock-out
         * @throws org.rdmacheck.model.InputException if unknown
         */
        public static Knockout of(String text) {
            for (Knockout k : values()) {
                if (k.label.equals(text)) {
                    return k;
                }
            }
            throw new org.rdmacheck.model.InputException("knockout = '" + text + "': not an iofd mechanism");
        }
    }

    /**
     * A configuration with no knock-out.
     *
     * @param topology   the network
     * @param flows      the messages
     * @param packets    packets per message
     * @param dftSize    DFT entries
     * @param tokens     tokens
     * @param threshold  deflection threshold
     * @param queue      queue capacity
     * @param background background packets
     * @param failures   switch failures
     * @param variant    the variant
     */
    public IofdConfig(Topology topology, List<Flow> flows, int packets, int dftSize, int tokens, int threshold,
                      int queue, int background, int failures, IofdVariant variant) {
        this(topology, flows, packets, dftSize, tokens, threshold, queue, background, failures, variant,
                java.util.Set.of());
    }

    /**
     * @param k a mechanism
     * @return whether it is knocked out
     */
    public boolean off(Knockout k) {
        return knockouts.contains(k);
    }

    /** Validates ranges that the parameters cannot express. */
    public IofdConfig {
        knockouts = knockouts.isEmpty() ? java.util.Set.of()
                : java.util.Collections.unmodifiableSet(java.util.EnumSet.copyOf(knockouts));
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
        return flows.get(flow).isLong() && !off(Knockout.LONG_NOT_DEFLECTED) ? 0 : tokens;
    }
}
