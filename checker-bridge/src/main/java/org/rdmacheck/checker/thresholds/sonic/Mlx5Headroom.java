package org.rdmacheck.checker.thresholds.sonic;

import java.math.BigDecimal;
import java.util.List;

/**
 * The NIC side: the XOFF headroom the Linux mlx5 driver computes for a receive buffer in
 * {@code drivers/net/ethernet/mellanox/mlx5/core/en/port_buffer.c} ({@code calculate_xoff}, Linux
 * 6.x): {@code xoff = (301 + 216 * len / 100) * speed / 1000 + 272 * mtu / 100} bytes, in unsigned
 * integer arithmetic (each division truncates), speed in Mb/s and at least 40000, cable length in
 * whole metres. Implemented here from that formula; the driver then requires a lossless buffer of at
 * least {@code xoff + max_mtu + cell}.
 */
public final class Mlx5Headroom {

    /** The version of the formula. */
    public static final String SOURCE = "Linux mlx5 en/port_buffer.c calculate_xoff (6.x)";

    private Mlx5Headroom() {
    }

    /**
     * @param speedMbps   link speed in Mb/s
     * @param cableMetres cable length in metres (the driver holds whole metres; fractions truncate)
     * @param mtu         the MTU in bytes
     * @return the terms and xoff
     */
    public static HeadroomCalculation compute(long speedMbps, BigDecimal cableMetres, long mtu) {
        long speed = Math.max(speedMbps, 40_000);
        long len = cableMetres.longValue();
        long perGbps = 301 + 216 * len / 100;
        long link = perGbps * speed / 1000;
        long frames = 272 * mtu / 100;
        long xoff = link + frames;
        return new HeadroomCalculation(SOURCE, List.of(
                new CalcTerm("LinkAndCable", "(301 + 216 x " + len + " / 100) x " + speed + " / 1000",
                        BigDecimal.valueOf(link), CalcTerm.Unit.BYTES),
                new CalcTerm("Mtu", "272 x " + mtu + " / 100", BigDecimal.valueOf(frames), CalcTerm.Unit.BYTES),
                new CalcTerm("Xoff", "sum", BigDecimal.valueOf(xoff), CalcTerm.Unit.BYTES)), xoff, 0);
    }
}
