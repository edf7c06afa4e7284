package org.rdmacheck.checker.thresholds.sonic;

/**
 * A priority group with a lossless profile (positive xoff) that no lossless traffic class of its
 * port maps to (PORT_QOS_MAP pfc_enable through tc_to_pg_map): its headroom is reserved for nothing
 * and can go back to the shared pool.
 *
 * @param port      the port
 * @param pg        the priority group
 * @param profile   its BUFFER_PROFILE
 * @param xoffBytes the headroom it reserves
 */
public record IdleHeadroom(String port, int pg, String profile, long xoffBytes) {
}
