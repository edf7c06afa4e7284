package org.rdmacheck.model.partition.sim;

import java.util.zip.CRC32;
import org.rdmacheck.model.InputException;

/**
 * Concrete ECMP hash functions. A switch with n equal-cost next hops (in port order) forwards a
 * packet to next hop {@code hash mod n} (unsigned).
 *
 * <ul>
 *   <li>{@code crc32}: CRC-32 (IEEE 802.3, {@link CRC32}) over the switch's 4-byte seed (its node
 *       id, big-endian) followed by the 13 five-tuple bytes of {@link FiveTuple#bytes()}: each
 *       switch hashes differently, as operators configure per-switch hash seeds.</li>
 *   <li>{@code crc32-unsalted}: the same CRC-32 without a seed: every switch computes the same
 *       value, the textbook cause of ECMP polarisation.</li>
 *   <li>{@code crc32-fmix}: the seeded CRC-32 passed through MurmurHash3's 32-bit finaliser
 *       ({@code fmix32}). CRC-32 is affine over GF(2), so with any seed the hash of two source
 *       ports differs by the same XOR at every switch, and with power-of-two fan-outs every tier
 *       picks the same next-hop index (polarisation); the non-linear finaliser breaks that.</li>
 *   <li>{@code toeplitz}: the Toeplitz hash of receive-side scaling with the standard 40-byte key,
 *       over source address, destination address, source port, destination port (12 bytes); the
 *       same at every switch.</li>
 * </ul>
 */
public enum EcmpHash {
    /** CRC-32 over a per-switch seed and the five-tuple. */
    CRC32_SEEDED("crc32"),
    /** CRC-32 over the five-tuple only, identical at every switch. */
    CRC32_UNSEEDED("crc32-unsalted"),
    /** The seeded CRC-32 followed by MurmurHash3's fmix32 finaliser. */
    CRC32_FMIX("crc32-fmix"),
    /** RSS Toeplitz hash with the standard key, identical at every switch. */
    TOEPLITZ("toeplitz");

    /** The standard RSS key (Microsoft receive-side scaling verification suite). */
    static final byte[] RSS_KEY = hex("6d5a56da255b0ec24167253d43a38fb0d0ca2bcbae7b30b477cb2da38030f20c"
            + "6a42b73bbeac01fa");

    private final String id;

    EcmpHash(String id) {
        this.id = id;
    }

    /** @return the name on the command line */
    public String id() {
        return id;
    }

    /**
     * @param id a name
     * @return the hash
     * @throws InputException if unknown
     */
    public static EcmpHash of(String id) {
        for (EcmpHash h : values()) {
            if (h.id.equals(id)) {
                return h;
            }
        }
        throw new InputException("hash '" + id + "': expected one of crc32, crc32-unsalted, crc32-fmix, toeplitz");
    }

    /**
     * @param t          the packet's five-tuple
     * @param switchSeed the hashing switch's seed (its node id); ignored by unseeded hashes
     * @return the 32-bit hash
     */
    public int hash(FiveTuple t, int switchSeed) {
        return switch (this) {
            case CRC32_SEEDED -> crc(seedBytes(switchSeed), t.bytes());
            case CRC32_FMIX -> fmix32(crc(seedBytes(switchSeed), t.bytes()));
            case CRC32_UNSEEDED -> crc(new byte[0], t.bytes());
            case TOEPLITZ -> toeplitz(RSS_KEY, rssInput(t));
        };
    }

    private static byte[] seedBytes(int seed) {
        return new byte[] {(byte) (seed >>> 24), (byte) (seed >>> 16), (byte) (seed >>> 8), (byte) seed};
    }

    /** MurmurHash3's 32-bit finaliser: a bijective, non-linear mix. */
    static int fmix32(int h) {
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        return h ^ (h >>> 16);
    }

    private static int crc(byte[] seed, byte[] data) {
        CRC32 c = new CRC32();
        c.update(seed);
        c.update(data);
        return (int) c.getValue();
    }

    /** @return source address, destination address, source port, destination port: RSS order */
    static byte[] rssInput(FiveTuple t) {
        byte[] b = t.bytes();
        byte[] in = new byte[12];
        System.arraycopy(b, 0, in, 0, 8);
        System.arraycopy(b, 9, in, 8, 4);
        return in;
    }

    /**
     * The Toeplitz hash: for every set bit i of the input (most significant first), XOR in the 32
     * key bits starting at bit i.
     *
     * @param key   key, at least input length + 4 bytes
     * @param input bytes to hash
     * @return the hash
     */
    static int toeplitz(byte[] key, byte[] input) {
        int result = 0;
        long window = ((key[0] & 0xFFL) << 24) | ((key[1] & 0xFFL) << 16) | ((key[2] & 0xFFL) << 8) | (key[3] & 0xFFL);
        for (int i = 0; i < input.length; i++) {
            int next = i + 4 < key.length ? key[i + 4] & 0xFF : 0;
            for (int bit = 7; bit >= 0; bit--) {
                if ((input[i] >>> bit & 1) != 0) {
                    result ^= (int) window;
                }
                window = (window << 1) | (next >>> bit & 1);
            }
        }
        return result;
    }

    private static byte[] hex(String s) {
        byte[] b = new byte[s.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
        }
        return b;
    }
}
