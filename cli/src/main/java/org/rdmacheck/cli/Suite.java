package org.rdmacheck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.TimeText;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.InputException;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.catalog.ModelEntry;

/** The whole suite of {@code rdmacheck all} and {@code rdmacheck report}: catalogue checks, then the suite tasks. */
final class Suite {

    private Suite() {
    }

    /**
     * Runs the steps under one deadline: {@code settings.maxMillis()} is the time limit of the whole
     * run, and each step gets the time that remains when it starts. A step that would start after
     * the deadline is not run: it gives one INCONCLUSIVE finding (cause TIME_LIMIT) saying so, and
     * the run exits 3 unless something failed.
     *
     * <p>The steps are independent (each builds its own model; counterexamples go to files of their
     * own), so up to {@link #workers(ExplorerSettings) one per core} run side by side, the explorer
     * threads shared among them, the longest first ({@link #startOrder}). The findings are the same
     * as one after the other, in the suite's order.
     *
     * @param only     model or task names to run (empty: all)
     * @param settings explorer settings; their time limit covers the whole run
     * @param outDir   counterexample folder, or null
     * @param err      progress lines
     * @return every finding, in order
     */
    static List<Finding> run(List<String> only, ExplorerSettings settings, Path outDir, PrintWriter err) {
        if (settings.symmetry()) {
            warnUnreduced(err, only);
        }
        List<Step> steps = steps(only);
        try (SuiteHeartbeat beat = new SuiteHeartbeat(err, SuiteHeartbeat.INTERVAL_MILLIS, steps.size())) {
            return run(steps, settings, outDir, err, beat);
        }
    }

