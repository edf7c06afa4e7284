package org.rdmacheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rdmacheck report} on the default suite, as the launcher runs it (a JVM of its own, C1 only,
 * 3 GB heap): first with {@code --rerun}, as from a fresh clone, then again, when it draws the
 * findings the first run saved. The bounds are generous for loaded machines (the figures measured
 * are in docs/report.md and printed here with the load average); the second must stay within the
 * 30 s a report is allowed. The first run's CPU time (its JVM's and its TLC children's), which
 * depends far less on the load than its wall-clock time, is bounded too: twice what it takes,
 * so that a change to the suite's structure that explores something twice again shows. Slow: {@code mvn -B verify -Pslow -pl cli -am -Dtest=ReportTimeTest
 * -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@Tag("slow")
class ReportTimeTest {

    private static final long FRESH_BOUND_MILLIS = 300_000;
    private static final long SAVED_BOUND_MILLIS = 30_000;
    /**
     * CPU seconds of the first run: 65.5 s measured one step at a time at a load average of 26, about
     * 58 s estimated idle (docs/report.md); 100 s allowed.
     */
    private static final long FRESH_CPU_BOUND_MILLIS = 100_000;
    /** index.html: a fixed part (style, script, the summary) and about 340 B a finding; 400 B allowed. */
    private static final long PAGE_FIXED_BYTES = 100_000;
    private static final long PAGE_BYTES_PER_FINDING = 400;

    @Test
    void aReportRunsTheSuiteOnceAndThenDrawsItsSavedFindings(@TempDir Path tmp) throws Exception {
        Path repo = JsonSchemaTest.repo();
        Path dir = tmp.resolve("report");
        Run fresh = report(repo, tmp, dir, "--rerun");
        Run saved = report(repo, tmp, dir);
        System.out.printf("report of the default suite: %.1f s running it (CPU %.1f s), %.1f s from its saved "
                + "findings (CPU %.1f s) (load average %.1f on %d cores)%n%s%n", fresh.millis / 1000.0,
                fresh.cpuMillis / 1000.0, saved.millis / 1000.0, saved.cpuMillis / 1000.0,
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                Runtime.getRuntime().availableProcessors(),
                fresh.err.lines().filter(l -> l.startsWith("all: ")).findFirst().orElse(""));
        assertEquals(0, fresh.code, fresh.err);
        assertEquals(0, saved.code, saved.err);
        assertTrue(fresh.err.contains("report: running the suite (--rerun)"), fresh.err);
        assertTrue(saved.err.contains("saved by an earlier run"), saved.err);
        assertTrue(saved.err.lines().noneMatch(l -> l.startsWith("all [")), "no step runs again: " + saved.err);
        Path findings = repo.resolve("out/suite/all/findings.json");
        List<Finding> rows = FindingsJson.read(findings, repo);
        // the page grows with the suite (a row per finding): bounded per finding, not in all (500 KB was
        // outgrown at 2,330 findings, 787,315 B, about 338 B each; 1,128 made 395 KB, about 350 B each)
        long page = Files.size(dir.resolve("index.html"));
        assertTrue(page <= PAGE_FIXED_BYTES + PAGE_BYTES_PER_FINDING * rows.size(),
                page + " B for " + rows.size() + " findings");
        assertTrue(rows.size() > 700, rows.size() + " findings");
        assertEquals(rows.size(), rows.stream().filter(f -> f.outcome() == Finding.Outcome.AS_EXPECTED).count());
        assertTrue(fresh.millis <= FRESH_BOUND_MILLIS, "running the suite: " + fresh.millis + " ms");
        // where the CPU of this JVM's children cannot be read, it is 0 and bounds nothing
        assertTrue(fresh.cpuMillis <= FRESH_CPU_BOUND_MILLIS, "running the suite: " + fresh.cpuMillis + " ms of CPU");
        assertTrue(saved.millis <= SAVED_BOUND_MILLIS, "from saved findings: " + saved.millis + " ms");
    }

    /** @param cpuMillis the CPU time of the report's JVM and of its TLC children */
    private record Run(int code, long millis, long cpuMillis, String err) {
    }

    /** Runs {@code rdmacheck report DIR ARGS} in a JVM of its own, with the launcher's options. */
    private static Run report(Path repo, Path tmp, Path dir, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx3g", "-XX:+UseParallelGC", "-XX:TieredStopAtLevel=1", "-Drdmacheck.home=" + repo,
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "report", dir.toString()));
        cmd.addAll(List.of(args));
        Path err = Files.createTempFile(tmp, "report", ".err");
        long t0 = System.currentTimeMillis();
        long cpu0 = CpuTime.now().childMillis();
        Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(err.toFile()).start();
        int code = p.waitFor();
        return new Run(code, System.currentTimeMillis() - t0, CpuTime.now().childMillis() - cpu0,
                Files.readString(err));
    }
}
