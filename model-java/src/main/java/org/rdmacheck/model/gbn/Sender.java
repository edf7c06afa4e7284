package org.rdmacheck.model.gbn;

/**
 * The requester's loss-recovery rules (seed 002, II-A), written once for the exhaustive models and
 * the timed simulator. A sender is a register of the requester's variables: the next PSN to
 * transmit and the oldest unacknowledged PSN (every PSN below it is released).
 *
 * <p>Not thread-safe: one per thread.
 */
public final class Sender {

    private final boolean goBackZero;
    private final int packets;
    private int next;
    private int una;

    /**
     * A sender in its initial state: nothing sent.
     *
     * @param config the protocol configuration
     */
    public Sender(GbnConfig config) {
        this.goBackZero = config.variant().goBackZero();
        this.packets = config.packets();
    }

    /**
     * @param next the next PSN to transmit
     * @param una  the oldest unacknowledged PSN
     */
    public void load(int next, int una) {
        this.next = next;
        this.una = una;
    }

    /** The sender transmits packet {@code next} ({@link GbnConfig#copies} copies of it). */
    public void afterSend() {
        next++;
    }

    /**
     * ACK(n) releases every packet below n; released packets are never sent again.
     *
     * @param n the acknowledged PSN
     */
    public void onAck(int n) {
        una = Math.max(una, n);
        next = Math.max(next, una);
    }

    /**
     * NAK(n): every PSN below n was received (seed 002, II-A); Go-Back-N resends from n, Go-Back-0
     * from the first packet of n's message.
     *
     * @param n the PSN the receiver expects
     */
    public void onNak(int n) {
        una = Math.max(una, n);
        next = goBackZero ? n - n % packets : n;
    }

    /** ACK timeout (RTO): resend from the oldest unacknowledged packet. */
    public void onTimeout() {
        next = una;
    }

    /** @return the next PSN to transmit */
    public int next() {
        return next;
    }

    /** @return the oldest unacknowledged PSN */
    public int una() {
        return una;
    }
}
