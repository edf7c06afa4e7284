package org.rdmacheck.model.gbn;

/**
 * A control packet from receiver to sender: ACK(n) or NAK(n). Both say that every PSN below n was
 * received (seed 002, II-A); a NAK also asks the sender to go back.
 *
 * @param kind ACK or NAK
 * @param psn  n: the receiver's expected PSN when it sent the packet
 */
public record Ctrl(Kind kind, int psn) {

    /** Control packet kinds. */
    public enum Kind {
        /** positive acknowledgement */
        ACK,
        /** negative acknowledgement: go back to psn */
        NAK
    }

    /** @param psn n  @return ACK(n) */
    public static Ctrl ack(int psn) {
        return new Ctrl(Kind.ACK, psn);
    }

    /** @param psn n  @return NAK(n) */
    public static Ctrl nak(int psn) {
        return new Ctrl(Kind.NAK, psn);
    }

    @Override
    public String toString() {
        return kind + "(" + psn + ")";
    }
}
