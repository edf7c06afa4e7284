package org.rdmacheck.checker.thresholds;

import java.util.List;
import java.util.Optional;

/**
 * The check of one configuration: every inequality evaluated, and Choco's witness search for
 * ECN-before-PFC, which must agree with the closed-form inequality.
 *
 * @param config        the configuration
 * @param inequalities  the constraints with values substituted
 * @param witnessSearch Choco's search for occupancies at which PFC fires before ECN
 * @param deflectionSearch Choco's search for a queue that ECN-marks before Dart deflects (present
 *                      when the configuration has a deflection threshold)
 * @param verdict       SAFE when every inequality holds and no witness exists
 * @param solverAgrees  whether the solver's verdicts equal the closed-form EcnBeforePfc (and
 *                      DeflectionBelowEcn, where ECN fires before PFC)
 */
public record ConfigCheck(ThresholdConfig config, List<Inequality> inequalities, WitnessSearch witnessSearch,
                          Optional<DeflectionSearch> deflectionSearch, Verdict verdict, boolean solverAgrees) {

    /** Copies the list. */
    public ConfigCheck {
        inequalities = List.copyOf(inequalities);
    }

    /** A configuration's verdict. */
    public enum Verdict {
        /** every constraint holds; the solver proved no witness exists */
        SAFE,
        /** a constraint fails */
        UNSAFE,
        /** the solver timed out */
        INCONCLUSIVE
    }

    /**
     * @param name a constraint's name
     * @return whether it is present and fails
     */
    public boolean fails(String name) {
        return inequalities.stream().anyMatch(i -> i.name().equals(name) && !i.holds());
    }
}
