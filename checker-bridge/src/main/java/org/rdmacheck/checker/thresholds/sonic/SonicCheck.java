package org.rdmacheck.checker.thresholds.sonic;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.rdmacheck.checker.thresholds.Beta;
import org.rdmacheck.checker.thresholds.BetaBound;
import org.rdmacheck.checker.thresholds.ConfigCheck;
import org.rdmacheck.checker.thresholds.Headroom;
import org.rdmacheck.checker.thresholds.EcnMarking;
import org.rdmacheck.checker.thresholds.Inequality;
import org.rdmacheck.checker.thresholds.SolveStatus;
import org.rdmacheck.checker.thresholds.Link;
import org.rdmacheck.checker.thresholds.SwitchSpec;
import org.rdmacheck.checker.thresholds.ThresholdAnalysis;
import org.rdmacheck.checker.thresholds.ThresholdConfig;
import org.rdmacheck.checker.thresholds.ThresholdMode;
import org.rdmacheck.checker.thresholds.ThresholdReport;
import org.rdmacheck.checker.thresholds.sonic.SonicConfig.Binding;
import org.rdmacheck.checker.thresholds.sonic.SonicConfig.Pool;
import org.rdmacheck.checker.thresholds.sonic.SonicConfig.PortIndex;
import org.rdmacheck.checker.thresholds.sonic.SonicConfig.Profile;
import org.rdmacheck.checker.thresholds.sonic.SonicConfig.Wred;
import org.rdmacheck.model.InputException;

/**
 * Checks every lossless priority of every port of a SONiC configuration: the configured XOFF
 * headroom against SONiC's own calculation, and — through seed 004 §4's shared-buffer model, solved
 * with Choco — that ECN marks (WRED green_min_threshold) before PFC pauses (static_th, or the dynamic
 * threshold {@code 2^dynamic_th × free shared buffer}).
 *
 * <p>Mapping to the model: B = the ingress pool's size (the shared part; SONiC's Mellanox buffer
 * model reserves PG headroom outside it) + p·n·t_flight, with t_flight the profile's xoff, n the
 * ports with lossless PGs in the pool, p the most lossless priorities on one of them; β =
 * 2^dynamic_th with divisor 1 (SAI's alpha: threshold = α × free buffer). Priority i uses PG i and
 * queue i (SONiC's default identity tc_to_pg and tc_to_queue maps).
 */
public final class SonicCheck {

    /** The dynamic_th values Spectrum accepts, as β = 2^k. */
    private static final List<Beta> BETAS = betas();

    /** Ports in the order a switch numbers them: Ethernet4 before Ethernet12. */
    public static final Comparator<String> PORT_ORDER = Comparator
            .comparing((String s) -> s.replaceFirst("[0-9]+$", ""))
            .thenComparingLong(SonicCheck::portNumber)
            .thenComparing(Comparator.naturalOrder());

    private final ThresholdAnalysis analysis;
    private final SpectrumAsic asic;
    private final long deflectionBytes;
    private final Optional<BigDecimal> gearboxOverride;

    /**
     * @param analysis        the threshold analysis (Choco)
     * @param asic            the ASIC for SONiC's headroom calculation
     * @param deflectionBytes Dart's deflection threshold to check below ECN on every lossless priority, 0 for none
     * @param gearboxOverride a gearbox delay (ns, as PERIPHERAL_TABLE gearbox_delay) that replaces the file's
     */
    public SonicCheck(ThresholdAnalysis analysis, SpectrumAsic asic, long deflectionBytes,
                      Optional<BigDecimal> gearboxOverride) {
        this.analysis = analysis;
        this.asic = asic;
        this.deflectionBytes = deflectionBytes;
        this.gearboxOverride = gearboxOverride;
    }

    /** A queue with no WRED profile: no WRED object bound, so no ECN marking (SAI's default). */
    private static final Wred NO_WRED = new Wred(false, 0, 0);

    private record GroupKey(String profile, Optional<String> wred, int priority, int pg, int queue, long mtu) {
    }

