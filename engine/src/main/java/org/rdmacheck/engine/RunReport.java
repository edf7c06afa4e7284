package org.rdmacheck.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Stats;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.Property;

/**
 * Turns what a run found into its report: a result per property (a violation with its rebuilt
 * trace, a proof only on an exhausted state space that the reductions in force preserve the
 * property on, else inconclusive with the reason), statistics, and the memory figures.
 *
 * @param <S> state type
 */
final class RunReport<S> {

    private final RunSetup<S> setup;
    private final RunControl control;
    private final PropertyChecks<S> checks;
    private final VisitedStates<S> visited;
    private final TraceLog log;
    private final StateGraph graph;

    RunReport(RunSetup<S> setup, RunControl control, PropertyChecks<S> checks, VisitedStates<S> visited,
              TraceLog log, StateGraph graph) {
        this.setup = setup;
        this.control = control;
        this.checks = checks;
        this.visited = visited;
        this.log = log;
        this.graph = graph;
    }

    ExplorationReport build(boolean complete, long reducedStates, long levelBytes) {
        List<Property<S>> props = setup.props;
        long ms = control.elapsedMillis();
        long distinct = complete || !control.stopped() ? visited.size() : Math.max(visited.size(), control.found.get());
        long trans = control.transitions.get();
        double collision = setup.exact ? 0.0
                : Stats.fingerprintCollisionBound(distinct, trans + setup.model.initialStates().size());
        Stats stats = new Stats(Explorer.CHECKER, distinct, trans, control.depth, ms, setup.settings.threads(), collision);
        TraceBuilder<S> traces = new TraceBuilder<>(setup.spec, log);
        List<CheckResult> results = new ArrayList<>();
        ProgressAnalysis progress = null;
        String reason = control.stopped() ? control.stopReason() : "";
        String progressFailure = reason;
        CheckResult.InconclusiveReason progressCause = control.stopCause();
        boolean hasProgress = setup.progressCount > 0 && setup.reduction.applied() == Reduction.NONE;
        if (complete && setup.needGraph) {
            graph.seal(log.size());
        }
        if (complete && hasProgress) {
            try {
                progress = new ProgressAnalysis(graph);
            } catch (OutOfMemoryError e) {
                progressCause = CheckResult.InconclusiveReason.MEMORY_LIMIT;
                progressFailure = "heap exhausted during progress analysis (" + trans + " edges)";
            }
        }
        for (int p = 0; p < props.size(); p++) {
            Property<S> prop = props.get(p);
            Violation<S> v = checks.violation(p);
            boolean stateOrStep = prop instanceof Invariant<S> || prop instanceof ActionProperty<S>;
            if (v != null) {
                results.add(new CheckResult.Violated(prop.name(), traces.build(prop, v), stats));
            } else if (control.modelError() != null) {
                results.add(new CheckResult.Failed(prop.name(), control.modelError(), stats));
            } else if (prop instanceof Progress<S> && setup.reduction.applied() != Reduction.NONE) {
                results.add(new CheckResult.Inconclusive(prop.name(), CheckResult.InconclusiveReason.REDUCED_SPACE,
                        "progress (AG EF) is not preserved by a partial-order reduction: check " + prop.name()
                        + " with --reduction none", stats));
            } else if (prop instanceof Progress<S> && setup.canon.reduces()
                    && (checks.guardRenamings == null || checks.asymmetric.get(p) != 0)) {
                // either verdict of the quotient's analysis is unfounded for a goal that is not symmetric
                results.add(new CheckResult.Inconclusive(prop.name(), CheckResult.InconclusiveReason.REDUCED_SPACE,
                        symmetryReason(prop, p), stats));
            } else if (prop instanceof Progress<S>) {
                results.add(progressResult(prop, p, progress, progressCause, progressFailure, traces, stats));
            } else if (complete && setup.canon.reduces() && stateOrStep
                    && (checks.guardRenamings == null || checks.asymmetric.get(p) != 0
                    || setup.symmetryAudit != null && setup.symmetryAudit.stepFailed(p))) {
                results.add(new CheckResult.Inconclusive(prop.name(), CheckResult.InconclusiveReason.REDUCED_SPACE,
                        symmetryReason(prop, p), stats));
            } else if (complete && stateOrStep && setup.reduction.applied() == Reduction.DEADLOCK) {
                results.add(new CheckResult.Inconclusive(prop.name(), CheckResult.InconclusiveReason.REDUCED_SPACE,
                        "the deadlock-preserving reduction proves nothing for " + prop.name()
                        + " (check with --reduction safety or none)", stats));
            } else if (complete) {
                results.add(new CheckResult.Verified(prop.name(), stats));
            } else {
                results.add(new CheckResult.Inconclusive(prop.name(), control.stopCause(), reason, stats));
            }
        }
        if (setup.symmetryAudit != null && setup.symmetryAudit.found()) {
            results = unproven(results, "the declared symmetry is not one of the model's transitions: "
                    + setup.symmetryAudit.finding().detail() + ", so the reduced search may have left reachable "
                    + "states out (check without --symmetry)");
        }
        PartialOrder.Writes.Finding write = setup.reduction.writes() == null ? null
                : setup.reduction.writes().finding();
        if (write != null) {
            results = unproven(results, "a footprint is wrong: " + write.detail() + ", so the partial-order "
                    + "reduction may have left reachable states out (check with --reduction none)");
        }
        long bytes = visited.bytes() < 0 ? -1 : visited.bytes() + log.bytes();
        long graphBytes = graph == null ? 0 : graph.bytes() + (progress == null ? 0 : progress.bytes());
        if (hasProgress && progress == null && complete) {
            complete = false;
            reason = progressFailure;
        }
        return new ExplorationReport(results, stats, complete, complete ? "" : reason, bytes, levelBytes, graphBytes,
                complete && setup.settings.recordGraph() ? Optional.of(graph) : Optional.empty(),
                control.clock.timing(setup.settings.threads()), setup.reduction.summary(reducedStates),
                !setup.canon.reduces() ? Optional.empty() : Optional.of(setup.symmetryAudit != null
                        ? setup.symmetryAudit.summary() : SymmetryAuditSummary.trusted(setup.canon.symmetry().size())));
    }

