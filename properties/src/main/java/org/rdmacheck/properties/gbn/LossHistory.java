package org.rdmacheck.properties.gbn;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.rdmacheck.model.Transition;

/**
 * The history a loss-pattern search pairs with each Go-Back-N state: the identity of every packet
 * in flight (aligned with the model's FIFO channels), how often each PSN was transmitted and each
 * ACK/NAK sent, and the losses so far as {@link LossId}s. Steps are read from the channels before
 * and after (a Send appends one copy or two, a receive takes the head, a loss removes the packet at
 * its index), so the same history serves every variant and knock-out of the one model. Counts
 * saturate at a cap: the untimed Check-EPSN timer and NAK interval may fire any number of times
 * before a retransmission arrives, so without a cap the histories would be unbounded; a loss of
 * transmission (or control packet) number {@code cap} means "the cap-th or a later one".
 *
 * @param data        identities of the data packets in flight, oldest first
 * @param ctrl        identities of the control packets in flight, oldest first
 * @param transmitted per PSN, transmissions so far
 * @param sent        per control packet kind and PSN ({@code ACK(n)}), packets sent so far
 * @param losses      the losses so far, sorted
 * @param cap         where counts saturate
 */
public record LossHistory(List<LossId.Data> data, List<LossId.Control> ctrl, List<Integer> transmitted,
                          Map<String, Integer> sent, List<LossId> losses, int cap) {

    /** Copies the collections. */
    public LossHistory {
        data = List.copyOf(data);
        ctrl = List.copyOf(ctrl);
        transmitted = List.copyOf(transmitted);
        sent = Map.copyOf(sent);
        losses = List.copyOf(losses);
    }

    /**
     * A control packet as a channel holds it.
     *
     * @param kind {@code ACK} or {@code NAK}
     * @param psn  the PSN it carries
     */
    public record Packet(String kind, int psn) {
    }

    /**
     * How to read a state's channels.
     *
     * @param data the data channel's PSNs, oldest first
     * @param ctrl the control channel, oldest first
     * @param <S>  model state
     */
    public record Channels<S>(Function<S, List<Integer>> data, Function<S, List<Packet>> ctrl) {
    }

    /**
     * @param psns PSNs of the transfer
     * @param cap  where transmission and control packet numbers saturate (at least 1)
     * @return the history of an initial state (nothing in flight, nothing sent or lost)
     */
    public static LossHistory empty(int psns, int cap) {
        return new LossHistory(List.of(), List.of(), Collections.nCopies(psns, 0), Map.of(), List.of(), cap);
    }

    /**
     * @param channels how to read the channels
     * @param from     the state the step leaves
     * @param step     the step
     * @param <S>      model state
     * @return the history after the step
     */
    public <S> LossHistory after(Channels<S> channels, S from, Transition<S> step) {
        String name = step.action().name();
        List<LossId.Data> d = new ArrayList<>(data);
        List<LossId.Control> c = new ArrayList<>(ctrl);
        List<Integer> tx = transmitted;
        Map<String, Integer> snt = sent;
        List<LossId> lost = losses;
        List<Integer> dataAfter = channels.data().apply(step.next());
        List<Packet> ctrlAfter = channels.ctrl().apply(step.next());
        if (name.equals("LoseData")) {
            lost = with(lost, d.remove(index(step)));
        } else if (dataAfter.size() < d.size()) {
            d.remove(0);
        } else if (dataAfter.size() > d.size()) {
            int psn = dataAfter.get(dataAfter.size() - 1);
            List<Integer> t = new ArrayList<>(tx);
            t.set(psn, Math.min(cap, t.get(psn) + 1));
            tx = t;
            for (int copy = 1; d.size() < dataAfter.size(); copy++) {
                d.add(new LossId.Data(psn, t.get(psn), copy));
            }
        }
        if (name.equals("LoseCtrl")) {
            lost = with(lost, c.remove(index(step)));
        } else if (ctrlAfter.size() < c.size()) {
            c.remove(0);
        } else if (ctrlAfter.size() > c.size()) {
            Packet p = ctrlAfter.get(ctrlAfter.size() - 1);
            String key = p.kind() + "(" + p.psn() + ")";
            int n = Math.min(cap, snt.getOrDefault(key, 0) + 1);
            Map<String, Integer> s = new java.util.HashMap<>(snt);
            s.put(key, n);
            snt = s;
            c.add(new LossId.Control(p.kind(), p.psn(), n));
        }
        return new LossHistory(d, c, tx, snt, lost, cap);
    }

    private static int index(Transition<?> step) {
        return (Integer) step.action().params().get("index");
    }

    private static List<LossId> with(List<LossId> losses, LossId l) {
        List<LossId> out = new ArrayList<>(losses);
        out.add(l);
        Collections.sort(out);
        return out;
    }
}
