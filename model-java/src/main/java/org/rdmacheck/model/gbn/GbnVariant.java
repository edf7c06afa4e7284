package org.rdmacheck.model.gbn;

import java.util.Arrays;
import java.util.stream.Collectors;
import org.rdmacheck.model.InputException;

/**
 * The loss-recovery schemes of seed 002: Go-Back-0 and Go-Back-N as RoCEv2 defines them (§II-A),
 * and Go-Back-N with Send-Twice (ST), with Check-EPSN (CE), and with both (the paper's Improved
 * Go-Back-N, §III-C).
 */
public enum GbnVariant {
    /** seed 002, II-A: on NAK the sender resends the whole message, from its first packet */
    GB0("gb0", true, false, false),
    /** seed 002, II-A: on NAK(n) the sender resends from packet n */
    GBN("gbn", false, false, false),
    /** seed 002, III-C (1): Go-Back-N, and the last packet of a message is sent twice */
    ST("st", false, true, false),
    /** seed 002, III-C (2): Go-Back-N with the Check-EPSN timer at the receiver */
    CE("ce", false, false, true),
    /** seed 002, III-C: Improved Go-Back-N, ST and CE together */
    IMPROVED("improved", false, true, true);

    private final String word;
    private final boolean goBackZero;
    private final boolean sendTwice;
    private final boolean checkEpsn;

    GbnVariant(String word, boolean goBackZero, boolean sendTwice, boolean checkEpsn) {
        this.word = word;
        this.goBackZero = goBackZero;
        this.sendTwice = sendTwice;
        this.checkEpsn = checkEpsn;
    }

    /** @return the variant's name on the command line */
    public String word() {
        return word;
    }

    /** @return whether a NAK makes the sender resend from the message's first packet */
    public boolean goBackZero() {
        return goBackZero;
    }

    /** @return whether the last packet of a message is sent twice (ST) */
    public boolean sendTwice() {
        return sendTwice;
    }

    /** @return whether the receiver runs the Check-EPSN timer (CE) */
    public boolean checkEpsn() {
        return checkEpsn;
    }

    /**
     * @param word a variant name
     * @return the variant
     * @throws InputException naming the value and the accepted names
     */
    public static GbnVariant of(String word) {
        for (GbnVariant v : values()) {
            if (v.word.equals(word)) {
                return v;
            }
        }
        throw new InputException("unknown variant '" + word + "': expected one of "
                + Arrays.stream(values()).map(GbnVariant::word).collect(Collectors.joining(", ")));
    }
}
