package org.rdmacheck.model.gbn.timed;

/**
 * A data packet in flight.
 *
 * @param seq the sequence number the sender gave it (the wire carries it modulo 2^b)
 * @param age ticks since it was sent
 */
public record Packet(int seq, int age) implements Comparable<Packet> {

    /** @return the packet one tick older */
    Packet older() {
        return new Packet(seq, age + 1);
    }

    @Override
    public int compareTo(Packet o) {
        return seq != o.seq ? Integer.compare(seq, o.seq) : Integer.compare(age, o.age);
    }
}
