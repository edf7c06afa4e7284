package org.rdmacheck.model.layout;

import org.rdmacheck.model.StateCodec;
import org.rdmacheck.model.Words;

/**
 * The codec of a layout's states: the packed values are the encoding, so encoding copies them and
 * decoding reads the header, then as many values as the FIFO lengths in it call for.
 *
 * @param layout the layout
 */
public record LayoutCodec(StateLayout layout) implements StateCodec<LayoutState> {

    @Override
    public void encode(LayoutState state, Words out) {
        out.put(state.raw(), 0, state.length());
    }

    @Override
    public LayoutState decode(Words.Reader in) {
        int[] v = new int[layout.maxLength()];
        int h = layout.header();
        for (int i = 0; i < h; i++) {
            v[i] = in.next();
        }
        int n = layout.length(v, 0);
        for (int i = h; i < n; i++) {
            v[i] = in.next();
        }
        return new LayoutState(layout, v, 0, n);
    }
}
