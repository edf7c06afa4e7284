package org.rdmacheck.checker.trace;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * Converts state views to JSON in one canonical form, so that a state converted now and a state
 * read back from a file compare equal node by node.
 */
public final class TraceJson {

    /** The project's JSON mapper: records as objects, maps with sorted keys, indented output. */
    public static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .enable(SerializationFeature.INDENT_OUTPUT);

    private TraceJson() {
    }

    /**
     * @param view a state view (records, collections, numbers, strings, enums)
     * @return its canonical JSON tree (as if read from text)
     */
    public static JsonNode toJson(Object view) {
        try {
            return MAPPER.readTree(MAPPER.writeValueAsString(view));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("state is not serialisable as JSON: " + view.getClass().getName(), e);
        }
    }
}
