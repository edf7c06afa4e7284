package org.rdmacheck.model.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.rdmacheck.model.InputException;

class EdgeListReaderTest {

    private static final String NODES = "\"nodes\":[{\"name\":\"h0\",\"role\":\"host\"},{\"name\":\"s-0\"},"
            + "{\"name\":\"s1\",\"role\":\"switch\",\"tier\":2}]";

    @Test
    void readsNodesRolesTiersAndLinks() {
        Topology t = EdgeListReader.parse("{\"name\":\"tiny\"," + NODES + ",\"links\":[[\"h0\",\"s-0\"],[\"s-0\",\"s1\"]]}", "t.json");
        assertEquals("tiny", t.name());
        assertEquals(3, t.nodeCount());
        assertEquals(2, t.linkCount());
        assertEquals(NodeRole.HOST, t.role(0));
        assertEquals(NodeRole.SWITCH, t.role(1));
        assertEquals(2, t.tier(2));
        assertEquals(1, t.linkByName("s1-s-0"));
        assertEquals(0, t.linkByName("h0-s-0"));
    }

    private static String error(String links) {
        InputException e = assertThrows(InputException.class,
                () -> EdgeListReader.parse("{" + NODES + ",\"links\":" + links + "}", "t.json"));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        return e.getMessage();
    }

    @Test
    void rejectsUnknownNodeSelfLoopAndDuplicateLink() {
        assertTrue(error("[[\"h0\",\"s9\"]]").contains("links[0]"));
        assertTrue(error("[[\"h0\",\"s9\"]]").contains("unknown node"));
        assertTrue(error("[[\"h0\",\"s-0\"],[\"s1\",\"s1\"]]").contains("links[1]"));
        assertTrue(error("[[\"s1\",\"s1\"]]").contains("self-loop"));
        assertTrue(error("[[\"s1\",\"s-0\"],[\"s-0\",\"s1\"]]").contains("duplicate link"));
        assertTrue(error("[[\"s1\"]]").contains("expected [\"NODE\", \"NODE\"]"));
        assertTrue(error("[1,2").contains("malformed JSON"));
    }

    @Test
    void rejectsBadNodes() {
        assertThrows(InputException.class, () -> EdgeListReader.parse(
                "{\"nodes\":[{\"name\":\"a\"},{\"name\":\"a\"}],\"links\":[]}", "t.json"));
        assertThrows(InputException.class, () -> EdgeListReader.parse(
                "{\"nodes\":[{\"name\":\"a\",\"role\":\"router\"}],\"links\":[]}", "t.json"));
        assertThrows(InputException.class, () -> EdgeListReader.parse(
                "{\"nodes\":[{\"name\":\"a\",\"tier\":-1}],\"links\":[]}", "t.json"));
        assertThrows(InputException.class, () -> EdgeListReader.parse(
                "{\"nodes\":[{\"name\":\"a\",\"colour\":1}],\"links\":[]}", "t.json"));
        assertThrows(InputException.class, () -> EdgeListReader.parse("{\"nodes\":[]}", "t.json"));
    }
}
