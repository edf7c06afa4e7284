package org.rdmacheck.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Stats;

/** Turns a checker's {@link CheckResult} into a {@link Finding}: the verdict, the statistics as figures. */
public final class CheckFindings {

    private CheckFindings() {
    }

    /**
     * @param model      model name
     * @param variant    variant
     * @param parameters parameters
     * @param expected   what the suite expects of the property
     * @param r          the checker's result
     * @param file       where its counterexample was stored, or null
     * @return the finding
     */
    public static Finding of(String model, String variant, Map<String, String> parameters,
                             Finding.Expectation expected, CheckResult r, Path file) {
        Finding f = Finding.of(model, variant, parameters, r.property(), expected, verdict(r.verdict()))
                .with(stats(r.stats())).withWallMillis(r.stats().wallMillis());
        if (r instanceof CheckResult.Violated v) {
            return f.withCounterexample(v.counterexample(), file).withDetail(v.counterexample().kind().word()
                    + " trace, " + org.rdmacheck.checker.Counts.of(v.counterexample().length(), "step"));
        }
        if (r instanceof CheckResult.Inconclusive i) {
            return f.withInconclusive(i.cause(), i.reason());
        }
        if (r instanceof CheckResult.Failed x) {
            return f.withDetail(x.error());
        }
        double pc = r.stats().collisionProbability();
        return pc > 0 ? f.withDetail(String.format(java.util.Locale.ROOT, "P(collision) <= %.1e", pc)) : f;
    }

    /** @param v a checker verdict  @return the finding verdict */
    public static Finding.Verdict verdict(CheckResult.Verdict v) {
        return switch (v) {
            case VERIFIED -> Finding.Verdict.VERIFIED;
            case VIOLATED -> Finding.Verdict.VIOLATED;
            case INCONCLUSIVE -> Finding.Verdict.INCONCLUSIVE;
            case FAILED -> Finding.Verdict.FAILED;
        };
    }

    /**
     * The figures of random or swarm walks under the names of what they count: walks keep no store, so
     * the states they visit are counted with repeats ({@code visitedStates}, a walk of k steps visits
     * k + 1 states), the transitions are the successors enumerated at those visits
     * ({@code enumeratedTransitions}), and the longest walk is given in steps ({@code longestWalk}, at
     * most the walk depth). No distinct count is known, so none is given.
     *
     * @param f a finding of a walk, with {@link #stats} figures
     * @return the finding with those figures renamed
     */
    public static Finding walkFigures(Finding f) {
        List<Quantity> q = new ArrayList<>();
        for (Quantity x : f.quantities()) {
            q.add(switch (x.name()) {
                case "distinctStates" -> Quantity.of("visitedStates", x.value(), x.unit());
                case "transitions" -> Quantity.of("enumeratedTransitions", x.value(), x.unit());
                case "depth" -> Quantity.of("longestWalk", x.value(), x.unit());
                case "statesPerSecond" -> Quantity.of("visitedStatesPerSecond", x.value(), x.unit());
                default -> x;
            });
        }
        return new Finding(f.subject(), f.expected(), f.verdict(), q, f.wallMillis(), f.counterexample(), f.detail(),
                f.cause(), f.reduction(), f.search(), f.symmetryAudit(), f.fairness());
    }

    /** @param s statistics  @return them as figures */
    public static List<Quantity> stats(Stats s) {
        List<Quantity> q = new ArrayList<>();
        q.add(Quantity.states("distinctStates", s.distinctStates()));
        q.add(Quantity.of("transitions", s.transitions(), Quantity.Unit.TRANSITIONS));
        q.add(Quantity.of("depth", s.depth(), Quantity.Unit.STEPS));
        q.add(Quantity.of("statesPerSecond", Math.round(s.statesPerSecond()), Quantity.Unit.STATES_PER_SECOND));
        if (s.collisionProbability() > 0) {
            q.add(Quantity.of("fingerprintCollisionProbability", s.collisionProbability(), Quantity.Unit.RATIO));
        }
        return q;
    }
}
