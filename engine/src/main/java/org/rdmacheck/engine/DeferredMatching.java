package org.rdmacheck.engine;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Matches the new successors a level's workers kept ({@link Candidates}) into the level table
 * after the level is expanded, one stripe per thread at a time: no lock, and a stripe's table
 * stays in the cache while it is filled. Used on the packed path with several threads.
 */
final class DeferredMatching {

    private final Sections sections;
    private final RunControl control;
    /** the sum of the table slots read ahead of inserts, kept so that the reads stay */
    private long readAhead;

    DeferredMatching(Sections sections, RunControl control) {
        this.sections = sections;
        this.control = control;
    }

    /** Inserts every candidate into {@code next}; counts the new states as found. */
    <S> void match(List<Candidates> all, LevelTable<S> next) {
        long work = 0;
        for (Candidates c : all) {
            for (int s = 0; s < LevelTable.STRIPES; s++) {
                work += c.used(s);
            }
        }
        AtomicLong added = new AtomicLong();
        long[] touched = new long[1];
        sections.inParallel("match", LevelTable.STRIPES, work / 8, (a, b) -> {
            long n = 0;
            long sum = 0;
            int[] block = new int[LevelExpansion.TOUCH_BLOCK];
            for (int s = a; s < b; s++) {
                for (Candidates c : all) {
                    int[] buf = c.buffer(s);
                    int used = c.used(s);
                    for (int at = 0; at < used; ) {
                        // a block of records: their home slots read first, then the inserts
                        int count = 0;
                        for (int r = at; r < used && count < block.length; r += Candidates.HEADER + Candidates.length(buf, r)) {
                            block[count++] = r;
                            sum += next.touch(Candidates.fp(buf, r));
                        }
                        for (int j = 0; j < count; j++) {
                            int r = block[j];
                            int length = Candidates.length(buf, r);
                            if (next.insertPackedOwned(s, Candidates.fp(buf, r), Candidates.link(buf, r), buf,
                                    r + Candidates.HEADER, length) >= 0) {
                                n++;
                            }
                            at = r + Candidates.HEADER + length;
                        }
                    }
                }
            }
            added.addAndGet(n);
            synchronized (touched) {
                touched[0] += sum;
            }
        });
        readAhead += touched[0];
        control.found.addAndGet(added.get());
    }

    /** @return the sum of the slots read ahead (kept so that the reads are not optimised away) */
    long readAhead() {
        return readAhead;
    }
}
