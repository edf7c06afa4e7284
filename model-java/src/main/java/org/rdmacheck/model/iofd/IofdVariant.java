package org.rdmacheck.model.iofd;

import java.util.Arrays;
import java.util.stream.Collectors;
import org.rdmacheck.model.InputException;

/**
 * Variants of in-order flow deflection: the paper's design and the broken designs that show what
 * each of its rules is for (seed 000 §IV-A/B).
 */
public enum IofdVariant {
    /** The paper's design: DFT allocated by a message's first packet, freed when its last leaves. */
    DFT("dft"),
    /** Packet-by-packet deflection without a DFT (DIBS-style, seed 000 §IV-A): reorders. */
    NO_DFT("no-dft"),
    /** A full DFT overwrites an entry to make room for a new deflected flow. */
    OVERWRITE("overwrite"),
    /** Any packet of a message (not only the first) may be chosen for deflection. */
    DEFLECT_MIDDLE("deflect-middle"),
    /** Deflection never spends a token: a packet may be misrouted forever. */
    UNLIMITED_TOKENS("unlimited-tokens"),
    /** The entry is freed when the first packet leaves the switch instead of the last. */
    FREE_ON_FIRST("free-on-first"),
    /** DFT entries keyed by the flow id alone (the literal reading of seed 000 §IV-A). */
    FLOW_KEYED("flow-keyed");

    private final String label;

    IofdVariant(String label) {
        this.label = label;
    }

    /** @return the variant's name on the command line */
    public String label() {
        return label;
    }

    /** @return whether packets consult a deflected flow table */
    public boolean usesDft() {
        return this != NO_DFT;
    }

    /** @return whether a misroute spends a token */
    public boolean spendsTokens() {
        return this != UNLIMITED_TOKENS;
    }

    /**
     * @param label a variant name
     * @return the variant
     * @throws InputException if unknown
     */
    public static IofdVariant of(String label) {
        for (IofdVariant v : values()) {
            if (v.label.equals(label)) {
                return v;
            }
        }
        throw new InputException("variant '" + label + "': expected one of "
                + Arrays.stream(values()).map(IofdVariant::label).collect(Collectors.joining(", ")));
    }
}
