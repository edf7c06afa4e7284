package org.rdmacheck.cli.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.cli.report.SequenceChart.Fate;
import org.rdmacheck.cli.report.SequenceChart.Message;
import org.rdmacheck.cli.report.SequenceChart.Note;
import org.rdmacheck.model.Action;

/**
 * Reads a counterexample as a message sequence chart, model by model: which actions send, receive
 * or lose a message between which nodes, and which are timers or state changes. Models without a
 * script get one lifeline with a note per step.
 */
public final class ChartScripts {

    private ChartScripts() {
    }

    /**
     * @param cex a counterexample
     * @return its chart; empty for kinds with no behaviour to draw (cycles, solver witnesses)
     */
    public static Optional<SequenceChart> of(Counterexample cex) {
        if (cex.kind() == Counterexample.Kind.CYCLE || cex.kind() == Counterexample.Kind.WITNESS
                || cex.steps().isEmpty()) {
            return Optional.empty();
        }
        Builder b = new Builder(cex);
        switch (cex.provenance().model()) {
            case "gbn", "gbn-timed" -> gbn(b);
            case "iofd" -> hops(b, "hop", "flow", "seq", "f%s#%s");
            case "escape-vl" -> hops(b, "arc", "packet", "lane", "p%s VL%s");
            case "dasr" -> dasr(b);
            case "partition" -> partition(b);
            default -> generic(b);
        }
        return Optional.of(b.build());
    }

    /** Builds a chart step by step. */
    private static final class Builder {
        final Counterexample cex;
        final List<String> lanes = new ArrayList<>();
        final List<Message> messages = new ArrayList<>();
        final List<Note> notes = new ArrayList<>();

        Builder(Counterexample cex) {
            this.cex = cex;
        }

        int lane(String name) {
            int i = lanes.indexOf(name);
            if (i < 0) {
                lanes.add(name);
                i = lanes.size() - 1;
            }
            return i;
        }

        int last() {
            return cex.steps().size() - 1;
        }

        void note(String lane, int step, String text) {
            notes.add(new Note(lane(lane), step, text));
        }

        SequenceChart build() {
            return new SequenceChart(lanes, cex.steps().size(), messages, notes, cex.property(),
                    cex.violationIndex(), cex.loopStart());
        }
    }

    /** A message sent but not yet resolved. */
    private record Open(String label, int from, int to, int sendStep) {
        Message end(int step, Fate fate) {
            return new Message(label, from, to, sendStep, step, fate);
        }
    }

    private static String p(Action a, String key) {
        Object v = a.params().get(key);
        return v == null ? "?" : String.valueOf(v);
    }

    // seed 002 II: the sender's DATA channel and the receiver's ACK/NAK channel are lists in the
    // state; a step appends (sends), removes by index (loses) or takes the match (receives).
    private static void gbn(Builder b) {
        int sender = b.lane("sender");
        int receiver = b.lane("receiver");
        List<Open> data = new ArrayList<>();
        List<Open> ctrl = new ArrayList<>();
        List<TraceStep> steps = b.cex.steps();
        for (int i = 1; i < steps.size(); i++) {
            Action a = steps.get(i).action();
            JsonNode st = steps.get(i).state();
            switch (a.name()) {
                case "ReceiveData" -> take(data, a, "DATA " + p(a, "psn"), i, b);
                case "LoseData" -> b.messages.add(data.remove(Integer.parseInt(p(a, "index"))).end(i, Fate.LOST));
                case "ReceiveAck" -> take(ctrl, a, "ACK " + p(a, "psn"), i, b);
                case "ReceiveNak" -> take(ctrl, a, "NAK " + p(a, "psn"), i, b);
                case "CheckEpsn" -> b.note("sender", i, "CE timer: check EPSN");
                case "LoseCtrl" -> b.messages.add(ctrl.remove(Integer.parseInt(p(a, "index"))).end(i, Fate.LOST));
                case "Timeout" -> b.note("sender", i, "ACK timeout (RTO)");
                case "NakIntervalExpiry" -> b.note("receiver", i, "NAK interval expires");
                default -> {
                }
            }
            JsonNode dataNow = st.path("data");
            for (int k = data.size(); k < dataNow.size(); k++) {
                JsonNode d = dataNow.get(k);
                // the timed model's packets are {seq, age}; the untimed model's are PSNs
                data.add(new Open("DATA " + (d.isObject() ? d.path("seq").asText() : d.asText()), sender, receiver, i));
            }
            JsonNode ctrlNow = st.path("ctrl");
            for (int k = ctrl.size(); k < ctrlNow.size(); k++) {
                JsonNode c = ctrlNow.get(k);
                String psn = c.has("psn") ? c.path("psn").asText() : c.path("n").asText();
                ctrl.add(new Open(c.path("kind").asText() + " " + psn, receiver, sender, i));
            }
        }
        for (Open o : data) {
            b.messages.add(o.end(b.last(), Fate.IN_FLIGHT));
        }
        for (Open o : ctrl) {
            b.messages.add(o.end(b.last(), Fate.IN_FLIGHT));
        }
    }

