package org.rdmacheck.properties.iofd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.checker.trace.TraceExtension;
import org.rdmacheck.checker.trace.TraceReplayer;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.catalog.TraceExtensionRule;

/**
 * The rule by trace extension on the IOFD design ({@link IofdEntry#traceExtension}, {@link TraceExtension}): a
 * neighbour of a stored deadlock that no finding contains is the finding's when the finding's trace, replayed
 * there by its actions, extends to a deadlock, and the extended trace replays; a trace that does not replay, or
 * whose replayed end reaches no deadlock, extends nothing.
 */
class IofdTraceExtensionTest {

    private static final IofdEntry ENTRY = new IofdEntry();
    private static final String DEADLOCK_FREE = DeadlockFreedom.standard().name();
    private static final TraceExtension.Bounds BOUNDS = new TraceExtension.Bounds(IofdEntry.EXTENSION_STATES);

    private static Counterexample stored(String finding) {
        return Counterexamples.read(Path.of("..", "counterexamples", "iofd", finding + "-" + DEADLOCK_FREE + ".json"));
    }

    @SuppressWarnings("unchecked")
    private static CheckSpec<LayoutState> spec(String variant, Map<String, String> params) {
        return (CheckSpec<LayoutState>) ENTRY.build(variant, Params.of(params));
    }

    private static TraceExtension.Outcome extend(CheckSpec<LayoutState> spec, String finding, Counterexample trace) {
        return TraceExtension.extend(spec, finding, trace, DEADLOCK_FREE, TraceExtension.RunTest.any(), IofdEntry.SCALED_FIELDS, BOUNDS);
    }

    /**
     * dft-one-message with 3 tokens contains no stored finding (tokens do not count "at least"), but
     * dft-one-message-two-tokens' 9-step trace, its tokens one larger, replays there and ends in a deadlock.
     */
    @Test
    void aNeighbourOfAStoredDeadlockIsExpectedByExtension() {
        CheckSpec<LayoutState> spec = spec("dft-one-message", Map.of("tokens", "3"));
        assertEquals(List.of(), ENTRY.containedFindings(spec.parameters()));
        TraceExtensionRule rule = ENTRY.traceExtension(spec).orElseThrow();
        assertTrue(rule.findings().contains("dft-one-message-two-tokens"), rule.findings().toString());
        TraceExtension.Outcome o = extend(spec, "dft-one-message-two-tokens", stored("dft-one-message-two-tokens"));
        TraceExtension.Extended e = assertInstanceOf(TraceExtension.Extended.class, o);
        assertEquals(9, e.replayed());
        assertEquals(e.replayed() + e.extension(), e.trace().length());
        assertTrue(TraceReplayer.replay(spec, e.trace()).reproduces());
        LayoutState end = TraceReplayer.lastState(spec, e.trace()).orElseThrow();
        assertTrue(((NetworkModel) spec.model()).blocking(end).contains(NetworkModel.Block.PINNED_TO_FULL));
        // with one more background packet dft-one-message's trace needs a longer extension
        CheckSpec<LayoutState> bg = spec("dft-one-message", Map.of("background", "3"));
        TraceExtension.Extended b = assertInstanceOf(TraceExtension.Extended.class, extend(bg, "dft-one-message",
                stored("dft-one-message")));
        assertEquals(7, b.replayed());
        assertTrue(b.extension() > 0 && TraceReplayer.replay(bg, b.trace()).reproduces(), b.toString());
    }

    /** A stored trace with one step planted wrong (a packet the message does not have) replays nowhere. */
    @Test
    void aPlantedTraceThatDoesNotReplayExtendsNothing() {
        Counterexample real = stored("dft-one-message");
        List<TraceStep> steps = new ArrayList<>(real.steps());
        TraceStep first = steps.get(1);
        Map<String, Object> params = new java.util.LinkedHashMap<>(first.action().params());
        params.put("seq", 7);
        steps.set(1, new TraceStep(new Action(first.action().name(), params), first.state()));
        Counterexample planted = new Counterexample(real.property(), real.kind(), steps, real.violationIndex(),
                real.loopStart(), real.provenance(), "planted");
        CheckSpec<LayoutState> spec = spec("dft-one-message", Map.of("tokens", "3"));
        TraceExtension.NotReplayable n = assertInstanceOf(TraceExtension.NotReplayable.class,
                extend(spec, "dft-one-message", planted));
        assertEquals(1, n.step());
    }

    /**
     * dft-three-tokens with a 3-entry DFT: dft-three-entries' trace replays there, but every state reachable
     * from its end (715) is searched and none is a deadlock; dft's and dft-three-tokens' traces do not replay
     * (a step they take with fewer tokens or entries is not enabled). No finding below extended to that deadlock,
     * so it is stored as a finding of its own, dft-three-tokens-three-entries.
     */
    @Test
    void aReplayedTraceWhoseEndReachesNoDeadlockExtendsNothing() {
        CheckSpec<LayoutState> spec = spec("dft-three-tokens", Map.of("dft", "3"));
        TraceExtensionRule rule = ENTRY.traceExtension(spec).orElseThrow();
        assertEquals(List.of("dft", "dft-three-tokens", "dft-three-entries", "dft-three-tokens-three-entries"),
                rule.findings());
        assertEquals(List.of("dft-three-tokens-three-entries"), ENTRY.containedFindings(spec.parameters()));
        TraceExtension.NotFound n = assertInstanceOf(TraceExtension.NotFound.class,
                extend(spec, "dft-three-entries", stored("dft-three-entries")));
        assertTrue(n.exhausted(), n.toString());
        assertEquals(19, n.replayed());
        assertInstanceOf(TraceExtension.NotReplayable.class, extend(spec, "dft", stored("dft")));
        assertInstanceOf(TraceExtension.NotReplayable.class, extend(spec, "dft-three-tokens", stored("dft-three-tokens")));
    }

    /** The rule is the design's: no mutation, no knock-out, and no configuration below which no finding lies. */
    @Test
    void theRuleAppliesToTheDesignAboveAStoredDeadlockOnly() {
        assertTrue(ENTRY.traceExtension(spec("flow-keyed", Map.of())).isEmpty());
        assertTrue(ENTRY.traceExtension(spec("dft", Map.of("knockout", "dft-follow"))).isEmpty());
        // two opposing 3-packet messages at queues of 3 lie above no stored deadlock (the one finding at queues of 3
        // is a single message of 6 packets)
        assertTrue(ENTRY.traceExtension(spec("dft", Map.of("queue", "3"))).isEmpty());
    }
}
