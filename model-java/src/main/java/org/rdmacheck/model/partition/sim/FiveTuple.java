package org.rdmacheck.model.partition.sim;

/**
 * The five-tuple switches hash for ECMP. For RoCEv2 the protocol is UDP (17) and the destination
 * port is always 4791, so between two hosts only the source port varies: seed 003, II binds each
 * QP to its own source port so that its packets take their own path.
 *
 * @param srcIp    source IPv4 address
 * @param dstIp    destination IPv4 address
 * @param protocol IP protocol number
 * @param srcPort  UDP source port
 * @param dstPort  UDP destination port
 */
public record FiveTuple(int srcIp, int dstIp, int protocol, int srcPort, int dstPort) {

    /** IANA UDP port of RoCEv2. */
    public static final int ROCEV2_PORT = 4791;

    /** IP protocol number of UDP. */
    public static final int UDP = 17;

    /**
     * @param srcIp   source address
     * @param dstIp   destination address
     * @param srcPort the QP's UDP source port
     * @return a RoCEv2 five-tuple
     */
    public static FiveTuple roce(int srcIp, int dstIp, int srcPort) {
        return new FiveTuple(srcIp, dstIp, UDP, srcPort, ROCEV2_PORT);
    }

    /** @return the 13 bytes switches hash: addresses, protocol, ports, in network byte order */
    public byte[] bytes() {
        return new byte[] {
            (byte) (srcIp >>> 24), (byte) (srcIp >>> 16), (byte) (srcIp >>> 8), (byte) srcIp,
            (byte) (dstIp >>> 24), (byte) (dstIp >>> 16), (byte) (dstIp >>> 8), (byte) dstIp,
            (byte) protocol,
            (byte) (srcPort >>> 8), (byte) srcPort,
            (byte) (dstPort >>> 8), (byte) dstPort};
    }
}
