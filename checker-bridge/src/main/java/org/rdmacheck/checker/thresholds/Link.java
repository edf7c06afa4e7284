package org.rdmacheck.checker.thresholds;

import java.math.BigDecimal;
import java.util.Map;
import org.rdmacheck.model.InputException;

/**
 * The link a PFC PAUSE travels over, with the quantities of the standard PFC headroom terms
 * (IEEE 802.1Qbb delay model; seed 004 §4 follows these guidelines, its reference [8]).
 *
 * @param bitsPerSecond          port speed
 * @param cableMetres            cable length
 * @param nsPerMetre             propagation delay of the cable (5 ns/m: light at about 2/3 c in fibre)
 * @param responseQuanta         the sender's PAUSE response time in pause quanta (512 bit times)
 * @param interfaceDelayBitTimes PHY/MAC delay of one interface, in bit times
 * @param frameOverheadBytes     bytes on the wire besides the frame: preamble + SFD (8) + inter-frame gap (12)
 * @param pauseFrameBytes        the PFC frame (a minimum-size frame, 64 bytes)
 */
public record Link(long bitsPerSecond, BigDecimal cableMetres, BigDecimal nsPerMetre, int responseQuanta,
                   long interfaceDelayBitTimes, long frameOverheadBytes, long pauseFrameBytes) {

    /** Bit times in one pause quantum (IEEE 802.3 Annex 31B). */
    public static final int BITS_PER_QUANTUM = 512;

    /**
     * Upper bounds per port speed: the response time in pause quanta (IEEE 802.3 Annex 31B) and the
     * interface delay in bit times (IEEE 802.3 PHY delay constraints), as tabulated for PFC headroom.
     */
    private static final Map<Long, long[]> STANDARD = Map.of(
            10_000_000_000L, new long[] {60, 8192},
            25_000_000_000L, new long[] {80, 6144},
            40_000_000_000L, new long[] {118, 24576},
            100_000_000_000L, new long[] {394, 122880});

    /** Validates. */
    public Link {
        if (bitsPerSecond <= 0) {
            throw new InputException("speed = " + bitsPerSecond + ": expected a positive rate");
        }
        if (cableMetres.signum() < 0 || nsPerMetre.signum() <= 0) {
            throw new InputException("cable = " + cableMetres + " m at " + nsPerMetre
                    + " ns/m: expected a non-negative length and a positive delay per metre");
        }
        if (responseQuanta < 0 || interfaceDelayBitTimes < 0 || frameOverheadBytes < 0 || pauseFrameBytes <= 0) {
            throw new InputException("link delays must be non-negative and the pause frame positive");
        }
    }

    /**
     * @param bitsPerSecond a port speed
     * @return the standard response time in pause quanta, or -1 if the table has no entry
     */
    public static int standardResponseQuanta(long bitsPerSecond) {
        long[] v = STANDARD.get(bitsPerSecond);
        return v == null ? -1 : (int) v[0];
    }

    /**
     * @param bitsPerSecond a port speed
     * @return the standard interface delay in bit times, or -1 if the table has no entry
     */
    public static long standardInterfaceDelay(long bitsPerSecond) {
        long[] v = STANDARD.get(bitsPerSecond);
        return v == null ? -1 : v[1];
    }
}
