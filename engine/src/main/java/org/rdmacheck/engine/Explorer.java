package org.rdmacheck.engine;

import org.rdmacheck.properties.CheckSpec;

/**
 * The built-in explicit-state checker: exhaustive breadth-first search with state matching on all
 * cores, shortest counterexamples for invariants, action properties and deadlock, and progress
 * (AG EF goal) by backward reachability over the explored graph.
 *
 * <p>Results, counts and counterexamples are identical whatever the number of threads: workers
 * expand, check and match states in parallel, level by level, and the states new in a level are
 * numbered in the order a one-thread search meets them (see {@link ExplorationRun}). Only wall
 * time, and the figures of a run stopped by its time or heap limit, depend on the threads.
 */
public final class Explorer {

    /** Name written into statistics and provenance. */
    public static final String CHECKER = "explorer";

    private final ExplorerSettings settings;

    /** @param settings the settings */
    public Explorer(ExplorerSettings settings) {
        this.settings = settings;
    }

    /** @return an explorer with default settings */
    public static Explorer withDefaults() {
        return new Explorer(ExplorerSettings.defaults());
    }

    /**
     * Explores the model of {@code spec} and checks all its properties.
     *
     * @param spec what to check
     * @param <S>  state type
     * @return a result per property
     */
    public <S> ExplorationReport check(CheckSpec<S> spec) {
        return new ExplorationRun<>(spec, settings).run();
    }

    /**
     * As {@link #check(CheckSpec)}, recording with the state graph ({@link
     * ExplorerSettings#recordGraph()} on) the action of every edge and the given predicates on every
     * state, where states are expanded packed ({@link GraphLabels}); the report's graph then carries
     * them ({@link StateGraph#labels()}).
     *
     * @param spec   what to check
     * @param labels the predicates to record
     * @param <S>    state type
     * @return a result per property
     */
    public <S> ExplorationReport check(CheckSpec<S> spec, GraphLabels<S> labels) {
        return new ExplorationRun<>(spec, settings, labels).run();
    }

    /** @return the settings */
    public ExplorerSettings settings() {
        return settings;
    }
}
