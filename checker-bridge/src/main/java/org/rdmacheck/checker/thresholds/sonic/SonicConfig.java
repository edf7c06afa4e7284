package org.rdmacheck.checker.thresholds.sonic;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The buffer sections of a SONiC {@code config_db.json} that the threshold check reads (the subset
 * is documented in {@code examples/sonic/README.md}). Sizes are bytes, speeds Mb/s as SONiC writes them.
 *
 * @param name      a label (the file's stem)
 * @param pools     BUFFER_POOL by name
 * @param profiles  BUFFER_PROFILE by name
 * @param pgs       BUFFER_PG bindings, one per (port, priority group)
 * @param queues    BUFFER_QUEUE bindings, one per (port, queue)
 * @param ports     PORT speed, MTU and lane count by port
 * @param cables    CABLE_LENGTH by port
 * @param wred      WRED_PROFILE by name
 * @param queueWred QUEUE's wred_profile by (port, queue)
 * @param qos       PORT_QOS_MAP by port: lossless priorities and the maps of their traffic classes
 * @param traffic   LOSSLESS_TRAFFIC_PATTERN (lossless MTU and small-packet percentage)
 * @param gearbox   PERIPHERAL_TABLE's gearbox, if the file has one
 */
public record SonicConfig(String name, Map<String, Pool> pools, Map<String, Profile> profiles, List<Binding> pgs,
                          List<Binding> queues, Map<String, Port> ports, Map<String, BigDecimal> cables,
                          Map<String, Wred> wred, Map<PortIndex, String> queueWred, Map<String, PortQos> qos,
                          LosslessTraffic traffic, Optional<Gearbox> gearbox) {

    /** Copies the collections. */
    public SonicConfig {
        pools = Map.copyOf(pools);
        profiles = Map.copyOf(profiles);
        pgs = List.copyOf(pgs);
        queues = List.copyOf(queues);
        ports = Map.copyOf(ports);
        cables = Map.copyOf(cables);
        wred = Map.copyOf(wred);
        queueWred = Map.copyOf(queueWred);
        qos = Map.copyOf(qos);
    }

    /**
     * @param port a port
     * @return its lossless priorities (PORT_QOS_MAP pfc_enable), empty if none
     */
    public Set<Integer> lossless(String port) {
        PortQos q = qos.get(port);
        return q == null ? Set.of() : q.lossless();
    }

    /** Ingress or egress pool. */
    public enum PoolType { INGRESS, EGRESS }

    /** Static thresholds in bytes, or dynamic ones as log2 of the share of free buffer. */
    public enum PoolMode { STATIC, DYNAMIC }

    /**
     * @param size the pool's shared size in bytes
     * @param type ingress or egress
     * @param mode static or dynamic
     * @param xoff the shared headroom pool, bytes (0 if none)
     */
    public record Pool(long size, PoolType type, PoolMode mode, long xoff) {
    }

    /**
     * @param pool      the pool's name
     * @param size      the reserved size in bytes
     * @param xon       XON threshold in bytes (0 if not given)
     * @param xoff      XOFF headroom in bytes (0 if not given: a lossy profile)
     * @param dynamicTh log2 of the share of free buffer, when dynamic
     * @param staticTh  the threshold in bytes, when static
     */
    public record Profile(String pool, long size, long xon, long xoff, Optional<Integer> dynamicTh,
                          Optional<Long> staticTh) {
    }

    /**
     * @param port    a port
     * @param index   a priority group or queue
     * @param profile the profile bound to it
     */
    public record Binding(String port, int index, String profile) {
    }

    /**
     * @param port  a port
     * @param index a priority or queue
     */
    public record PortIndex(String port, int index) {
    }

    /**
     * @param speedMbps the speed in Mb/s, as PORT writes it
     * @param mtu       the port MTU in bytes
     * @param lanes     the number of SerDes lanes (0 if not given)
     */
    public record Port(long speedMbps, long mtu, int lanes) {
    }

    /**
     * @param ecn          whether ECN marking is on for green packets
     * @param minThreshold green_min_threshold in bytes (DCQCN's K_min)
     * @param maxThreshold green_max_threshold in bytes (DCQCN's K_max)
     */
    public record Wred(boolean ecn, long minThreshold, long maxThreshold) {
    }

    /**
     * @param mtu                   the lossless MTU in bytes (SONiC's default 1024)
     * @param smallPacketPercentage the percentage of small packets (SONiC's default 100)
     */
    public record LosslessTraffic(long mtu, int smallPacketPercentage) {
    }

    /**
     * PORT_QOS_MAP of one port with its map references resolved. SONiC's lossless priority is a
     * traffic class: PFC pauses priority t, and packets of class t use ingress priority group
     * {@code tcToPg(t)} and egress queue {@code tcToQueue(t)}.
     *
     * @param lossless  pfc_enable: the lossless priorities
     * @param tcToPg    the TC_TO_PRIORITY_GROUP_MAP named by tc_to_pg_map (traffic class to PG)
     * @param tcToQueue the TC_TO_QUEUE_MAP named by tc_to_queue_map (traffic class to queue)
     */
    public record PortQos(Set<Integer> lossless, Map<Integer, Integer> tcToPg, Map<Integer, Integer> tcToQueue) {

        /** Copies the collections. */
        public PortQos {
            lossless = java.util.Collections.unmodifiableSortedSet(new java.util.TreeSet<>(lossless));
            tcToPg = Map.copyOf(tcToPg);
            tcToQueue = Map.copyOf(tcToQueue);
        }
    }

    /**
     * A gearbox between the ASIC and the port, as SONiC's PERIPHERAL_TABLE gives it.
     *
     * @param model        the PERIPHERAL_TABLE key (the gearbox model)
     * @param delayNanos   gearbox_delay as the headroom script takes it: bytes = speed[Mb/s] × delay / 8192
     */
    public record Gearbox(String model, BigDecimal delayNanos) {
    }
}
