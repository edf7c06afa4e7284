package org.rdmacheck.model;

/**
 * A packed encoding of a model's states as 64-bit words: {@link #encode} writes a state into a
 * reusable {@link Words} buffer, {@link #decode} reads it back. The explorer fingerprints the words
 * ({@link Words#fingerprint}) instead of walking the state's objects, and may keep states packed.
 *
 * <p>Contract: equal states give equal words, different states different words, and
 * {@code decode(encode(s))} equals {@code s}. A model that has no codec is explored through
 * {@link Model#fingerprint} as before.
 *
 * @param <S> state type
 */
public interface StateCodec<S> {

    /**
     * Writes a state; the buffer has been cleared.
     *
     * @param state the state
     * @param out   receives its words
     */
    void encode(S state, Words out);

    /**
     * Reads a state written by {@link #encode}.
     *
     * @param in the words, read from the start
     * @return the state
     */
    S decode(Words.Reader in);
}
