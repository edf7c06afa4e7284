package org.rdmacheck.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Action parameters compare and hash as maps do, whatever the order of their names. */
class ParamMapTest {

    @Test
    void equalityAndHashAreThoseOfMaps() {
        ParamMap a = ParamMap.ofPairs("flow", 0, "arc", "s0->s1", "lane", 1);
        ParamMap same = ParamMap.ofPairs("flow", 0, "arc", "s0->s1", "lane", 1);
        ParamMap otherOrder = ParamMap.ofPairs("lane", 1, "flow", 0, "arc", "s0->s1");
        ParamMap otherValue = ParamMap.ofPairs("flow", 0, "arc", "s0->s1", "lane", 0);
        ParamMap otherName = ParamMap.ofPairs("flow", 0, "arc", "s0->s1", "vl", 1);
        Map<String, Object> hash = new LinkedHashMap<>(Map.of("flow", 0, "arc", "s0->s1", "lane", 1));
        assertEquals(a, same);
        assertEquals(a, otherOrder);
        assertEquals(a, hash);
        assertEquals(hash, a);
        assertEquals(hash.hashCode(), a.hashCode());
        assertEquals(a.hashCode(), otherOrder.hashCode());
        assertNotEquals(a, otherValue);
        assertNotEquals(a, otherName);
        assertNotEquals(a, ParamMap.ofPairs("flow", 0, "arc", "s0->s1"));
        assertEquals(ParamMap.ofPairs(), Map.of());
        assertEquals(0, ParamMap.ofPairs().hashCode());
    }
}
