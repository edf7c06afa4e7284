package org.rdmacheck.cli;

import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.fluid.FluidInputException;
import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.fluid.stability.FixedPointSource;
import org.rdmacheck.fluid.stability.RateTerms;
import org.rdmacheck.fluid.stability.Simplification;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import picocli.CommandLine.Option;

/** Options every {@code rdmacheck fluid stability} subcommand takes. */
final class StabilityOptions {

    @Option(names = "--param", paramLabel = "KEY=VALUE", description = "model parameter on top of the deployed set "
            + "(C, Kmin, Kmax, Pmax, g, B, T, Rai, F, tau, tauPrime, packet; units Gb/s, KB, us, Mb/s); repeatable")
    List<String> params = new ArrayList<>();

    @Option(names = "--closed-form", description = "linearise around the closed-form p* of Zhu et al. (CoNEXT 2016) "
            + "instead of the exact fixed point")
    boolean closedForm;

    @Option(names = "--frozen-rate", description = "freeze the delayed rate R_C(t - tau*) in the exponents of (7)-(9) "
            + "at its fixed-point value instead of linearising it (not the published analysis' simplifications: see "
            + "--linearisation)")
    boolean frozenRate;

    @Option(names = "--linearisation", paramLabel = "NAME", defaultValue = "exact", description = "exact (default), "
            + "conext16 (every simplification of Zhu et al.'s published analysis: reproduces their curves), or "
            + "simplifications joined by '+': closed-form-p, small-p, frozen-timer-rate, frozen-alpha-rate, "
            + "swapped-increase-delays, extra-ai-term, alpha-decay-per-packet, uncapped-red (sweep and margins)")
    String linearisation = "exact";

    @Option(names = "--json", description = "print JSON (figures as numbers)")
    boolean json;

    @picocli.CommandLine.Mixin
    TimeLimit limit = new TimeLimit();

    /**
     * @param what the subcommand, for progress lines
     * @param err  where progress lines go
     * @return the run's clock (the limit checked: one line, exit 2)
     */
    RunClock clock(String what, java.io.PrintWriter err) {
        return limit.start("fluid stability " + what, err);
    }

    /**
     * @param clock the run's clock
     * @param total units in all
     * @param unit  their name
     * @return asked before each unit starts, from the analysis' threads: prints a progress line
     *         when one is due, and says whether the time limit has passed
     */
    static java.util.function.BooleanSupplier stop(RunClock clock, long total, String unit) {
        java.util.concurrent.atomic.AtomicLong started = new java.util.concurrent.atomic.AtomicLong();
        return () -> {
            long n = started.incrementAndGet();
            synchronized (clock) {
                clock.tick(() -> clock.rate(Math.min(n, total), total, unit + " started"));
            }
            return clock.expired();
        };
    }

    /** @return the deployed parameters with the user's changes */
    FluidParameters base() {
        try {
            return FluidParameters.deployed().withAll(Params.parse(params).asMap());
        } catch (FluidInputException e) {
            throw new InputException(e.getMessage(), e);
        }
    }

    /**
     * @return the simplifications of {@code --linearisation} (empty: exact)
     * @throws InputException for an unknown name, or for a non-exact linearisation together with
     *                        --closed-form or --frozen-rate (the simplifications say both)
     */
    java.util.Set<Simplification> simplifications() {
        java.util.Set<Simplification> set;
        try {
            set = Simplification.parse(linearisation);
        } catch (FluidInputException e) {
            throw new InputException(e.getMessage(), e);
        }
        if (!set.isEmpty() && (closedForm || frozenRate)) {
            throw new InputException("--linearisation " + linearisation + " with " + (closedForm ? "--closed-form"
                    : "--frozen-rate") + ": expected one or the other (closed-form-p is one of the simplifications; "
                    + "--frozen-rate belongs to the exact linearisation)");
        }
        return set;
    }

    /**
     * @param command the subcommand
     * @throws InputException when --linearisation is not exact: the subcommand does not take it
     */
    void requireExact(String command) {
        if (!simplifications().isEmpty()) {
            throw new InputException("--linearisation " + linearisation + ": 'fluid stability " + command
                    + "' takes only exact; expected exact, or the sweep or margins command");
        }
    }

    /** @return the fixed point to linearise around */
    FixedPointSource source() {
        return closedForm ? FixedPointSource.CLOSED_FORM : FixedPointSource.EXACT;
    }

    /** @return how the linearisation treats the delayed rate */
    RateTerms rateTerms() {
        return frozenRate ? RateTerms.FROZEN : RateTerms.DELAYED;
    }
}
