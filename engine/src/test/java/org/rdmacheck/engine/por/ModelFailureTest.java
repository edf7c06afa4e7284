package org.rdmacheck.engine.por;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Property;

/**
 * A model that throws while it is expanded (a bug in the model: an index past a declared bound) ends
 * the run with every unsettled property FAILED, naming the exception and where it was thrown, with
 * the statistics reached; a violation found before it stands.
 */
class ModelFailureTest {

    static NecessaryEnablingSetTest.Commands counterThatOverflows() {
        IntUnaryOperator[] inc = new IntUnaryOperator[1];
        int[] bound = new int[2];
        inc[0] = x -> {
            if (x == 2) {
                return bound[x];   // index 2 of a 2-element array: the model's bug
            }
            return x + 1;
        };
        return new NecessaryEnablingSetTest.Commands(1, List.of(
                NecessaryEnablingSetTest.command("Inc", v -> true, inc, List.of(0), List.of(0))));
    }

    @Test
    void anExceptionInTheModelFailsTheUnsettledProperties() {
        NecessaryEnablingSetTest.Commands m = counterThatOverflows();
        Invariant<LayoutState> belowOne = new Invariant<>("BelowOne", s -> s.get(m.fields[0]) < 1);
        Invariant<LayoutState> belowThree = new Invariant<>("BelowThree", s -> s.get(m.fields[0]) < 3);
        List<Property<LayoutState>> props = List.of(belowOne, belowThree, DeadlockFreedom.standard());
        CheckSpec<LayoutState> spec = new CheckSpec<>("counter", "overflow", Map.of(), m, props, Set.of());
        for (int threads : new int[] {1, 2}) {
            ExplorationReport rep = new Explorer(ExplorerSettings.defaults().withThreads(threads)).check(spec);
            assertInstanceOf(CheckResult.Violated.class, rep.result("BelowOne"));
            CheckResult.Failed f = assertInstanceOf(CheckResult.Failed.class, rep.result("BelowThree"));
            assertTrue(f.error().contains("ArrayIndexOutOfBoundsException"), f.error());
            assertTrue(f.error().contains("the model failed at depth"), f.error());
            assertInstanceOf(CheckResult.Failed.class, rep.result("DeadlockFree"));
            assertEquals(3, rep.stats().distinctStates());
        }
    }
}
