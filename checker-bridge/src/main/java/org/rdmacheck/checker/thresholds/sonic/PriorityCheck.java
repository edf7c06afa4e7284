package org.rdmacheck.checker.thresholds.sonic;

import java.math.BigDecimal;
import java.util.Optional;
import org.rdmacheck.checker.thresholds.ConfigCheck;
import org.rdmacheck.checker.thresholds.Headroom;
import org.rdmacheck.checker.thresholds.Inequality;

/**
 * The check of one lossless priority of one port of an imported SONiC configuration.
 *
 * @param port           the port
 * @param priority       the lossless priority (traffic class)
 * @param pg             its ingress priority group (tc_to_pg_map)
 * @param queue          its egress queue (tc_to_queue_map)
 * @param profile        the BUFFER_PROFILE of its PG
 * @param wredProfile    the WRED_PROFILE of its queue (QUEUE wred_profile); empty when the queue has none: no
 *                       WRED and no ECN on it, as SAI's default
 * @param speedMbps      PORT speed
 * @param cableMetres    CABLE_LENGTH
 * @param mtu            PORT mtu
 * @param lanes          PORT lanes count (0 if not given)
 * @param configuredXoff the profile's xoff
 * @param sonic          the headroom as SONiC's Mellanox script computes it
 * @param mlx5           the headroom as the mlx5 driver computes it for the NIC at the other end
 * @param ieee           the 802.1Qbb headroom terms (empty when the speed is not tabulated)
 * @param headroom       XoffCoversHeadroom: the configured xoff against SONiC's
 * @param group          the index of the threshold group (seed 004 model) this priority belongs to
 * @param verdict        SAFE, UNSAFE or INCONCLUSIVE
 */
public record PriorityCheck(String port, int priority, int pg, int queue, String profile, Optional<String> wredProfile,
                            long speedMbps,
                            BigDecimal cableMetres, long mtu, int lanes, long configuredXoff, HeadroomCalculation sonic,
                            HeadroomCalculation mlx5, Optional<Headroom> ieee, Inequality headroom, int group,
                            ConfigCheck.Verdict verdict) {

    /**
     * @param groupIndex the threshold group
     * @param v          the verdict
     * @return this check placed in its group with its verdict
     */
    public PriorityCheck inGroup(int groupIndex, ConfigCheck.Verdict v) {
        return new PriorityCheck(port, priority, pg, queue, profile, wredProfile, speedMbps, cableMetres, mtu, lanes,
                configuredXoff, sonic, mlx5, ieee, headroom, groupIndex, v);
    }

    /** @return headroom configured beyond what SONiC's calculation needs, 0 if none */
    public long returnableBytes() {
        return Math.max(0, configuredXoff - sonic.xoffBytes());
    }
}
