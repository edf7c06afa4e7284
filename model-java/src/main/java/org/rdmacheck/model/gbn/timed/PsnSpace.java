package org.rdmacheck.model.gbn.timed;

import org.rdmacheck.model.InputException;

/**
 * PSNs modulo 2^b (the BTH carries 24 bits) and the rules by which each end reads a PSN it
 * receives. The receiver reads a packet relative to its expected PSN: the half-space before it is
 * duplicates (old), the half-space from it is new; the sender reads an ACK/NAK relative to its
 * oldest unacknowledged PSN. Sequence numbers in the model are unbounded counters; only the wire
 * carries them modulo 2^b, so the model can tell when an end misreads one.
 *
 * @param bits b, the PSN width in bits
 */
public record PsnSpace(int bits) {

    /** Validates the width. */
    public PsnSpace {
        if (bits < 1 || bits > 24) {
            throw new InputException("psnBits = " + bits + ": expected an integer 1..24 (the BTH carries 24)");
        }
    }

    /** @return 2^b */
    public int size() {
        return 1 << bits;
    }

    /** @param seq a sequence number  @return its PSN on the wire */
    public int wire(int seq) {
        return seq & (size() - 1);
    }

    /**
     * The receiver's old/new rule: a PSN within the half-space below EPSN is a duplicate, any other
     * is EPSN or ahead of it.
     *
     * @param wirePsn the PSN received
     * @param epsn    the receiver's expected sequence number (its own counter)
     * @return the sequence number the receiver takes the packet for
     */
    public int readByReceiver(int wirePsn, int epsn) {
        int d = (wirePsn - wire(epsn)) & (size() - 1);
        int half = size() >> 1;
        return d < half ? epsn + d : epsn - (size() - d);
    }

    /**
     * The sender reads an ACK/NAK PSN as at or after its oldest unacknowledged packet.
     *
     * @param wirePsn the PSN carried by the ACK/NAK
     * @param una     the sender's oldest unacknowledged sequence number
     * @return the sequence number the sender takes it for
     */
    public int readBySender(int wirePsn, int una) {
        return una + ((wirePsn - wire(una)) & (size() - 1));
    }
}
