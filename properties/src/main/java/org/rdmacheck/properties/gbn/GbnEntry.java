package org.rdmacheck.properties.gbn;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.gbn.DuplicatePolicy;
import org.rdmacheck.model.gbn.GbnConfig;
import org.rdmacheck.model.gbn.GbnMechanism;
import org.rdmacheck.model.gbn.GbnVariant;
import org.rdmacheck.model.gbn.GoBackN;
import org.rdmacheck.model.gbn.NakPolicy;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.Mechanism;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.catalog.ParamSpec;
import org.rdmacheck.properties.catalog.VariantSpec;
import org.rdmacheck.properties.liveness.Fairness;
import org.rdmacheck.properties.liveness.Liveness;
import org.rdmacheck.properties.liveness.LivenessSpec;

/**
 * Catalogue entry {@code gbn}: RoCEv2 Go-Back-0 / Go-Back-N loss recovery with Send-Twice and
 * Check-EPSN (seed 002, II-III; seed 004, §7).
 */
public final class GbnEntry implements ModelEntry {

    @Override
    public String name() {
        return "gbn";
    }

    @Override
    public String description() {
        return "RoCEv2 Go-Back-0/Go-Back-N loss recovery, Send-Twice and Check-EPSN (seed 002 II-III, seed 004 s7)";
    }

    /** Packets per message M. */
    public static final ParamSpec.Int PACKETS = ParamSpec.integer("packets", 3, 1, 64, "packets per message M");
    /** Back-to-back messages K. */
    public static final ParamSpec.Int MESSAGES = ParamSpec.integer("messages", 1, 1, 16,
            "back-to-back messages K with continuing PSNs");
    /** Loss budget L. */
    public static final ParamSpec.Int LOSSES = ParamSpec.integer("losses", 1, 0, 8,
            "loss budget L: packets the network may drop");
    /** AckReq interval. */
    public static final ParamSpec.Int ACK_INTERVAL = ParamSpec.integer("ackInterval", 2, 0, 64,
            "AckReq on every n-th packet of a message (0: last packet only)");
    /** Channel capacity. */
    public static final ParamSpec.Int CAPACITY = ParamSpec.integer("capacity", 4, 2, 16,
            "capacity of the data and of the control channel");
    /** What the receiver does with a duplicate (shared with {@code gbn-timed}). */
    public static final ParamSpec.Choice DUPLICATES = ParamSpec.choice("duplicates", "ack", List.of("ack", "ignore"),
            "ack: a duplicate with AckReq is acknowledged again (InfiniBand); ignore: duplicates are dropped");
    /** When the receiver sends a NAK (shared with {@code gbn-timed}). */
    public static final ParamSpec.Choice NAK_POLICY = ParamSpec.choice("nakPolicy", "interval",
            List.of("interval", "epsn"), "interval: at most one NAK per NAK interval (seed 002 II-A); "
                    + "epsn: also NAK at once when EPSN differs from the last NAK's (ns-3 RDMA)");

    /** Whether messages are pipelined. */
    public static final ParamSpec.Flag PIPELINE = ParamSpec.flag("pipeline", true,
            "true: the next message starts at once; false: only once the previous one is acknowledged "
                    + "(an application that does not pipeline, seed 002 III-A)");

    @Override
    public List<ParamSpec> parameters() {
        return List.of(PACKETS, MESSAGES, LOSSES, ACK_INTERVAL, CAPACITY, DUPLICATES, NAK_POLICY, PIPELINE);
    }

    @Override
    public List<VariantSpec> variants() {
        return List.of(
                new VariantSpec("gbn", "Go-Back-N as in RoCEv2 (seed 002 II-A)", Set.of(GbnProperties.NO_TIMEOUT)),
                new VariantSpec("gb0", "Go-Back-0: resend the whole message on NAK", Set.of(GbnProperties.NO_TIMEOUT)),
                new VariantSpec("st", "Go-Back-N + Send-Twice of the last packet", Set.of()),
                new VariantSpec("ce", "Go-Back-N + Check-EPSN timer", Set.of(GbnProperties.NO_TIMEOUT)),
                new VariantSpec("improved", "Improved Go-Back-N: ST + CE (seed 002 III-C)", Set.of()),
                new VariantSpec("improved-ignore", "Improved with duplicates ignored (as some simulators do): a lost "
                        + "last ACK is never repaired", Set.of(GbnProperties.NO_TIMEOUT, GbnProperties.PROGRESS),
                        VariantSpec.Origin.MUTATION, Map.of("duplicates", "ignore")));
    }

