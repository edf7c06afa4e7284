package org.rdmacheck.model.dasr;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The receiver's congestion state machine as an explicit table of rows (seed 000, III-C, Figure 5):
 * (state, observation) -&gt; next state. Being a table, it can be checked exhaustively for being total
 * and deterministic: every state and every observable combination must have exactly one row.
 *
 * @param name a short name of the reading of Figure 5 this table encodes
 * @param rows the rows
 */
public record ReceiverMachine(String name, List<Row> rows) {

    /**
     * One transition of the machine.
     *
     * @param from        current state
     * @param observation what the window showed
     * @param to          next state
     */
    public record Row(CongestionState from, Observation observation, CongestionState to) {
    }

    /** Copies the rows. */
    public ReceiverMachine {
        rows = List.copyOf(rows);
    }

    /**
     * The paper's reading: "changes in either of the two [observables] trigger state changes" —
     * no marks: NoCongestion; marks at line rate: ReceiverCongestion; marks below line rate:
     * NonReceiverCongestion, from every state.
     *
     * @return the table
     */
    public static ReceiverMachine paper() {
        List<Row> rows = new ArrayList<>();
        for (CongestionState from : CongestionState.values()) {
            for (Observation o : Observation.all()) {
                rows.add(new Row(from, o, memoryless(o)));
            }
        }
        return new ReceiverMachine("paper", rows);
    }

    /**
     * The other reading of Figure 5 (interpretation, see the dasr README): NonReceiverCongestion is
     * left only when the marks stop, so marks at line rate keep the DCQCN fall-back in charge.
     *
     * @return the table
     */
    public static ReceiverMachine hysteresis() {
        List<Row> rows = new ArrayList<>();
        for (CongestionState from : CongestionState.values()) {
            for (Observation o : Observation.all()) {
                CongestionState to = from == CongestionState.NonReceiverCongestion && o.ecn()
                        ? CongestionState.NonReceiverCongestion : memoryless(o);
                rows.add(new Row(from, o, to));
            }
        }
        return new ReceiverMachine("hysteresis", rows);
    }

    /** A target of Figure 5 a knock-out can remove: the transition into one state. */
    public enum Target {
        /** ECN marks at line rate lead to ReceiverCongestion; knocked out: to NonReceiverCongestion */
        RECEIVER_CONGESTION,
        /** ECN marks below line rate lead to NonReceiverCongestion; knocked out: to ReceiverCongestion */
        NON_RECEIVER_CONGESTION,
        /** no ECN marks lead to NoCongestion; knocked out: the machine keeps its state */
        NO_CONGESTION
    }

    /**
     * This table with the transitions into some states removed (a knock-out): each row whose target
     * is removed goes where {@link Target} says instead. Both congested targets removed swap them.
     *
     * @param removed the targets to remove
     * @return the table, named after this one and the removed targets
     */
    public ReceiverMachine without(java.util.Set<Target> removed) {
        if (removed.isEmpty()) {
            return this;
        }
        List<Row> out = new ArrayList<>();
        for (Row r : rows) {
            CongestionState to = r.to();
            Observation o = r.observation();
            if (removed.contains(Target.RECEIVER_CONGESTION) && o.ecn() && o.lineRate()
                    && to == CongestionState.ReceiverCongestion) {
                to = CongestionState.NonReceiverCongestion;
            } else if (removed.contains(Target.NON_RECEIVER_CONGESTION) && o.ecn() && !o.lineRate()
                    && to == CongestionState.NonReceiverCongestion) {
                to = CongestionState.ReceiverCongestion;
            } else if (removed.contains(Target.NO_CONGESTION) && !o.ecn() && to == CongestionState.NoCongestion) {
                to = r.from();
            }
            out.add(new Row(r.from(), o, to));
        }
        return new ReceiverMachine(name + " without " + removed, out);
    }

    private static CongestionState memoryless(Observation o) {
        if (!o.ecn()) {
            return CongestionState.NoCongestion;
        }
        return o.lineRate() ? CongestionState.ReceiverCongestion : CongestionState.NonReceiverCongestion;
    }

    /**
     * @param from a state
     * @param o    an observation
     * @return the rows for that pair (exactly one in a total, deterministic machine)
     */
    public List<CongestionState> targets(CongestionState from, Observation o) {
        List<CongestionState> out = new ArrayList<>();
        for (Row r : rows) {
            if (r.from() == from && r.observation().equals(o)) {
                out.add(r.to());
            }
        }
        return out;
    }

    /**
     * @param from a state
     * @param o    an observation
     * @return the unique next state, if there is exactly one row
     */
    public Optional<CongestionState> next(CongestionState from, Observation o) {
        List<CongestionState> t = targets(from, o);
        return t.size() == 1 ? Optional.of(t.get(0)) : Optional.empty();
    }

    /**
     * Exhaustive check over the table: every state times every observable combination.
     *
     * @return one line per defect (a missing or an ambiguous entry); empty for a total,
     *         deterministic machine
     */
    public List<String> defects() {
        List<String> out = new ArrayList<>();
        for (CongestionState from : CongestionState.values()) {
            for (Observation o : Observation.all()) {
                List<CongestionState> t = targets(from, o);
                if (t.size() != 1) {
                    out.add(from + " x " + o + ": " + t.size() + " next states " + t);
                }
            }
        }
        return out;
    }
}
