package org.rdmacheck.checker.thresholds.sonic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.rdmacheck.model.InputException;

/** SONiC's Mellanox headroom and the mlx5 driver's xoff against worked examples computed by hand. */
class HeadroomCalculationTest {

    private static final SonicConfig.LosslessTraffic DEFAULT_TRAFFIC = new SonicConfig.LosslessTraffic(1024, 100);

    private static Map<String, Double> terms(HeadroomCalculation c) {
        return c.terms().stream().collect(Collectors.toMap(CalcTerm::name, t -> t.value().doubleValue()));
    }

    /**
     * 100G, 40 m, MTU 9100 on Spectrum-2 (cell 144 B, MAC/PHY 0.8 KB, pipeline 18 KB), lossless MTU
     * 1024, 100 % small packets. By hand:
     * peer response 394 · 512 / 8 = 25,216 B;
     * cable 2 · 40 · 100,000 · 10^9 / (198 · 10^6) / 8192 = 8·10^15 / 1.98·10^8 / 8192 = 4,932.1338 B;
     * MAC/PHY 0.8 · 1024 = 819.2 B; propagation 9,100 + 4,932.1338 + 819.2 + 25,216 = 40,067.3338 B;
     * cell 144 > 128 so worst case 144/64 = 2.25, occupancy (100 − 100 + 100 · 2.25)/100 = 2.25;
     * xoff 1,024 + 40,067.3338 · 2.25 = 91,175.50 B → ⌈91,175.50 / 1024⌉ = 90 → 92,160 B;
     * xon 18 · 1024 = 18,432 B.
     */
    @Test
    void sonicSpectrum2At100GAnd40Metres() {
        HeadroomCalculation c = MellanoxHeadroom.compute(SpectrumAsic.SPECTRUM_2, DEFAULT_TRAFFIC, 100_000,
                new BigDecimal("40"), 9100, 0, false);
        Map<String, Double> t = terms(c);
        assertEquals(25_216.0, t.get("PeerResponse"), 1e-9);
        assertEquals(4_932.1338, t.get("BytesOnCable"), 1e-4);
        assertEquals(819.2, t.get("MacPhyDelay"), 1e-9);
        assertEquals(40_067.3338, t.get("Propagation"), 1e-4);
        assertEquals(2.25, t.get("CellOccupancy"), 1e-12);
        assertEquals(91_175.50, t.get("XoffUnrounded"), 1e-2);
        assertEquals(92_160, c.xoffBytes());
        assertEquals(18_432, c.xonBytes());
    }

    /**
     * 40G, 5 m, MTU 1500 on Spectrum-1 (cell 96 B ≤ 128: worst case 2·96/97 = 1.979381), 50 % small
     * packets: occupancy (50 + 50 · 1.979381)/100 = 1.4896907; peer 118 · 64 = 7,552 B; cable
     * 2 · 5 · 40,000 · 10^9 / 1.98·10^8 / 8192 = 246.6067 B; propagation 1,500 + 246.6067 + 819.2 +
     * 7,552 = 10,117.8067 B; xoff 1,024 + 10,117.8067 · 1.4896907 = 16,096.41 B → 16 · 1024 = 16,384 B.
     */
    @Test
    void sonicSpectrum1SmallCellAt40G() {
        HeadroomCalculation c = MellanoxHeadroom.compute(SpectrumAsic.SPECTRUM_1,
                new SonicConfig.LosslessTraffic(1024, 50), 40_000, new BigDecimal("5"), 1500, 0, false);
        Map<String, Double> t = terms(c);
        assertEquals(7_552.0, t.get("PeerResponse"), 1e-9);
        assertEquals(1.4896907, t.get("CellOccupancy"), 1e-6);
        assertEquals(16_096.41, t.get("XoffUnrounded"), 1e-2);
        assertEquals(16_384, c.xoffBytes());
    }

