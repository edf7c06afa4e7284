package org.rdmacheck.fluid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FluidParametersTest {

    private static String rejected(String name, String value) {
        FluidInputException e = assertThrows(FluidInputException.class,
                () -> FluidParameters.deployed().with(name, value));
        assertTrue(e.getMessage().startsWith(name), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
        return e.getMessage();
    }

    @Test
    void badInputIsRejectedNamingTheValue() {
        assertTrue(rejected("N", "0").contains("from 1 to"));
        assertTrue(rejected("tauStar", "-1").contains("from 0 to 100000 us"));
        assertTrue(rejected("tauStar", "1e308").contains("from 0 to 100000 us"));
        assertEquals(FluidParameters.MAX_DELAY_MICROS, FluidParameters.deployed().with("tauStar", "100000")
                .feedbackDelayMicros());
        rejected("tau", "-50");
        rejected("tauPrime", "0");
        assertTrue(rejected("Pmax", "0").contains("(0, 1]"));
        rejected("Pmax", "1.01");
        assertTrue(rejected("Kmin", "250").contains("Kmin <= Kmax"));
        assertTrue(rejected("g", "NaN").contains("finite"));
        rejected("T", "Infinity");
        rejected("B", "abc");
        rejected("N", "2.5");
        assertThrows(FluidInputException.class, () -> FluidParameters.deployed().with("nope", "1"));
    }

    @Test
    void everyParameterHasAStatedRange() {
        // each bound taken, and just past it refused naming the value and the range
        for (FluidParameters.Range r : FluidParameters.RANGES.values()) {
            for (double edge : new double[] {r.min(), r.max()}) {
                if (r.name().equals("Rai") || r.name().equals("Rhai")) {
                    continue;   // capped at C below
                }
                // Kmin's upper edge needs Kmax moved with it, Kmax's lower one Kmin (Kmin <= Kmax)
                java.util.Map<String, String> at = r.name().equals("Kmin")
                        ? java.util.Map.of("Kmin", Double.toString(edge), "Kmax", "1000000")
                        : r.name().equals("Kmax") ? java.util.Map.of("Kmin", "0", "Kmax", Double.toString(edge))
                        : java.util.Map.of(r.name(), Double.toString(edge));
                FluidParameters p = FluidParameters.deployed().withAll(at);
                assertEquals(FluidParameters.deployed().withAll(at), p, r.name() + " = " + edge + " is taken");
            }
            String below = Double.toString(r.min() == 0 ? -1 : r.min() / 2);
            String above = Double.toString(r.max() * 2);
            for (String v : new String[] {below, above, "1e308", "-1e308"}) {
                String m = rejected(r.name(), v);
                assertTrue(m.contains("expected") && m.contains(" to "), m);
            }
        }
        // the timer of the review: 1e308 us is no DCQCN setting
        assertTrue(rejected("T", "1e308").contains("from 1 us to 1000000 us"), rejected("T", "1e308"));
        assertTrue(rejected("C", "1e-300").contains("from 1 Gb/s to 10000 Gb/s"));
        // the increase steps are capped at the line rate C
        assertEquals(40_000, FluidParameters.deployed().with("Rai", "40000").rateAiMbps());
        assertTrue(rejected("Rai", "40001").contains("line rate C = 40000 Mb/s"));
        assertTrue(rejected("Rhai", "1e9").contains("line rate"));
        assertTrue(rejected("F", "101").contains("from 0 to 100"));
        assertEquals(100, FluidParameters.deployed().with("F", "100").fastRecoverySteps());
        assertThrows(FluidInputException.class, () -> new SolverSettings(100.5));
        assertThrows(FluidInputException.class, () -> new SolverSettings(Double.NaN));
        assertEquals(100, new SolverSettings(100).stepMicros());
    }

    @Test
    void unitsConvertAtTheEdges() {
        FluidParameters p = FluidParameters.deployed();
        assertEquals(5, p.capacityPerMicro(), 1e-12);
        assertEquals(10_000, p.byteCounterPackets(), 1e-9);
        assertEquals(0.005, p.rateAiPerMicro(), 1e-15);
        FluidParameters big = p.with("packet", "4");
        assertEquals(1.25, big.capacityPerMicro(), 1e-12);
        assertEquals(2_500, big.byteCounterPackets(), 1e-9);
        assertEquals("1/256", p.asMap().get("g"));
        assertEquals(1.0 / 16, FluidParameters.strawman().g());
    }
}
