package org.rdmacheck.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The fingerprint of packed values: its values are pinned (a visited store's states and a
 * directed search's order must not change when its code is reshaped for the compiler), a state
 * of up to three values is fingerprinted as {@link Words#chainHash} hashes it, and the fingerprint
 * of values held elsewhere equals that of a buffer into which they were put.
 */
class WordsTest {

    /** values of every kind of bit pattern, the same each run */
    private static int[] values() {
        int[] v = new int[48];
        for (int i = 0; i < v.length; i++) {
            v[i] = i * 0x9E3779B9 ^ (i << 7) - 3;
        }
        return v;
    }

    @Test
    void fingerprintsArePinned() {
        int[] v = values();
        long digest = 0;
        for (int n = 0; n <= 40; n++) {
            for (int offset = 0; offset < 4; offset++) {
                digest = digest * 31 + Words.fingerprint(v, offset, n);
            }
        }
        // taken with the code of e37e847
        assertEquals(0xf63bea5b2da261beL, digest);
        assertEquals(0x3564b439cd1e1f16L, Words.fingerprint(v, 1, 0));
        assertEquals(0xea87cdae1d33a4f0L, Words.fingerprint(v, 1, 3));
        assertEquals(0xd3844d16018f1be4L, Words.fingerprint(v, 1, 4));
    }

    @Test
    void upToThreeValuesAreOneChain() {
        int[] v = values();
        for (int n = 0; n < 4; n++) {
            for (int offset = 0; offset < 5; offset++) {
                assertEquals(Words.chainHash(v, offset, n), Words.fingerprint(v, offset, n), "n=" + n + " offset=" + offset);
            }
        }
    }

    @Test
    void valuesHeldElsewhereFingerprintAsABuffer() {
        int[] v = values();
        for (int n = 0; n <= 40; n++) {
            Words w = new Words();
            w.put(v, 3, 3 + n);
            assertEquals(w.fingerprint(), Words.fingerprint(v, 3, n), "n=" + n);
        }
    }
}
