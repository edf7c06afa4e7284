package org.rdmacheck.checker.cdg.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rdmacheck.model.topology.TopologySpecs;

/** Generated fabrics written in the tools' formats, read back and checked: the known answers. */
class RoundTripTest {

    static RoutedFabric roundTrip(String spec, RoutingRule rule, int lmc, boolean ibroute) throws Exception {
        Subnet s = Subnet.assign(TopologySpecs.parse(spec), lmc);
        LinearForwardingTables lft = rule.tables(s, new boolean[s.topology().linkCount()]);
        StringWriter topo = new StringWriter();
        OpenSmWriter.ibnetdiscover(s, topo);
        StringWriter tables = new StringWriter();
        if (ibroute) {
            OpenSmWriter.ibroute(lft, tables);
        } else {
            OpenSmWriter.opensmLfts(lft, tables, lmc > 0);
        }
        Subnet read = IbNetDiscoverReader.parse(topo.toString().lines().toList(), "t.topo");
        LinearForwardingTables readLft = LftDumpReader.parse(new ByteArrayInputStream(
                tables.toString().getBytes(StandardCharsets.UTF_8)), "t.dump", read);
        assertEquals(s.topology().nodeCount(), read.topology().nodeCount());
        assertEquals(s.topology().linkCount(), read.topology().linkCount());
        assertEquals(s.maxLid(), read.maxLid());
        for (int v = 0; v < s.topology().nodeCount(); v++) {
            if (s.isSwitch(v)) {
                int rv = read.topology().nodeId(s.topology().nodeName(v));
                for (int lid = 0; lid <= s.maxLid(); lid++) {
                    assertEquals(lft.port(v, lid), readLft.port(rv, lid), s.topology().nodeName(v) + " lid " + lid);
                }
            }
        }
        return new RoutedFabric(read, readLft, LaneMap.IDENTITY, PathSl.parse("0"));
    }

    static CreditLoops.Result loops(RoutedFabric f) {
        RouteDependencies d = RouteDependencies.build(f);
        assertEquals(0, d.blackHoles(), () -> d.problems().toString());
        assertEquals(0, d.routingLoops());
        return CreditLoops.find(d, 5);
    }

    @Test
    void fatTreeUpDownIsDeadlockFree() throws Exception {
        assertTrue(loops(roundTrip("fattree:k=4", RoutingRule.UP_DOWN, 0, false)).acyclic());
        assertTrue(loops(roundTrip("fattree:k=4", RoutingRule.UP_DOWN, 2, true)).acyclic());
    }

    @Test
    void largerFatTreeRoundTripsAndEveryPathIsWalked() throws Exception {
        RoutedFabric f = roundTrip("fattree:k=8", RoutingRule.UP_DOWN, 0, false);
        RouteDependencies d = RouteDependencies.build(f);
        assertEquals(128, d.destinations());
        assertEquals(128 * 127, d.paths());
        assertTrue(CreditLoops.find(d, 1).acyclic());
    }

    @Test
    void fatTreeMinHopIsDeadlockFree() throws Exception {
        assertTrue(loops(roundTrip("fattree:k=4", RoutingRule.MIN_HOP, 1, false)).acyclic());
    }

    @Test
    void ringMinHopHasACreditLoop() throws Exception {
        CreditLoops.Result r = loops(roundTrip("ring:n=5,hosts=1", RoutingRule.MIN_HOP, 0, false));
        assertEquals(2, r.components());
        assertEquals(5, r.loops().get(0).size());
    }

    @Test
    void torusDimensionOrderHasACreditLoop() throws Exception {
        RoutedFabric f = roundTrip("torus:x=4,y=4,hosts=1", RoutingRule.DIMENSION_ORDER, 0, false);
        CreditLoops.Result r = loops(f);
        assertTrue(r.components() >= 8, "rings: " + r.components());
        for (List<CreditLoops.Step> loop : r.loops()) {
            for (CreditLoops.Step st : loop) {
                int[] route = RouteTrace.route(f, st.source(), st.destination(), st.sl(), st.from(), st.to()).orElseThrow();
                assertTrue(route.length >= 3);
            }
        }
    }
}
