package org.rdmacheck.checker.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Maps a state TLC printed (as {@code TlaValues} reads it) onto the Java state view, for specs
 * whose variables are the Java state's fields: a function over integers ({@code 0 :> x @@ 1 :> y},
 * read as an object keyed by the integers' text) becomes the list of its values in key order, as
 * the Java model keeps per-arc or per-packet lists; everything else is kept. A twin whose
 * variables hold the Java fields in another shape has its own mapping ({@link #forModel}).
 */
public final class TlcStates {

    private TlcStates() {
    }

    /**
     * @param javaModel the Java model a twin's manifest names
     * @return how a state of that twin, as TLC printed it, reads as the model's state view
     */
    public static UnaryOperator<JsonNode> forModel(String javaModel) {
        return javaModel.equals("dasr") ? tlc -> dasrAuss(asJavaView(tlc)) : TlcStates::asJavaView;
    }

    /**
     * @param state  a state mapped onto the Java view
     * @param fields the Java view's fields (empty: keep every field)
     * @return the state without the fields the Java view lacks (a twin variable the Java configuration
     *         lays out no field for)
     */
    public static JsonNode keepOnly(JsonNode state, java.util.Set<String> fields) {
        if (!state.isObject() || fields.isEmpty()) {
            return state;
        }
        ObjectNode kept = ((ObjectNode) state).deepCopy();
        kept.retain(fields);
        return kept;
    }

    /**
     * The dasr twin keeps the Active Unique Sender Sets as one function from sender to in-flight
     * count (0: absent); the Java state keeps one set per tenant, {@code {"inFlight": {sender:
     * count}}} with the positive counts only, senders numbered tenant by tenant.
     */
    private static JsonNode dasrAuss(JsonNode state) {
        JsonNode counts = state.path("auss");
        int tenants = state.path("sinceChange").size();
        if (!state.isObject() || !counts.isArray() || tenants == 0 || counts.size() % tenants != 0) {
            return state;
        }
        int perTenant = counts.size() / tenants;
        ArrayNode sets = JsonNodeFactory.instance.arrayNode();
        for (int t = 0; t < tenants; t++) {
            ObjectNode inFlight = JsonNodeFactory.instance.objectNode();
            for (int s = t * perTenant; s < (t + 1) * perTenant; s++) {
                if (counts.get(s).asInt() > 0) {
                    inFlight.set(Integer.toString(s), counts.get(s));
                }
            }
            sets.add(JsonNodeFactory.instance.objectNode().set("inFlight", inFlight));
        }
        ObjectNode mapped = ((ObjectNode) state).deepCopy();
        mapped.set("auss", sets);
        return mapped;
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