    /**
     * The results of a run whose declared symmetry the audit found not to commute with the model's
     * successors, or whose partial-order reduction relied on a footprint a step breaks: the
     * reduced graph may lack reachable states and edges, so no proof stands, and no
     * progress violation either (a goal may be reachable along an edge the quotient lost); a
     * violation of an invariant, an action property or deadlock freedom stays, its trace being a
     * concrete execution.
     */
    private List<CheckResult> unproven(List<CheckResult> results, String why) {
        List<CheckResult> out = new ArrayList<>();
        for (int p = 0; p < results.size(); p++) {
            CheckResult r = results.get(p);
            boolean progress = setup.props.get(p) instanceof Progress<S>;
            if (r instanceof CheckResult.Verified || progress && r instanceof CheckResult.Violated) {
                out.add(new CheckResult.Inconclusive(r.property(), CheckResult.InconclusiveReason.REDUCED_SPACE,
                        why, r.stats()));
            } else {
                out.add(r);
            }
        }
        return out;
    }

    private String symmetryReason(Property<S> prop, int p) {
        Canonicalizer<S> canon = setup.canon;
        return checks.guardRenamings == null ? "symmetry over " + canon.symmetry().size() + " "
                + canon.symmetry().elements() + " is too large to check " + prop.name() + " on every renaming "
                + "(at most 5 elements): the reduced search proves nothing for it (check without --symmetry)"
                : prop.name() + " is not symmetric under renaming the " + canon.symmetry().elements() + ": a "
                + "reached state, renamed, violates it, so the reduced search proves nothing for it (check "
                + "without --symmetry)";
    }

    private CheckResult progressResult(Property<S> prop, int p, ProgressAnalysis progress,
                                       CheckResult.InconclusiveReason cause, String failure,
                                       TraceBuilder<S> traces, Stats stats) {
        if (progress == null) {
            return new CheckResult.Inconclusive(prop.name(), cause, failure, stats);
        }
        try {
            int bad = progress.firstWithoutGoal(checks.goals[p]);
            if (bad < 0) {
                return new CheckResult.Verified(prop.name(), stats);
            }
            return new CheckResult.Violated(prop.name(), traces.buildProgress(prop, bad), stats);
        } catch (OutOfMemoryError e) {
            return new CheckResult.Inconclusive(prop.name(), CheckResult.InconclusiveReason.MEMORY_LIMIT,
                    "heap exhausted during progress analysis", stats);
        }
    }
}
