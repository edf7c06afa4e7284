package org.rdmacheck.checker;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The runs of a test class made in one batch (TLC runs in one child JVM: {@code TlcChecker.checkAll},
 * {@code TraceValidator.validateAll}) instead of one child per test: a small TLC run is mostly its
 * JVM's start, which a batch's runs share. A class adds its runs as it loads; the first test to ask
 * for a result runs every run added so far, once, and each test then asserts on its own run's result.
 *
 * @param <Q> a run's request
 * @param <R> its result
 */
public final class OnDemandBatch<Q, R> {

    private final Function<List<Q>, List<R>> runAll;
    private final List<Q> requests = new ArrayList<>();
    private final List<R> results = new ArrayList<>();

    /** @param runAll runs requests together, one result per request, in order */
    public OnDemandBatch(Function<List<Q>, List<R>> runAll) {
        this.runAll = runAll;
    }

    /** A run of the batch. */
    @FunctionalInterface
    public interface Run<R> {
        /** @return its result, the batch run on first demand */
        R result();
    }

    /**
     * @param request a run
     * @return the run, made on first demand
     */
    public synchronized Run<R> add(Q request) {
        int index = requests.size();
        requests.add(request);
        return () -> result(index);
    }

    /** @return the run's result, running the runs added since the last batch if it is one of them */
    private synchronized R result(int index) {
        if (index >= results.size()) {
            List<Q> pending = List.copyOf(requests.subList(results.size(), requests.size()));
            List<R> done = runAll.apply(pending);
            if (done.size() != pending.size()) {
                throw new IllegalStateException(done.size() + " results for " + pending.size() + " runs");
            }
            results.addAll(done);
        }
        return results.get(index);
    }
}
