package org.rdmacheck.checker.gbn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Mechanism;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.gbn.timed.TimedGbnEntry;

/**
 * Timed Go-Back-N's knock-out switches: each changes the reachable state graph at its coverage
 * scope, and the purpose property holds with the mechanism and fails without it where the mechanism
 * is load bearing here (Send-Twice, the ACK request, its interval at 5-packet messages with window 4, the NAK interval, the RTO's restart,
 * Check-EPSN by NoStalledGap at L = 2, the CE timer's restart by NoStalledGap at L = 3 with last
 * packets spared and an RTO of 32 ticks, the CE timer's residual T by CheckEpsnAtNakIntervalEnd at 3 packets a
 * message; see docs/gbn.md).
 */
class TimedGbnKnockoutsTest {

    private static final ModelEntry GBN = new TimedGbnEntry();

    @ParameterizedTest
    @ValueSource(strings = {"send-twice", "check-epsn", "ack-request", "ack-interval", "ce-timer-restart", "nak-interval",
        "rto-restart", "ce-residual", "send-twice-on-retransmission"})
    void eachSwitchChangesTheGraphAndIsKilledWhereLoadBearing(String name) {
        Mechanism m = GBN.mechanisms().stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow();
        ExplorationReport with = explore(m, Map.of());
        ExplorationReport without = explore(m, Map.of(ModelEntry.KNOCKOUT_PARAM, name));
        assertNotEquals(List.of(with.stats().distinctStates(), with.stats().transitions()),
                List.of(without.stats().distinctStates(), without.stats().transitions()), name + " changes nothing");
        assertInstanceOf(CheckResult.Verified.class, with.result(m.purpose()), name + ": design at its scope");
        // the design at its coverage scope is as expected: exactly the expected properties fail
        CheckSpec<?> design = GBN.build(m.variant(), Params.of(m.coverage()));
        for (var p : design.properties()) {
            assertEquals(design.mustFail(p.name()), with.result(p.name()) instanceof CheckResult.Violated,
                    name + ": the design at its scope, " + p.name() + " " + with.result(p.name()));
        }
        assertInstanceOf(CheckResult.Violated.class, without.result(m.purpose()), name + " is killed");
    }

    private static ExplorationReport explore(Mechanism m, Map<String, String> extra) {
        Map<String, String> p = new LinkedHashMap<>(m.coverage());
        p.putAll(extra);
        CheckSpec<?> spec = GBN.build(m.variant(), Params.of(p));
        ExplorationReport r = new Explorer(ExplorerSettings.defaults().withStopAtFirstViolation(false)
                .withProgress(0, x -> { })).check(spec);
        assertEquals(true, r.complete());
        return r;
    }
}
