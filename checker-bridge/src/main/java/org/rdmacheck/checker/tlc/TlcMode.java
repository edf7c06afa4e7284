package org.rdmacheck.checker.tlc;

import java.util.Optional;

/**
 * How TLC explores: exhaustively, stopping at the first violation (the default) or going on
 * ({@code -continue}), or by random simulation ({@code -simulate num=N -depth D -seed S}); and
 * whether it collects per-action coverage ({@code -coverage}).
 *
 * @param continueAfterViolation keep checking after a violated invariant and report every violated property
 * @param simulation             random simulation instead of exhaustive checking, if present
 * @param coverage               collect how often each action was taken and the distinct states it found
 */
public record TlcMode(boolean continueAfterViolation, Optional<Simulation> simulation, boolean coverage) {

    /** Rejects a missing simulation. */
    public TlcMode {
        java.util.Objects.requireNonNull(simulation, "simulation");
    }

    /** @return exhaustive, stop at the first violation, no coverage */
    public static TlcMode exhaustive() {
        return new TlcMode(false, Optional.empty(), false);
    }

    /**
     * Random simulation: TLC draws {@code traces} behaviours of at most {@code depth} states each.
     *
     * @param traces how many behaviours ({@code num=N}), at least 1
     * @param depth  states per behaviour ({@code -depth}), at least 1
     * @param seed   the random seed ({@code -seed}); the same seed and one worker give the same behaviours
     */
    public record Simulation(long traces, int depth, long seed) {
        /** Validates ranges. */
        public Simulation {
            if (traces < 1) {
                throw new IllegalArgumentException("traces = " + traces + ": expected at least 1");
            }
            if (depth < 1) {
                throw new IllegalArgumentException("depth = " + depth + ": expected at least 1");
            }
        }
    }

    /** @return TLC's command-line arguments for this mode */
    java.util.List<String> arguments() {
        java.util.List<String> a = new java.util.ArrayList<>();
        if (continueAfterViolation) {
            a.add("-continue");
        }
        if (coverage) {
            // minutes between reports; TLC also reports once at the end, which is the one read
            a.addAll(java.util.List.of("-coverage", "1"));
        }
        simulation.ifPresent(s -> a.addAll(java.util.List.of("-simulate", "num=" + s.traces(), "-depth",
                String.valueOf(s.depth()), "-seed", String.valueOf(s.seed()))));
        return a;
    }
}