    /**
     * None: each property of the design fails somewhere. InOrderExactlyOnce, NoUnreceivedRelease
     * and DeadlockFree hold by the receiver's PSN checks and the RTO, and a knock-out of each
     * ({@code epsn-check}, {@code duplicate-detection}, {@code ack-timeout}) violates it at its
     * coverage scope ({@link #mechanisms()}).
     */
    @Override
    public Map<String, String> structuralProperties() {
        return Map.of();
    }

    @Override
    public CheckSpec<LayoutState> build(String variant, Params params) {
        variant(variant);
        Params p = resolve(variant, params);
        GoBackN model = model(variant, p);
        return new CheckSpec<>(name(), variant, p.asMap(), model, GbnProperties.of(model),
                expectedViolations(model));
    }

    /**
     * Delivered, {@code <>(every packet acknowledged and received)}, under strong fairness of both
     * channels (the data channel's and the control channel's receptions, each as one action) and
     * weak fairness of the sender and of each timer; losses get no fairness, and the loss budget L
     * makes them finitely many, as "fair loss" asks. The TLA+ twin states the same
     * ({@code specs/gbn/Spec.tla}, {@code FairSpec} and {@code Delivered}). Unlike Completion (AG EF done) it is broken by
     * fair behaviours that keep cycling without finishing. With duplicates ignored a lost last ACK is
     * never repaired, and the sender's retransmissions cycle for ever: improved-ignore violates it at
     * its defaults.
     */
    @Override
    @SuppressWarnings("unchecked")
    public java.util.Optional<LivenessSpec<?>> liveness(CheckSpec<?> built) {
        CheckSpec<LayoutState> spec = (CheckSpec<LayoutState>) built;
        GoBackN m = (GoBackN) spec.model();
        Liveness<LayoutState> delivered = Liveness.eventually(GbnProperties.DELIVERED, m::done, DATA_CHANNEL_FAIR,
                CONTROL_CHANNEL_FAIR, Fairness.weak("Send"), Fairness.weak("NakIntervalExpiry"),
                Fairness.weak("CheckEpsn"), Fairness.weak("Timeout"));
        Set<String> fail = m.config().duplicates() == DuplicatePolicy.IGNORE && m.losses() >= 1
                ? Set.of(GbnProperties.DELIVERED) : Set.of();
        return java.util.Optional.of(new LivenessSpec<>(spec, List.of(delivered), fail));
    }

    /**
     * Strong fairness of the data channel: a receiver that can take the channel's head infinitely
     * often does so infinitely often. A full control channel disables it now and then, and weak
     * fairness would let Check-EPSN keep it full for ever (a WF-fair livelock of variant ce that
     * the explorer finds when receptions are only weakly fair).
     */
    public static final Fairness DATA_CHANNEL_FAIR = Fairness.strong("ReceiveData");

    /** Strong fairness of the control channel: ACK and NAK receptions as one action. */
    public static final Fairness CONTROL_CHANNEL_FAIR = new Fairness("ReceiveAck|ReceiveNak", Fairness.Strength.STRONG,
            Fairness.Scope.FAMILY, a -> a.name().equals("ReceiveAck") || a.name().equals("ReceiveNak"));

    /**
     * Builds the configured model.
     *
     * @param variant variant name
     * @param params  parameters with defaults filled in (and the knock-outs, if any)
     * @return the model
     */
    public static GoBackN model(String variant, Params params) {
        GbnConfig config = new GbnConfig(PACKETS.get(params), MESSAGES.get(params), ACK_INTERVAL.get(params),
                GbnVariant.of(variant.split("-")[0]), DuplicatePolicy.of(DUPLICATES.get(params)),
                NakPolicy.of(NAK_POLICY.get(params)), knockedOut(new GbnEntry(), params));
        return new GoBackN(config, LOSSES.get(params), CAPACITY.get(params), PIPELINE.get(params));
    }