    /** Receives the message the action names by its channel index, or else the first with that label. */
    private static void take(List<Open> channel, Action a, String label, int step, Builder b) {
        Object index = a.params().get("index");
        if (index != null) {
            b.messages.add(channel.remove(Integer.parseInt(String.valueOf(index))).end(step, Fate.DELIVERED));
            return;
        }
        for (int k = 0; k < channel.size(); k++) {
            if (channel.get(k).label().equals(label)) {
                b.messages.add(channel.remove(k).end(step, Fate.DELIVERED));
                return;
            }
        }
    }

    // seed 000 IV: a packet moves hop by hop ("a->b"); each hop is one message from a to b that
    // arrives when the same packet moves on (or is delivered).
    private static void hops(Builder b, String hopKey, String idKey, String subKey, String format) {
        Map<String, Open> moving = new LinkedHashMap<>();
        List<TraceStep> steps = b.cex.steps();
        for (int i = 1; i < steps.size(); i++) {
            Action a = steps.get(i).action();
            Object hop = a.params().get(hopKey);
            String id = p(a, idKey) + "/" + ("hop".equals(hopKey) ? p(a, subKey) : "");
            switch (a.name()) {
                case "Send", "Forward", "Inject", "Deflect", "MoveToEscape" -> {
                    String[] ends = String.valueOf(hop).split("->");
                    Open prev = moving.remove(id);
                    if (prev != null) {
                        b.messages.add(prev.end(i, Fate.DELIVERED));
                    }
                    String label = String.format(format, p(a, idKey), p(a, subKey));
                    Object route = a.params().get("route");
                    if (route != null && !"normal".equals(route)) {
                        label += " " + route;
                    } else if (!a.name().equals("Send") && !a.name().equals("Forward")) {
                        label += " " + a.name();
                    }
                    moving.put(id, new Open(label, b.lane(ends[0]), b.lane(ends[1]), i));
                }
                case "Deliver" -> {
                    Open prev = moving.remove(id);
                    String at = hop != null ? String.valueOf(hop).split("->")[1] : p(a, "at");
                    if (prev != null) {
                        b.messages.add(prev.end(i, Fate.DELIVERED));
                    }
                    Object how = a.params().get("receiver");
                    b.note(at, i, "delivers " + String.format(format, p(a, idKey), p(a, subKey))
                            .replace(" VL?", "") + (how == null ? "" : " (" + how + ")"));
                }
                case "Fail" -> b.note(p(a, "name"), i, "fails");
                case "Background" -> {
                    String[] ends = String.valueOf(hop).split("->");
                    b.note(ends[0], i, "background traffic on " + hop);
                }
                default -> b.note(b.lanes.isEmpty() ? "network" : b.lanes.get(0), i, a.toString());
            }
        }
        for (Open o : moving.values()) {
            b.messages.add(o.end(b.last(), Fate.IN_FLIGHT));
        }
    }

