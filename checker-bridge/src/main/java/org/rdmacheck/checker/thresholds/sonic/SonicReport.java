package org.rdmacheck.checker.thresholds.sonic;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.thresholds.ConfigCheck;

/**
 * The check of an imported SONiC configuration.
 *
 * @param config     the configuration's name
 * @param asic       the ASIC whose parameters SONiC's headroom calculation used
 * @param traffic    the lossless traffic pattern it used
 * @param gearbox    the gearbox delay it used
 * @param priorities every (port, lossless priority)
 * @param groups     the threshold model instances
 * @param idle       lossless priority groups that no lossless priority uses
 * @param verdict    UNSAFE if any priority is, else INCONCLUSIVE if any is, else SAFE
 */
public record SonicReport(String config, SpectrumAsic asic, SonicConfig.LosslessTraffic traffic, GearboxDelay gearbox,
                          List<PriorityCheck> priorities, List<ThresholdGroup> groups, List<IdleHeadroom> idle,
                          ConfigCheck.Verdict verdict) {

    /** Copies the lists. */
    public SonicReport {
        priorities = List.copyOf(priorities);
        groups = List.copyOf(groups);
        idle = List.copyOf(idle);
    }

    /**
     * @return one headroom witness per set of priorities with equal profile, priority, speed, cable
     *         and MTU whose xoff is below SONiC's calculation, named by its first port
     */
    public List<Counterexample> headroomWitnesses() {
        Map<List<Object>, PriorityCheck> first = new LinkedHashMap<>();
        priorities.stream().filter(p -> !p.headroom().holds()).forEach(p -> first.putIfAbsent(
                List.of(p.profile(), p.priority(), p.speedMbps(), p.cableMetres(), p.mtu(), p.lanes()), p));
        return first.values().stream().map(p -> HeadroomWitnesses.of(config, asic, traffic, gearbox, p)).toList();
    }

    /**
     * @return the headroom that could go back to the shared pool: each lossless PG's xoff beyond
     *         SONiC's calculation (counted once per PG) plus the whole xoff of idle lossless PGs
     */
    public long returnableBytes() {
        Map<List<Object>, Long> perPg = new LinkedHashMap<>();
        priorities.forEach(p -> perPg.merge(List.of(p.port(), p.pg()), p.returnableBytes(), Math::min));
        return perPg.values().stream().mapToLong(Long::longValue).sum()
                + idle.stream().mapToLong(IdleHeadroom::xoffBytes).sum();
    }
}
