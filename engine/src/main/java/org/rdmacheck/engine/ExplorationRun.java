package org.rdmacheck.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.model.Words;
import org.rdmacheck.properties.CheckSpec;

/**
 * One breadth-first exploration, level by level. Within a level every worker takes chunks of the
 * frontier, expands them, checks the properties, and matches the successors itself: against the
 * visited store (read-only during the level, lock-free) and against the states new in this level
 * ({@link LevelTable}, lock-striped) — {@link LevelExpansion}, or {@link DeferredMatching} after
 * the level. Between levels the new states are numbered in the order a one-thread search would
 * meet them (by least predecessor number, then ordinal), added to the store and the predecessor
 * index, and become the next frontier ({@link LevelNumbering}).
 *
 * <p>So the distinct states, transitions, depth, state numbers, verdicts and counterexamples are
 * the same for any number of threads: the set of states of a level does not depend on who found
 * them first, each state keeps its least link, and of the violations found in a level the one of
 * the least state number (then ordinal) is reported. Only the wall time and the figures of a run
 * stopped by its time or heap limit depend on the threads. A partial-order reduction
 * ({@link PartialOrder}) keeps this: it chooses a state's successors from the state and the store
 * as it was when the level began.
 *
 * <p>When the model offers packed successors ({@link org.rdmacheck.model.Model#packed}) and states
 * are matched by fingerprint without symmetry reduction, the frontier and the level table hold
 * packed values and states are expanded on them: no state or action object is built, except to
 * report a violation. Properties without a packed form are checked on decoded states. The packed
 * encoding is the codec's, so fingerprints, numbers and results are those of the object path.
 */
final class ExplorationRun<S> {

    private final RunSetup<S> setup;
    private final VisitedStates<S> visited;
    private final TraceLog log = new TraceLog();
    private final StateGraph graph;
    private final RunControl control;
    private final PropertyChecks<S> checks;
    private LevelTable<S> table;
    private long reducedStates;
    /** the most bytes the level structures held after a level was numbered */
    private long levelBytes;
    /** whether levels are compact: their tables keep no values ({@link LevelTable#dropValues}) */
    private boolean compact;
    /** whether the state limit cut the initial states short */
    private boolean truncatedInitials;

    ExplorationRun(CheckSpec<S> spec, ExplorerSettings settings) {
        this(spec, settings, null);
    }

    /** @param labels what the graph records besides its edges ({@link GraphLabels}), or null */
    ExplorationRun(CheckSpec<S> spec, ExplorerSettings settings, GraphLabels<S> labels) {
        this.setup = new RunSetup<>(spec, settings, labels);
        this.visited = setup.exact ? new VisitedStates.Full<>() : new VisitedStates.Fingerprinted<>(setup.needGraph,
                settings.threads() > 1);
        this.graph = setup.needGraph ? new StateGraph(setup.labels) : null;
        this.control = new RunControl(settings);
        this.checks = new PropertyChecks<>(setup);
        this.compact = settings.storage() == ExplorerSettings.Storage.COMPACT;
    }

    /** @return whether this run expands packed states */
    boolean packedPath() {
        return setup.packed != null;
    }

    /** @return whether this run matches new successors after each level ({@link Candidates}) */
    boolean deferredMatching() {
        return setup.deferred;
    }

