package org.rdmacheck.fluid;

/**
 * Conversions at the edges. Inside the model every quantity is in packets of one configurable
 * size and time is in microseconds: rates are packets/µs, queues and the byte counter are packets.
 * This makes the exponents τ·Rc, τ'·Rc, T·Rc and B of seed 004 equations (7)-(9) packet counts,
 * which is the only reading under which (1-p)^x is the probability that x packets go unmarked.
 * KB and MB are decimal (seed README).
 */
public final class Units {

    private Units() {
    }

    /** @param gbps rate in Gb/s  @param packetKB packet size in KB  @return packets per µs */
    public static double gbpsToPacketsPerMicro(double gbps, double packetKB) {
        return gbps * 1e9 / 8 / (packetKB * 1000) / 1e6;
    }

    /** @param pktPerMicro rate in packets/µs  @param packetKB packet size in KB  @return Gb/s */
    public static double packetsPerMicroToGbps(double pktPerMicro, double packetKB) {
        return pktPerMicro * packetKB * 1000 * 8 * 1e6 / 1e9;
    }

    /** @param kb size in KB  @param packetKB packet size in KB  @return packets */
    public static double kbToPackets(double kb, double packetKB) {
        return kb / packetKB;
    }

    /** @param packets size in packets  @param packetKB packet size in KB  @return KB */
    public static double packetsToKb(double packets, double packetKB) {
        return packets * packetKB;
    }
}
