package org.rdmacheck.fluid.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdmacheck.fluid.FluidLimitException;
import org.rdmacheck.fluid.SolveMonitor;

/** A scenario's files are written under its time limit: all of them, or none when the limit comes first. */
class FluidFilesTest {

    /** A limit that passes once {@code expired} is set. */
    private static SolveMonitor limit(AtomicBoolean expired) {
        return new SolveMonitor() {
            @Override
            public void stepEnd(double t, double end, long steps) {
            }

            @Override
            public void checkpoint(double t) {
                if (expired.get()) {
                    throw new FluidLimitException("time limit 1s reached", t);
                }
            }
        };
    }

    @Test
    void aLimitReachedWhileRenderingStopsTheScenarioWithNothingWritten(@TempDir Path dir) throws Exception {
        AtomicBoolean expired = new AtomicBoolean();
        AtomicBoolean rendered = new AtomicBoolean();
        long t0 = System.nanoTime();
        FluidLimitException e = assertThrows(FluidLimitException.class, () -> FluidFiles.staged(limit(expired),
                110_000, () -> {
                    FluidFiles.csv(dir.resolve("a.csv"), List.of("x"), List.of(new double[] {1}));
                    expired.set(true);
                    // a rendering far slower than the limit: the scenario does not wait for it
                    sleep(3_000);
                    FluidFiles.csv(dir.resolve("b.csv"), List.of("x"), List.of(new double[] {2}));
                    rendered.set(true);
                }));
        assertEquals(110_000, e.timeMicros());
        assertTrue((System.nanoTime() - t0) / 1e9 < 2.5, "stopped within the polling interval, not after the render");
        assertTrue(Files.list(dir).findAny().isEmpty(), "nothing written");
    }

    @Test
    void aLimitAlreadyReachedRendersNothing(@TempDir Path dir) throws Exception {
        AtomicBoolean ran = new AtomicBoolean();
        assertThrows(FluidLimitException.class, () -> FluidFiles.staged(limit(new AtomicBoolean(true)), 0,
                () -> ran.set(true)));
        assertTrue(!ran.get());
    }

    @Test
    void withinTheLimitEveryFileIsWritten(@TempDir Path dir) throws Exception {
        FluidFiles.staged(limit(new AtomicBoolean()), 0, () -> {
            FluidFiles.csv(dir.resolve("a.csv"), List.of("x"), List.of(new double[] {1}));
            sleep(100);
            FluidFiles.csv(dir.resolve("b.csv"), List.of("x"), List.of(new double[] {2}));
        });
        assertEquals("x\n2.00000\n", Files.readString(dir.resolve("b.csv")));
        assertTrue(Files.exists(dir.resolve("a.csv")));
    }

    @Test
    void aFailureWhileRenderingIsTheScenariosFailure(@TempDir Path dir) {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> FluidFiles.staged(
                limit(new AtomicBoolean()), 0, () -> {
                    throw new IllegalStateException("no fonts");
                }));
        assertEquals("no fonts", e.getMessage());
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