    /**
     * @param c an imported configuration
     * @return every lossless priority checked
     * @throws InputException if a lossless priority lacks a PG, a lossless profile, a speed, a cable length or a WRED profile
     */
    public SonicReport check(SonicConfig c) {
        List<String> sorted = new ArrayList<>(c.qos().keySet());
        sorted.removeIf(port -> c.lossless(port).isEmpty());
        if (sorted.isEmpty()) {
            throw new InputException(c.name() + ": no lossless priority (PORT_QOS_MAP pfc_enable) to check");
        }
        sorted.sort(PORT_ORDER);
        Map<PortIndex, String> pg = index(c.pgs());
        GearboxDelay gearbox = gearbox(c);
        PoolShapes shapes = poolShapes(c, sorted, pg);
        Map<GroupKey, List<String>> groupPorts = new LinkedHashMap<>();
        List<PriorityCheck> partial = new ArrayList<>();
        List<GroupKey> keys = new ArrayList<>();
        for (String port : sorted) {
            for (int prio : c.lossless(port)) {
                PriorityCheck p = priority(c, pg, gearbox, port, prio);
                GroupKey key = new GroupKey(p.profile(), p.wredProfile(), prio, p.pg(), p.queue(), p.mtu());
                groupPorts.computeIfAbsent(key, k -> new ArrayList<>()).add(port);
                keys.add(key);
                partial.add(p);
            }
        }
        List<GroupKey> order = new ArrayList<>(groupPorts.keySet());
        List<ThresholdGroup> groups = new ArrayList<>();
        for (GroupKey k : order) {
            Profile prof = c.profiles().get(k.profile());
            groups.add(group(c, k, prof, c.pools().get(prof.pool()), groupPorts.get(k),
                    shapes.ports().get(prof.pool()).size(), shapes.maxPgs().get(prof.pool())));
        }
        List<PriorityCheck> out = new ArrayList<>();
        ConfigCheck.Verdict overall = ConfigCheck.Verdict.SAFE;
        for (int i = 0; i < partial.size(); i++) {
            PriorityCheck p = partial.get(i);
            int g = order.indexOf(keys.get(i));
            ConfigCheck.Verdict v = p.headroom().holds() ? groups.get(g).report().check().orElseThrow().verdict()
                    : ConfigCheck.Verdict.UNSAFE;
            out.add(p.inGroup(g, v));
            overall = worse(overall, v);
        }
        return new SonicReport(c.name(), asic, c.traffic(), gearbox, out, groups, idleHeadroom(c, pg), overall);
    }

    /** Per pool: the ports with lossless PGs in it (seed 004's n) and the most lossless PGs on one of them (p). */
    private record PoolShapes(Map<String, Set<String>> ports, Map<String, Integer> maxPgs) {
    }

    private static PoolShapes poolShapes(SonicConfig c, List<String> losslessPorts, Map<PortIndex, String> pg) {
        Map<String, Set<String>> portsByPool = new LinkedHashMap<>();
        Map<String, Integer> maxPgs = new LinkedHashMap<>();
        for (String port : losslessPorts) {
            Map<String, Set<Integer>> pgsByPool = new LinkedHashMap<>();
            for (int prio : c.lossless(port)) {
                int g = c.qos().get(port).tcToPg().get(prio);
                pgsByPool.computeIfAbsent(profile(c, pg, port, prio, g).pool(), k -> new TreeSet<>()).add(g);
            }
            pgsByPool.forEach((pool, groups) -> {
                portsByPool.computeIfAbsent(pool, k -> new TreeSet<>(PORT_ORDER)).add(port);
                maxPgs.merge(pool, groups.size(), Math::max);
            });
        }
        return new PoolShapes(portsByPool, maxPgs);
    }

