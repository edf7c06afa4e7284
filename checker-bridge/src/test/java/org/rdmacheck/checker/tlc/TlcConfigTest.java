package org.rdmacheck.checker.tlc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Configuration files: parsing, overriding and rendering. */
class TlcConfigTest {

    private static final String CFG = """
            \\* a comment
            CONSTANTS N <- MC_N
                Procs = {p1, "two", 3}  (* block (* nested *) comment *)
                Empty = {}
            CONSTANT Neg = -1
            SPECIFICATION Spec
            INVARIANTS TypeOK
               Safe
            PROPERTY Live
            CHECK_DEADLOCK FALSE
            """;

    @Test
    void parsesConstantsAndSections() {
        TlcConfig c = TlcConfig.parse(CFG);
        assertEquals("<- MC_N", c.constants().get("N"));
        assertEquals("= {p1, \"two\", 3}", c.constants().get("Procs"));
        assertEquals("= {}", c.constants().get("Empty"));
        assertEquals("= -1", c.constants().get("Neg"));
        assertEquals(List.of("TypeOK", "Safe"), c.section("INVARIANT"));
        assertEquals(List.of("Live"), c.section("PROPERTY"));
        assertEquals(List.of("FALSE"), c.section("CHECK_DEADLOCK"));
    }

    @Test
    void overridesRenderAndParseBack() {
        TlcConfig c = TlcConfig.parse(CFG).withConstantValue("N", "7").withSection("INVARIANT", List.of("Safe"))
                .withSection("PROPERTY", List.of());
        TlcConfig back = TlcConfig.parse(c.render());
        assertEquals("= 7", back.constants().get("N"));
        assertEquals(List.of("Safe"), back.section("INVARIANT"));
        assertEquals(List.of(), back.section("PROPERTY"));
        assertEquals(List.of("Spec"), back.section("SPECIFICATION"));
    }

    @Test
    void malformedConstantIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> TlcConfig.parse("CONSTANTS N 3"));
    }
}