    /**
     * @param entry  the entry whose mechanisms the names must be
     * @param params parameters, with the reserved knock-out parameter if any
     * @return the mechanisms knocked out
     */
    public static Set<GbnMechanism> knockedOut(ModelEntry entry, Params params) {
        Set<GbnMechanism> out = java.util.EnumSet.noneOf(GbnMechanism.class);
        for (String name : entry.knockouts(params)) {
            out.add(GbnMechanism.of(name));
        }
        return out;
    }

    /**
     * Send-Twice, Check-EPSN and the ACK request, each with its purpose and its coverage scope.
     * Removing Send-Twice makes NoTimeout fail at L = 1 (a lost last packet or last ACK waits for the
     * RTO); removing the ACK request loses Completion even without loss. Removing Check-EPSN makes
     * NoStalledGap fail at L = 2: a packet lost twice, or lost with its NAK, leaves the receiver
     * waiting before a last packet it has seen, and nothing NAKs again (at L = 1 Send-Twice alone
     * avoids every RTO, so no check at L = 1 can see Check-EPSN; {@code rdmacheck gbn-patterns}).
     * The receiver's PSN checks and the RTO are the base protocol's: without the EPSN check
     * InOrderExactlyOnce fails at L = 1 (a packet ahead of a lost one is taken), without duplicate
     * detection NoUnreceivedRelease fails at L = 1 (Check-EPSN's second NAK makes the sender resend
     * packets the receiver then takes again), without the RTO the design deadlocks at L = 1.
     */
    @Override
    public List<Mechanism> mechanisms() {
        return List.of(
                new Mechanism(GbnMechanism.SEND_TWICE.word(), "Send-Twice", "seed 002, III-C (1)",
                        GbnProperties.NO_TIMEOUT, "improved", Map.of("losses", "1", "messages", "2", "pipeline", "false"),
                        "the last packet of a message is sent once: its loss, or its ACK's, waits for the RTO"),
                new Mechanism(GbnMechanism.CHECK_EPSN.word(), "Check-EPSN", "seed 002, III-C (2)",
                        GbnProperties.NO_STALLED_GAP, "improved", Map.of("losses", "2"),
                        "the receiver never records the last packet's PSN, so the CE timer never runs: a gap "
                                + "whose NAK was lost or whose retransmission was lost again waits for the RTO"),
                new Mechanism(GbnMechanism.ACK_REQUEST.word(), "ACK request (AckReq)", "seed 002, II-A",
                        GbnProperties.PROGRESS, "gbn", Map.of("losses", "0"),
                        "no packet carries AckReq: the receiver acknowledges nothing in order"),
                new Mechanism(GbnMechanism.EPSN_CHECK.word(), "Expected-PSN check (EPSN)", "seed 002, II-A",
                        GbnProperties.IN_ORDER, "improved", Map.of("losses", "1"),
                        "a packet ahead of EPSN is taken as the next one: EPSN jumps past a lost packet, "
                                + "which the application never sees"),
                new Mechanism(GbnMechanism.DUPLICATE_DETECTION.word(), "Duplicate detection (PSN < EPSN)",
                        "seed 002, II-A", GbnProperties.NO_UNRECEIVED_RELEASE, "improved", Map.of("losses", "1"),
                        "a retransmitted copy below EPSN is taken as new: EPSN moves back below what the "
                                + "sender has already released"),
                new Mechanism(GbnMechanism.ACK_TIMEOUT.word(), "ACK timeout (RTO)", "seed 002, II-A, III-A",
                        "DeadlockFree", "gbn", Map.of("losses", "1"),
                        "no RTO: a lost last packet or last ACK leaves the sender waiting for ever"),
                ceResetOnEpsn(GbnProperties.NO_STALLED_GAP, Map.of("losses", "2")));
    }