    /** One lossless priority's headroom: its PG's xoff against SONiC's calculation, with mlx5's and 802.1Qbb's. */
    private PriorityCheck priority(SonicConfig c, Map<PortIndex, String> pg, GearboxDelay gearbox, String port,
                                   int prio) {
        SonicConfig.PortQos qos = c.qos().get(port);
        int g = qos.tcToPg().get(prio);
        int queue = qos.tcToQueue().get(prio);
        Profile prof = profile(c, pg, port, prio, g);
        Optional<String> wred = wred(c, port, prio, queue);
        SonicConfig.Port pt = port(c, port);
        BigDecimal cable = c.cables().get(port);
        if (cable == null) {
            throw new InputException("CABLE_LENGTH: no length for port " + port + " (lossless priority " + prio + ")");
        }
        if (!MellanoxHeadroom.knowsSpeed(pt.speedMbps())) {
            throw new InputException("PORT|" + port + " speed = " + pt.speedMbps() + ": not a speed SONiC's "
                    + "headroom calculation knows (" + MellanoxHeadroom.SOURCE + "): expected 100, 1000, 10000, "
                    + "25000, 40000, 50000, 100000, 200000, 400000 or 800000");
        }
        HeadroomCalculation sonic = MellanoxHeadroom.compute(asic, c.traffic(), pt.speedMbps(), cable, pt.mtu(),
                gearbox.nanos().doubleValue(), pt.lanes() == 8);
        HeadroomCalculation mlx5 = Mlx5Headroom.compute(pt.speedMbps(), cable, pt.mtu());
        Inequality hr = Inequality.ofBytes("XoffCoversHeadroom", "profile xoff >= xoff of " + MellanoxHeadroom.SOURCE,
                prof.xoff(), sonic.xoffBytes(), prof.xoff() >= sonic.xoffBytes(), MellanoxHeadroom.SOURCE);
        return new PriorityCheck(port, prio, g, queue, pg.get(new PortIndex(port, g)), wred, pt.speedMbps(), cable,
                pt.mtu(), pt.lanes(), prof.xoff(), sonic, mlx5, ieee(pt, cable), hr, -1, ConfigCheck.Verdict.SAFE);
    }

    private GearboxDelay gearbox(SonicConfig c) {
        if (gearboxOverride.isPresent()) {
            return new GearboxDelay(gearboxOverride.get(), "--gearbox-delay");
        }
        return c.gearbox().map(g -> new GearboxDelay(g.delayNanos(), "PERIPHERAL_TABLE|" + g.model()))
                .orElse(new GearboxDelay(BigDecimal.ZERO, "none: no PERIPHERAL_TABLE in the file, no --gearbox-delay"));
    }

    /**
     * Lossless PGs (a profile with xoff) that no lossless traffic class of their port maps to: their
     * whole xoff is headroom nothing can use.
     */
    private static List<IdleHeadroom> idleHeadroom(SonicConfig c, Map<PortIndex, String> pg) {
        List<IdleHeadroom> out = new ArrayList<>();
        for (Binding b : c.pgs()) {
            Profile prof = c.profiles().get(b.profile());
            SonicConfig.PortQos qos = c.qos().get(b.port());
            boolean used = qos != null && qos.lossless().stream().anyMatch(tc -> qos.tcToPg().get(tc) == b.index());
            if (prof.xoff() > 0 && !used && b.profile().equals(pg.get(new PortIndex(b.port(), b.index())))) {
                out.add(new IdleHeadroom(b.port(), b.index(), b.profile(), prof.xoff()));
            }
        }
        out.sort(Comparator.comparing(IdleHeadroom::port, PORT_ORDER).thenComparingInt(IdleHeadroom::pg));
        return out;
    }

