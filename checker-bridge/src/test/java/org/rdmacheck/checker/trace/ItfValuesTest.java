package org.rdmacheck.checker.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.tlc.TlaValues;
import org.rdmacheck.model.InputException;

/** The ITF encodings (ADR-015): TLC's values, the Java models' state views, and rendering back to TLA+. */
class ItfValuesTest {

    private static JsonNode json(String text) throws Exception {
        return TraceJson.MAPPER.readTree(text);
    }

    @Test
    void tlcValuesKeepSetsFunctionsBigIntegersAndModelValuesApart() throws Exception {
        assertEquals(json("{\"#set\": [1, 2, 3]}"), TlaValues.parseItf("{1, 2, 3}"));
        assertEquals(json("{\"#set\": [1, 2, 3]}"), TlaValues.parseItf("1..3"));
        assertEquals(json("[1, 2]"), TlaValues.parseItf("<<1, 2>>"));
        assertEquals(json("{\"#map\": [[1, \"a\"], [2, {\"#set\": []}]]}"), TlaValues.parseItf("(1 :> \"a\" @@ 2 :> {})"));
        assertEquals(json("{\"#bigint\": \"9007199254740992\"}"), TlaValues.parseItf("9007199254740992"));
        assertEquals(json("9007199254740991"), TlaValues.parseItf("9007199254740991"));
        assertEquals(json("{\"#bigint\": \"-9007199254740992\"}"), TlaValues.parseItf("-9007199254740992"));
        assertEquals(json("{\"#unserializable\": \"p1\"}"), TlaValues.parseItf("p1"));
        assertEquals(json("{\"owner\": {\"#unserializable\": \"p1\"}, \"ok\": true, \"tag\": \"a\\\"b\"}"),
                TlaValues.parseItf("[owner |-> p1, ok |-> TRUE, tag |-> \"a\\\"b\"]"));
    }

    @Test
    void plainFormIsTheOneTheTracesAlwaysHad() throws Exception {
        // sets and sequences alike as arrays, functions as objects keyed by the key's text
        assertEquals(json("[1, 2]"), TlaValues.parse("{1, 2}"));
        assertEquals(json("{\"1\": \"a\", \"b\": 2, \"[1,2]\": 3}"), TlaValues.parse("(1 :> \"a\" @@ \"b\" :> 2 @@ <<1, 2>> :> 3)"));
        assertEquals(json("\"p1\""), TlaValues.parse("p1"));
        assertEquals(json("9007199254740993"), TlaValues.parse("9007199254740993"));
    }

    @Test
    void javaStateViewsRoundTripExactly() throws Exception {
        JsonNode state = json("{\"sent\": 3, \"queue\": [1, 2], \"delivered\": [0, 5], \"byPort\": {\"0\": [1], \"7\": []},"
                + " \"rec\": {\"a\": true, \"b\": \"x\"}, \"big\": 12345678901234567, \"empty\": {}}");
        JsonNode itf = ItfValues.fromPlainState(state, Set.of("delivered"));
        assertEquals(json("[1, 2]"), itf.get("queue"));
        assertEquals(json("{\"#set\": [0, 5]}"), itf.get("delivered"));
        assertEquals(json("{\"#map\": [[0, [1]], [7, []]]}"), itf.get("byPort"));
        assertEquals(json("{\"#bigint\": \"12345678901234567\"}"), itf.get("big"));
        assertEquals(state, ItfValues.toPlain(itf));
    }

    @Test
    void rendersTlaPlusExpressions() throws Exception {
        assertEquals("[s |-> {1, 2}, q |-> <<1, 2>>, f |-> (0 :> <<1>> @@ 7 :> <<>>), t |-> <<1, \"a\">>, "
                        + "b |-> 9007199254740993, o |-> p1, e |-> <<>>]",
                ItfValues.render(json("{\"s\": {\"#set\": [1, 2]}, \"q\": [1, 2], \"f\": {\"#map\": [[0, [1]], [7, []]]},"
                        + " \"t\": {\"#tup\": [1, \"a\"]}, \"b\": {\"#bigint\": \"9007199254740993\"},"
                        + " \"o\": {\"#unserializable\": \"p1\"}, \"e\": {\"#map\": []}}")));
    }

    @Test
    void malformedValuesAreOneLineInputErrors() throws Exception {
        InputException e = assertThrows(InputException.class, () -> ItfValues.check(json("{\"#set\": 3}"), "s[0].x"));
        assertTrue(e.getMessage().startsWith("s[0].x: #set must hold an array"), e.getMessage());
        assertThrows(InputException.class, () -> ItfValues.check(json("1.5"), "s[0].x"));
        assertThrows(InputException.class, () -> ItfValues.check(json("{\"#bigint\": \"12a\"}"), "s[0].x"));
        assertThrows(InputException.class, () -> ItfValues.check(json("{\"#map\": [[1]]}"), "s[0].x"));
        assertThrows(InputException.class, () -> ItfValues.check(json("{\"#set\": [], \"x\": 1}"), "s[0].x"));
    }
}
