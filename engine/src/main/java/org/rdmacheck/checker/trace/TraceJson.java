package org.rdmacheck.checker.trace;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import java.util.Map;
import org.rdmacheck.model.layout.NamedValues;

/**
 * Converts state views to JSON in one canonical form, so that a state converted now and a state
 * read back from a file compare equal node by node.
 */
public final class TraceJson {

    /**
     * The project's JSON mapper: records as objects, maps with sorted keys, a layout state's named
     * values in their declared order, indented output; a key given twice in one object is refused when
     * read (else the last would silently win).
     */
    public static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(com.fasterxml.jackson.core.JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .registerModule(new SimpleModule("rdmacheck-named-values").addSerializer(NamedValues.class,
                    new InDeclaredOrder()));

    /** Writes named values in their declared order. */
    private static final class InDeclaredOrder extends StdSerializer<NamedValues> {
        InDeclaredOrder() {
            super(NamedValues.class);
        }

        @Override
        public void serialize(NamedValues v, com.fasterxml.jackson.core.JsonGenerator gen,
                              com.fasterxml.jackson.databind.SerializerProvider provider) throws IOException {
            gen.writeStartObject();
            for (Map.Entry<String, Object> e : v.entrySet()) {
                gen.writeFieldName(e.getKey());
                provider.defaultSerializeValue(e.getValue(), gen);
            }
            gen.writeEndObject();
        }
    }

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
