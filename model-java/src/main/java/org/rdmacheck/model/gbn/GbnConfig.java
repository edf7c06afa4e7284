package org.rdmacheck.model.gbn;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;
import org.rdmacheck.model.InputException;

/**
 * The protocol configuration shared by the exhaustive model and the timed simulator: K messages of
 * M packets each with continuing PSNs 0..K·M-1, the ACK interval, the variant and the duplicate
 * policy.
 *
 * @param packets     packets per message M (at least 1)
 * @param messages    back-to-back messages K (at least 1)
 * @param ackInterval the sender sets AckReq on every ackInterval-th packet of a message (0: only on
 *                    the last packet); seed 002, II-A and Table I (256 KB = 256 packets)
 * @param variant     the loss-recovery scheme
 * @param duplicates  what the receiver does with duplicates that request an ACK
 * @param nakPolicy   how the NAK interval limits NAKs
 * @param knockedOut  mechanisms removed (knock-outs); empty for the design as the paper gives it
 */
public record GbnConfig(int packets, int messages, int ackInterval, GbnVariant variant, DuplicatePolicy duplicates,
                        NakPolicy nakPolicy, Set<GbnMechanism> knockedOut) {

    /**
     * The design with every mechanism in place.
     *
     * @param packets     packets per message M
     * @param messages    back-to-back messages K
     * @param ackInterval the ACK interval (0: the last packet only)
     * @param variant     the loss-recovery scheme
     * @param duplicates  what the receiver does with duplicates that request an ACK
     * @param nakPolicy   how the NAK interval limits NAKs
     */
    public GbnConfig(int packets, int messages, int ackInterval, GbnVariant variant, DuplicatePolicy duplicates,
                     NakPolicy nakPolicy) {
        this(packets, messages, ackInterval, variant, duplicates, nakPolicy, Set.of());
    }

    /** Validates the sizes. */
    public GbnConfig {
        if (packets < 1) {
            throw new InputException("packets = " + packets + ": expected an integer >= 1");
        }
        if (messages < 1) {
            throw new InputException("messages = " + messages + ": expected an integer >= 1");
        }
        if (ackInterval < 0) {
            throw new InputException("ackInterval = " + ackInterval + ": expected an integer >= 0");
        }
        Objects.requireNonNull(variant);
        Objects.requireNonNull(duplicates);
        Objects.requireNonNull(nakPolicy);
        knockedOut = knockedOut.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(knockedOut));
    }

    /**
     * @param m a mechanism
     * @return whether it is in place (not knocked out)
     */
    public boolean has(GbnMechanism m) {
        return !knockedOut.contains(m);
    }

    /**
     * @param knocked mechanisms to remove
     * @return this configuration without them
     */
    public GbnConfig without(Set<GbnMechanism> knocked) {
        return new GbnConfig(packets, messages, ackInterval, variant, duplicates, nakPolicy, knocked);
    }

    /** @return total packets N = K·M; PSNs are 0..N-1 */
    public int total() {
        return packets * messages;
    }

    /** @param psn a PSN  @return whether it is the last packet of its message (opcode "Last") */
    public boolean isLast(int psn) {
        return psn % packets == packets - 1;
    }

    /** @param psn a PSN  @return the first PSN of its message */
    public int messageStart(int psn) {
        return psn - psn % packets;
    }

    /**
     * seed 002, II-A: AckReq is set on the last packet and every ACK interval.
     *
     * @param psn a PSN
     * @return whether the packet carries the ACK request bit
     */
    public boolean ackRequest(int psn) {
        if (!has(GbnMechanism.ACK_REQUEST)) {
            return false;
        }
        return isLast(psn) || (ackInterval > 0 && has(GbnMechanism.ACK_INTERVAL)
                && (psn % packets) % ackInterval == ackInterval - 1);
    }

    /** @param psn a PSN  @return copies sent on each transmission: 2 for the last packet under ST */
    public int copies(int psn) {
        return variant.sendTwice() && has(GbnMechanism.SEND_TWICE) && isLast(psn) ? 2 : 1;
    }
}
