package org.rdmacheck.properties.liveness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rdmacheck.model.Action;

/** Which fair action an action belongs to, per scope, and how an assumption is shown. */
class FairnessTest {

    private static final Action FORWARD_ARC3_ECMP = Action.of("Forward", "arc", 3, "route", "ecmp");
    private static final Action FORWARD_ARC3_DEFLECT = Action.of("Forward", "arc", 3, "route", "deflect");
    private static final Action DELIVER_ARC3 = Action.of("Deliver", "arc", 3);
    private static final Action FORWARD_ARC4 = Action.of("Forward", "arc", 4, "route", "ecmp");

    @Test
    void perGroupsByTheNamedParametersWhateverTheOthers() {
        Fairness f = Fairness.weakPer("Forward|Deliver", a -> a.name().equals("Forward") || a.name().equals("Deliver"),
                "arc");
        assertEquals(f.groupOf(FORWARD_ARC3_ECMP), f.groupOf(FORWARD_ARC3_DEFLECT));
        assertEquals(f.groupOf(FORWARD_ARC3_ECMP), f.groupOf(DELIVER_ARC3));
        assertNotEquals(f.groupOf(FORWARD_ARC3_ECMP), f.groupOf(FORWARD_ARC4));
        assertEquals("WF(Forward|Deliver per arc)", f.toString());
    }

    @Test
    void eachSeparatesEveryValueAndFamilyJoinsThemAll() {
        Fairness each = Fairness.strongEach("Forward");
        assertNotEquals(each.groupOf(FORWARD_ARC3_ECMP), each.groupOf(FORWARD_ARC3_DEFLECT));
        assertEquals("SF(each Forward)", each.toString());
        Fairness family = Fairness.weak("Forward");
        assertEquals(family.groupOf(FORWARD_ARC3_ECMP), family.groupOf(FORWARD_ARC4));
    }

    @Test
    void groupParametersGoWithScopePerOnly() {
        assertThrows(IllegalArgumentException.class, () -> new Fairness("x", Fairness.Strength.WEAK,
                Fairness.Scope.PER, a -> true, List.of()));
        assertThrows(IllegalArgumentException.class, () -> new Fairness("x", Fairness.Strength.WEAK,
                Fairness.Scope.EACH, a -> true, List.of("arc")));
    }
}