    private static List<Finding> run(List<Step> steps, ExplorerSettings settings, Path outDir, PrintWriter err,
                                     SuiteHeartbeat beat) {
        int workers = Math.min(workers(settings), Math.max(1, steps.size()));
        ExplorerSettings each = settings.withThreads(Math.max(1, settings.threads() / workers));
        // the deadline counts from the first step's start, not from the pool's
        java.util.concurrent.atomic.AtomicLong start = new java.util.concurrent.atomic.AtomicLong();
        Map<String, Long> took = new java.util.concurrent.ConcurrentHashMap<>();
        List<Callable<List<Finding>>> jobs = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            String prefix = String.format(Locale.ROOT, "all [%d/%d] %s", i + 1, steps.size(), steps.get(i).label());
            Step step = steps.get(i);
            jobs.add(() -> runStep(step, prefix, each, start, outDir, err, took, workers == 1, beat));
        }
        List<Finding> rows = new ArrayList<>();
        long wall0 = System.currentTimeMillis();
        CpuTime cpu0 = CpuTime.now();
        ExecutorService pool = Executors.newFixedThreadPool(workers, r -> {
            Thread t = new Thread(r, "all");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<List<Finding>>> futures = new ArrayList<>(java.util.Collections.nCopies(jobs.size(), null));
            // one at a time, the steps keep the suite's order: only side by side does the order pay
            List<Integer> order = workers == 1 ? java.util.stream.IntStream.range(0, steps.size()).boxed().toList()
                    : startOrder(steps, StepTimes.known(ExplorerOptions.home()));
            for (int i : order) {
                futures.set(i, pool.submit(jobs.get(i)));
            }
            for (Future<List<Finding>> f : futures) {
                rows.addAll(f.get());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("the suite was interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
        beat.println(timeSummary(steps.size(), System.currentTimeMillis() - wall0, CpuTime.now().since(cpu0), took));
        try {
            StepTimes.save(ExplorerOptions.home(), took);
        } catch (IOException e) {
            beat.println("all: the steps' times not saved (" + e.getMessage() + "): the next run starts them in the "
                    + "default order");
        }
        return rows;
    }

    /**
     * The order to start the steps in: longest first by their last times ({@link StepTimes}), so that
     * the short ones fill the end; steps never timed first, the tasks' parts (the long ones of a first
     * run) before the model checks.
     *
     * @return indexes into {@code steps}
     */
    private static List<Integer> startOrder(List<Step> steps, Map<String, Long> known) {
        List<Integer> given = new ArrayList<>();
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < steps.size(); i++) {
                if (steps.get(i).task() == (pass == 0)) {
                    given.add(i);
                }
            }
        }
        return StepTimes.order(given.stream().map(i -> steps.get(i).label()).toList(), known).stream()
                .map(given::get).toList();
    }

    /**
     * @param settings explorer settings of the run
     * @return how many steps run side by side: the explorer threads asked for, at most one per core
     */
    static int workers(ExplorerSettings settings) {
        return Math.max(1, Math.min(settings.threads(), Runtime.getRuntime().availableProcessors()));
    }

    /**
     * Where the run's time went: wall clock, CPU of this JVM and of its TLC children, and the
     * longest steps (their wall-clock times: side by side, a step's CPU is not told apart).
     */
    static String timeSummary(int steps, long wallMillis, CpuTime cpu, Map<String, Long> took) {
        StringBuilder longest = new StringBuilder();
        took.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(5)
                .forEach(e -> longest.append(longest.length() == 0 ? "" : ", ").append(e.getKey())
                        .append(String.format(Locale.ROOT, " %.1f s", e.getValue() / 1000.0)));
        return String.format(Locale.ROOT, "all: %d steps in %.1f s, CPU %.1f s (this JVM %.1f s, child JVMs %.1f s); "
                + "longest: %s", steps, wallMillis / 1000.0, cpu.totalMillis() / 1000.0, cpu.ownMillis() / 1000.0,
                cpu.childMillis() / 1000.0, longest);
    }

    /**
     * Runs one step on the time the run has left, or gives its not-run finding past the deadline.
     *
     * @param alone whether no other step runs meanwhile: then the step's CPU time is its own, and printed
     */
    private static List<Finding> runStep(Step step, String prefix, ExplorerSettings settings,
                                         java.util.concurrent.atomic.AtomicLong started, Path outDir, PrintWriter err,
                                         Map<String, Long> took, boolean alone, SuiteHeartbeat beat) {
        started.compareAndSet(0, System.currentTimeMillis());
        long start = started.get();
        long limit = settings.maxMillis();
        long remaining = limit - (System.currentTimeMillis() - start);
        if (remaining <= 0) {
            beat.println(prefix + ": not run, the time limit " + TimeText.of(limit) + " has passed");
            return List.of(notRun(step, limit, System.currentTimeMillis() - start));
        }
        beat.println(prefix + " ...");
        beat.started(prefix);
        long t0 = System.currentTimeMillis();
        CpuTime cpu0 = CpuTime.now();
        List<Finding> found;
        try {
            found = step.work().run(settings.withMaxMillis(remaining), outDir, prefix, err);
        } catch (InputException ex) {
            throw ex;
        } catch (Exception ex) {
            found = List.of(Finding.of(step.label(), "-", Map.of(), "-", Finding.Expectation.NONE,
                    Finding.Verdict.FAILED).withWallMillis(System.currentTimeMillis() - t0)
                    .withDetail(String.valueOf(ex.getMessage())));
        }
        took.put(step.label(), System.currentTimeMillis() - t0);
        beat.ended(prefix);
        CpuTime cpu = CpuTime.now().since(cpu0);
        beat.println(prefix + ": " + summary(found) + String.format(Locale.ROOT, ", %.1f s%s (%.0f s elapsed)",
                (System.currentTimeMillis() - t0) / 1000.0, alone ? String.format(Locale.ROOT, ", CPU %.1f s%s",
                        cpu.totalMillis() / 1000.0, cpu.childMillis() > 0 ? String.format(Locale.ROOT, " (%.1f s in "
                        + "child JVMs)", cpu.childMillis() / 1000.0) : "") : "",
                (System.currentTimeMillis() - start) / 1000.0));
        return found;
    }

    /** @return a catalogue run's parameters with the variant's defaults filled in, as its checks report them */
    private static Map<String, String> effective(ModelEntry e, ModelEntry.Run run) {
        Map<String, String> all = new java.util.TreeMap<>(e.defaults(run.variant()));
        all.putAll(run.params().asMap());
        return all;
    }

    /** @return the finding of a step the deadline left out */
    private static Finding notRun(Step step, long limit, long elapsed) {
        return Finding.of(step.model(), step.variant(), step.params(), "-", Finding.Expectation.NONE,
                Finding.Verdict.INCONCLUSIVE).with(Quantity.of("elapsedMillis", elapsed, Quantity.Unit.MILLISECONDS))
                .withInconclusive(CheckResult.InconclusiveReason.TIME_LIMIT, String.format(Locale.ROOT,
                        "not run: the run's time limit %s had passed when this step was due (%.1f s elapsed)",
                        TimeText.of(limit), elapsed / 1000.0));
    }

    /**
     * One unit of the suite, with its progress label.
     *
     * @param params the parameters of a catalogue model's run (a step the deadline leaves out keeps them)
     * @param task whether it is a suite task's part (not a catalogue model's run)
     */
    private record Step(String label, String model, String variant, Map<String, String> params, boolean task,
                        Work work) {
    }

    @FunctionalInterface
    private interface Work {
        List<Finding> run(ExplorerSettings settings, Path outDir, String prefix, PrintWriter err) throws Exception;
    }

    /** @return the steps of the suite, in the order of their findings */
    static List<String> labels(List<String> only) {
        return steps(only).stream().map(Step::label).toList();
    }

    private static List<Step> steps(List<String> only) {
        List<Step> steps = new ArrayList<>();
        for (ModelEntry e : Catalog.entries()) {
            if (!only.isEmpty() && !only.contains(e.name())) {
                continue;
            }
            for (ModelEntry.Run run : e.allRuns()) {
                // parameters sorted by name: the same label in every JVM (the key of saved findings)
                String label = e.name() + " " + run.variant() + (run.params().asMap().isEmpty() ? ""
                        : " " + new java.util.TreeMap<>(run.params().asMap()));
                steps.add(new Step(label, e.name(), run.variant(), effective(e, run), false, (settings, outDir, prefix, err) ->
                        ModelChecks.run(e.build(run.variant(), run.params()), settings, outDir)));
            }
        }
        Path home = ExplorerOptions.home();
        for (SuiteTask t : AllCommand.TASKS) {
            if (only.isEmpty() || only.contains(t.name())) {
                for (SuiteTask.Part part : t.parts(home)) {
                    steps.add(new Step(part.label().isEmpty() ? t.name() : t.name() + " " + part.label(), t.name(), "-",
                            Map.of(), true, (settings, outDir, prefix, err) -> part.work().run(settings, outDir,
                                    line -> SuiteHeartbeat.println(err, prefix + ": " + line))));
                }
            }
        }
        return steps;
    }

    /**
     * @param only --model names
     * @throws InputException unless each names a catalogue model or a suite task (one line, exit 2)
     */
    /**
     * {@code --symmetry} reduces each model's checks by the symmetric set its variant declares; one line
     * names the models of the run none of whose variants declares one at its defaults (explored unreduced),
     * as {@code check} says it of one model (a warning, not a refusal: the results are sound, only
     * unreduced). Building every variant costs about 0.4 s of CPU (136 variants, cold).
     *
     * @param err  where the warning goes
     * @param only the {@code --model} names (empty: every model)
     */
    static void warnUnreduced(PrintWriter err, List<String> only) {
        List<String> none = new ArrayList<>();
        for (ModelEntry e : Catalog.entries()) {
            if ((only.isEmpty() || only.contains(e.name()))
                    && e.variants().stream().noneMatch(v -> declaresSymmetry(e, v.name()))) {
                none.add(e.name());
            }
        }
        if (!none.isEmpty()) {
            err.println("warning: --symmetry: " + String.join(", ", none) + (none.size() == 1 ? " declares" : " declare")
                    + " no symmetric set at any variant; " + (none.size() == 1 ? "its" : "their") + " states are "
                    + "explored without reduction");
            err.flush();
        }
    }

    /** @return whether the variant at its defaults declares a symmetric set (one that does not build: no) */
    private static boolean declaresSymmetry(ModelEntry e, String variant) {
        try {
            return e.build(variant, org.rdmacheck.model.Params.of(Map.of())).model().symmetry().isPresent();
        } catch (InputException x) {
            return false;
        }
    }

    static void requireKnownNames(List<String> only) {
        Set<String> known = new LinkedHashSet<>();
        Catalog.entries().forEach(e -> known.add(e.name()));
        AllCommand.TASKS.forEach(t -> known.add(t.name()));
        for (String name : only) {
            if (!known.contains(name)) {
                throw new InputException("--model '" + name + "': expected one of " + String.join(", ", known));
            }
        }
    }

    /**
     * @return {@code 3 results, 2 as expected, 1 inconclusive; 12,345 states}; rows declared vacuous
     *         (INCONCLUSIVE and as expected) are named apart: {@code 126 results, 126 as expected (2 of them
     *         INCONCLUSIVE as declared: vacuous, not proofs)}
     */
    static String summary(List<Finding> found) {
        long unexpected = found.stream().filter(r -> r.outcome() == Finding.Outcome.UNEXPECTED).count();
        long inconclusive = found.stream().filter(r -> r.outcome() == Finding.Outcome.INCONCLUSIVE).count();
        long vacuous = found.stream().filter(r -> r.outcome() == Finding.Outcome.AS_EXPECTED
                && r.verdict() == Finding.Verdict.INCONCLUSIVE).count();
        long states = found.stream().mapToLong(r -> r.quantity("distinctStates").map(q -> (long) q.value())
                .orElse(0L)).max().orElse(0);
        return String.format(Locale.ROOT, "%d result%s, %d as expected%s%s%s%s", found.size(),
                found.size() == 1 ? "" : "s", found.size() - unexpected - inconclusive,
                vacuous > 0 ? " (" + vacuous + " of them INCONCLUSIVE as declared: vacuous, not proofs)" : "",
                unexpected > 0 ? ", " + unexpected + " UNEXPECTED" : "",
                inconclusive > 0 ? ", " + inconclusive + " inconclusive" : "",
                states > 0 ? String.format(Locale.ROOT, "; %,d states", states) : "");
    }
}
