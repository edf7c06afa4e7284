package org.rdmacheck.checker.conformance;

import java.nio.file.Path;
import java.util.Map;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.OnDemandBatch;
import org.rdmacheck.checker.tlc.TlcOptions;
import org.rdmacheck.checker.trace.ItfTraces;

/**
 * The traces of a test class, validated together ({@link TraceValidator#validateAll}: their TLC runs
 * in one child JVM, the loops of the lassos in a second) instead of one TLC child per trace: a small
 * TLC run is mostly its JVM's start, which the runs then share. A class adds its traces as it loads;
 * the first test to ask for a verdict validates every trace added so far, once, and each test then
 * asserts on its own trace's verdict (or error), so a wrong verdict fails only the test that has it.
 */
public final class TraceBatch {

    private final OnDemandBatch<TraceValidator.Request, TraceValidator.Outcome> batch;

    /** @param options how to run TLC */
    public TraceBatch(TlcOptions options) {
        this.batch = new OnDemandBatch<>(new TraceValidator(options)::validateAll);
    }

    /** A trace of the batch. */
    @FunctionalInterface
    public interface Trace {
        /**
         * @return its verdict, as {@link TraceValidator#validate} gives it
         * @throws RuntimeException its error, as {@link TraceValidator#validate} throws it
         */
        TraceValidation validation();
    }

    /**
     * @param request a trace to validate
     * @return the trace, validated on first demand
     */
    public Trace add(TraceValidator.Request request) {
        OnDemandBatch.Run<TraceValidator.Outcome> run = batch.add(request);
        return () -> run.result().validation();
    }

    /**
     * @param trace     a counterexample
     * @param specDir   the spec folder
     * @param config    configuration file, or null for the folder's default
     * @param overrides constant overrides
     * @return the trace, validated on first demand
     */
    public Trace add(Counterexample trace, Path specDir, String config, Map<String, String> overrides) {
        return add(TraceValidator.Request.of(trace, specDir, config, overrides));
    }

    /**
     * @param itf       an ITF trace
     * @param source    its file name
     * @param specDir   the spec folder
     * @param config    configuration file, or null for the folder's default
     * @param overrides constant overrides
     * @return the trace, validated on first demand
     */
    public Trace add(ItfTraces.ItfTrace itf, String source, Path specDir, String config, Map<String, String> overrides) {
        return add(TraceValidator.Request.of(itf, source, specDir, config, overrides));
    }
}
