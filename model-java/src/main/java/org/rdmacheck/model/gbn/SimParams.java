package org.rdmacheck.model.gbn;

import org.rdmacheck.model.InputException;

/**
 * Parameters of the timed simulation; the defaults are seed 002, Table I (two hosts through one
 * switch, Fig. 1).
 *
 * @param bandwidthBps    link rate in bit/s (40 Gb/s)
 * @param hopDelay        propagation delay per hop in seconds (1 µs)
 * @param hops            hops between the hosts (2: host, switch, host)
 * @param messageBytes    message size (4 MB)
 * @param payloadBytes    payload per packet (1 KB)
 * @param headerBytes     headers per data packet (Ethernet, IP, UDP, BTH, ICRC, FCS)
 * @param ctrlBytes       size of an ACK or NAK
 * @param rto             ACK timeout in seconds (100 ms; the paper also uses 10 ms and 500 µs)
 * @param ackIntervalBytes AckReq every this many payload bytes (256 KB)
 * @param nakInterval     NAK interval in seconds (500 µs)
 * @param lossRate        probability that any packet (data or control) is lost, in [0, 1)
 * @param retryCnt        RoCE's retry_cnt: ACK timeouts in a row without forward progress after
 *                        which the QP goes to the error state (Transport Retry Counter Exceeded) on the
 *                        next one (0..7; 7)
 */
public record SimParams(double bandwidthBps, double hopDelay, int hops, long messageBytes, int payloadBytes,
                        int headerBytes, int ctrlBytes, double rto, long ackIntervalBytes, double nakInterval,
                        double lossRate, int retryCnt) {

    /** Validates every value; errors name the parameter and the accepted range. */
    public SimParams {
        positive("bandwidth", bandwidthBps);
        nonNegative("hopDelay", hopDelay);
        positive("rto", rto);
        positive("nakInterval", nakInterval);
        if (hops < 1) {
            throw new InputException("hops = " + hops + ": expected an integer >= 1");
        }
        if (payloadBytes < 1 || messageBytes < payloadBytes) {
            throw new InputException("messageBytes = " + messageBytes + ", payloadBytes = " + payloadBytes
                    + ": expected 1 <= payload <= message");
        }
        if (headerBytes < 0 || ctrlBytes < 1 || ackIntervalBytes < 0) {
            throw new InputException("headerBytes, ctrlBytes, ackIntervalBytes: expected >= 0, >= 1, >= 0");
        }
        if (retryCnt < 0 || retryCnt > 7) {
            throw new InputException("retryCnt = " + retryCnt + ": expected an integer 0..7 (a 3-bit field)");
        }
        if (!(lossRate >= 0 && lossRate < 1)) {
            throw new InputException("loss rate = " + lossRate + ": expected a number in [0, 1)");
        }
    }

    /** @return seed 002 Table I with no loss and RTO 100 ms */
    public static SimParams tableI() {
        return new SimParams(40e9, 1e-6, 2, 4L << 20, 1024, 58, 64, 100e-3, 256L << 10, 500e-6, 0.0, 7);
    }

    /** @param rate loss rate  @return a copy with that loss rate */
    public SimParams withLossRate(double rate) {
        return new SimParams(bandwidthBps, hopDelay, hops, messageBytes, payloadBytes, headerBytes, ctrlBytes, rto,
                ackIntervalBytes, nakInterval, rate, retryCnt);
    }

    /** @param seconds RTO  @return a copy with that RTO */
    public SimParams withRto(double seconds) {
        return new SimParams(bandwidthBps, hopDelay, hops, messageBytes, payloadBytes, headerBytes, ctrlBytes, seconds,
                ackIntervalBytes, nakInterval, lossRate, retryCnt);
    }

    /** @return packets per message */
    public int packets() {
        return (int) ((messageBytes + payloadBytes - 1) / payloadBytes);
    }

    /** @return the ACK interval in packets (0: last packet only) */
    public int ackIntervalPackets() {
        return (int) (ackIntervalBytes / payloadBytes);
    }

    /** @return serialisation time of a data packet */
    public double dataSerialisation() {
        return (payloadBytes + headerBytes) * 8.0 / bandwidthBps;
    }

    /** @return one-way latency of a data packet after its transmission ends (store and forward) */
    public double dataLatency() {
        return hops * hopDelay + (hops - 1) * dataSerialisation();
    }

    /** @return one-way latency of a control packet, from the start of its transmission */
    public double ctrlLatency() {
        return hops * hopDelay + hops * ctrlBytes * 8.0 / bandwidthBps;
    }

    private static void positive(String name, double v) {
        if (!(v > 0) || !Double.isFinite(v)) {
            throw new InputException(name + " = " + v + ": expected a finite number > 0");
        }
    }

    private static void nonNegative(String name, double v) {
        if (!(v >= 0) || !Double.isFinite(v)) {
            throw new InputException(name + " = " + v + ": expected a finite number >= 0");
        }
    }
}
