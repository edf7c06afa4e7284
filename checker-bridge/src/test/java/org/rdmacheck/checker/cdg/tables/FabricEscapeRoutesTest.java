package org.rdmacheck.checker.cdg.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rdmacheck.checker.cdg.DeadlockVerdict;
import org.rdmacheck.checker.cdg.DestinationTables;
import org.rdmacheck.checker.cdg.Fabric;
import org.rdmacheck.checker.cdg.IntBuffer;
import org.rdmacheck.checker.cdg.LanePolicy;
import org.rdmacheck.model.fabric.FabricNet;
import org.rdmacheck.model.fabric.Flow;
import org.rdmacheck.model.topology.Orientation;
import org.rdmacheck.model.topology.Topology;
import org.rdmacheck.model.topology.TopologyBuilder;
import org.rdmacheck.model.topology.TopologySpecs;

/**
 * The escape lane the network model routes on, fed to the static deadlock checker: for the fabric's
 * topologies and every single failure the model allows, the escape routes {@link FabricNet} computes
 * (VL0 of seed 000 §IV-B), as next-hop tables of the {@code deadlock} command's table check, have
 * an acyclic channel dependency graph (DEADLOCK_FREE), no routing loop, and reach the destination
 * from every switch that has an escape route; and a planted cyclic escape route is reported with its
 * cycle. The tables are exact, not a summary: one LID per flow (LMC), so each flow keeps its own
 * hashed route, and one probe adapter on every switch, so a walk starts wherever a packet may enter
 * VL0 (deflection and lane changes put packets on every switch, not only on the ToRs).
 */
class FabricEscapeRoutesTest {

    /** A flow's escape routes as seen by the table check. */
    private static final class EscapeTables implements Forwarding {
        private final FabricNet net;
        private final int element;
        private final Map<Integer, Integer> flowOfLid = new HashMap<>();
        private final Map<Long, Integer> planted = new HashMap<>();
        private final Topology topo;

        EscapeTables(FabricNet net, List<Flow> flows, int element, Subnet subnet) {
            this.net = net;
            this.element = element;
            this.topo = net.topology();
            Map<Integer, Integer> nextLid = new HashMap<>();
            for (Subnet.Endpoint ep : subnet.endpoints()) {
                nextLid.put(ep.node(), ep.baseLid());
            }
            for (int f = 0; f < flows.size(); f++) {
                int lid = nextLid.merge(flows.get(f).dst(), 1, Integer::sum) - 1;
                flowOfLid.put(lid, f);
            }
        }

        /** Routes flow {@code f}'s escape packets at {@code sw} by {@code arc} instead of the model's arc. */
        void plant(int sw, int f, int arc) {
            planted.put((long) sw << 32 | f, arc);
        }

        int flowOfLid(int lid) {
            return flowOfLid.getOrDefault(lid, -1);
        }

        @Override
        public int route(int sw, int lid, IntBuffer out) {
            Integer f = flowOfLid.get(lid);
            // no flow to this LID (a probe's, or a spare LMC one), a switch of the failure element,
            // or one that never puts the flow on VL0: no packet of the flow takes VL0 from here
            if (f == null || net.failedNode(element, sw)) {
                return FORWARD;
            }
            int arc = planted.getOrDefault((long) sw << 32 | f, net.escapeArc(element, sw, f));
            if (arc < 0) {
                return NO_ENTRY;
            }
            out.add(arc);
            return FORWARD;
        }
    }

    /** The topology with one probe adapter on every switch; nodes, links, arcs and ports unchanged. */
    private static Topology withProbes(Topology t) {
        TopologyBuilder b = new TopologyBuilder(t.name() + " with probes");
        for (int v = 0; v < t.nodeCount(); v++) {
            b.addNode(t.nodeName(v), t.role(v), t.tier(v));
        }
        for (int l = 0; l < t.linkCount(); l++) {
            b.addLink(t.linkA(l), t.linkB(l));
        }
        for (int v = 0; v < t.nodeCount(); v++) {
            if (!t.isHost(v)) {
                b.addLink(b.addNode("probe." + t.nodeName(v), org.rdmacheck.model.topology.NodeRole.HOST), v);
            }
        }
        return b.build();
    }

    private static List<Flow> allPairs(Topology t) {
        List<Flow> flows = new ArrayList<>();
        for (int a = 0; a < t.nodeCount(); a++) {
            for (int b = 0; b < t.nodeCount(); b++) {
                if (a != b && t.isHost(a) && t.isHost(b)) {
                    flows.add(new Flow(a, b, false));
                }
            }
        }
        return flows;
    }

