package org.rdmacheck.checker.thresholds;

import static org.quicktheories.generators.SourceDSL.integers;

import java.util.List;
import java.util.Optional;
import org.quicktheories.core.Gen;

/** Generators and fixtures for the threshold tests. */
final class Switches {

    static final List<Beta> DEFAULT_BETAS = Beta.parseList("betas", SwitchSpecs.DEFAULT_BETAS);

    private Switches() {
    }

    static SwitchSpec of(long buffer, int ports, int priorities, long mtu, long tFlight, List<Beta> betas, int divisor) {
        return new SwitchSpec("random", buffer, ports, priorities, mtu, Optional.empty(), tFlight, betas, divisor);
    }

    /** Random switches up to 64 ports and 20 MB, some whose headroom alone does not fit. */
    static Gen<SwitchSpec> random() {
        return integers().between(1, 64).zip(integers().between(1, 8), integers().between(1, 60_000),
                integers().between(-20_000, 8_000_000), (n, p, tf, extra) -> {
                    long b = Math.max(1, Math.min(20_000_000L, (long) n * p * tf + extra));
                    return of(b, n, p, 1500, tf, DEFAULT_BETAS, 8);
                });
    }
}
