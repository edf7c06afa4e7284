package org.rdmacheck.properties.dasr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.dasr.DartConfig;
import org.rdmacheck.model.dasr.DartLayout;
import org.rdmacheck.model.dasr.DartReceiverModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.Property;

/**
 * The step properties that read the layout's bits (per tenant, per sender) against their readable
 * form, sender by sender and field by field, on every step of every reachable state: the same
 * verdict on each step, for the variants and the knock-outs that violate them and for the design
 * that keeps them.
 */
class DasrStepPropertiesTest {

    @ParameterizedTest
    @CsvSource({
        "dart, senders=2;messages=1;groups=1, false",
        "dart, senders=1;tenants=2;messages=2;groups=1, false",
        "shared-lookahead, senders=1;tenants=2;messages=1, true",
        "count-messages, senders=1;tenants=2;messages=2;groups=0, false",
        "early-removal, senders=2;messages=2;groups=0, true",
        "dart, senders=2;messages=1;groups=1;knockout=look-ahead-begins-flow, true",
        "dart, senders=1;tenants=2;messages=2;groups=0;knockout=auss-count, true",
        "dart, senders=2;messages=1;groups=1;knockout=soft-state-expiry, false",
    })
    void bitsAndFieldsGiveTheSameVerdictOnEveryStep(String variant, String params, boolean violated) {
        CheckSpec<LayoutState> spec = spec(variant, params);
        DartReceiverModel m = (DartReceiverModel) spec.model();
        Map<String, Reference> readable = Map.of("ActiveSenderKept", (f, o, c, t) -> activeSenderKept(m, f, o, t),
                "TimeoutOnlyWhenIdle", (f, o, c, t) -> timeoutOnlyWhenIdle(m, f, o, c, t),
                "TenantIsolation", (f, o, c, t) -> tenantIsolation(m, f, o, c, t));
        int[] failures = new int[1];
        long steps = 0;
        for (int[][] step : steps(m)) {
            int[] from = step[0];
            long code = ((long) step[1][0] << 32) | (step[1][1] & 0xFFFFFFFFL);
            int[] to = step[2];
            for (Property<LayoutState> p : spec.properties()) {
                Reference ref = readable.get(p.name());
                if (ref != null) {
                    PackedModel.StepTest test = ((ActionProperty<LayoutState>) p).packed().orElseThrow();
                    boolean expected = ref.test(from, 0, code, to);
                    assertEquals(expected, test.test(from, 0, code, to), () -> p.name() + " on " + m.action(code)
                            + " from " + Arrays.toString(from) + " to " + Arrays.toString(to));
                    failures[0] += expected ? 0 : 1;
                }
            }
            steps++;
        }
        assertTrue(steps > 100, "steps " + steps);
        assertEquals(violated, failures[0] > 0, "some step violates a property");
    }

    @SuppressWarnings("unchecked")
    private static CheckSpec<LayoutState> spec(String variant, String params) {
        return (CheckSpec<LayoutState>) new DasrEntry().build(variant, Params.parse(List.of(params.split(";"))));
    }

    /** A step predicate on packed values, as the property's readable form. */
    private interface Reference {
        boolean test(int[] from, int o, long code, int[] to);
    }

    /** Every step of every reachable state: {from, {code high, code low}, to}. */
    private static List<int[][]> steps(DartReceiverModel m) {
        List<int[][]> out = new java.util.ArrayList<>();
        Set<List<Integer>> seen = new HashSet<>();
        ArrayDeque<int[]> queue = new ArrayDeque<>();
        for (LayoutState s : m.initialStates()) {
            int[] v = DartReceiverModel.values(s);
            seen.add(key(v));
            queue.add(v);
        }
        PackedModel.Expander x = m.expander();
        while (!queue.isEmpty()) {
            int[] from = queue.poll();
            x.successors(from, 0, (code, next, length) -> {
                int[] to = Arrays.copyOf(next, length);
                out.add(new int[][] {from, {(int) (code >>> 32), (int) code}, to});
                if (seen.add(key(to))) {
                    queue.add(to);
                }
            });
        }
        return out;
    }

    private static List<Integer> key(int[] v) {
        return Arrays.stream(v).boxed().toList();
    }

    // ---- the readable forms: every sender's fields read one by one ----

    private static boolean activeSenderKept(DartReceiverModel m, int[] from, int o, int[] to) {
        DartLayout f = m.fields();
        for (int i = 0; i < m.config().totalSenders(); i++) {
            boolean removed = f.auss[i].get(from, o) > 0 && f.auss[i].get(to, 0) == 0;
            if (removed && f.flight[i].get(to, 0) > 0 && f.fresh[i].is(from, o)) {
                return false;
            }
        }
        return true;
    }

    private static boolean timeoutOnlyWhenIdle(DartReceiverModel m, int[] from, int o, long code, int[] to) {
        DartConfig c = m.config();
        DartLayout f = m.fields();
        if (DartReceiverModel.isSoftStateTick(code)) {
            for (int i = 0; i < c.totalSenders(); i++) {
                if (tracked(m, from, o, i) && !tracked(m, to, 0, i) && f.fresh[i].is(from, o)) {
                    return false;
                }
            }
            return true;
        }
        if (!DartReceiverModel.isActivity(code)) {
            return true;
        }
        if (!recordedActive(m, to, DartReceiverModel.sender(code))) {
            return false;
        }
        if (DartReceiverModel.isLookAhead(code)) {
            int g = DartReceiverModel.group(code);
            List<Integer> members = c.members(g);
            for (int j = 0; j < members.size(); j++) {
                boolean listed = f.announced[g][j].is(to, 0) && !f.announced[g][j].is(from, o);
                if (listed && !recordedActive(m, to, members.get(j))) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean tracked(DartReceiverModel m, int[] s, int o, int i) {
        return m.fields().auss[i].get(s, o) > 0 || m.announcedCount(s, o, i) > 0;
    }

    private static boolean recordedActive(DartReceiverModel m, int[] to, int i) {
        return m.fields().fresh[i].is(to, 0) || !(m.fields().flight[i].get(to, 0) > 0 || tracked(m, to, 0, i));
    }

    private static boolean tenantIsolation(DartReceiverModel m, int[] from, int o, long code, int[] to) {
        DartConfig c = m.config();
        DartLayout f = m.fields();
        if (!DartReceiverModel.hasTenant(code)) {
            return true;
        }
        int tenant = c.tenantOf(DartReceiverModel.sender(code));
        for (int i = 0; i < c.totalSenders(); i++) {
            if (c.tenantOf(i) != tenant && f.auss[i].get(from, o) != f.auss[i].get(to, 0)) {
                return false;
            }
        }
        for (int g = 0; g < c.groups(); g++) {
            List<Integer> members = c.members(g);
            for (int j = 0; j < members.size(); j++) {
                if (c.tenantOf(members.get(j)) != tenant && f.announced[g][j].is(to, 0)
                        && !f.announced[g][j].is(from, o)) {
                    return false;
                }
            }
        }
        return true;
    }
}
