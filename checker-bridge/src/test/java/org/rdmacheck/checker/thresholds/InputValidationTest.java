package org.rdmacheck.checker.thresholds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rdmacheck.model.InputException;

/** Units and switch descriptions: what parses, and one clear line for what does not. */
class InputValidationTest {

    @Test
    void sizesAreDecimalUnlessSpelledBinary() {
        assertEquals(12_000_000, Units.bytes("b", "12MB"));
        assertEquals(22_400, Units.bytes("b", "22.4KB"));
        assertEquals(1500, Units.bytes("b", "1500"));
        assertEquals(2048, Units.bytes("b", "2KiB"));
        assertEquals(40_000_000_000L, Units.bitsPerSecond("s", "40Gbps"));
        assertEquals(100_000_000_000L, Units.bitsPerSecond("s", "100Gb/s"));
        assertEquals(new Beta(1, 2), Beta.parse("beta", "0.5"));
        assertEquals(new Beta(8, 1), Beta.parse("beta", "16/2"));
    }

    @Test
    void badValuesGiveOneLineNamingTheValue() {
        assertMessage("buffer = 12XB", () -> Units.bytes("buffer", "12XB"));
        assertMessage("buffer = NaN", () -> Units.bytes("buffer", "NaN"));
        assertMessage("buffer = -5", () -> Units.bytes("buffer", "-5"));
        assertMessage("mtu = 0.5", () -> Units.bytes("mtu", "0.5"));
        assertMessage("beta = 0", () -> Beta.parse("beta", "0"));
        assertMessage("speed = 40XB", () -> Units.bitsPerSecond("speed", "40XB"));
        assertMessage("priorities = 9", () -> SwitchSpecs.parse(base(Map.of("priorities", "9")), "t"));
        assertMessage("buffer = 0", () -> SwitchSpecs.parse(base(Map.of("buffer", "0")), "t"));
        assertMessage("ports = 0", () -> SwitchSpecs.parse(base(Map.of("ports", "0")), "t"));
        assertMessage("tFlight = 0", () -> SwitchSpecs.parse(base(Map.of("tFlight", "0")), "t"));
        assertMessage("unknown key 'bufer'", () -> SwitchSpecs.parse(base(Map.of("bufer", "1")), "t"));
        SwitchSpec sw = SwitchSpecs.parse(base(Map.of()), "t");
        assertMessage("beta = 3: not in the chip's allowed set",
                () -> SwitchSpecs.parseConfig(Map.of("beta", "3", "tEcn", "1KB"), sw, "c"));
        assertMessage("tEcn = 0", () -> SwitchSpecs.parseConfig(Map.of("tPfc", "3KB", "tEcn", "0"), sw, "c"));
        assertMessage("mode = fixed", () -> SwitchSpecs.parseConfig(Map.of("mode", "fixed", "tEcn", "1KB"), sw, "c"));
        assertMessage("beta = 0.00001: expected a numerator", () -> Beta.parse("beta", "0.00001"));
        assertMessage("both given", () -> SwitchSpecs.parse(base(Map.of("speed", "40G")), "t"));
        assertMessage("speed = 200G: no standard response time",
                () -> SwitchSpecs.parse(Map.of("buffer", "12MB", "ports", "32", "speed", "200G"), "t"));
    }

    private static Map<String, String> base(Map<String, String> over) {
        Map<String, String> m = new HashMap<>(Map.of("buffer", "12MB", "ports", "32", "tFlight", "22.4KB"));
        m.putAll(over);
        return m;
    }

    private static void assertMessage(String start, org.junit.jupiter.api.function.Executable e) {
        InputException ex = assertThrows(InputException.class, e);
        assertTrue(ex.getMessage().contains(start), ex.getMessage());
        assertEquals(1, ex.getMessage().lines().count());
    }
}
