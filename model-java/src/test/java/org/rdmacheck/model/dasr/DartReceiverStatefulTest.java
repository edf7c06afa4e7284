package org.rdmacheck.model.dasr;

import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.booleans;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.layout.LayoutState;

/**
 * Stateful property test in the jetCheck style: random sequences of commands, each chosen among the
 * transitions enabled in the current state (message starts and ends, look-aheads, activity,
 * failures, soft-state ticks, window ends), checked after every step against a simple reference:
 * per sender the list of its live messages (started or announced), aged by its own clock.
 */
class DartReceiverStatefulTest {

    /** The reference: live message tokens per sender and the soft-state clock, nothing else. */
    static final class Reference {
        final DartConfig c;
        final List<List<String>> tokens = new ArrayList<>();
        final boolean[] active;
        final boolean[] failed;

        Reference(DartConfig c) {
            this.c = c;
            for (int i = 0; i < c.totalSenders(); i++) {
                tokens.add(new ArrayList<>());
            }
            active = new boolean[c.totalSenders()];
            failed = new boolean[c.totalSenders()];
        }

        void apply(Action a) {
            Integer s = (Integer) a.params().get("sender");
            Integer g = (Integer) a.params().get("group");
            switch (a.name()) {
                case "MessageStart" -> touch(s, "msg");
                case "LookAheadStart" -> {
                    touch(s, "msg");
                    for (int x : c.members(g)) {
                        if (x != s && c.tenantOf(x) == c.tenantOf(s)) {
                            touch(x, "announced:" + g);
                        }
                    }
                }
                case "AnnouncedStart" -> {
                    Assertions.assertTrue(tokens.get(s).remove("announced:" + g), "announced token of " + s);
                    touch(s, "msg");
                }
                case "MessageEnd" -> {
                    Assertions.assertTrue(tokens.get(s).remove("msg"), "a message of " + s + " to end");
                    active[s] = true;
                }
                case "Packet" -> active[s] = true;
                case "Fail" -> failed[s] = true;
                case "SoftStateTick" -> tick();
                case "Observe" -> { }
                default -> Assertions.fail("unknown action " + a);
            }
        }

        private void touch(int s, String token) {
            tokens.get(s).add(token);
            active[s] = true;
        }

        private void tick() {
            for (int s = 0; s < tokens.size(); s++) {
                if (tokens.get(s).isEmpty()) {
                    continue;
                }
                if (active[s]) {
                    active[s] = false;
                } else {
                    tokens.get(s).clear();
                }
            }
        }

        int uniqueSenders(int tenant) {
            int n = 0;
            for (int s = tenant * c.senders(); s < (tenant + 1) * c.senders(); s++) {
                n += tokens.get(s).isEmpty() ? 0 : 1;
            }
            return n;
        }
    }

    record Setup(DartConfig config, List<Integer> choices) {
    }

    static Gen<Setup> setups() {
        Gen<DartConfig> configs = integers().between(1, 3).zip(integers().between(1, 3), integers().between(1, 2),
                (s, m, t) -> new int[] {s, m, t}).zip(integers().between(0, 3), booleans().all(),
                (smt, g, la) -> new DartConfig(smt[0], smt[1], smt[2], g, la, Design.paper()));
        return configs.zip(lists().of(integers().between(0, 1_000)).ofSizeBetween(1, 80), Setup::new);
    }

    @Test
    void uniqueSenderCountMatchesTheReferenceAfterEveryStep() {
        qt().withFixedSeed(7_000_002L).withExamples(400).forAll(setups()).checkAssert(setup -> {
            DartReceiverModel model = new DartReceiverModel(setup.config());
            Reference ref = new Reference(setup.config());
            LayoutState s = model.initialStates().get(0);
            List<Action> trace = new ArrayList<>();
            for (int choice : setup.choices()) {
                List<Transition<LayoutState>> ts = new ArrayList<>();
                model.successors(s, ts::add);
                Transition<LayoutState> t = ts.get(choice % ts.size());
                trace.add(t.action());
                ref.apply(t.action());
                s = t.next();
                int[] v = DartReceiverModel.values(s);
                for (int tenant = 0; tenant < setup.config().tenants(); tenant++) {
                    Assertions.assertEquals(ref.uniqueSenders(tenant), model.counted(v, 0, tenant),
                            "n of tenant " + tenant + " after " + trace);
                }
                for (int x = 0; x < setup.config().totalSenders(); x++) {
                    Assertions.assertEquals(ref.tokens.get(x).size(), model.committed(v, 0, x),
                            "live messages of sender " + x + " after " + trace);
                }
            }
        });
    }
}
