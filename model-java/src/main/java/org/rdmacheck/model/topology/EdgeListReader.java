package org.rdmacheck.model.topology;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Set;
import org.rdmacheck.model.InputException;

/**
 * Reads a topology from a JSON edge list. Format:
 *
 * <pre>
 * {
 *   "name":  "my-fabric",                                  (optional; default "file:PATH")
 *   "nodes": [ {"name": "h0", "role": "host"},
 *              {"name": "s0", "role": "switch", "tier": 1}, ... ],
 *   "links": [ ["h0", "s0"], ["s0", "s1"], ... ]
 * }
 * </pre>
 *
 * Roles are {@code host, tor, aggregation, core, leaf, spine, switch} (default {@code switch});
 * {@code tier} defaults to the role's tier (host 0, tor/leaf/switch 1, aggregation/spine 2,
 * core 3). Links are undirected; listing a pair twice (in either order) is an error. Every error
 * is an {@link InputException} with one line naming the file, the element and the problem:
 * malformed JSON, unknown field, unknown node, self-loop, duplicate link, duplicate node name.
 */
public final class EdgeListReader {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    private static final Set<String> TOP_FIELDS = Set.of("name", "nodes", "links");
    private static final Set<String> NODE_FIELDS = Set.of("name", "role", "tier");

    private EdgeListReader() {
    }

    /**
     * @param file the JSON file
     * @return the topology
     * @throws InputException for an unreadable or invalid file
     */
    public static Topology read(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new InputException("topology file '" + file + "': not UTF-8 text (a binary file?): expected a JSON "
                    + "edge list", e);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new InputException("topology file '" + file + "': no such file", e);
        } catch (IOException e) {
            throw new InputException("topology file '" + file + "': cannot read (" + e.getMessage() + ")", e);
        }
        return parse(text, file.toString());
    }

    /**
     * @param json   the JSON text
     * @param source where it came from, for messages
     * @return the topology
     * @throws InputException for invalid content
     */
    public static Topology parse(String json, String source) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new InputException(source + ": malformed JSON: " + String.valueOf(e.getOriginalMessage()).replaceAll(
                    "\\s*\\(from `[^`]*`\\)", "").replaceAll("\\s+", " "), e);
        }
        if (root == null || !root.isObject()) {
            throw new InputException(source + ": expected a JSON object with \"nodes\" and \"links\"");
        }
        rejectUnknown(root, TOP_FIELDS, source);
        String name = root.hasNonNull("name") ? root.get("name").asText() : "file:" + source;
        TopologyBuilder b = new TopologyBuilder(name);
        JsonNode nodes = array(root, "nodes", source);
        for (int i = 0; i < nodes.size(); i++) {
            String where = source + ": nodes[" + i + "]";
            try {
                addNode(b, nodes.get(i), where);
            } catch (InputException e) {
                throw prefixed(where, e);
            }
        }
        JsonNode links = array(root, "links", source);
        for (int i = 0; i < links.size(); i++) {
            JsonNode l = links.get(i);
            String where = source + ": links[" + i + "]";
            if (!l.isArray() || l.size() != 2 || !l.get(0).isTextual() || !l.get(1).isTextual()) {
                throw new InputException(where + " = " + l + ": expected [\"NODE\", \"NODE\"]");
            }
            try {
                b.addLink(l.get(0).asText(), l.get(1).asText());
            } catch (InputException e) {
                throw prefixed(where, e);
            }
        }
        return b.build();
    }

    private static void addNode(TopologyBuilder b, JsonNode n, String where) {
        if (!n.isObject() || !n.hasNonNull("name") || !n.get("name").isTextual()) {
            throw new InputException(n + ": expected {\"name\": ..., \"role\": ...}");
        }
        rejectUnknown(n, NODE_FIELDS, where);
        NodeRole role = n.hasNonNull("role") ? NodeRole.parse(n.get("role").asText()) : NodeRole.SWITCH;
        int tier = role.defaultTier();
        if (n.has("tier")) {
            if (!n.get("tier").canConvertToExactIntegral() || !n.get("tier").canConvertToInt()) {
                throw new InputException("tier " + n.get("tier") + ": expected an integer >= 0");
            }
            tier = n.get("tier").asInt();
        }
        b.addNode(n.get("name").asText(), role, tier);
    }

    private static JsonNode array(JsonNode root, String field, String source) {
        JsonNode a = root.get(field);
        if (a == null || !a.isArray()) {
            throw new InputException(source + ": expected \"" + field + "\" to be a JSON array");
        }
        return a;
    }

    private static void rejectUnknown(JsonNode obj, Set<String> known, String where) {
        for (Iterator<String> it = obj.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!known.contains(f)) {
                throw new InputException(where + ": unknown field \"" + f + "\" (expected one of " + known + ")");
            }
        }
    }

    private static InputException prefixed(String where, InputException e) {
        String m = e.getMessage();
        return new InputException(m.startsWith(where) ? m : where + ": " + m, e);
    }
}
