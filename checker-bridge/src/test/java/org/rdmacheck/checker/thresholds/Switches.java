package org.rdmacheck.checker.thresholds;

import static org.quicktheories.generators.SourceDSL.integers;

import java.math.BigDecimal;
import java.util.ArrayList;
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

    /**
     * Random switches up to 64 ports and 200 MB (beyond Choco's domain bound), some whose headroom alone does not fit; half with
     * t_flight given, half computed from a random link; random subsets of β and divisors.
     */
    static Gen<SwitchSpec> random() {
        Gen<long[]> shape = integers().between(1, 64).zip(integers().between(1, 8), integers().between(1, 60_000),
                integers().between(-20_000, 60_000_000), (n, p, tf, extra) -> new long[] {n, p, tf, extra});
        Gen<long[]> chip = integers().between(0, 3).zip(integers().between(0, 1000), integers().between(1, 1023),
                integers().between(1, 16), (speed, cable, betaMask, divisor) ->
                        new long[] {speed, cable, betaMask, divisor});
        return shape.zip(chip, integers().between(0, 1), (sh, ch, linked) -> build(sh, ch, linked == 1));
    }

    private static SwitchSpec build(long[] sh, long[] ch, boolean linked) {
        int n = (int) sh[0];
        int p = (int) sh[1];
        List<Beta> betas = new ArrayList<>();
        for (int i = 0; i < DEFAULT_BETAS.size(); i++) {
            if ((ch[2] >> i & 1) == 1) {
                betas.add(DEFAULT_BETAS.get(i));
            }
        }
        Optional<Link> link = Optional.empty();
        long tf = sh[2];
        if (linked) {
            long bps = new long[] {10, 25, 40, 100}[(int) ch[0]] * 1_000_000_000L;
            link = Optional.of(new Link(bps, BigDecimal.valueOf(ch[1]), BigDecimal.valueOf(5),
                    Link.standardResponseQuanta(bps), Link.standardInterfaceDelay(bps), 20, 64));
            SwitchSpec probe = new SwitchSpec("probe", 1, n, p, 1500, link, 0, betas, (int) ch[3]);
            tf = Headroom.of(probe).bytes();
        }
        long b = Math.max(1, Math.min(Math.min(200_000_000L, 20_000_000L * n * p), (long) n * p * tf + sh[3]));
        return new SwitchSpec("random", b, n, p, 1500, link, linked ? 0 : tf, betas, (int) ch[3]);
    }
}