    // seed 000 III: senders announce messages to the receiver, which keeps the Active Unique
    // Sender Set and answers congestion observations.
    private static void dasr(Builder b) {
        int receiver = -1;
        List<TraceStep> steps = b.cex.steps();
        int senders = steps.get(0).state().path("flight").size();
        for (int s = 0; s < senders; s++) {
            b.lane("sender" + s);
        }
        receiver = b.lane("receiver");
        for (int i = 1; i < steps.size(); i++) {
            Action a = steps.get(i).action();
            switch (a.name()) {
                case "MessageStart", "MessageEnd", "LookAheadStart" -> {
                    String what = switch (a.name()) {
                        case "MessageStart" -> "first packet";
                        case "MessageEnd" -> "last packet";
                        default -> "look-ahead";
                    };
                    b.messages.add(new Message(what + " t" + p(a, "tenant"), b.lane("sender" + p(a, "sender")),
                            receiver, i, i, Fate.DELIVERED));
                }
                case "Observe" -> b.note("receiver", i, p(a, "congestion") + (Boolean.TRUE.equals(a.params().get("ecn"))
                        ? " +ECN" : "") + (Boolean.TRUE.equals(a.params().get("lineRate")) ? " +line rate" : "") + " → "
                        + steps.get(i).state().path("mode").asText());
                case "Fail" -> b.note("sender" + p(a, "sender"), i, "fails");
                default -> b.note("receiver", i, a.toString());
            }
        }
    }

    // seed 003 III: the sender posts chunks on QPs; a chunk lands in a receive buffer at the receiver.
    private static void partition(Builder b) {
        List<TraceStep> steps = b.cex.steps();
        b.lane("sender");
        int qps = steps.get(0).state().path("sendQueues").size();
        for (int q = 0; q < qps; q++) {
            b.lane("QP" + q);
        }
        int receiver = b.lane("receiver");
        for (int i = 1; i < steps.size(); i++) {
            Action a = steps.get(i).action();
            String qp = "QP" + p(a, "qp");
            switch (a.name()) {
                case "Post" -> b.messages.add(new Message("transfer " + p(a, "transfer") + " chunk " + p(a, "chunk"),
                        b.lane("sender"), b.lane(qp), i, i, Fate.DELIVERED));
                case "Resend" -> b.messages.add(new Message("again: transfer " + p(a, "transfer") + " @"
                        + p(a, "offset"), b.lane("sender"), b.lane(qp), i, i, Fate.DELIVERED));
                case "Arrive" -> b.messages.add(new Message("dataId " + p(a, "dataId") + " @" + p(a, "offset"),
                        b.lane(qp), receiver, i, i, Fate.DELIVERED));
                case "QpError", "RnrError", "Reconnect" -> b.note(qp, i, a.name());
                case "SendComplete" -> b.note("sender", i, "send completion " + qp);
                default -> b.note("receiver", i, a.toString());
            }
        }
    }

    private static void generic(Builder b) {
        List<TraceStep> steps = b.cex.steps();
        b.lane(b.cex.provenance().model());
        for (int i = 1; i < steps.size(); i++) {
            b.note(b.cex.provenance().model(), i, steps.get(i).action().toString());
        }
    }

    /**
     * Messages a chart draws for a trace, counted from the actions alone (for checks).
     *
     * @param chart a chart
     * @return counts by fate
     */
    public static Map<Fate, Integer> fates(SequenceChart chart) {
        Map<Fate, Integer> m = new HashMap<>();
        for (Message msg : chart.messages()) {
            m.merge(msg.fate(), 1, Integer::sum);
        }
        return m;
    }
}