    private static Subnet subnet(Topology probed, List<Flow> flows) {
        int perDst = 1;
        for (Flow f : flows) {
            perDst = Math.max(perDst, (int) flows.stream().filter(g -> g.dst() == f.dst()).count());
        }
        int lmc = 32 - Integer.numberOfLeadingZeros(perDst - 1);
        return Subnet.assign(probed, lmc);
    }

    private static TableCheck.Report check(Subnet s, Forwarding f) {
        TableCheck.Options o = new TableCheck.Options(4, false, 1, 0, 0, 0, List.of(), 0, 0, 0);
        return TableCheck.check(new RoutedFabric(s, f, LaneMap.IDENTITY, PathSl.parse("0")), o, p -> { });
    }

    /** (switch, flow) pairs of live switches with no escape route: where packets cannot enter VL0. */
    private static int stranded(FabricNet net, List<Flow> flows, int e) {
        Topology t = net.topology();
        int n = 0;
        for (int v = 0; v < t.nodeCount(); v++) {
            for (int f = 0; f < flows.size() && !t.isHost(v) && !net.failedNode(e, v); f++) {
                n += net.escapeArc(e, v, f) < 0 ? 1 : 0;
            }
        }
        return n;
    }

    @ParameterizedTest(name = "{0} failures={1}")
    @CsvSource({"'leafspine:tors=2,spines=2,hosts=1', 1", "'leafspine:tors=3,spines=2,hosts=1', 1",
        "'leafspine:tors=2,spines=2,hosts=2', 1", "'fattree:k=4', 1", "'ring:n=4,hosts=1', 1",
        "'torus:x=3,y=3,hosts=1', 1"})
    void escapeRoutesAreDeadlockFreeUnderEveryFailure(String spec, int failures) {
        Topology t = TopologySpecs.parse(spec);
        List<Flow> flows = allPairs(t);
        FabricNet net = new FabricNet(t, flows, failures);
        Subnet s = subnet(withProbes(t), flows);
        long strandedTotal = 0;
        for (int e = 0; e < net.elementCount(); e++) {
            String where = spec + " failing " + net.elementName(e);
            EscapeTables tables = new EscapeTables(net, flows, e, s);
            TableCheck.Report r = check(s, tables);
            assertEquals(DeadlockVerdict.Outcome.DEADLOCK_FREE, r.outcome(), where + ": " + r.loops());
            assertEquals(0, r.routingLoops(), where);
            // the only black holes are the walks that start where the flow has no escape route
            int stranded = stranded(net, flows, e);
            assertEquals(stranded, r.blackHoles(), where + ": " + r.problems());
            for (TableCheck.Problem p : r.problems()) {
                assertTrue(p.source().startsWith("probe." + p.at() + "["), where + ": " + p);
            }
            assertTrue(r.stats().dependencies() > 0, where);
            strandedTotal += stranded;
            assertEscapeArcsAreTheCheckersValleyFreeHops(net, flows, e);
        }
        if (failures == 0 || spec.startsWith("ring") || spec.startsWith("torus")) {
            // an order re-taken on the working links of a ring or torus keeps every switch connected
            assertEquals(0, strandedTotal, spec + ": an escape route everywhere");
        }
        System.out.printf("escape routes of %s, %d flows, %d failure elements: deadlock-free, %d (switch, flow)"
                + " pairs with no escape route%n", spec, flows.size(), net.elementCount(), strandedTotal);
    }

