package org.rdmacheck.checker.thresholds;

import java.util.Optional;

/**
 * Everything the threshold analysis establishes for one switch: headroom, the largest safe static
 * and dynamic settings, and optionally the check of a given configuration.
 *
 * @param sw                the switch
 * @param headroom          t_flight and its terms
 * @param reservedHeadroom  p·n·t_flight
 * @param sharedBuffer      B − p·n·t_flight
 * @param staticDerivation  safe static thresholds
 * @param dynamicDerivation safe dynamic thresholds
 * @param check             the configuration's check, if one was given
 */
public record ThresholdReport(SwitchSpec sw, Headroom headroom, long reservedHeadroom, long sharedBuffer,
                              StaticDerivation staticDerivation, DynamicDerivation dynamicDerivation,
                              Optional<ConfigCheck> check) {

    /** @return the verdict of the derivation (beside a configuration's check it is context) */
    public DerivationVerdict derivationVerdict() {
        return DerivationVerdict.of(this);
    }
}
