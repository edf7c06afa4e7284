package org.rdmacheck.model.gbn;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Transition;

/**
 * The exhaustive model of RoCEv2 loss recovery (seed 002, II-III; seed 004, §7): one sender and one
 * receiver joined by a FIFO data channel and a FIFO control channel, each of bounded capacity. A loss
 * removes any packet in flight while the loss budget is positive. Timers are untimed events: the end
 * of a NAK interval and the CE timer may come at any time; the ACK timeout (RTO) is far longer than
 * an RTT and the NAK interval (seed 002, Table I: 100 ms against 500 µs), so it fires only when
 * nothing else can happen.
 *
 * <p>Actions: {@code Send(psn)}, {@code ReceiveData(psn)}, {@code ReceiveAck(psn)},
 * {@code ReceiveNak(psn)}, {@code NakIntervalExpiry}, {@code CheckEpsn}, {@code LoseData(index, psn)},
 * {@code LoseCtrl(index, kind, psn)}, {@code Timeout}.
 *
 * @param config   the protocol configuration
 * @param losses   the loss budget L
 * @param capacity capacity of each channel, in packets
 */
public record GbnModel(GbnConfig config, int losses, int capacity) implements Model<GbnState> {

    /** Name of the RTO action. */
    public static final String TIMEOUT = "Timeout";

    /** Validates the budget and capacity. */
    public GbnModel {
        if (losses < 0) {
            throw new InputException("losses = " + losses + ": expected an integer >= 0");
        }
        if (capacity < 2) {
            throw new InputException("capacity = " + capacity + ": expected an integer >= 2 (ST sends two copies)");
        }
    }

    /** @return the rules this model applies */
    public GbnRules rules() {
        return new GbnRules(config);
    }

    @Override
    public List<GbnState> initialStates() {
        return List.of(new GbnState(0, 0, 0, false, -1, -1, List.of(), List.of(), losses));
    }

    @Override
    public void successors(GbnState s, Consumer<Transition<GbnState>> sink) {
        GbnRules rules = rules();
        int n = config.total();
        int[] emitted = {0};
        Consumer<Transition<GbnState>> counting = t -> {
            emitted[0]++;
            sink.accept(t);
        };
        send(s, rules, counting);
        receiveData(s, rules, counting);
        receiveCtrl(s, rules, counting);
        timers(s, rules, counting);
        lose(s, counting);
        if (emitted[0] == 0 && s.una() < n) {
            // RTO >> RTT and NAK interval: it fires only when nothing else can happen
            sink.accept(new Transition<>(Action.of(TIMEOUT), s.with(rules.onTimeout(s.sender()))));
        }
    }

    private void send(GbnState s, GbnRules rules, Consumer<Transition<GbnState>> sink) {
        int psn = s.next();
        if (psn >= config.total() || s.data().size() + config.copies(psn) > capacity) {
            return;
        }
        List<Integer> data = new ArrayList<>(s.data());
        for (int c = 0; c < config.copies(psn); c++) {
            data.add(psn);
        }
        GbnState next = s.with(rules.afterSend(s.sender())).with(data, s.ctrl(), s.lossesLeft());
        sink.accept(new Transition<>(Action.of("Send", "psn", psn), next));
    }

    private void receiveData(GbnState s, GbnRules rules, Consumer<Transition<GbnState>> sink) {
        if (s.data().isEmpty() || s.ctrl().size() >= capacity) {
            return;
        }
        int psn = s.data().get(0);
        ReceiverStep step = rules.onData(s.receiver(), psn);
        GbnState next = s.with(step.state()).with(s.data().subList(1, s.data().size()), withReply(s, step),
                s.lossesLeft());
        sink.accept(new Transition<>(Action.of("ReceiveData", "psn", psn), next));
    }

    private void receiveCtrl(GbnState s, GbnRules rules, Consumer<Transition<GbnState>> sink) {
        if (s.ctrl().isEmpty()) {
            return;
        }
        Ctrl c = s.ctrl().get(0);
        SenderState after = c.kind() == Ctrl.Kind.ACK ? rules.onAck(s.sender(), c.psn())
                : rules.onNak(s.sender(), c.psn());
        GbnState next = s.with(after).with(s.data(), s.ctrl().subList(1, s.ctrl().size()), s.lossesLeft());
        String name = c.kind() == Ctrl.Kind.ACK ? "ReceiveAck" : "ReceiveNak";
        sink.accept(new Transition<>(Action.of(name, "psn", c.psn()), next));
    }

    private void timers(GbnState s, GbnRules rules, Consumer<Transition<GbnState>> sink) {
        if (s.nakTimer()) {
            sink.accept(new Transition<>(Action.of("NakIntervalExpiry"),
                    s.with(rules.onNakIntervalExpiry(s.receiver()))));
        }
        if (s.ceLpsn() >= 0 && s.ctrl().size() < capacity) {
            ReceiverStep step = rules.onCheckEpsn(s.receiver());
            GbnState next = s.with(step.state()).with(s.data(), withReply(s, step), s.lossesLeft());
            sink.accept(new Transition<>(Action.of("CheckEpsn"), next));
        }
    }

    private void lose(GbnState s, Consumer<Transition<GbnState>> sink) {
        if (s.lossesLeft() <= 0) {
            return;
        }
        for (int i = 0; i < s.data().size(); i++) {
            List<Integer> data = new ArrayList<>(s.data());
            int psn = data.remove(i);
            sink.accept(new Transition<>(Action.of("LoseData", "index", i, "psn", psn),
                    s.with(data, s.ctrl(), s.lossesLeft() - 1)));
        }
        for (int i = 0; i < s.ctrl().size(); i++) {
            List<Ctrl> ctrl = new ArrayList<>(s.ctrl());
            Ctrl c = ctrl.remove(i);
            sink.accept(new Transition<>(Action.of("LoseCtrl", "index", i, "kind", c.kind().name(), "psn", c.psn()),
                    s.with(s.data(), ctrl, s.lossesLeft() - 1)));
        }
    }

    private static List<Ctrl> withReply(GbnState s, ReceiverStep step) {
        if (step.reply().isEmpty()) {
            return s.ctrl();
        }
        List<Ctrl> ctrl = new ArrayList<>(s.ctrl());
        ctrl.add(step.reply().get());
        return ctrl;
    }

    /**
     * @param s a state
     * @return whether the transfer is complete: every packet delivered and acknowledged
     */
    public boolean done(GbnState s) {
        return s.una() == config.total() && s.epsn() == config.total();
    }

    @Override
    public boolean isFinal(GbnState s) {
        return done(s) && s.data().isEmpty() && s.ctrl().isEmpty() && !s.nakTimer() && s.ceLpsn() < 0;
    }

    @Override
    public java.util.Optional<org.rdmacheck.model.StateCodec<GbnState>> codec() {
        return java.util.Optional.of(new GbnCodec());
    }

    @Override
    public java.util.Optional<org.rdmacheck.model.PackedModel> packed() {
        return GbnPacked.fits(this) ? java.util.Optional.of(new GbnPacked(this)) : java.util.Optional.empty();
    }
}
