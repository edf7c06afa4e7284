package org.rdmacheck.checker.cdg;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.Provenance;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.checker.Version;
import org.rdmacheck.checker.trace.ReplayResult;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.topology.Topology;
import org.rdmacheck.model.topology.TopologySpecs;

/**
 * Dependency cycles as stored counterexamples (kind {@code cycle}, checker {@code cdg}, model
 * {@value #MODEL}): step i is the channel held by the i-th packet of the cycle, the channel it
 * requests (held by the next step's packet; the last requests the first's), the move, the
 * destination and the packet's whole route. Replay re-derives every dependency from the topology
 * and routing function with {@link DependencyWitness}.
 */
public final class CycleCounterexamples {

    /** Model name in the provenance of stored cycles. */
    public static final String MODEL = "deadlock";
    /** Property name of stored cycles. */
    public static final String PROPERTY = "DeadlockFree";

    private CycleCounterexamples() {
    }

    /**
     * @param query   the check
     * @param verdict its verdict, outcome {@link DeadlockVerdict.Outcome#CYCLE}
     * @return the counterexample
     */
    public static Counterexample of(DeadlockQuery query, DeadlockVerdict verdict) {
        List<TraceStep> steps = new ArrayList<>();
        for (Dependency d : verdict.cycle()) {
            steps.add(new TraceStep(steps.isEmpty() ? null : requests(d), step(d)));
        }
        Provenance p = new Provenance(MODEL, query.slug(), query.parameters(), "cdg", Version.VERSION);
        return new Counterexample(PROPERTY, Counterexample.Kind.CYCLE, steps, steps.size() - 1, 0, p,
                verdict.condition() + " fails: each packet holds its channel and requests the next one's");
    }

    private static ObjectNode step(Dependency d) {
        ObjectNode s = TraceJson.MAPPER.createObjectNode();
        s.put("channel", d.from());
        s.put("requests", d.to());
        s.put("move", d.move());
        s.put("destination", d.destination());
        ArrayNode route = s.putArray("route");
        for (Hop h : d.route()) {
            route.add(h.arc() + "@VL" + h.lane() + " " + h.move());
        }
        s.put("at", d.at());
        return s;
    }

    private static Action requests(Dependency d) {
        return Action.of("Requests", "channel", d.from());
    }

    /**
     * Re-derives a stored cycle: the channels must close a cycle, each dependency must still be
     * created by a packet to the stored destination under the stored routing function, and every
     * stored field of a step (move, route, position on the route, action) must be the re-derived one.
     *
     * @param cex a stored cycle
     * @return the outcome
     */
    public static ReplayResult replay(Counterexample cex) {
        DeadlockQuery q = DeadlockQuery.fromParameters(cex.provenance().parameters());
        Topology topo = TopologySpecs.parse(q.topology());
        Fabric fabric = q.fabric(topo);
        DependencyWitness witness = new DependencyWitness(fabric, q.routingFunction());
        int n = cex.steps().size();
        if (n == 0) {
            return new ReplayResult.IllegalStep(0, "empty cycle");
        }
        if (!cex.property().equals(PROPERTY) || cex.violationIndex() != n - 1 || cex.loopStart() != 0) {
            return new ReplayResult.IllegalStep(0, "a stored cycle has property " + PROPERTY + ", violationIndex "
                    + (n - 1) + " (its last step) and loopStart 0; this one has " + cex.property() + ", "
                    + cex.violationIndex() + " and " + cex.loopStart());
        }
        for (int i = 0; i < n; i++) {
            var s = cex.steps().get(i).state();
            var next = cex.steps().get((i + 1) % n).state();
            if (!s.path("requests").asText().equals(next.path("channel").asText())) {
                return new ReplayResult.IllegalStep(i, "step " + i + " requests " + s.path("requests").asText()
                        + " but step " + ((i + 1) % n) + " holds " + next.path("channel").asText());
            }
            int[] from = DeadlockQuery.channel(topo, s.path("channel").asText(), q.lanes());
            int[] to = DeadlockQuery.channel(topo, s.path("requests").asText(), q.lanes());
            String dest = s.path("destination").asText();
            if (!topo.hasNode(dest) || !topo.isHost(topo.nodeId(dest))) {
                throw new InputException("cycle step " + i + ": destination '" + dest + "' is not a host of " + topo.name());
            }
            Optional<Dependency> d = witness.find(from[0], from[1], to[0], to[1], topo.nodeId(dest));
            if (d.isEmpty()) {
                return new ReplayResult.IllegalStep(i, "step " + i + ": no packet to " + dest + " holding "
                        + s.path("channel").asText() + " requests " + s.path("requests").asText());
            }
            // every stored field must be the re-derived one: the move, the route and where on it the
            // packet holds the channel (breadth-first search is deterministic)
            ObjectNode derived = step(d.get());
            Action want = i == 0 ? null : requests(d.get());
            if (!derived.equals(s) || !TraceJson.toJson(want).equals(TraceJson.toJson(cex.steps().get(i).action()))) {
                return new ReplayResult.IllegalStep(i, "step " + i + ": stored " + s + " with action "
                        + cex.steps().get(i).action() + ", re-derived " + derived + " with action " + want);
            }
        }
        return new ReplayResult.Reproduces("cycle of " + n + " dependencies re-derived");
    }
}