    private ThresholdGroup group(SonicConfig c, GroupKey k, Profile prof, Pool pool, List<String> ports, int n, int p) {
        if (pool.type() != SonicConfig.PoolType.INGRESS) {
            throw new InputException("BUFFER_PROFILE|" + k.profile() + ": a lossless PG profile in egress pool '"
                    + prof.pool() + "': expected an ingress pool");
        }
        if (pool.xoff() > 0) {
            throw new InputException("BUFFER_POOL|" + prof.pool() + " xoff = " + pool.xoff() + ": a shared headroom "
                    + "pool (headroom oversubscribed across PGs) is outside seed 004's model, which reserves each lossless"
                    + " PG's xoff; expected 0 or absent");
        }
        Wred w = k.wred().map(c.wred()::get).orElse(NO_WRED);
        long tf = prof.xoff();
        // B = pool + p·n·xoff must fit the solver's 32-bit arithmetic: name the input that breaks it
        long maxXoff = (Integer.MAX_VALUE - 1L - pool.size()) / ((long) p * n);
        if (pool.size() < Integer.MAX_VALUE - 1L && tf > maxXoff) {
            throw new InputException("BUFFER_PROFILE|" + k.profile() + " xoff = " + tf + ": with " + p * n
                    + " lossless PGs reserving it beside BUFFER_POOL|" + prof.pool() + " size = " + pool.size()
                    + ", seed 004's buffer (pool + p*n*xoff) exceeds the solver's bound of " + (Integer.MAX_VALUE - 1)
                    + " B; expected xoff at most " + Math.max(0, maxXoff));
        }
        long buffer = pool.size() + (long) p * n * tf;
        SwitchSpec sw = new SwitchSpec(c.name(), buffer, n, p, k.mtu(), Optional.empty(), tf, BETAS, 1);
        String name = ports.get(0) + ".p" + k.priority() + "." + k.profile();
        // with ECN off the model's other constraints are evaluated as if it marked at green_min_threshold
        // (one MTU when that is unset), and EcnMarksGreen fails
        long tEcn = w.minThreshold() > 0 ? w.minThreshold() : k.mtu();
        ThresholdConfig cfg = prof.dynamicTh().isPresent()
                ? ThresholdConfig.ofDynamic(name, beta(prof.dynamicTh().get()), tEcn)
                : ThresholdConfig.ofStatic(name, prof.staticTh().orElseThrow(), tEcn);
        if (w.maxThreshold() > 0) {
            cfg = cfg.withKMax(w.maxThreshold());
        }
        if (deflectionBytes > 0) {
            cfg = cfg.withDeflection(deflectionBytes);
        }
        ThresholdReport r = analysis.check(sw, cfg);
        if (!w.ecn()) {
            r = ecnOff(r, k.wred().map(named -> "WRED_PROFILE|" + named + " marks green (ecn, wred_green_enable)")
                    .orElse("QUEUE|" + ports.get(0) + "|" + k.queue() + (ports.size() > 1 ? " (and queue " + k.queue()
                            + " of " + (ports.size() - 1) + " more ports)" : "") + " has a wred_profile (ECN)"));
        }
        Optional<Integer> thMin = Optional.empty();
        Optional<Integer> thMax = Optional.empty();
        Optional<Long> staticThMax = Optional.empty();
        long tEcnMax;
        if (cfg.mode() == ThresholdMode.DYNAMIC) {
            Beta configured = cfg.beta().orElseThrow();
            tEcnMax = r.dynamicDerivation().perBeta().stream().filter(b -> b.beta().equals(configured))
                    .mapToLong(BetaBound::tEcnMax).findFirst().orElse(-1);
            // the bound grows with beta (seed 004 §4): the safe dynamic_th values are an upper range
            for (BetaBound b : r.dynamicDerivation().perBeta()) {
                if (b.tEcnMax() >= cfg.tEcn()) {
                    thMin = thMin.or(() -> Optional.of(log2(b.beta())));
                    thMax = Optional.of(log2(b.beta()));
                }
            }
        } else {
            // seed 004 §4, static: n·t_ECN < t_PFC, and p·n·(t_PFC + t_flight) <= B
            tEcnMax = (cfg.tPfc() - 1) / n;
            if (r.staticDerivation().status() == SolveStatus.SATISFIABLE) {
                staticThMax = Optional.of(r.staticDerivation().tPfcMax());
            }
        }
        return new ThresholdGroup(k.profile(), k.wred(), k.priority(), k.pg(), k.queue(), ports, r,
                new ProfileDerivation(tEcnMax, thMin, thMax, staticThMax));
    }

    /**
     * A lossless queue whose WRED profile does not mark green packets, or that has no WRED profile
     * at all (SONiC's QUEUE wred_profile is optional; without it no WRED object is bound and SAI's
     * default is no ECN marking): ECN never fires, so PFC is the
     * only congestion signal and pauses before any sender slows down, which seed 004 §4's
     * ECN-before-PFC requirement rules out whatever the thresholds. The check's verdict is UNSAFE,
     * its first constraint the one that fails.
     */
    private static ThresholdReport ecnOff(ThresholdReport r, String what) {
        ConfigCheck c = r.check().orElseThrow();
        List<Inequality> all = new ArrayList<>();
        all.add(new Inequality("EcnMarksGreen", what, "rows below as if at t_ECN", EcnMarking.OFF, EcnMarking.ON,
                Inequality.Outcome.FAILS, "seed 004 §4"));
        all.addAll(c.inequalities());
        ConfigCheck off = new ConfigCheck(c.config(), all, c.witnessSearch(), c.deflectionSearch(),
                ConfigCheck.Verdict.UNSAFE, c.solverAgrees());
        return new ThresholdReport(r.sw(), r.headroom(), r.reservedHeadroom(), r.sharedBuffer(), r.staticDerivation(),
                r.dynamicDerivation(), Optional.of(off));
    }

