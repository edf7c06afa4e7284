package org.rdmacheck.engine;

import java.util.Arrays;
import org.rdmacheck.model.PackedModel;

/**
 * The successors of one state, collected as a packed model emits them: their action codes and
 * their values back to back in one arena. The searches that look at every successor of a state
 * before choosing (random walks, the directed search) fill one per thread and reuse it.
 */
final class SuccessorBuffer implements PackedModel.Sink {

    /** The successors' values, successor {@code k} from {@code starts[k]} to {@code starts[k + 1]}. */
    int[] arena = new int[1024];
    /** Where each successor's values begin; {@code starts[count]} is the end of the last. */
    int[] starts = new int[33];
    /** Each successor's action code. */
    long[] codes = new long[32];
    /** How many successors are held. */
    int count;

    /** Forgets the successors held. */
    void clear() {
        count = 0;
    }

    @Override
    public void accept(long code, int[] next, int length) {
        if (count == codes.length) {
            codes = Arrays.copyOf(codes, 2 * count);
            starts = Arrays.copyOf(starts, 2 * count + 1);
        }
        int at = starts[count];
        if (at + length > arena.length) {
            arena = Arrays.copyOf(arena, 2 * (at + length));
        }
        System.arraycopy(next, 0, arena, at, length);
        codes[count] = code;
        starts[++count] = at + length;
    }

    /** @param k a successor  @return how many values it has */
    int length(int k) {
        return starts[k + 1] - starts[k];
    }
}
