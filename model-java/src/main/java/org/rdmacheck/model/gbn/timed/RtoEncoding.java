package org.rdmacheck.model.gbn.timed;

import org.rdmacheck.model.InputException;

/**
 * The InfiniBand encoding of the local ACK timeout: a 5-bit value {@code timeout} stands for
 * 4.096 µs × 2^timeout, and 0 means the timer is disabled (infinite). The model counts time in
 * ticks of a configurable length; the RTO in ticks is rounded down, so the model's timer never
 * fires later than the real one: a proof that no premature timeout happens holds for the real RTO.
 */
public final class RtoEncoding {

    /** The unit of the encoding: 4.096 µs, in nanoseconds. */
    public static final long UNIT_NANOS = 4_096;
    /** The largest encodable value (5 bits). */
    public static final int MAX_TIMEOUT = 31;

    private RtoEncoding() {
    }

    /**
     * @param timeout the encoded value, 1..31
     * @return the RTO in nanoseconds
     */
    public static long nanos(int timeout) {
        check(timeout);
        return UNIT_NANOS << timeout;
    }

    /**
     * @param timeout the encoded value, 0..31 (0: disabled)
     * @param tickNanos the model's tick in nanoseconds
     * @return the RTO in whole ticks, rounded down (at least 1); -1 when the timer is disabled
     */
    public static int ticks(int timeout, long tickNanos) {
        check(timeout);
        if (tickNanos < 1) {
            throw new InputException("tickNs = " + tickNanos + ": expected an integer >= 1");
        }
        if (timeout == 0) {
            return -1;
        }
        long t = Math.max(1, nanos(timeout) / tickNanos);
        return (int) Math.min(Integer.MAX_VALUE / 2, t);
    }

    private static void check(int timeout) {
        if (timeout < 0 || timeout > MAX_TIMEOUT) {
            throw new InputException("timeout = " + timeout + ": expected an integer 0..31 (InfiniBand 5-bit encoding)");
        }
    }
}