    private static Optional<Headroom> ieee(SonicConfig.Port pt, BigDecimal cable) {
        long bps = pt.speedMbps() * 1_000_000L;
        int quanta = Link.standardResponseQuanta(bps);
        long delay = Link.standardInterfaceDelay(bps);
        if (quanta < 0 || delay < 0) {
            return Optional.empty();
        }
        return Optional.of(Headroom.ofLink(new Link(bps, cable, BigDecimal.valueOf(5), quanta, delay, 20, 64), pt.mtu()));
    }

    private static Map<PortIndex, String> index(List<Binding> bindings) {
        Map<PortIndex, String> m = new LinkedHashMap<>();
        bindings.forEach(b -> m.put(new PortIndex(b.port(), b.index()), b.profile()));
        return m;
    }

    private static Profile profile(SonicConfig c, Map<PortIndex, String> pg, String port, int prio, int group) {
        String name = pg.get(new PortIndex(port, group));
        if (name == null) {
            throw new InputException("BUFFER_PG: no entry for " + port + "|" + group + ", the priority group of lossless "
                    + "priority " + prio + " (PORT_QOS_MAP pfc_enable, tc_to_pg_map)");
        }
        Profile p = c.profiles().get(name);
        if (p.xoff() <= 0) {
            throw new InputException("BUFFER_PROFILE|" + name + " (" + port + "|" + group + ", lossless priority " + prio
                    + "): a lossless PG needs a positive xoff headroom");
        }
        return p;
    }

    /**
     * The WRED profile of a lossless queue, empty when its QUEUE entry has none (a queue without WRED:
     * no ECN marking, checked as UNSAFE in group()).
     */
    private static Optional<String> wred(SonicConfig c, String port, int prio, int queue) {
        String name = c.queueWred().get(new PortIndex(port, queue));
        // ECN switched off on green (ecn without green, or wred_green_enable = false) is valid configuration,
        // checked as UNSAFE in group(); ECN on with no green_min_threshold leaves SAI's default of 0 bytes for
        // both green thresholds, a marking ramp the seed 004 model has no K_min for
        if (name != null && c.wred().get(name).ecn() && c.wred().get(name).minThreshold() <= 0) {
            throw new InputException("WRED_PROFILE|" + name + " (QUEUE|" + port + "|" + queue + ", lossless priority "
                    + prio + "): ECN on green without a green_min_threshold; expected a positive green_min_threshold");
        }
        return Optional.ofNullable(name);
    }

    private static SonicConfig.Port port(SonicConfig c, String port) {
        SonicConfig.Port p = c.ports().get(port);
        if (p == null) {
            throw new InputException("PORT_QOS_MAP|" + port + ": port not in PORT");
        }
        return p;
    }

    private static long portNumber(String port) {
        String digits = port.replaceFirst("^.*?([0-9]*)$", "$1");
        return digits.isEmpty() || digits.length() > 18 ? -1 : Long.parseLong(digits);
    }

    private static ConfigCheck.Verdict worse(ConfigCheck.Verdict a, ConfigCheck.Verdict b) {
        if (a == ConfigCheck.Verdict.UNSAFE || b == ConfigCheck.Verdict.UNSAFE) {
            return ConfigCheck.Verdict.UNSAFE;
        }
        return a == ConfigCheck.Verdict.INCONCLUSIVE || b == ConfigCheck.Verdict.INCONCLUSIVE
                ? ConfigCheck.Verdict.INCONCLUSIVE : ConfigCheck.Verdict.SAFE;
    }

    /**
     * @param dynamicTh log2 of the share
     * @return β = 2^dynamicTh
     */
    public static Beta beta(int dynamicTh) {
        return dynamicTh >= 0 ? new Beta(1L << dynamicTh, 1) : new Beta(1, 1L << -dynamicTh);
    }

    private static int log2(Beta b) {
        return b.denominator() == 1 ? Long.numberOfTrailingZeros(b.numerator())
                : -Long.numberOfTrailingZeros(b.denominator());
    }

    private static List<Beta> betas() {
        List<Beta> out = new ArrayList<>();
        for (int k = -7; k <= 7; k++) {
            out.add(beta(k));
        }
        return List.copyOf(out);
    }
}
