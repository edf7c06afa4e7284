package org.rdmacheck.checker.cdg.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.rdmacheck.model.topology.TopologySpecs;

/** Fewest lanes: known answers on rings, tori and fat-trees. */
class LaneAnalysisTest {

    static LaneAnalysis.Result lanes(String spec, RoutingRule rule) {
        Subnet s = Subnet.assign(TopologySpecs.parse(spec), 0);
        RoutedFabric f = new RoutedFabric(s, rule.tables(s, new boolean[s.topology().linkCount()]), LaneMap.IDENTITY,
                PathSl.parse("0"));
        return LaneAnalysis.analyse(PathDependencies.of(f, 1_000_000).orElseThrow(), 8, 20_000);
    }

    @Test
    void fatTreeNeedsOneLane() {
        LaneAnalysis.Result r = lanes("fattree:k=4", RoutingRule.UP_DOWN);
        assertEquals(1, r.heuristic());
        assertEquals(Optional.of(1), r.exact());
    }

    @Test
    void ringNeedsTwo() {
        LaneAnalysis.Result r = lanes("ring:n=6,hosts=1", RoutingRule.MIN_HOP);
        assertEquals(Optional.of(2), r.exact(), r.toString());
        assertTrue(r.heuristic() >= 2);
    }

    @Test
    void torusWithDimensionOrderNeedsTwo() {
        LaneAnalysis.Result r = lanes("torus:x=4,y=4,hosts=1", RoutingRule.DIMENSION_ORDER);
        System.out.println("torus 4x4 heuristic " + r.heuristic() + " exact " + r.exact() + " groups " + r.groups()
                + " deps " + r.dependencies());
        assertEquals(Optional.of(2), r.exact(), r.toString());
    }
}
