package org.rdmacheck.properties.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;

/**
 * One declaration per parameter: the range {@code list} shows is the range a check enforces, and
 * every default builds.
 */
class ParamSpecTest {

    @TestFactory
    List<DynamicTest> everyShownRangeIsEnforced() {
        List<DynamicTest> tests = new ArrayList<>();
        for (ModelEntry e : Catalog.entries()) {
            String v = e.defaultVariant();
            tests.add(DynamicTest.dynamicTest(e.name() + " defaults build", () ->
                    assertEquals(e.defaults(v), e.build(v, Params.empty()).parameters())));
            for (ParamSpec p : e.parameters()) {
                if (p instanceof ParamSpec.Int i) {
                    if (i.max() < Integer.MAX_VALUE) {
                        tests.add(rejected(e, p.name(), Integer.toString(i.max() + 1)));
                    }
                    if (i.min() > Integer.MIN_VALUE) {
                        tests.add(rejected(e, p.name(), Integer.toString(i.min() - 1)));
                    }
                } else if (p instanceof ParamSpec.Choice) {
                    tests.add(rejected(e, p.name(), "nosuch"));
                } else if (p instanceof ParamSpec.Flag) {
                    tests.add(rejected(e, p.name(), "yes")); // true or false, nothing else
                    tests.add(rejected(e, p.name(), "TRUE"));
                }
            }
        }
        return tests;
    }

    private static DynamicTest rejected(ModelEntry e, String name, String value) {
        return DynamicTest.dynamicTest(e.name() + " " + name + "=" + value + " rejected", () -> {
            InputException x = assertThrows(InputException.class,
                    () -> e.build(e.defaultVariant(), Params.of(Map.of(name, value))));
            assertTrue(x.getMessage().startsWith(name + " = "), x.getMessage());
        });
    }

    @Test
    void narrowedRangeKeepsNameAndMeaning() {
        ParamSpec.Int senders = ParamSpec.integer("senders", 2, 1, 4, "senders");
        ParamSpec.Int narrow = senders.within(2, 4);
        assertEquals("2..4", narrow.accepted());
        assertEquals(3, narrow.get(Params.of(Map.of("senders", "3"))));
        assertThrows(InputException.class, () -> narrow.get(Params.of(Map.of("senders", "1"))));
    }

    @Test
    void defaultOutsideItsRangeIsAProgrammingError() {
        assertThrows(IllegalArgumentException.class, () -> ParamSpec.integer("n", 9, 1, 4, "n"));
        assertThrows(IllegalArgumentException.class, () -> ParamSpec.choice("c", "x", List.of("a", "b"), "c"));
    }
}
