package org.rdmacheck.checker.thresholds.sonic;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.rdmacheck.model.InputException;

/**
 * SONiC's headroom calculation for Mellanox Spectrum switches, as {@code cfgmgr/buffer_headroom_mellanox.lua}
 * in sonic-swss (master at commit 18913fa357264149fa4d4ba93638f58e1c8ad89b, the version with the
 * 800G pause-quanta entry and the 8-lane adjustment) computes it; implemented here from its formula:
 * <pre>
 *   peer_response = quanta(speed) * 512 / 8                     (IEEE 802.3 31B.3.7 quanta)
 *   cable         = 2 * length * speed[Mb/s] * 1e9 / 198e6 / (8 * 1024)
 *   gearbox       = speed * gearbox_delay / (8 * 1024)          (0 without a gearbox; delay in ns)
 *   propagation   = port_mtu + cable + 2 * gearbox + mac_phy_delay + peer_response
 *   worst_case    = cell / 64 if cell > 128, else 2 * cell / (1 + cell)
 *   occupancy     = (100 - small% + small% * worst_case) / 100
 *   xoff          = ceil((lossless_mtu + propagation * occupancy) / 1024) * 1024
 *   xon           = ceil(pipeline_latency / 1024) * 1024        (8 lanes: 2 * latency - 1024)
 * </pre>
 * The script scales the cable term by 1e9/1024 where Mb/s to bits/s is 1e6, so its cable figure is
 * 2.34 % below the physical one; we reproduce what the switch computes, and print the 802.1Qbb terms
 * beside it. Arithmetic is in doubles, as Lua's numbers are.
 */
public final class MellanoxHeadroom {

    /** The version of the formula. */
    public static final String SOURCE = "sonic-swss cfgmgr/buffer_headroom_mellanox.lua @18913fa";

    /** Pause quanta by speed in Mb/s, the script's table (IEEE 802.3 31B.3.7). */
    private static final Map<Long, Integer> QUANTA = Map.of(800_000L, 905, 400_000L, 905, 200_000L, 453,
            100_000L, 394, 50_000L, 147, 40_000L, 118, 25_000L, 80, 10_000L, 67, 1_000L, 2, 100L, 1);

    private static final double SPEED_OF_LIGHT_IN_MEDIUM = 198_000_000;
    private static final int MINIMAL_PACKET = 64;

    private MellanoxHeadroom() {
    }

    /**
     * @param speedMbps a port speed in Mb/s
     * @return whether the script's pause-quanta table has it
     */
    public static boolean knowsSpeed(long speedMbps) {
        return QUANTA.containsKey(speedMbps);
    }

    /**
     * @param asic           cell size, MAC/PHY delay and pipeline latency
     * @param traffic        lossless MTU and small-packet percentage
     * @param speedMbps      port speed in Mb/s
     * @param cableMetres    cable length
     * @param portMtu        port MTU
     * @param gearboxDelayNs gearbox delay as PERIPHERAL_TABLE gearbox_delay gives it (ns; 0 without a gearbox)
     * @param eightLanes     whether the port uses 8 lanes
     * @return the terms, xoff and xon
     * @throws InputException if the speed is not in the script's pause-quanta table
     */
    public static HeadroomCalculation compute(SpectrumAsic asic, SonicConfig.LosslessTraffic traffic, long speedMbps,
                                              BigDecimal cableMetres, long portMtu, double gearboxDelayNs,
                                              boolean eightLanes) {
        Integer quanta = QUANTA.get(speedMbps);
        if (quanta == null) {
            throw new InputException("speed = " + speedMbps + " Mb/s: not in the pause-quanta table of "
                    + SOURCE + " " + QUANTA.keySet());
        }
        double peer = quanta * 512.0 / 8;
        double len = cableMetres.doubleValue();
        double cable = 2 * len * speedMbps * 1e9 / SPEED_OF_LIGHT_IN_MEDIUM / (8 * 1024);
        double gearbox = gearboxDelayNs == 0 ? 0 : speedMbps * gearboxDelayNs / (8 * 1024);
        double macPhy = asic.macPhyDelayBytes();
        double propagation = portMtu + cable + 2 * gearbox + macPhy + peer;
        int cell = asic.cellBytes();
        double worst = cell > 2 * MINIMAL_PACKET ? (double) cell / MINIMAL_PACKET : 2.0 * cell / (1 + cell);
        int small = traffic.smallPacketPercentage();
        double occupancy = (100 - small + small * worst) / 100;
        double xoffRaw = traffic.mtu() + propagation * occupancy;
        long xoff = (long) Math.ceil(xoffRaw / 1024) * 1024;
        double latency = eightLanes ? asic.pipelineLatencyBytes() * 2 - 1024 : asic.pipelineLatencyBytes();
        long xon = (long) Math.ceil(latency / 1024) * 1024;
        List<CalcTerm> terms = List.of(
                term("PeerResponse", quanta + " pause quanta x 512 / 8", peer),
                term("BytesOnCable", "2 x " + cableMetres.toPlainString() + " m x " + speedMbps
                        + " Mb/s x 1e9 / 198e6 m/s / 8192", cable),
                term("PortMtu", "PORT mtu", portMtu),
                term("GearboxBothWays", "2 x " + speedMbps + " Mb/s x " + BigDecimal.valueOf(gearboxDelayNs).stripTrailingZeros()
                        .toPlainString() + " ns gearbox_delay / 8192", 2 * gearbox),
                term("MacPhyDelay", asic.cliName() + " mac_phy_delay x 1024", macPhy),
                term("Propagation", "sum of the above", propagation),
                new CalcTerm("CellOccupancy", "(100 - " + small + " + " + small + " x " + worst + ") / 100, cell "
                        + cell + " B", new BigDecimal(Double.toString(occupancy)), CalcTerm.Unit.FACTOR),
                term("LosslessMtu", "LOSSLESS_TRAFFIC_PATTERN mtu", traffic.mtu()),
                term("XoffUnrounded", "lossless mtu + propagation x occupancy", xoffRaw),
                term("Xoff", "rounded up to 1024 B", xoff),
                term("Xon", (eightLanes ? "2 x pipeline latency - 1024" : "pipeline latency")
                        + ", rounded up to 1024 B", xon));
        return new HeadroomCalculation(SOURCE, terms, xoff, xon);
    }

    private static CalcTerm term(String name, String formula, double v) {
        return new CalcTerm(name, formula, new BigDecimal(Double.toString(v)), CalcTerm.Unit.BYTES);
    }
}
