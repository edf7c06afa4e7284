package org.rdmacheck.model.dasr.reference;

import org.rdmacheck.model.dasr.*;

import java.util.List;
import java.util.function.Consumer;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.Transition;

/**
 * The between-windows steps of the free network: message starts and ends, look-ahead
 * notifications, activity and failures (seed 000, III-B, III-D, III-E). Every action names its
 * sender and the sender's tenant, so tenant isolation can be checked per step.
 */
final class SenderActions {

    private SenderActions() {
    }

    static void emit(DartReceiverModel m, DartState s, Consumer<Transition<DartState>> sink) {
        DartConfig c = m.config();
        int n = c.totalSenders();
        for (int i = 0; i < n; i++) {
            if (!s.failed().get(i) && s.committed(i) < c.messages()) {
                sink.accept(step(m, "MessageStart", -1, i, messageStart(m, s, i)));
            }
        }
        if (c.lookahead()) {
            for (int g = 0; g < c.groups(); g++) {
                for (int i : c.members(g)) {
                    if (lookAheadEnabled(m, s, g, i)) {
                        sink.accept(step(m, "LookAheadStart", g, i, lookAheadStart(m, s, g, i)));
                    }
                }
            }
            for (int g = 0; g < c.groups(); g++) {
                for (int i : s.announced().get(g)) {
                    if (!s.failed().get(i)) {
                        sink.accept(step(m, "AnnouncedStart", g, i, announcedStart(m, s, g, i)));
                    }
                }
            }
        }
        for (int i = 0; i < n; i++) {
            if (s.sending(i)) {
                sink.accept(step(m, "MessageEnd", -1, i, messageEnd(m, s, i)));
            }
        }
        for (int i = 0; i < n; i++) {
            if (s.sending(i) && !s.fresh().get(i)) {
                Draft d = new Draft(s);
                d.fresh.set(i, true);
                sink.accept(step(m, "Packet", -1, i, m.finish(s, d)));
            }
        }
        for (int i = 0; i < n; i++) {
            if (!s.failed().get(i) && s.committed(i) > 0) {
                Draft d = new Draft(s);
                d.failed.set(i, true);
                d.ack.set(i, 0);
                sink.accept(step(m, "Fail", -1, i, m.finish(s, d)));
            }
        }
    }

    private static Transition<DartState> step(DartReceiverModel m, String name, int group, int sender, DartState next) {
        int tenant = m.config().tenantOf(sender);
        Action a = group < 0 ? Action.of(name, "sender", sender, "tenant", tenant)
                : Action.of(name, "group", group, "sender", sender, "tenant", tenant);
        return new Transition<>(a, next);
    }

    /** A plain message start: the sender joins its tenant's AUSS or its count goes up (III-B). */
    private static DartState messageStart(DartReceiverModel m, DartState s, int i) {
        Draft d = new Draft(s);
        int t = m.config().tenantOf(i);
        d.flight.set(i, s.flight().get(i) + 1);
        d.auss.set(t, d.auss.get(t).start(i));
        d.fresh.set(i, true);
        return m.finish(s, d);
    }

    /** The group's listed senders the receiver accepts from a notification sent by {@code i}'s tenant. */
    static List<Integer> accepted(DartConfig c, int g, int i) {
        int t = c.tenantOf(i);
        return c.members(g).stream().filter(x -> x != i
                && (c.design().lookaheadScope() == Design.LookaheadScope.SHARED || c.tenantOf(x) == t)).toList();
    }

    private static boolean lookAheadEnabled(DartReceiverModel m, DartState s, int g, int i) {
        DartConfig c = m.config();
        if (s.failed().get(i) || !s.announced().get(g).isEmpty() || s.committed(i) >= c.messages()) {
            return false;
        }
        for (int x : accepted(c, g, i)) {
            if (s.committed(x) >= c.messages()) {
                return false;
            }
        }
        return true;
    }

    /**
     * The group's first message starts and carries the list of its senders: the others enter the AUSS
     * as if their messages had started now (III-D).
     */
    private static DartState lookAheadStart(DartReceiverModel m, DartState s, int g, int i) {
        DartConfig c = m.config();
        Draft d = new Draft(s);
        int t = c.tenantOf(i);
        d.flight.set(i, s.flight().get(i) + 1);
        d.auss.set(t, d.auss.get(t).start(i));
        d.fresh.set(i, true);
        boolean counted = c.design().lookaheadScope() != Design.LookaheadScope.IGNORED;
        for (int x : accepted(c, g, i)) {
            int tx = c.tenantOf(x);
            if (counted) {
                d.auss.set(tx, d.auss.get(tx).start(x));
            }
            d.announced.get(g).add(x);
            d.fresh.set(x, true);
        }
        d.announced.get(g).sort(null);
        return m.finish(s, d);
    }

    /**
     * A pre-counted sender's message starts: it was counted at the look-ahead, so n is unchanged
     * (without look-ahead at the receiver it enters the AUSS now).
     */
    private static DartState announcedStart(DartReceiverModel m, DartState s, int g, int i) {
        Draft d = new Draft(s);
        if (m.config().design().lookaheadScope() == Design.LookaheadScope.IGNORED) {
            int t = m.config().tenantOf(i);
            d.auss.set(t, d.auss.get(t).start(i));
        }
        d.announced.get(g).remove(Integer.valueOf(i));
        d.flight.set(i, s.flight().get(i) + 1);
        d.fresh.set(i, true);
        return m.finish(s, d);
    }

    /** A message ends: decrement and remove at zero (III-B), or the faulty early removal. */
    private static DartState messageEnd(DartReceiverModel m, DartState s, int i) {
        Draft d = new Draft(s);
        int t = m.config().tenantOf(i);
        d.flight.set(i, s.flight().get(i) - 1);
        ActiveUniqueSenderSet a = d.auss.get(t);
        d.auss.set(t, m.config().design().endRule() == Design.EndRule.DECREMENT ? a.end(i) : a.remove(i));
        d.fresh.set(i, true);
        return m.finish(s, d);
    }
}
