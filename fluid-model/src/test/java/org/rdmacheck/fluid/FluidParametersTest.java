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
