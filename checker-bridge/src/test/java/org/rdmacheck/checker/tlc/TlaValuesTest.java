package org.rdmacheck.checker.tlc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.strings;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.trace.TraceJson;

/** The TLA+ value parser and renderer. */
class TlaValuesTest {

    private static JsonNode json(String s) throws Exception {
        return TraceJson.MAPPER.readTree(s);
    }

    @Test
    void parsesEveryValueKindTlcPrints() throws Exception {
        assertEquals(json("{\"a\":1,\"b\":[true,false],\"c\":[],\"d\":\"x\\\"y\",\"e\":\"m1\",\"f\":{\"1\":\"p\",\"2\":-3}}"),
                TlaValues.parse("[a |-> 1, b |-> <<TRUE, FALSE>>, c |-> {}, d |-> \"x\\\"y\", e |-> m1,\n"
                        + "   f |-> (1 :> \"p\" @@ 2 :> -3)]"));
        assertEquals(json("[[1,2,3],[\"a\"]]"), TlaValues.parse("{1..3, {\"a\"}}"));
        assertEquals(json("{\"s\":[[1,2]]}"), TlaValues.parse("(\"s\" :> {<<1, 2>>})"));
        assertEquals(json("12345678901234"), TlaValues.parse("12345678901234"));
    }

    @Test
    void rejectsMalformedValuesNamingTheOffset() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TlaValues.parse("[a |-> ]"));
        assertEquals(true, e.getMessage().contains("offset 7"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> TlaValues.parse("<<1, 2"));
    }

    @Test
    void renderThenParseIsTheIdentityOnTraceValues() {
        qt().withFixedSeed(20261121L).forAll(lists().of(integers().between(-1000, 1000)).ofSizeBetween(0, 6),
                strings().basicLatinAlphabet().ofLengthBetween(0, 8)).checkAssert((xs, s) -> {
                    JsonNode v = TraceJson.toJson(java.util.Map.of("xs", xs, "s", s, "nested",
                            java.util.Map.of("7", List.of(true))));
                    assertEquals(v, TlaValues.parse(TlaValues.render(v)));
                });
    }

    @Test
    void arraysRenderAsSequencesOrSets() throws Exception {
        assertEquals("<<1, \"a\">>", TlaValues.render(json("[1, \"a\"]")));
        assertEquals("{1, 2}", TlaValues.renderSet(json("[1, 2]")));
        assertEquals("(1 :> TRUE @@ \"k y\" :> <<>>)", TlaValues.render(json("{\"1\": true, \"k y\": []}")));
    }
}
