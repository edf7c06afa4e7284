package org.rdmacheck.checker.gbn;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.gbn.timed.RtoEncoding;
import org.rdmacheck.model.gbn.timed.TimedGoBackN;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.gbn.timed.TimedGbnEntry;
import org.rdmacheck.properties.gbn.timed.TimedGbnProperties;

/**
 * Derives the smallest RTO, in the InfiniBand encoding (4.096 µs × 2^timeout), that avoids premature
 * timeouts for a given bound on the one-way delay: the explorer checks NoPrematureTimeout for
 * timeout = 1, 2, ... until it is verified, and checks the next value too, since a larger RTO
 * should never expire earlier. Every value tried is reported with its verdict; a violated one
 * carries the shortest premature-timeout trace.
 *
 * @param variant  the variant of {@code gbn-timed}
 * @param base     parameters (delay bounds, tick, loss budget, ...); {@code timeout} is what varies
 * @param settings explorer settings
 */
public record RtoDerivation(String variant, Map<String, String> base, ExplorerSettings settings) {

    /** Copies the parameters. */
    public RtoDerivation {
        base = Map.copyOf(base);
    }

    /**
     * One value tried.
     *
     * @param timeout        the encoded value
     * @param rtoNanos       the RTO it stands for, in ns
     * @param rtoTicks       the RTO in the model's ticks (rounded down)
     * @param verdict        the explorer's verdict on NoPrematureTimeout
     * @param distinctStates distinct states explored
     * @param counterexample the shortest premature timeout, when violated
     * @param cause          the limit that left it INCONCLUSIVE, when it is
     */
    public record Try(int timeout, long rtoNanos, int rtoTicks, CheckResult.Verdict verdict, long distinctStates,
                      Optional<Counterexample> counterexample, Optional<CheckResult.InconclusiveReason> cause) {
    }

    /**
     * The derivation.
     *
     * @param variant         the variant
     * @param tickNanos       the tick, in ns
     * @param delayMaxTicks   the bound on the one-way delay, in ticks
     * @param rttBoundNanos   the worst-case round trip of one packet and its ACK, 2 × delayMax, in ns
     * @param tries           every value tried, in order
     * @param smallestTimeout the smallest encoded value proven free of premature timeouts, empty if
     *                        none was (a limit, or no value up to 31)
     */
    public record Report(String variant, long tickNanos, int delayMaxTicks, long rttBoundNanos, List<Try> tries,
                         Optional<Integer> smallestTimeout) {
        /** Copies the list. */
        public Report {
            tries = List.copyOf(tries);
        }

        /** @return the smallest safe RTO in ns, if one was proven */
        public Optional<Long> smallestRtoNanos() {
            return smallestTimeout.map(RtoEncoding::nanos);
        }
    }

    /**
     * @return the derivation; the settings' time limit covers all of it (each exploration gets the time
     *         that remains)
     */
    public Report derive() {
        long start = System.nanoTime();
        TimedGbnEntry entry = new TimedGbnEntry();
        List<Try> tries = new ArrayList<>();
        Optional<Integer> smallest = Optional.empty();
        TimedGoBackN first = model(entry, 1);
        for (int t = 1; t <= RtoEncoding.MAX_TIMEOUT; t++) {
            Try x = attempt(entry, t, start);
            tries.add(x);
            if (x.verdict() == CheckResult.Verdict.VERIFIED) {
                if (t < RtoEncoding.MAX_TIMEOUT) {
                    Try next = attempt(entry, t + 1, start);
                    tries.add(next);
                    if (next.verdict() != CheckResult.Verdict.VERIFIED) {
                        break; // not monotone in this configuration: report no smallest value
                    }
                }
                smallest = Optional.of(t);
                break;
            }
            if (x.verdict() != CheckResult.Verdict.VIOLATED) {
                break; // a limit: nothing proven beyond this point
            }
        }
        long tick = first.config().tickNanos();
        int delayMax = first.config().delayMax();
        return new Report(variant, tick, delayMax, 2L * delayMax * tick, tries, smallest);
    }

    private TimedGoBackN model(TimedGbnEntry entry, int timeout) {
        return TimedGbnEntry.model(variant, params(entry, timeout));
    }

    private Params params(TimedGbnEntry entry, int timeout) {
        Map<String, String> m = new LinkedHashMap<>(base);
        m.put("timeout", Integer.toString(timeout));
        return entry.resolve(variant, Params.of(m));
    }

    private Try attempt(TimedGbnEntry entry, int timeout, long startNanos) {
        Params p = params(entry, timeout);
        CheckSpec<LayoutState> all = entry.build(variant, p);
        CheckSpec<LayoutState> spec = new CheckSpec<>(all.modelName(), variant, all.parameters(), all.model(),
                List.of(all.property(TimedGbnProperties.NO_PREMATURE_TIMEOUT)), Set.of());
        long left = settings.maxMillis() - (System.nanoTime() - startNanos) / 1_000_000;
        ExplorationReport r = new Explorer(settings.withMaxMillis(Math.max(1, left))).check(spec);
        CheckResult c = r.result(TimedGbnProperties.NO_PREMATURE_TIMEOUT);
        TimedGoBackN m = (TimedGoBackN) all.model();
        Optional<Counterexample> cex = c instanceof CheckResult.Violated v ? Optional.of(v.counterexample())
                : Optional.empty();
        return new Try(timeout, RtoEncoding.nanos(timeout), m.config().rtoTicks(), c.verdict(),
                c.stats().distinctStates(), cex, c instanceof CheckResult.Inconclusive i ? Optional.of(i.cause())
                        : Optional.empty());
    }
}
