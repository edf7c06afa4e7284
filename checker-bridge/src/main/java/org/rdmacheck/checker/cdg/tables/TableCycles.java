package org.rdmacheck.checker.cdg.tables;

import com.fasterxml.jackson.databind.JsonNode;
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

/**
 * Credit loops of a network's own tables as stored counterexamples (kind {@code cycle}, checker
 * {@value #CHECKER}): step i is the channel held by the i-th packet, the channel it requests (held
 * by the next step's packet, the last's by the first's), and the (source, destination LID, SL)
 * whose route creates the dependency, with that route. Replay reads the same files again and
 * re-derives every step: the route from the source to the destination must take the channel and
 * then the one requested, and must be the stored route.
 */
public final class TableCycles {

    /** Checker name in the provenance. */
    public static final String CHECKER = "cdg-tables";
    /** Model name in the provenance. */
    public static final String MODEL = "deadlock";
    /** Property name. */
    public static final String PROPERTY = "DeadlockFree";

    private TableCycles() {
    }

    /**
     * @param query the files checked
     * @param loop  one credit loop of the report
     * @return the counterexample
     */
    public static Counterexample of(TableQuery query, List<TableCheck.LoopStep> loop) {
        List<TraceStep> steps = new ArrayList<>();
        for (TableCheck.LoopStep s : loop) {
            steps.add(new TraceStep(steps.isEmpty() ? null : Action.of("Requests", "channel", s.channel()), state(s)));
        }
        Provenance p = new Provenance(MODEL, query.slug(), query.parameters(), CHECKER, Version.VERSION);
        return new Counterexample(PROPERTY, Counterexample.Kind.CYCLE, steps, steps.size() - 1, 0, p,
                "credit loop of the forwarding tables: each packet holds its channel and requests the next one's");
    }

    private static ObjectNode state(TableCheck.LoopStep s) {
        ObjectNode o = TraceJson.MAPPER.createObjectNode();
        o.put("channel", s.channel());
        o.put("requests", s.requests());
        o.put("source", s.source());
        o.put("destination", s.destination());
        o.put("sl", s.sl());
        var r = o.putArray("route");
        s.route().forEach(r::add);
        return o;
    }

    /**
     * @param cex a stored credit loop
     * @return whether the files still produce it
     */
    public static ReplayResult replay(Counterexample cex) {
        TableQuery q = TableQuery.fromParameters(cex.provenance().parameters());
        RoutedFabric f = q.load();
        int n = cex.steps().size();
        if (n == 0) {
            return new ReplayResult.IllegalStep(0, "empty cycle");
        }
        for (int i = 0; i < n; i++) {
            JsonNode s = cex.steps().get(i).state();
            JsonNode next = cex.steps().get((i + 1) % n).state();
            if (!s.path("requests").asText().equals(next.path("channel").asText())) {
                return new ReplayResult.IllegalStep(i, "step " + i + " requests " + s.path("requests").asText()
                        + " but step " + ((i + 1) % n) + " holds " + next.path("channel").asText());
            }
            Optional<Integer> from = channel(f, s.path("channel").asText());
            Optional<Integer> to = channel(f, s.path("requests").asText());
            Optional<Integer> src = source(f, s.path("source").asText());
            if (from.isEmpty() || to.isEmpty() || src.isEmpty()) {
                return new ReplayResult.IllegalStep(i, "step " + i + ": a channel or the source is not in the fabric");
            }
            int lid = s.path("destination").asInt();
            int sl = s.path("sl").asInt();
            Optional<int[]> route = RouteTrace.route(f, src.get(), lid, sl, from.get(), to.get());
            if (route.isEmpty()) {
                return new ReplayResult.IllegalStep(i, "step " + i + ": the route from " + s.path("source").asText()
                        + " to lid " + lid + " does not take " + s.path("channel").asText() + " then "
                        + s.path("requests").asText());
            }
            List<String> names = TableCheck.names(f, route.get());
            List<String> stored = new ArrayList<>();
            s.path("route").forEach(x -> stored.add(x.asText()));
            if (!names.equals(stored)) {
                return new ReplayResult.IllegalStep(i, "step " + i + ": stored route " + stored + ", re-derived " + names);
            }
        }
        return new ReplayResult.Reproduces("credit loop of " + n + " dependencies re-derived from the tables");
    }

    /** Parses {@code A[p]->B[q] VLn} (or {@code Pn}). */
    static Optional<Integer> channel(RoutedFabric f, String name) {
        int sp = name.lastIndexOf(' ');
        int arrow = name.indexOf("->");
        if (sp < 0 || arrow < 0) {
            return Optional.empty();
        }
        String lane = name.substring(sp + 1).replaceFirst("^(VL|P)", "");
        Optional<int[]> a = port(f, name.substring(0, arrow));
        if (a.isEmpty()) {
            return Optional.empty();
        }
        int arc = f.subnet().arc(a.get()[0], a.get()[1]);
        try {
            int l = Integer.parseInt(lane);
            if (arc < 0 || l < 0 || l >= LaneMap.LANES || !f.subnet().arcName(arc).equals(name.substring(0, sp))) {
                return Optional.empty();
            }
            return Optional.of(RoutedFabric.channel(arc, l));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static Optional<int[]> port(RoutedFabric f, String text) {
        int b = text.lastIndexOf('[');
        if (b < 0 || !text.endsWith("]")) {
            return Optional.empty();
        }
        var t = f.subnet().topology();
        String node = text.substring(0, b);
        if (!t.hasNode(node)) {
            return Optional.empty();
        }
        try {
            return Optional.of(new int[] {t.nodeId(node), Integer.parseInt(text.substring(b + 1, text.length() - 1))});
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static Optional<Integer> source(RoutedFabric f, String text) {
        Optional<int[]> p = port(f, text);
        if (p.isEmpty()) {
            return Optional.empty();
        }
        List<Subnet.Endpoint> eps = f.subnet().endpoints();
        for (int i = 0; i < eps.size(); i++) {
            if (eps.get(i).node() == p.get()[0] && eps.get(i).port() == p.get()[1]) {
                return Optional.of(i);
            }
        }
        return Optional.empty();
    }
}
