package org.rdmacheck.checker.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.cdg.CycleCounterexamples;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Catalog;

/**
 * Every field of a stored counterexample is checked on replay: a tampered kind, violation index,
 * loop start, cycle move, route, position or action, or a field outside the schema, is not accepted.
 */
class TamperedCounterexampleTest {

    private static final String INVARIANT = "counterexamples/partition/no-data-id-DataIdsNeverMix.json";
    private static final String CYCLE = "counterexamples/deadlock/ring-n4-deflect-vl1-DeadlockFree.json";

    private static Path repo() {
        Path p = Paths.get("").toAbsolutePath();
        while (!Files.isDirectory(p.resolve("counterexamples"))) {
            p = p.getParent();
        }
        return p;
    }

    private static Counterexample tampered(String file, Consumer<ObjectNode> change) throws Exception {
        ObjectNode json = (ObjectNode) TraceJson.MAPPER.readTree(repo().resolve(file).toFile());
        change.accept(json);
        return Counterexamples.fromJson(json, file);
    }

    private static ReplayResult replayTrace(Counterexample cex) {
        CheckSpec<?> spec = Catalog.find(cex.provenance().model()).build(cex.provenance().variant(),
                Params.of(cex.provenance().parameters()));
        return TraceReplayer.replay(spec, cex);
    }

    private static ObjectNode step(ObjectNode json, int i) {
        return (ObjectNode) json.get("steps").get(i);
    }

    @Test
    void untamperedFilesReproduce() throws Exception {
        assertTrue(replayTrace(tampered(INVARIANT, j -> { })).reproduces());
        assertTrue(CycleCounterexamples.replay(tampered(CYCLE, j -> { })).reproduces());
    }

    @Test
    void kindThatDoesNotFitThePropertyIsRejected() throws Exception {
        for (String kind : new String[] {"deadlock", "action", "progress"}) {
            ReplayResult r = replayTrace(tampered(INVARIANT, j -> j.put("kind", kind)));
            assertInstanceOf(ReplayResult.IllegalStep.class, r, r.message());
        }
    }

    @Test
    void violationIndexOrLoopStartOtherThanTheLastStepIsRejected() throws Exception {
        assertInstanceOf(ReplayResult.IllegalStep.class, replayTrace(tampered(INVARIANT,
                j -> j.put("violationIndex", 1))));
        assertInstanceOf(ReplayResult.IllegalStep.class, replayTrace(tampered(INVARIANT, j -> j.put("loopStart", 2))));
    }

    @Test
    void cycleMoveRoutePositionAndActionAreChecked() throws Exception {
        ReplayResult move = CycleCounterexamples.replay(tampered(CYCLE,
                j -> ((ObjectNode) step(j, 0).get("state")).put("move", "route")));
        assertEquals(0, move.firstIllegalStep(), move.message());
        ReplayResult route = CycleCounterexamples.replay(tampered(CYCLE,
                j -> ((ArrayNode) step(j, 1).get("state").get("route")).set(0, "h9->s9@VL0 inject")));
        assertEquals(1, route.firstIllegalStep(), route.message());
        ReplayResult at = CycleCounterexamples.replay(tampered(CYCLE,
                j -> ((ObjectNode) step(j, 1).get("state")).put("at", 0)));
        assertEquals(1, at.firstIllegalStep(), at.message());
        ReplayResult action = CycleCounterexamples.replay(tampered(CYCLE,
                j -> ((ObjectNode) step(j, 1).get("action").get("params")).put("channel", "s2->s3@VL0")));
        assertEquals(1, action.firstIllegalStep(), action.message());
        ReplayResult index = CycleCounterexamples.replay(tampered(CYCLE, j -> j.put("violationIndex", 0)));
        assertInstanceOf(ReplayResult.IllegalStep.class, index, index.message());
    }

    @Test
    void fieldsOutsideTheSchemaAreRefused() {
        for (Consumer<ObjectNode> extra : java.util.List.<Consumer<ObjectNode>>of(
                j -> j.put("route", "anything"),
                j -> ((ObjectNode) j.get("provenance")).put("seed", 1),
                j -> step(j, 1).put("note", "x"),
                j -> ((ObjectNode) step(j, 1).get("action")).put("guard", true))) {
            InputException e = assertThrows(InputException.class, () -> tampered(INVARIANT, extra));
            assertTrue(e.getMessage().contains("unknown field"), e.getMessage());
        }
    }

    @Test
    void stepCheckAloneFindsAChangedAction() throws Exception {
        Counterexample cex = tampered(INVARIANT, j -> {
            JsonNode params = TraceJson.MAPPER.createObjectNode().put("qp", 2);
            ((ObjectNode) step(j, 2).get("action")).set("params", params);
        });
        CheckSpec<?> spec = Catalog.find("partition").build("no-data-id", Params.of(cex.provenance().parameters()));
        assertEquals(2, TraceReplayer.illegalStep(spec, cex).orElseThrow().step());
    }
}