    ExplorationReport run() {
        control.start();
        Optional<ScheduledExecutorService> ticker = control.startProgressTicker();
        int threads = setup.settings.threads();
        ExecutorService pool = threads > 1 ? Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "explorer-worker");
            t.setDaemon(true);
            return t;
        }) : null;
        boolean complete = false;
        try {
            complete = search(new Sections(pool, threads, control));
            control.clock.mark("end");
        } catch (OutOfMemoryError e) {
            control.heapExhausted();
        } catch (org.rdmacheck.model.InputException e) {
            throw e;   // bad input found late is still bad input (exit 2), not a model failure
        } catch (org.rdmacheck.model.BoundExceeded e) {
            control.boundExceeded(e);
        } catch (RuntimeException e) {
            control.modelFailed(e);
        } finally {
            if (pool != null) {
                pool.shutdownNow();
            }
            ticker.ifPresent(ScheduledExecutorService::shutdownNow);
        }
        return new RunReport<>(setup, control, checks, visited, log, graph).build(complete, reducedStates, levelBytes);
    }

    /** @return true when the state space was exhausted */
    private boolean search(Sections sections) {
        LevelExpansion<S> expansion = new LevelExpansion<>(setup, control, sections, checks, visited, graph);
        DeferredMatching matching = new DeferredMatching(sections, control);
        LevelNumbering<S> numbering = new LevelNumbering<>(setup, control, sections, visited, log, graph);
        PhaseClock clock = control.clock;
        clock.start();
        Frontier<S> frontier = initialFrontier();
        boolean truncated = truncatedInitials;
        control.found.set(visited.size());
        int base = 0;
        clock.mark("initial states");
        while (frontier.size() > 0) {
            control.depth++;
            control.queued = frontier.size();
            LevelTable<S> next = truncated ? null : levelTable(sections);
            clock.mark("level table");
            LevelWorker.Level<S> level = expansion.expand(frontier, base, next);
            clock.mark("expand: dispatch");
            if (setup.deferred && next != null && control.stopCause() != CheckResult.InconclusiveReason.MEMORY_LIMIT) {
                matching.match(expansion.candidates(level), next);
                clock.mark("match: dispatch");
            }
            for (LevelWorker<S> w : level.workers) {
                control.transitions.addAndGet(w.transitions);
                reducedStates += w.reduced;
            }
            checks.merge(level);
            clock.mark("violations and goals");
            if (control.stopped()) {
                return false;
            }
            if (checks.allViolated() || (setup.settings.stopAtFirstViolation() && checks.violationCount() > 0)) {
                control.stop(CheckResult.InconclusiveReason.STOPPED_AT_VIOLATION,
                        checks.allViolated() ? "every property violated" : "stopped at first violation");
                return false;
            }
            if (truncated) {
                control.stop(CheckResult.InconclusiveReason.STATE_LIMIT, stateLimit());
                return false;
            }
            int nextBase = (int) visited.size();
            int frontierSize = frontier.size();
            frontier = numbering.number(next, frontier, base, expansion.insertsAhead(next));
            truncated = numbering.lastFound() > frontier.size();
            base = nextBase;
            if (truncated && frontier.size() == 0) {
                control.stop(CheckResult.InconclusiveReason.STATE_LIMIT, stateLimit());
                return false;
            }
            long held = levelBytes(frontier, level, numbering);
            levelBytes = Math.max(levelBytes, held);
            if (setup.packed != null && !compact
                    && held + visited.bytes() + log.bytes() > EngineTuning.compactAbove(setup.settings.maxHeapFraction())) {
                compact = true;
            }
            if (!control.heapWithinLimit()) {
                return false;
            }
            clock.mark("heap check");
        }
        control.queued = 0;
        return true;
    }

    /**
     * @return bytes held by what a level needs besides the store and the predecessor index: the
     * frontier, the level table, the workers' candidates and the numbering's buffers
     */
    private long levelBytes(Frontier<S> frontier, LevelWorker.Level<S> level,
                            LevelNumbering<S> numbering) {
        long b = numbering.heldBytes() + (frontier.packed() == null ? 0 : frontier.packed().bytes());
        for (LevelWorker<S> w : level.workers) {
            b += w.candidates == null ? 0 : w.candidates.bytes();
        }
        return b;
    }

    /** Adds the distinct initial states to the store and the predecessor index; returns them. */
    private Frontier<S> initialFrontier() {
        List<S> inits = setup.model.initialStates();
        List<S> initial = new ArrayList<>();
        PackedStates initialPacked = setup.packed == null ? null : new PackedStates(inits.size(), 16);
        Words words = new Words();
        for (int i = 0; i < inits.size(); i++) {
            S init = inits.get(i);
            long fp = setup.canon.fingerprint(init, words);
            if (visited.contains(setup.key(init, words), fp)) {
                continue;
            }
            if (visited.size() >= setup.settings.maxStates()) {
                truncatedInitials = true;
                break;
            }
            visited.reserve(1, Ranges.SERIAL);
            visited.add(setup.key(init, words), fp, log.size());
            visited.added(1);
            log.addRoot(i);
            if (setup.packed != null) {
                words.clear();
                setup.codec.encode(init, words);
                initialPacked.append(words);
            } else {
                initial.add(init);
            }
        }
        return setup.packed != null ? new Frontier<>(initialPacked) : new Frontier<>(initial);
    }

    private String stateLimit() {
        return "state limit " + setup.settings.maxStates() + " reached";
    }

    /** @return the table of the next level: the run's one table, emptied */
    private LevelTable<S> levelTable(Sections sections) {
        if (table == null) {
            table = new LevelTable<>(setup.exact, setup.packed != null, setup.settings.threads() > 1);
        } else {
            table.clear((n, body) -> sections.inParallel("clear", n, table.size(), body));
        }
        if (compact) {
            table.dropValues();
        }
        return table;
    }
}
