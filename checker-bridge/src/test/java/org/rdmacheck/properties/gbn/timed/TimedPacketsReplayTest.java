package org.rdmacheck.properties.gbn.timed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Property;

/**
 * The claim behind {@link TimedGbnEntry#PACKETS_REPLAYED}, measured on both sides: every stored trace of
 * every loss finding is replayed, action for action (the same sends, receptions, losses, ticks and timer
 * expiries, by PSN and sequence number), at every other packets-per-message value the parameter takes (1
 * to 16), every other parameter the finding's; where every step is a transition of that configuration
 * and the property is violated at the last one, re-evaluated there, the trace is a counterexample of the
 * property at that configuration. The map must name exactly those (finding, property, packets), and each
 * named one also replays so at every message count the finding carries the property to
 * ({@link TimedGbnEntry#MESSAGES_AT_LEAST}), where the configuration contains the finding and expects
 * the property.
 */
class TimedPacketsReplayTest {

    private static final TimedGbnEntry ENTRY = new TimedGbnEntry();
    private static final int MAX_PACKETS = 16;
    private static final int MAX_MESSAGES = 8;

    @Test
    void exactlyTheDeclaredTracesReplayAtOtherPacketCounts() {
        Map<String, Map<String, Set<Integer>>> measured = new TreeMap<>();
        for (Map.Entry<String, List<String>> e : TimedGbnEntry.LOSS_FINDINGS.entrySet()) {
            for (String f : e.getValue()) {
                for (String prop : ENTRY.variant(f).mustFail()) {
                    Counterexample cex = stored(f, prop);
                    Map<String, String> own = cex.provenance().parameters();
                    int packets = Integer.parseInt(own.get("packets"));
                    int messages = Integer.parseInt(own.get("messages"));
                    for (int p = 1; p <= MAX_PACKETS; p++) {
                        if (p != packets && replays(e.getKey(), own, p, messages, cex)) {
                            measured.computeIfAbsent(f, k -> new TreeMap<>())
                                    .computeIfAbsent(prop, k -> new TreeSet<>()).add(p);
                        }
                    }
                }
            }
        }
        Map<String, Map<String, Set<Integer>>> declared = new TreeMap<>();
        TimedGbnEntry.PACKETS_REPLAYED.forEach((f, byProp) -> byProp.forEach((prop, ps) -> declared
                .computeIfAbsent(f, k -> new TreeMap<>()).put(prop, new TreeSet<>(ps))));
        assertEquals(declared, measured);
    }

    @Test
    void theDeclaredTracesReplayAtEveryMessageCountTheyAreCarriedToAndAreExpectedThere() {
        int checked = 0;
        for (Map.Entry<String, List<String>> e : TimedGbnEntry.LOSS_FINDINGS.entrySet()) {
            for (String f : e.getValue()) {
                for (Map.Entry<String, Set<Integer>> byProp : TimedGbnEntry.PACKETS_REPLAYED.getOrDefault(f, Map.of())
                        .entrySet()) {
                    String prop = byProp.getKey();
                    Counterexample cex = stored(f, prop);
                    Map<String, String> own = cex.provenance().parameters();
                    int messages = Integer.parseInt(own.get("messages"));
                    boolean carried = TimedGbnEntry.MESSAGES_AT_LEAST.getOrDefault(f, Set.of()).contains(prop);
                    for (int p : byProp.getValue()) {
                        for (int m = messages; m <= (carried ? MAX_MESSAGES : messages); m++) {
                            String at = f + " " + prop + " packets=" + p + " messages=" + m;
                            assertTrue(replays(e.getKey(), own, p, m, cex), at);
                            Map<String, String> here = new LinkedHashMap<>(own);
                            here.put("packets", Integer.toString(p));
                            here.put("messages", Integer.toString(m));
                            CheckSpec<?> spec = ENTRY.build(e.getKey(), Params.of(here));
                            assertTrue(ENTRY.containedFindings(e.getKey(), Params.of(spec.parameters())).contains(f)
                                    && spec.mustFail(prop), at);
                            checked++;
                        }
                    }
                }
            }
        }
        assertTrue(checked > 0);
    }

    @Test
    void aFindingIsNotContainedAtAPacketCountWhereItsTracesDoNotReplay() {
        // ce-three-losses' race replays with 3- and 4-packet messages (PSN 1 lost, the CE timer started by
        // the next last packet), not with 5 (the window of 4 reaches no last packet: Check-EPSN never runs)
        assertTrue(ENTRY.build("ce", Params.of(Map.of("packets", "4", "losses", "3")))
                .mustFail(TimedGbnProperties.NO_PREMATURE_TIMEOUT));
        assertTrue(!ENTRY.containedFindings("ce", ENTRY.resolve("ce", Params.of(Map.of("packets", "5",
                "losses", "3")))).contains("ce-three-losses"));
        // below its losses, never
        assertTrue(!ENTRY.containedFindings("ce", ENTRY.resolve("ce", Params.of(Map.of("packets", "4",
                "losses", "2")))).contains("ce-three-losses"));
    }

    /**
     * Whether the stored trace, action for action, is a behaviour of the finding's configuration with
     * {@code packets} and {@code messages} that violates the trace's property at its last step.
     */
    @SuppressWarnings("unchecked")
    private static boolean replays(String scheme, Map<String, String> own, int packets, int messages,
                                   Counterexample cex) {
        Map<String, String> at = new LinkedHashMap<>(own);
        at.put("packets", Integer.toString(packets));
        at.put("messages", Integer.toString(messages));
        CheckSpec<LayoutState> spec;
        try {
            spec = (CheckSpec<LayoutState>) ENTRY.build(scheme, Params.of(at));
        } catch (RuntimeException bad) {
            return false; // no such configuration (e.g. a window the PSN space cannot hold)
        }
        Model<LayoutState> model = spec.model();
        LayoutState cur = model.initialStates().get(0);
        LayoutState prev = null;
        Transition<LayoutState> last = null;
        for (int j = 1; j < cex.steps().size(); j++) {
            JsonNode want = TraceJson.toJson(cex.steps().get(j).action());
            List<Transition<LayoutState>> ts = new ArrayList<>();
            model.successors(cur, ts::add);
            Transition<LayoutState> hit = ts.stream().filter(t -> TraceJson.toJson(t.action()).equals(want))
                    .findFirst().orElse(null);
            if (hit == null) {
                return false;
            }
            prev = cur;
            last = hit;
            cur = hit.next();
        }
        Property<LayoutState> prop = spec.property(cex.property());
        if (prop instanceof Invariant<LayoutState> inv) {
            return !inv.test(cur);
        }
        if (prop instanceof ActionProperty<LayoutState> ap) {
            return last != null && !ap.test(prev, last.action(), last.next());
        }
        return false; // deadlock and progress traces are not carried by action replay
    }

    private static Counterexample stored(String finding, String prop) {
        return Counterexamples.read(repo().resolve("counterexamples/gbn-timed/" + finding + "-" + prop + ".json"));
    }

    private static Path repo() {
        Path repo = Paths.get("").toAbsolutePath();
        while (!Files.isDirectory(repo.resolve("counterexamples"))) {
            repo = repo.getParent();
        }
        return repo;
    }
}
