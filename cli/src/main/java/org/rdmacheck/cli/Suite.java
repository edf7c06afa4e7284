package org.rdmacheck.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.Map;
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
     * Runs the steps in order under one deadline: {@code settings.maxMillis()} is the time limit of
     * the whole run, and each step gets the time that remains when it starts. A step that would
     * start after the deadline is not run: it gives one INCONCLUSIVE finding (cause TIME_LIMIT)
     * saying so, and the run exits 3 unless something failed.
     *
     * @param only     model or task names to run (empty: all)
     * @param settings explorer settings; their time limit covers the whole run
     * @param outDir   counterexample folder, or null
     * @param err      progress lines
     * @return every finding, in order
     */
    static List<Finding> run(List<String> only, ExplorerSettings settings, Path outDir, PrintWriter err) {
        List<Step> steps = steps(only);
        List<Finding> rows = new ArrayList<>();
        long start = System.currentTimeMillis();
        long limit = settings.maxMillis();
        for (int i = 0; i < steps.size(); i++) {
            Step step = steps.get(i);
            String prefix = String.format(Locale.ROOT, "all [%d/%d] %s", i + 1, steps.size(), step.label());
            long remaining = limit - (System.currentTimeMillis() - start);
            if (remaining <= 0) {
                rows.add(notRun(step, limit, System.currentTimeMillis() - start));
                err.println(prefix + ": not run, the time limit " + TimeText.of(limit) + " has passed");
                err.flush();
                continue;
            }
            err.println(prefix + " ...");
            err.flush();
            long t0 = System.currentTimeMillis();
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
            rows.addAll(found);
            err.println(prefix + ": " + summary(found) + String.format(Locale.ROOT, ", %.1f s (%.0f s elapsed)",
                    (System.currentTimeMillis() - t0) / 1000.0, (System.currentTimeMillis() - start) / 1000.0));
            err.flush();
        }
        return rows;
    }

    /** @return the finding of a step the deadline left out */
    private static Finding notRun(Step step, long limit, long elapsed) {
        return Finding.of(step.model(), step.variant(), Map.of(), "-", Finding.Expectation.NONE,
                Finding.Verdict.INCONCLUSIVE).with(Quantity.of("elapsedMillis", elapsed, Quantity.Unit.MILLISECONDS))
                .withInconclusive(CheckResult.InconclusiveReason.TIME_LIMIT, String.format(Locale.ROOT,
                        "not run: the run's time limit %s had passed when this step was due (%.1f s elapsed)",
                        TimeText.of(limit), elapsed / 1000.0));
    }

    /** One unit of the suite, with its progress label. */
    private record Step(String label, String model, String variant, Work work) {
    }

    @FunctionalInterface
    private interface Work {
        List<Finding> run(ExplorerSettings settings, Path outDir, String prefix, PrintWriter err) throws Exception;
    }

    private static List<Step> steps(List<String> only) {
        List<Step> steps = new ArrayList<>();
        for (ModelEntry e : Catalog.entries()) {
            if (!only.isEmpty() && !only.contains(e.name())) {
                continue;
            }
            for (ModelEntry.Run run : e.allRuns()) {
                String label = e.name() + " " + run.variant() + (run.params().asMap().isEmpty() ? ""
                        : " " + run.params().asMap());
                steps.add(new Step(label, e.name(), run.variant(), (settings, outDir, prefix, err) ->
                        ModelChecks.run(e.build(run.variant(), run.params()), settings, outDir)));
            }
        }
        for (SuiteTask t : AllCommand.TASKS) {
            if (only.isEmpty() || only.contains(t.name())) {
                steps.add(new Step(t.name(), t.name(), "-", (settings, outDir, prefix, err) ->
                        t.run(settings, outDir, ExplorerOptions.home(), line -> {
                            err.println(prefix + ": " + line);
                            err.flush();
                        })));
            }
        }
        return steps;
    }

    /**
     * @param only --model names
     * @throws InputException unless each names a catalogue model or a suite task (one line, exit 2)
     */
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

    /** @return {@code 3 results, 2 as expected, 1 inconclusive; 12,345 states} */
    private static String summary(List<Finding> found) {
        long unexpected = found.stream().filter(r -> r.outcome() == Finding.Outcome.UNEXPECTED).count();
        long inconclusive = found.stream().filter(r -> r.outcome() == Finding.Outcome.INCONCLUSIVE).count();
        long states = found.stream().mapToLong(r -> r.quantity("distinctStates").map(q -> (long) q.value())
                .orElse(0L)).max().orElse(0);
        return String.format(Locale.ROOT, "%d result%s, %d as expected%s%s%s", found.size(),
                found.size() == 1 ? "" : "s", found.size() - unexpected - inconclusive,
                unexpected > 0 ? ", " + unexpected + " UNEXPECTED" : "",
                inconclusive > 0 ? ", " + inconclusive + " inconclusive" : "",
                states > 0 ? String.format(Locale.ROOT, "; %,d states", states) : "");
    }
}
