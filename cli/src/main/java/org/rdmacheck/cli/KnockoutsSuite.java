package org.rdmacheck.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.rdmacheck.engine.ExplorerSettings;

/**
 * The mechanism knock-outs of {@code rdmacheck all} (task {@value #NAME}): one finding per declared
 * mechanism and coverage scope ({@code Mechanism#scopes}), expected to fail (the knock-out must make a property that must hold fail), VIOLATED
 * with its counterexample when killed, VERIFIED (unexpected) when it survives, INCONCLUSIVE when its
 * time limit ({@value KnockoutsCommand#DEFAULT_EACH_MILLIS} ms per mechanism) left it undecided. A
 * mechanism declared not needed expects nothing and is NOT_NEEDED (a finding) unless killed.
 *
 * <p>Each mechanism is a part of its own, so that {@code all} runs the few long ones (a design
 * baseline of millions of states) beside the other steps instead of behind the short ones.
 */
final class KnockoutsSuite implements SuiteTask {

    static final String NAME = "knockouts";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<Finding> run(ExplorerSettings settings, Path outDir, Path home) {
        return run(settings, outDir, home, line -> { });
    }

    @Override
    public List<Finding> run(ExplorerSettings settings, Path outDir, Path home, Consumer<String> progress) {
        List<Finding> rows = new ArrayList<>();
        for (Knockouts.Result r : KnockoutsCommand.run(KnockoutsCommand.entries(List.of()), settings,
                KnockoutsCommand.DEFAULT_EACH_MILLIS, outDir, progress)) {
            rows.add(finding(r));
        }
        return rows;
    }

    @Override
    public List<Part> parts(Path home) {
        List<Part> parts = new ArrayList<>();
        for (org.rdmacheck.properties.catalog.ModelEntry e : KnockoutsCommand.entries(List.of())) {
            for (org.rdmacheck.properties.catalog.Mechanism m : e.mechanisms()) {
                for (int k = 0; k < m.scopes().size(); k++) {
                    int scope = k;
                    parts.add(new Part(e.name() + " " + m.name() + (k == 0 ? "" : " scope " + (k + 1)),
                            (settings, outDir, progress) -> List.of(finding(Knockouts.check(e, m, scope,
                                    settings.withMaxMillis(Math.min(settings.maxMillis(),
                                            KnockoutsCommand.DEFAULT_EACH_MILLIS)), outDir)))));
                }
            }
        }
        return parts;
    }

    /**
     * @param r a knock-out result
     * @return its finding: property {@code knockout <mechanism>}, expected to fail
     */
    static Finding finding(Knockouts.Result r) {
        Finding.Verdict v = switch (r.outcome()) {
            case KILLED -> Finding.Verdict.VIOLATED;
            // the declared purpose holds with the knock-out: the declaration is wrong (unexpected, exit 1)
            case KILLED_NOT_BY_PURPOSE -> Finding.Verdict.VERIFIED;
            case SURVIVED -> Finding.Verdict.VERIFIED;
            case INCONCLUSIVE -> Finding.Verdict.INCONCLUSIVE;
            case FAILED -> Finding.Verdict.FAILED;
            case NOT_NEEDED -> Finding.Verdict.NOT_NEEDED;
        };
        Finding f = Finding.of(r.model(), r.mechanism().variant(), r.parameters(), "knockout " + r.mechanism().name(),
                r.counted() ? Finding.Expectation.FAILS : Finding.Expectation.NONE, v)
                .with(Quantity.states("distinctStates", r.states()))
                .withWallMillis(r.millis())
                .withDetail(r.note().orElse(r.killed() ? "killed by " + r.property().orElseThrow() + " (its purpose)"
                        : r.detail()));
        if (r.outcome() == Knockouts.Outcome.INCONCLUSIVE) {
            f = f.withInconclusive(org.rdmacheck.checker.CheckResult.InconclusiveReason.TIME_LIMIT, r.detail());
        }
        Finding done = f;
        return r.outcome() == Knockouts.Outcome.KILLED_NOT_BY_PURPOSE ? f
                : r.trace().map(t -> done.withCounterexample(t.trace(), t.file().orElse(null))).orElse(f);
    }
}
