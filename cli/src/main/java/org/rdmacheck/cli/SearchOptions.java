package org.rdmacheck.cli;

import java.util.Optional;
import org.rdmacheck.engine.DirectedSettings;
import org.rdmacheck.engine.WalkSettings;
import org.rdmacheck.model.InputException;
import picocli.CommandLine.Option;

/**
 * {@code check --search}: the exhaustive breadth-first search (the default), or random walks that
 * find violations and never prove ({@code random[:SEED]}, with {@code --walk-depth} and {@code --walks}),
 * or a directed search that does the same ({@code directed[:SEED]}, with {@code --walk-depth}).
 */
final class SearchOptions {

    @Option(names = "--search", paramLabel = "MODE", defaultValue = "bfs", description = "bfs: exhaustive "
            + "breadth-first search (proves, shortest traces); random[:SEED]: random walks from the initial "
            + "states (TLC's -simulate), which find violations with a replayable trace and otherwise end "
            + "INCONCLUSIVE, never VERIFIED; swarm[:SEED]: random walks each biased for or against every action "
            + "name (swarm verification); directed[:SEED]: best-first by the model's measure of closeness to a "
            + "violation, with a store of visited states (directed model checking), which finds violations and "
            + "never proves; seed 1 unless given (default: ${DEFAULT-VALUE})")
    String search;

    @Option(names = "--walk-depth", paramLabel = "STEPS", description = "with --search random or swarm: the most steps of "
            + "one walk; with --search directed: the most steps of a path (default: " + WalkSettings.DEFAULT_DEPTH + ")")
    Integer walkDepth;

    @Option(names = "--walks", paramLabel = "N", description = "with --search random or swarm: stop after N walks "
            + "(default: only the time and state limits stop it)")
    Long walks;

    /**
     * @return the random walks asked for, or empty for the breadth-first search
     * @throws InputException naming a bad value (one line)
     */
    Optional<WalkSettings> walks() {
        if (search.equals("bfs")) {
            if (walkDepth != null || walks != null) {
                throw new InputException((walkDepth != null ? "--walk-depth" : "--walks")
                        + ": applies to --search random, swarm or directed only (the search is bfs)");
            }
            return Optional.empty();
        }
        String mode = mode();
        if (mode.equals("directed")) {
            return Optional.empty();
        }
        long seed = seed(mode);
        int depth = walkDepth == null ? WalkSettings.DEFAULT_DEPTH : walkDepth;
        if (depth < 1) {
            throw new InputException("--walk-depth " + depth + ": expected at least 1");
        }
        long n = walks == null ? Long.MAX_VALUE : walks;
        if (n < 1) {
            throw new InputException("--walks " + n + ": expected at least 1");
        }
        return Optional.of(new WalkSettings(seed, depth, n, mode.equals("swarm")));
    }

    /**
     * @return the directed search asked for ({@code --search directed[:SEED]}), else empty
     * @throws InputException naming a bad value (one line)
     */
    Optional<DirectedSettings> directed() {
        if (search.equals("bfs") || !mode().equals("directed")) {
            return Optional.empty();
        }
        if (walks != null) {
            throw new InputException("--walks: applies to --search random or swarm only (the search is directed)");
        }
        long seed = seed("directed");
        int depth = walkDepth == null ? DirectedSettings.DEFAULT_DEPTH : walkDepth;
        if (depth < 1) {
            throw new InputException("--walk-depth " + depth + ": expected at least 1");
        }
        return Optional.of(new DirectedSettings(seed, depth));
    }

    private String mode() {
        String mode = search.contains(":") ? search.substring(0, search.indexOf(':')) : search;
        if (!mode.equals("random") && !mode.equals("swarm") && !mode.equals("directed")) {
            throw new InputException("--search " + search + ": expected bfs, random[:SEED], swarm[:SEED] or "
                    + "directed[:SEED]");
        }
        return mode;
    }

    private long seed(String mode) {
        long seed = 1;
        if (search.contains(":")) {
            String s = search.substring(mode.length() + 1);
            try {
                seed = Long.parseLong(s);
            } catch (NumberFormatException e) {
                throw new InputException("--search " + search + ": expected a whole-number seed after " + mode
                        + ":, got '" + s + "'");
            }
        }
        return seed;
    }
}
