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

    @Test
    void typeAndTypeConstraintAreKeywordsThatTlcIgnores() {
        TlcConfig c = TlcConfig.parse("INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE\nTYPE_CONSTRAINT Inv\nTYPE T\n");
        assertEquals(List.of("FALSE"), c.section("CHECK_DEADLOCK"));
        assertEquals(false, c.checksDeadlock());
        assertEquals(List.of("TYPE T", "TYPE_CONSTRAINT Inv"), c.ignoredByTlc());
        assertEquals(List.of(), c.section("INVARIANT"));
        TlcConfig back = TlcConfig.parse(c.render());
        assertEquals(List.of("Inv"), back.section("TYPE_CONSTRAINT"));
    }

    @Test
    void wordsTlc218DoesNotKnowAreEntriesOfThePreviousSection() {
        // TLC 2.18 reads "ALIAS Small" under INVARIANT as two invariants, ALIAS and Small.
        assertEquals(List.of("TypeOK", "ALIAS", "Small"), TlcConfig.parse("INVARIANT TypeOK\nALIAS Small")
                .section("INVARIANT"));
    }

    @Test
    void aOneNameKeywordIsFollowedByAKeyword() {
        // TLC: "It was expecting a keyword, but did not find it."
        assertThrows(IllegalArgumentException.class, () -> TlcConfig.parse("CHECK_DEADLOCK FALSE\nTypeOK"));
        assertThrows(IllegalArgumentException.class, () -> TlcConfig.parse("INIT Init\nINIT Other"));
    }
}
