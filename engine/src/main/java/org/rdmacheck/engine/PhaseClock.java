package org.rdmacheck.engine;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where a run's CPU time goes: the serial steps of the coordinating thread between levels, and
 * the sections that run on all workers (expansion, matching, numbering passes, store inserts),
 * measured in thread CPU time so that the figures do not depend on the load of the machine. A
 * parallel section records each task's CPU time: their sum is the section's work, their maximum its
 * span on enough idle cores, and the gap from each task to the maximum its imbalance (CPU time the
 * other threads would wait at the barrier). Two reads of the thread clock per task and section:
 * nothing per state.
 */
final class PhaseClock {

    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    private final boolean on;
    private final Map<String, long[]> serialByStep = new LinkedHashMap<>();
    private final Map<String, long[]> parallelBySection = new LinkedHashMap<>();
    private long serial;
    private long parallel;
    private long span;
    private long imbalance;
    private long barrierWait;
    private long sections;
    private long coordinatorMark;
    /** the coordinator's CPU time inside sections it ran inline (one thread): not serial work */
    private long coordinatorInSections;

    PhaseClock() {
        boolean ok;
        try {
            ok = MX.isCurrentThreadCpuTimeSupported() && MX.isThreadCpuTimeEnabled();
        } catch (UnsupportedOperationException e) {
            ok = false;
        }
        on = ok;
    }

    /** @return the current thread's CPU time in nanoseconds, 0 when not supported */
    long cpu() {
        return on ? MX.getCurrentThreadCpuTime() : 0;
    }

    /** Starts the serial accounting of the coordinating thread. */
    void start() {
        coordinatorMark = cpu();
        coordinatorInSections = 0;
    }

    /**
     * Ends a serial step of the coordinator: its CPU time since the last mark, minus the sections
     * it ran itself, is booked as serial under {@code step}.
     */
    void mark(String step) {
        long now = cpu();
        long d = Math.max(0, now - coordinatorMark - coordinatorInSections);
        coordinatorMark = now;
        coordinatorInSections = 0;
        serial += d;
        serialByStep.computeIfAbsent(step, k -> new long[1])[0] += d;
    }

    /**
     * Books a parallel section.
     *
     * @param name       the section
     * @param taskCpu    CPU time of each task (one per worker)
     * @param taskWall   wall time of each task
     * @param wall       wall time of the whole section (from its start to the last task's end)
     * @param inline     whether the coordinator ran it itself (its CPU is then not serial work)
     */
    synchronized void section(String name, long[] taskCpu, long[] taskWall, long wall, boolean inline) {
        long sum = 0;
        long max = 0;
        long walls = 0;
        for (int i = 0; i < taskCpu.length; i++) {
            sum += taskCpu[i];
            max = Math.max(max, taskCpu[i]);
            walls += taskWall[i];
        }
        for (long c : taskCpu) {
            imbalance += max - c;
        }
        parallel += sum;
        span += max;
        sections++;
        if (taskCpu.length > 1) {
            barrierWait += Math.max(0, wall * taskCpu.length - walls);
        }
        if (inline) {
            coordinatorInSections += sum;
        }
        long[] s = parallelBySection.computeIfAbsent(name, k -> new long[3]);
        s[0] += sum;
        s[1] += max;
        s[2] += taskCpu.length * max - sum;
    }

    /** @return the figures so far */
    ExplorationReport.Timing timing(int threads) {
        Map<String, Long> steps = new LinkedHashMap<>();
        serialByStep.forEach((k, v) -> steps.put(k, v[0]));
        Map<String, Long> par = new LinkedHashMap<>();
        Map<String, Long> gaps = new LinkedHashMap<>();
        parallelBySection.forEach((k, v) -> {
            par.put(k, v[0]);
            gaps.put(k, v[2]);
        });
        return new ExplorationReport.Timing(on, threads, serial, parallel, span, imbalance, barrierWait, sections,
                steps, par, gaps);
    }
}