    /**
     * Why Check-EPSN's reset by an in-order packet (seed 002, III-C (2): "if the packet (EPSN) is
     * received during the time T, only set the timer to the initial value") is not load-bearing in
     * either model; docs/gbn.md, "Check-EPSN's reset by an in-order packet", lists the scopes tried.
     */
    public static final String CE_RESET_NOT_NEEDED = "not load-bearing in the models (docs/gbn.md): the in-order "
            + "packet that fills EPSN arrives in a go-back, which resends the message's last packet behind it; if a "
            + "gap before LPSN remains, that last packet arrives out of order, records LPSN again and starts the CE "
            + "timer anew, so stopping the timer at the in-order packet changes when CE's next NAK leaves, not "
            + "whether; no later recording comes only when both copies of that last packet are lost (the "
            + "loss-budget rule's stall, with the reset or without) or the window stops the go-back before it (the "
            + "window rule)";

    /**
     * @param purpose  the property the reset would be for
     * @param coverage where its knock-out is searched
     * @return the mechanism, declared not needed
     */
    public static Mechanism ceResetOnEpsn(String purpose, Map<String, String> coverage) {
        return new Mechanism(GbnMechanism.CE_RESET_ON_EPSN.word(), "Check-EPSN timer reset by an in-order packet",
                "seed 002, III-C (2)", purpose, "improved", coverage,
                "an in-order packet while the CE timer runs stops the timer instead of setting it to the NAK "
                        + "interval: Check-EPSN forgets the LPSN with packets before it still missing",
                java.util.Optional.of(CE_RESET_NOT_NEEDED));
    }

    /**
     * What the model shows (see {@code rdmacheck gbn-table}): NoTimeout fails from L = 1 for
     * Go-Back-0, Go-Back-N and CE (a lost last packet or last ACK), and from L = 2 for ST and Improved
     * while duplicates are acknowledged (the second copy of the last packet repairs a single loss of
     * it or of its ACK); with duplicates ignored a lost last ACK can never be repaired, so completion
     * is lost as well and the send-twice variants fail from L = 1.
     */
    static Set<String> expectedViolations(GoBackN m) {
        Set<String> fail = new LinkedHashSet<>();
        boolean ignore = m.config().duplicates() == DuplicatePolicy.IGNORE;
        if (m.losses() >= leastTimeoutBudget(m.config().variant(), m.config().duplicates())) {
            fail.add(GbnProperties.NO_TIMEOUT);
        }
        if (ignore && m.losses() >= 1) {
            fail.add(GbnProperties.PROGRESS);
        }
        if (m.losses() >= leastStalledGapBudget(m.config().variant())) {
            fail.add(GbnProperties.NO_STALLED_GAP);
        }
        // not pipelined: a lost last ACK of a message that is not the last one leaves the receiver
        // waiting for the next message's first packet, which the sender holds back until the ACK:
        // the RTO fires with EPSN on a first packet (seed 002, III-A reason 2 across the message
        // boundary; gbn-timed's window's-edge stall is the same)
        if (!m.pipelined() && m.config().messages() >= 2
                && m.losses() >= leastTimeoutBudget(m.config().variant(), m.config().duplicates())) {
            fail.add(GbnProperties.NO_STALLED_GAP);
        }
        return fail;
    }

    /**
     * @param variant a variant
     * @return the least loss budget at which the model (default shape) violates NoStalledGap: 2 (a
     *         packet lost with its NAK, or twice) unless both mechanisms are in place; with both, 3
     *         (a packet lost and both copies of the last one: the receiver never saw the last
     *         packet, so Check-EPSN has nothing recorded to NAK for; reason 1 with a gap before it)
     */
    public static int leastStalledGapBudget(GbnVariant variant) {
        return variant.sendTwice() && variant.checkEpsn() ? 3 : 2;
    }

    /**
     * @param variant    a variant
     * @param duplicates the duplicate policy
     * @return the least loss budget at which the model (default shape) violates NoTimeout
     */
    public static int leastTimeoutBudget(GbnVariant variant, DuplicatePolicy duplicates) {
        return variant.sendTwice() && duplicates == DuplicatePolicy.ACK ? 2 : 1;
    }

    @Override
    public List<Run> allRuns() {
        List<Run> runs = new ArrayList<>(ModelEntry.super.allRuns());
        runs.add(new Run("st", Params.of(Map.of("losses", "2"))));
        runs.add(new Run("improved", Params.of(Map.of("losses", "2"))));
        runs.add(new Run("improved", Params.of(Map.of("duplicates", "ignore"))));
        return runs;
    }
}
