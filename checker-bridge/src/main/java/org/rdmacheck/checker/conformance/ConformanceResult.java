package org.rdmacheck.checker.conformance;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.rdmacheck.checker.CheckResult;

/**
 * The comparison of TLC and the explorer (and the manifest) on one configuration.
 *
 * @param spec           spec folder name
 * @param configuration  configuration name (or variant and parameters of an ad hoc comparison)
 * @param constants      TLA+ constants used
 * @param tlcDistinct    distinct states TLC found (the whole state space)
 * @param javaDistinct   distinct states the explorer found, or -1 without a Java twin
 * @param tlcVerdicts    TLC's verdict per property
 * @param javaVerdicts   the explorer's verdict per property (empty without a Java twin)
 * @param mismatches     what differs, one line each, among what both runs settled; empty if nothing does
 * @param open           why a run did not finish (a limit, TLC stopped early), with the limit as an
 *                       enum: the counts and verdicts it left open are not compared; also a property
 *                       left open on one side, and a one-sided property found violated
 * @param notCompared    properties only one side checks, as {@code name (explorer only, VERDICT)}
 * @param vacuous        the properties both sides hold only vacuously: each VERIFIED by the explorer's search (the
 *                       verdict compared) while no reachable step or state met its antecedent, as the explorer's
 *                       record of it says ({@code Vacuity}); on equal state spaces TLC's VERIFIED is as vacuous.
 *                       {@code conform} shows them INCONCLUSIVE ({@code VACUOUS}), as {@code check} does
 */
public record ConformanceResult(String spec, String configuration, Map<String, String> constants, long tlcDistinct,
                                long javaDistinct, Map<String, String> tlcVerdicts, Map<String, String> javaVerdicts,
                                List<String> mismatches, List<Unsettled> open, List<String> notCompared,
                                List<Vacuous> vacuous) {

    /**
     * A comparison with no property held vacuously.
     *
     * @param spec          spec folder name
     * @param configuration configuration name
     * @param constants     TLA+ constants
     * @param tlcDistinct   TLC's distinct states
     * @param javaDistinct  the explorer's, or -1
     * @param tlcVerdicts   TLC's verdicts
     * @param javaVerdicts  the explorer's verdicts
     * @param mismatches    what differs
     * @param open          what was left open
     * @param notCompared   the one-sided properties
     */
    public ConformanceResult(String spec, String configuration, Map<String, String> constants, long tlcDistinct,
                             long javaDistinct, Map<String, String> tlcVerdicts, Map<String, String> javaVerdicts,
                             List<String> mismatches, List<Unsettled> open, List<String> notCompared) {
        this(spec, configuration, constants, tlcDistinct, javaDistinct, tlcVerdicts, javaVerdicts, mismatches, open,
                notCompared, List.of());
    }

    /**
     * A comparison in which every property is checked on both sides.
     *
     * @param spec          spec folder name
     * @param configuration configuration name
     * @param constants     TLA+ constants
     * @param tlcDistinct   TLC's distinct states
     * @param javaDistinct  the explorer's, or -1
     * @param tlcVerdicts   TLC's verdicts
     * @param javaVerdicts  the explorer's verdicts
     * @param mismatches    what differs
     * @param open          what was left open
     */
    public ConformanceResult(String spec, String configuration, Map<String, String> constants, long tlcDistinct,
                             long javaDistinct, Map<String, String> tlcVerdicts, Map<String, String> javaVerdicts,
                             List<String> mismatches, List<Unsettled> open) {
        this(spec, configuration, constants, tlcDistinct, javaDistinct, tlcVerdicts, javaVerdicts, mismatches, open,
                List.of());
    }

    /**
     * A property held only vacuously.
     *
     * @param property the property
     * @param why      what antecedent no reachable step or state met
     * @param declared whether the model declares it vacuous here (its constants rule the antecedent out:
     *                 {@code ModelEntry.expectedVacuous}), so that the vacuity is as expected
     * @param tlcWitness the twin's property "the antecedent is never met" that TLC checked and found to hold
     *                 ({@code SpecManifest.antecedents}), when TLC decided the vacuity on its own too
     */
    public record Vacuous(String property, String why, boolean declared, Optional<String> tlcWitness) {
    }

    /**
     * A run that did not finish.
     *
     * @param cause  which limit (or TLC stopping early) left it open
     * @param reason one line for people
     */
    public record Unsettled(CheckResult.InconclusiveReason cause, String reason) {
    }

    /** Copies collections. */
    public ConformanceResult {
        constants = new LinkedHashMap<>(constants);
        tlcVerdicts = new LinkedHashMap<>(tlcVerdicts);
        javaVerdicts = new LinkedHashMap<>(javaVerdicts);
        mismatches = List.copyOf(mismatches);
        open = List.copyOf(open);
        notCompared = List.copyOf(notCompared);
        vacuous = List.copyOf(vacuous);
    }

    /** @return why a run did not finish, one line each */
    public List<String> unsettled() {
        return open.stream().map(Unsettled::reason).toList();
    }

    /** @return the limit that left the comparison open (the first run's), or empty when both finished */
    public Optional<CheckResult.InconclusiveReason> cause() {
        return open.stream().map(Unsettled::cause).findFirst();
    }

    /** @return whether both runs finished and nothing differs: a comparison with a run cut short proves nothing */
    public boolean conforms() {
        return mismatches.isEmpty() && open.isEmpty();
    }

    /** @return whether a run did not finish and nothing that was settled differs (neither CONFORMS nor MISMATCH) */
    public boolean inconclusive() {
        return mismatches.isEmpty() && !open.isEmpty();
    }
}