    /**
     * With the gearbox of sonic-buildimage's msn3800 (PERIPHERAL_TABLE gearbox_delay 9.765): bytes on the
     * gearbox 100,000 · 9.765 / 8192 = 119.2017 B, both ways 238.4033 B; xoff 1,024 + (40,067.3338 +
     * 238.4033) · 2.25 = 91,711.91 B, still 90 KB → 92,160 B.
     */
    @Test
    void gearboxDelayEntersThePropagationBothWays() {
        HeadroomCalculation c = MellanoxHeadroom.compute(SpectrumAsic.SPECTRUM_2, DEFAULT_TRAFFIC, 100_000,
                new BigDecimal("40"), 9100, 9.765, false);
        Map<String, Double> t = terms(c);
        assertEquals(238.4033, t.get("GearboxBothWays"), 1e-4);
        assertEquals(91_711.91, t.get("XoffUnrounded"), 1e-2);
        assertEquals(92_160, c.xoffBytes());
    }

    /**
     * 400G (8 lanes), 100 m, MTU 9100 on Spectrum-2's cell: peer response 905 · 512 / 8 = 57,920 B;
     * cable 2 · 100 · 400,000 · 10^9 / 1.98·10^8 / 8192 = 49,321.3384 B; propagation 9,100 + 49,321.3384
     * + 819.2 + 57,920 = 117,160.5384 B; xoff 1,024 + 117,160.5384 · 2.25 = 264,635.21 B → ⌈258.43⌉ = 259
     * KB = 265,216 B; xon 2 · 18,432 − 1,024 = 35,840 B. mlx5: (301 + 216) · 400,000 / 1000 + 24,752 =
     * 231,552 B.
     */
    @Test
    void sonicAndMlx5At400GAnd100Metres() {
        HeadroomCalculation c = MellanoxHeadroom.compute(SpectrumAsic.SPECTRUM_2, DEFAULT_TRAFFIC, 400_000,
                new BigDecimal("100"), 9100, 0, true);
        Map<String, Double> t = terms(c);
        assertEquals(57_920.0, t.get("PeerResponse"), 1e-9);
        assertEquals(49_321.3384, t.get("BytesOnCable"), 1e-4);
        assertEquals(117_160.5384, t.get("Propagation"), 1e-4);
        assertEquals(264_635.21, t.get("XoffUnrounded"), 1e-2);
        assertEquals(265_216, c.xoffBytes());
        assertEquals(35_840, c.xonBytes());
        assertEquals(231_552, Mlx5Headroom.compute(400_000, new BigDecimal("100"), 9100).xoffBytes());
    }

    /** 8 lanes: xon = 2 · 18 KB − 1 KB = 35,840 B (the script's 8-lane adjustment). */
    @Test
    void eightLanePortDoublesPipelineLatency() {
        assertEquals(35_840, MellanoxHeadroom.compute(SpectrumAsic.SPECTRUM_2, DEFAULT_TRAFFIC, 400_000,
                new BigDecimal("100"), 9100, 0, true).xonBytes());
    }

    @Test
    void speedOutsideThePauseQuantaTableIsRejected() {
        InputException e = assertThrows(InputException.class, () -> MellanoxHeadroom.compute(SpectrumAsic.SPECTRUM_2,
                DEFAULT_TRAFFIC, 123_000, BigDecimal.ONE, 9100, 0, false));
        assertEquals(true, e.getMessage().contains("123000"));
    }

    /**
     * mlx5, 100G, 40 m, MTU 9100, in integer arithmetic: 216 · 40 / 100 = 86 (truncated);
     * (301 + 86) · 100,000 / 1000 = 38,700; 272 · 9100 / 100 = 24,752; xoff = 63,452 B.
     */
    @Test
    void mlx5At100GAnd40Metres() {
        HeadroomCalculation c = Mlx5Headroom.compute(100_000, new BigDecimal("40"), 9100);
        assertEquals(63_452, c.xoffBytes());
        assertEquals(38_700.0, terms(c).get("LinkAndCable"), 0);
    }

    /** Below 40G the driver computes as if at 40G: 25G, 3 m, MTU 1500: (301 + 6) · 40 + 4,080 = 16,360 B. */
    @Test
    void mlx5ClampsSpeedToFortyGigabit() {
        assertEquals(16_360, Mlx5Headroom.compute(25_000, new BigDecimal("3"), 1500).xoffBytes());
    }
}
