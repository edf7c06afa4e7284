package org.rdmacheck.cli.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.rdmacheck.checker.explorer.ExplorationReport;
import org.rdmacheck.checker.explorer.Explorer;
import org.rdmacheck.checker.explorer.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.gbn.GbnModel;
import org.rdmacheck.model.gbn.GbnPacked;
import org.rdmacheck.model.gbn.GbnState;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Property;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.gbn.GbnProperties;

/**
 * The Go-Back-N model written on the declared state layout ({@code GoBackN}) against the
 * hand-packed copy it replaces ({@code GbnPacked}), in the same JVM on the same configuration and
 * properties (those TLC checks on the twin: NoUnreceivedRelease, InOrderExactlyOnce, NoTimeout),
 * runs alternating, one thread each; distinct states and transitions are asserted equal.
 *
 * <pre>java -cp cli/target/rdmacheck-all.jar org.rdmacheck.cli.bench.LayoutBenchmark [--quick] [--repeat N]</pre>
 */
public final class LayoutBenchmark {

    private static final Set<String> CHECKED = Set.of(GbnProperties.NO_UNRECEIVED_RELEASE, GbnProperties.IN_ORDER,
            GbnProperties.NO_TIMEOUT);

    private LayoutBenchmark() {
    }

    /**
     * @param args {@code --quick} (packets=8 instead of 12), {@code --repeat N} (default 3)
     */
    public static void main(String[] args) {
        List<String> a = List.of(args);
        boolean quick = a.contains("--quick");
        int i = a.indexOf("--repeat");
        int repeat = i >= 0 ? Integer.parseInt(a.get(i + 1)) : 3;
        List<String> params = List.of("packets=" + (quick ? 8 : 12), "messages=2", "losses=1");
        CheckSpec<?> layout = Catalog.find("gbn").build("improved", Params.parse(params))
                .selecting(p -> CHECKED.contains(p.name()));
        org.rdmacheck.model.gbn.GoBackN now = (org.rdmacheck.model.gbn.GoBackN) layout.model();
        GbnModel old = new GbnModel(now.config(), now.losses(), now.capacity());
        CheckSpec<GbnState> packed = new CheckSpec<>("gbn", "improved", layout.parameters(), old, oldProperties(old),
                Set.of());
        System.out.printf(Locale.ROOT, "gbn improved %s, one thread, %d rounds; load average %s%n",
                String.join(" ", params), repeat, ScalingBenchmark.loadAverage());
        run(layout);
        run(packed);
        List<Double> ratios = new ArrayList<>();
        List<Double> cpuRatios = new ArrayList<>();
        for (int r = 0; r < repeat; r++) {
            ExplorationReport x = run(layout);
            ExplorationReport y = run(packed);
            if (x.stats().distinctStates() != y.stats().distinctStates()
                    || x.stats().transitions() != y.stats().transitions()) {
                throw new IllegalStateException("counts differ: layout " + x.stats().distinctStates() + "/"
                        + x.stats().transitions() + ", GbnPacked " + y.stats().distinctStates() + "/"
                        + y.stats().transitions());
            }
            double ratio = x.stats().statesPerSecond() / y.stats().statesPerSecond();
            double cpuRatio = perCpu(x) / perCpu(y);
            ratios.add(ratio);
            cpuRatios.add(cpuRatio);
            System.out.printf(Locale.ROOT, "round %d: %,d states, %,d transitions (equal); layout %,.0f states/s "
                            + "(%.1f s), %,.0f per explorer CPU second; GbnPacked %,.0f states/s (%.1f s), %,.0f per "
                            + "explorer CPU second; ratio %.3f wall, %.3f CPU; load average %s%n", r + 1,
                    x.stats().distinctStates(), x.stats().transitions(), x.stats().statesPerSecond(),
                    x.stats().wallMillis() / 1000.0, perCpu(x), y.stats().statesPerSecond(),
                    y.stats().wallMillis() / 1000.0, perCpu(y), ratio, cpuRatio, ScalingBenchmark.loadAverage());
        }
        System.out.printf(Locale.ROOT, "layout / GbnPacked states per second: wall clock %s, per explorer CPU second "
                + "%s%n", median(ratios), median(cpuRatios));
    }

    /** @return distinct states per second of the explorer thread's CPU time (serial and parallel parts) */
    private static double perCpu(ExplorationReport r) {
        ExplorationReport.Timing t = r.timing();
        return r.stats().distinctStates() * 1e9 / Math.max(1, t.serialNanos() + t.parallelNanos());
    }

    private static String median(List<Double> xs) {
        List<Double> s = new ArrayList<>(xs);
        s.sort(Double::compare);
        return String.format(Locale.ROOT, "median %.3f (min %.3f, max %.3f)", s.get((s.size() - 1) / 2), s.get(0),
                s.get(s.size() - 1));
    }

    private static ExplorationReport run(CheckSpec<?> spec) {
        System.gc();
        ExplorationReport r = new Explorer(ExplorerSettings.defaults().withThreads(1).withProgress(0, p -> { }))
                .check(spec);
        if (!r.complete()) {
            throw new IllegalStateException("explorer did not finish: " + r.stopReason());
        }
        return r;
    }

    /** The properties as they were written for {@code GbnPacked}: object forms and packed forms. */
    private static List<Property<GbnState>> oldProperties(GbnModel model) {
        return List.of(
                new ActionProperty<GbnState>(GbnProperties.IN_ORDER, (from, action, to) -> to.epsn() == from.epsn()
                        || to.epsn() == from.epsn() + 1 && action.name().equals("ReceiveData")
                        && action.params().get("psn") instanceof Integer p && p == from.epsn())
                        .withPacked((from, o, action, to) -> {
                            int e = GbnPacked.epsn(from, o);
                            int after = GbnPacked.epsn(to, 0);
                            return after == e || after == e + 1 && GbnPacked.isReceiveData(action)
                                    && GbnPacked.psn(action) == e;
                        }),
                new Invariant<GbnState>(GbnProperties.NO_UNRECEIVED_RELEASE, s -> s.una() <= s.epsn())
                        .withPacked((s, o) -> GbnPacked.una(s, o) <= GbnPacked.epsn(s, o)),
                new ActionProperty<GbnState>(GbnProperties.NO_TIMEOUT,
                        (from, action, to) -> !action.name().equals(GbnModel.TIMEOUT))
                        .withPacked((from, o, action, to) -> !GbnPacked.isTimeout(action)));
    }
}