    /**
     * The model's escape arc is one of the static checker's up*&#47;down* next hops (its VL0 policy,
     * the same orientation) on the same fabric: the hash picks among them.
     */
    private static void assertEscapeArcsAreTheCheckersValleyFreeHops(FabricNet net, List<Flow> flows, int e) {
        Topology t = net.topology();
        List<Integer> failedLinks = new ArrayList<>();
        for (int l = 0; l < t.linkCount() && net.failedCount(e) == 0; l++) {
            if (net.dead(e, 2 * l)) {
                failedLinks.add(l);
            }
        }
        if (net.failedCount(e) > 0) {
            return; // the static checker fails links, not switches
        }
        Fabric fabric = new Fabric(t, failedLinks, Orientation.TIER);
        Map<Integer, DestinationTables> byDst = new HashMap<>();
        IntBuffer hops = new IntBuffer();
        for (int f = 0; f < flows.size(); f++) {
            DestinationTables d = byDst.computeIfAbsent(flows.get(f).dst(), dst -> new DestinationTables(fabric, dst));
            for (int v = 0; v < t.nodeCount(); v++) {
                if (t.isHost(v)) {
                    continue;
                }
                hops.clear();
                d.nextHops(LanePolicy.Rerouting.VALLEY_FREE, v, DestinationTables.UP, hops);
                Set<Integer> allowed = new HashSet<>();
                for (int i = 0; i < hops.size(); i++) {
                    allowed.add(hops.get(i));
                }
                int arc = net.escapeArc(e, v, f);
                assertEquals(allowed.isEmpty(), arc < 0, t.nodeName(v) + " flow " + flows.get(f) + " " + net.elementName(e));
                assertTrue(arc < 0 || allowed.contains(arc), t.nodeName(v) + " flow " + flows.get(f));
            }
        }
    }

    @Test
    void aPlantedCyclicEscapeRouteIsReportedWithItsCycle() {
        Topology t = TopologySpecs.parse("leafspine:tors=3,spines=2,hosts=1");
        List<Flow> flows = allPairs(t);
        FabricNet net = new FabricNet(t, flows, 0);
        Subnet s = subnet(withProbes(t), flows);
        EscapeTables tables = new EscapeTables(net, flows, FabricNet.NONE, s);
        assertEquals(DeadlockVerdict.Outcome.DEADLOCK_FREE, check(s, tables).outcome());
        int h0 = t.nodeId("h0.0");
        int h1 = t.nodeId("h1.0");
        int h2 = t.nodeId("h2.0");
        int toH0 = flowIndex(flows, h2, h0);
        int toH1 = flowIndex(flows, h2, h1);
        // two valleys: h2's packets for h0 bounce off leaf1, those for h1 off leaf0
        plant(t, tables, toH0, "leaf2", "spine0", "leaf1", "spine1", "leaf0");
        plant(t, tables, toH1, "leaf2", "spine1", "leaf0", "spine0", "leaf1");
        TableCheck.Report r = check(s, tables);
        assertEquals(DeadlockVerdict.Outcome.CYCLE, r.outcome());
        assertEquals(0, r.routingLoops());
        assertEquals(0, r.blackHoles());
        RoutedFabric f = new RoutedFabric(s, tables, LaneMap.IDENTITY, PathSl.parse("0"));
        Set<String> expected = new HashSet<>();
        for (String[] hop : new String[][] {{"leaf0", "spine0"}, {"spine0", "leaf1"}, {"leaf1", "spine1"},
            {"spine1", "leaf0"}}) {
            expected.add(f.channelName(RoutedFabric.channel(t.findArc(t.nodeId(hop[0]), t.nodeId(hop[1])), 0)));
        }
        String valleyAtLeaf1 = f.channelName(RoutedFabric.channel(t.findArc(t.nodeId("spine0"), t.nodeId("leaf1")), 0));
        String valleyAtLeaf0 = f.channelName(RoutedFabric.channel(t.findArc(t.nodeId("spine1"), t.nodeId("leaf0")), 0));
        Set<String> held = new HashSet<>();
        for (TableCheck.LoopStep step : r.loops().get(0)) {
            held.add(step.channel());
            assertTrue(step.route().contains(step.channel()) && step.route().contains(step.requests()), step.toString());
            // a turn from down to up is made by the planted route only
            if (step.channel().equals(valleyAtLeaf1)) {
                assertEquals(toH0, tables.flowOfLid(step.destination()), step.toString());
            }
            if (step.channel().equals(valleyAtLeaf0)) {
                assertEquals(toH1, tables.flowOfLid(step.destination()), step.toString());
            }
        }
        assertEquals(expected, held, r.loops().toString());
    }

    private static int flowIndex(List<Flow> flows, int src, int dst) {
        for (int f = 0; f < flows.size(); f++) {
            if (flows.get(f).src() == src && flows.get(f).dst() == dst) {
                return f;
            }
        }
        throw new AssertionError("no flow " + src + "-" + dst);
    }

    /** Routes flow {@code f} along the switches named, at each one toward the next. */
    private static void plant(Topology t, EscapeTables tables, int f, String... path) {
        for (int i = 0; i + 1 < path.length; i++) {
            int u = t.nodeId(path[i]);
            tables.plant(u, f, t.findArc(u, t.nodeId(path[i + 1])));
        }
    }
}
