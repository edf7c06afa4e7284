package org.rdmacheck.checker.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Maps a state TLC printed (as {@code TlaValues} reads it) onto the Java state view, for specs
 * whose variables are the Java state's fields: a function over integers ({@code 0 :> x @@ 1 :> y},
 * read as an object keyed by the integers' text) becomes the list of its values in key order, as
 * the Java model keeps per-arc or per-packet lists; everything else is kept. Specs whose manifest
 * maps variables in other ways ({@code traceMapping} with {@code as: set}) need more than this.
 */
public final class TlcStates {

    private TlcStates() {
    }

    /**
     * @param tlc a TLC state or value
     * @return the same with every integer-keyed function turned into a list, recursively
     */
    public static JsonNode asJavaView(JsonNode tlc) {
        if (tlc.isArray()) {
            ArrayNode a = JsonNodeFactory.instance.arrayNode();
            tlc.forEach(v -> a.add(asJavaView(v)));
            return a;
        }
        if (!tlc.isObject() || tlc.isEmpty()) {
            return tlc;
        }
        List<Map.Entry<Long, JsonNode>> indexed = new ArrayList<>();
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        boolean integers = true;
        for (Iterator<Map.Entry<String, JsonNode>> it = tlc.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode v = asJavaView(e.getValue());
            o.set(e.getKey(), v);
            if (integers && e.getKey().matches("-?[0-9]{1,18}")) {
                indexed.add(Map.entry(Long.parseLong(e.getKey()), v));
            } else {
                integers = false;
            }
        }
        if (!integers) {
            return o;
        }
        indexed.sort(Map.Entry.comparingByKey());
        ArrayNode a = JsonNodeFactory.instance.arrayNode();
        indexed.forEach(e -> a.add(e.getValue()));
        return a;
    }
}
