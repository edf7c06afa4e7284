package org.rdmacheck.model.gbn.timed;

import org.rdmacheck.model.gbn.Ctrl;

/**
 * An ACK or NAK in flight.
 *
 * @param kind ACK or NAK
 * @param n    the receiver's expected sequence number when it sent it (the wire carries n modulo 2^b)
 * @param age  ticks since it was sent
 */
public record Reply(Ctrl.Kind kind, int n, int age) implements Comparable<Reply> {

    /** @return the reply one tick older */
    Reply older() {
        return new Reply(kind, n, age + 1);
    }

    @Override
    public int compareTo(Reply o) {
        if (kind != o.kind) {
            return kind.compareTo(o.kind);
        }
        return n != o.n ? Integer.compare(n, o.n) : Integer.compare(age, o.age);
    }
}
