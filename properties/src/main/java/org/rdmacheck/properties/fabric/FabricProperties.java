package org.rdmacheck.properties.fabric;

import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.fabric.NetworkLayout;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.fabric.Route;
import org.rdmacheck.model.fabric.Flow;
import org.rdmacheck.model.layout.Field;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.layout.Slot;
import org.rdmacheck.model.topology.Topology;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.Antecedent;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.Property;
import org.rdmacheck.properties.Reads;

/**
 * What the composed fabric must guarantee (seed 000 §IV), as named properties of {@link NetworkModel}.
 * Each is written once on the packed values and the action code; on state objects it is evaluated
 * on the state's values and the action's code. Each declares the slots it reads and the actions it
 * judges ({@link Reads}), so that a safety-preserving partial-order reduction can tell the steps
 * it sees from those it does not.
 */
public final class FabricProperties {

    /** No packet reaches its receiver ahead of an earlier packet of its message. */
    public static final String IN_ORDER = "InOrderDelivery";
    /** Before any failure every delivery is exactly the next packet (no loss, no duplicate). */
    public static final String EXACTLY_ONCE = "NoLossNoDuplicationFaultFree";
    /** After a failure, what the receivers accept is still each message in order. */
    public static final String IN_ORDER_AFTER_FAILURE = "InOrderAfterFailure";
    /** Lossless back pressure (seed 004 §4, under the PFC model of docs/fabric.md: a buffer pauses its
     * upstream at xoff, at once, so no headroom is needed): no (port, lane) buffer ever holds more than
     * xoff packets, its background packets included; a packet beyond xoff would find no room and be lost. */
    public static final String LOSSLESS = "LosslessBuffers";
    /** PFC hysteresis (seed 004 §4: "The switch sends RESUME message when the queue falls below t_PFC by two
     * MTU"): a buffer resumes its paused upstream only once it holds at most xon = xoff - pfc-hysteresis
     * packets, background included, so it accepts pfc-hysteresis packets between a RESUME and the next PAUSE
     * (one PAUSE/RESUME pair per pfc-hysteresis packets at most). With pfc-hysteresis 1 the pause state is
     * the occupancy's and no step resumes early by construction. */
    public static final String RESUME_AT_XON = "ResumeAtXon";
    /** No pause flapping, the purpose seed 004 §4 gives the hysteresis, stated without a counter (the twin's
     * {@code NoPauseFlapping}): every step that sets a buffer's pause bit (a PAUSE) leaves it holding xoff packets
     * or more, and every step that clears one (a RESUME) at most xoff - pfc-hysteresis, background included; so
     * between a PAUSE and the next RESUME the buffer loses pfc-hysteresis packets or more, and takes as many
     * between a RESUME and the next PAUSE. Its RESUME half is {@link #RESUME_AT_XON}. */
    public static final String NO_PAUSE_FLAPPING = "NoPauseFlapping";
    /** No DFT entry remains once every message is delivered. */
    public static final String NO_LEAK = "NoDftLeak";
    /** Every DFT entry belongs to a message still on its way (a packet in flight or still to send):
     * no entry outlives the transmission that allocated it. */
    public static final String NO_STALE = "NoStaleDftEntry";
    /** A packet is ECN-marked on its ECMP port only when deflection was not available to it
     * (seed 000 §IV-B: the light-weight IOFD acts before the heavy-weight ECN response). */
    public static final String DEFLECT_BEFORE_ECN = "DeflectionBeforeEcnMark";
    /** Congestion is signalled: a packet that joins a (port, lane) buffer holding the ECN threshold or more
     * packets, background included, carries the ECN mark (seed 004 §3.1, CP: marked once the queue exceeds
     * the threshold; seed 000 §IV-B: congestion IOFD does not absorb, tokens exhausted, incurs ECN marks,
     * DCQCN's fall-back). */
    public static final String ECN_MARKS_CONGESTION = "EcnMarksCongestion";
    /** No reachable state has packets in buffers none of which can move (seed 000 §IV-B: the routing
     * deadlock escape lanes exist to prevent; a stall after a discarded packet is not one). */
    public static final String NO_ROUTING_DEADLOCK = "NoRoutingDeadlock";
    /** Non-degeneracy of the lane rule: a congested first packet with a token, a free DFT entry and
     * another port with room is offered a deflection (a rule that keeps Dart's IOFD). */
    public static final String DEFLECTION_OFFERED = "DeflectionOffered";
    /** Every buffered head packet with no move is stuck for a reason the model names (its port paused or
     * down, no route, pinned by its DFT entry, a forbidden U-turn, the lane rule waiting): a router that
     * refuses a packet for no modelled reason is a bug, whatever deadlock it makes. */
    public static final String NO_UNEXPLAINED_BLOCKING = "NoUnexplainedBlocking";
    /** A switch chooses to deflect only when the packet's ECMP VL1 buffer is at or above the threshold. */
    public static final String ABOVE_THRESHOLD = "DeflectOnlyAboveThreshold";
    /** Every packet is delivered to its own destination host (ToRs never deflect to hosts). */
    public static final String TO_DESTINATION = "DeliveredToDestination";
    /** No packet of a long flow is misrouted. */
    public static final String LONG_FLOWS = "LongFlowsNeverDeflected";
    /** Every misroute spends one of the packet's tokens. */
    public static final String TOKENS = "MisroutesBoundedByTokens";
    /** From every reachable state every message can still be delivered (AG EF). */
    public static final String PROGRESS = "EveryMessageDelivered";

    /** {@code DeflectionBeforeEcnMark}'s antecedent. */
    public static final String MARKED = "a packet ECN-marked on its ECMP port";
    /** {@code InOrderAfterFailure}'s antecedent. */
    public static final String DELIVERED_AFTER_FAILURE = "a delivery after a failure";
    /** {@code LongFlowsNeverDeflected}'s antecedent. */
    public static final String LONG_ROUTED = "a Send or Forward of a long flow's packet";
    /** {@code MisroutesBoundedByTokens}' antecedent. */
    public static final String MISROUTED = "a misroute (a Deflect)";
    /** {@code DeflectOnlyAboveThreshold}'s antecedent. */
    public static final String ALLOCATED = "a deflection that allocates a DFT entry";
    /** {@code ResumeAtXon}'s antecedent (none without hysteresis: no pause bit). */
    public static final String RESUMED = "a step that clears a pause bit (a RESUME)";
    /** {@code NoPauseFlapping}'s antecedent (none without hysteresis: no pause bit). */
    public static final String PAUSED_OR_RESUMED = "a step that sets or clears a pause bit (a PAUSE or a RESUME)";
    /** {@code EcnMarksCongestion}'s antecedent. */
    public static final String CONGESTED = "a Send or Forward into a buffer holding ecn packets or more";
    /** {@code DeflectionOffered}'s antecedent. */
    public static final String DUE = "a first packet with a token, matching no DFT entry, its ECMP VL1 buffer at the "
            + "threshold or above at a switch with a free entry and another port with room";

    private static final String SEND = "Send";
    private static final String FORWARD = "Forward";
    private static final String DELIVER = "Deliver";

    private FabricProperties() {
    }

    /**
     * @param model the configured model
     * @return every property, in report order
     */
    public static List<Property<LayoutState>> all(NetworkModel model) {
        // one class per test (each lambda is its own): the explorer calls each property from a call
        // site of its own, which then sees one receiver type and inlines the test whole
        Topology topology = model.net().topology();
        int[] dst = model.config().flows().stream().mapToInt(Flow::dst).toArray();
        boolean[] isLong = NetworkSteps.longFlows(model);
        int threshold = model.config().threshold();
        PackedModel.ParentStepTest inOrder = (from, o, code, to) -> NetworkSteps.inOrder(model, from, o, code);
        PackedModel.ParentStepTest exactlyOnce = (from, o, code, to) -> NetworkSteps.exactlyOnce(model, from, o, code);
        // the implications whose antecedent a configuration may never meet tell their check whether a step met it
        // (FabricEntry.expectedVacuous declares where the constants rule it out)
        Antecedent failedDelivery = new Antecedent(DELIVERED_AFTER_FAILURE);
        PackedModel.ParentStepTest afterFailure = (from, o, code, to) -> afterFailure(model, from, o, code,
                failedDelivery);
        PackedModel.StateTest noLeak = (s, o) -> !model.allDelivered(s, o) || model.dftsEmpty(s, o);
        PackedModel.StateTest noStale = model::noStaleEntry;
        // the two ECN properties' antecedent PFC keeps from ever happening where ecn >= xoff (a buffer pauses its
        // upstream before it holds ecn packets)
        Antecedent marked = new Antecedent(MARKED);
        PackedModel.ParentStepTest beforeEcn = (from, o, code, to) -> beforeEcn(code, marked);
        int ecn = model.config().ecn();
        Antecedent congested = new Antecedent(CONGESTED);
        // with PFC knocked out a packet that reaches a full queue is dropped on arrival (the buffer it would join
        // under the model's queueing; under queueing egress its ingress, whatever the egress FIFO holds): it joins
        // nothing, so it meets no antecedent (the twin's NoJoinAtEcn counts joins)
        boolean drops = model.config().options().off(org.rdmacheck.model.fabric.FabricOptions.Knockout.PFC_PAUSE);
        PackedModel.ParentStepTest marksCongestion = (from, o, code, to) -> marksCongestion(model, ecn, drops, from,
                o, code, congested);
        PackedModel.StateTest moves = model::someBufferedPacketMoves;
        // the antecedent of the lane rule's non-degeneracy: a packet due an offer (none where nothing reaches the
        // threshold: ecn-first's one message over fewer background packets); the model finds it on the way, as it
        // finds the answer, so the test reads it (once met, not even that)
        Antecedent due = new Antecedent(DUE);
        PackedModel.StateTest offered = (s, o) -> deflectionOffered(model, s, o, due);
        PackedModel.StateTest explained = model::noUnexplainedBlocking;
        Antecedent allocated = new Antecedent(ALLOCATED);
        PackedModel.ParentStepTest aboveThreshold = (from, o, code, to) -> aboveThreshold(model, threshold, from, o, code,
                allocated);
        PackedModel.ParentStepTest toDestination = (from, o, code, to) -> !NetworkModel.isDelivery(code)
                || topology.arcTo(NetworkModel.arc(code)) == dst[NetworkModel.flow(code)];
        Antecedent longRouted = new Antecedent(LONG_ROUTED);
        PackedModel.ParentStepTest longFlows = (from, o, code, to) -> longFlows(isLong, code, longRouted);
        Antecedent misrouted = new Antecedent(MISROUTED);
        PackedModel.ParentStepTest tokens = (from, o, code, to) -> tokens(code, misrouted);
        PackedModel.StateTest done = model::allDelivered;
        PackedModel.StateTest lossless = model::withinXoff;
        // what each property reads, and the actions it judges: the partial-order reduction's visibility (Reads)
        NetworkLayout g = model.fields();
        int xon = model.config().xon();
        // with hysteresis the test reads the successor's pause bits; without, there are none (nor a successor to lay out)
        // (no bit, no RESUME: the antecedent is never met, and the property is vacuous there)
        Antecedent resumed = new Antecedent(RESUMED);
        PackedModel.StepTest resumeAtXon = g.paused == null ? (PackedModel.ParentStepTest) (from, o, code, to) -> true
                : (from, o, code, to) -> pauseBitsChanged(model, g, -1, xon, from, o, to, resumed);
        // the twin's NoPauseFlapping: the same test, PAUSEs judged against xoff too
        int xoff = model.config().xoff();
        Antecedent pausedOrResumed = new Antecedent(PAUSED_OR_RESUMED);
        PackedModel.StepTest noPauseFlapping = g.paused == null
                ? (PackedModel.ParentStepTest) (from, o, code, to) -> true
                : (from, o, code, to) -> pauseBitsChanged(model, g, xoff, xon, from, o, to, pausedOrResumed);
        List<Slot> dfts = present(g.dft);
        List<Slot> buffers = List.of(g.buffers);
        List<Slot> occupancy = concat(buffers, List.of(g.background), g.paused == null ? List.of() : List.of(g.paused),
                g.hostPaused == null ? List.of() : List.of(g.hostPaused));
        Reads deliveries = Reads.of(List.of(g.expected), DELIVER);
        Reads deliveriesAndFailure = Reads.of(concat(List.of(g.expected), List.of(g.failed)), DELIVER);
        Reads routed = Reads.of(List.of(), SEND, FORWARD);
        // a routing decision reads the buffers (their occupancy, and under a lane-rule table the
        // earlier packets waiting at the switch), the pause state, the DFTs and the failed element
        List<Slot> routing = concat(occupancy, dfts, List.of(g.failed));
        List<Property<LayoutState>> ps = new ArrayList<>();
        ps.add(step(IN_ORDER, model, inOrder).withReads(deliveries));
        ps.add(step(EXACTLY_ONCE, model, exactlyOnce).withReads(deliveriesAndFailure));
        ps.add(step(IN_ORDER_AFTER_FAILURE, model, afterFailure).withReads(deliveriesAndFailure)
                .withAntecedent(failedDelivery));
        ps.add(new Invariant<LayoutState>(LOSSLESS, s -> s.test(lossless)).withPacked(lossless)
                .withReads(Reads.of(concat(buffers, List.of(g.background)))));
        ps.add(new Invariant<LayoutState>(NO_LEAK, s -> s.test(noLeak)).withPacked(noLeak)
                .withReads(Reads.of(concat(List.of(g.expected), dfts))));
        ps.add(new Invariant<LayoutState>(NO_STALE, s -> s.test(noStale)).withPacked(noStale)
                .withReads(Reads.of(concat(dfts, List.of(g.sent), buffers))));
        ps.add(step(DEFLECT_BEFORE_ECN, model, beforeEcn).withReads(routed).withAntecedent(marked));
        ps.add(new Invariant<LayoutState>(NO_ROUTING_DEADLOCK, s -> s.test(moves)).withPacked(moves)
                .withReads(Reads.of(routing)));
        ps.add(new Invariant<LayoutState>(NO_UNEXPLAINED_BLOCKING, s -> s.test(explained)).withPacked(explained)
                .withReads(Reads.of(routing)));
        ps.add(new Invariant<LayoutState>(DEFLECTION_OFFERED, s -> s.test(offered)).withPacked(offered)
                .withReads(Reads.of(concat(routing, List.of(g.sent)))).withAntecedent(due));
        ps.add(step(ABOVE_THRESHOLD, model, aboveThreshold)
                .withReads(Reads.of(concat(occupancy, List.of(g.failed)), SEND, FORWARD)).withAntecedent(allocated));
        ps.add(step(TO_DESTINATION, model, toDestination).withReads(Reads.of(List.of(), DELIVER)));
        ps.add(step(LONG_FLOWS, model, longFlows).withReads(routed).withAntecedent(longRouted));
        ps.add(step(TOKENS, model, tokens).withReads(routed).withAntecedent(misrouted));
        // last of the step properties: the explorer gives the first sixteen a call site of their own (the
        // engine's StepTests), and these two restate rules (structural) where the eight above judge the design
        ps.add(step(RESUME_AT_XON, model, resumeAtXon).withReads(Reads.of(occupancy)).withAntecedent(resumed));
        ps.add(step(NO_PAUSE_FLAPPING, model, noPauseFlapping).withReads(Reads.of(occupancy))
                .withAntecedent(pausedOrResumed));
        ps.add(step(ECN_MARKS_CONGESTION, model, marksCongestion)
                .withReads(Reads.of(concat(buffers, List.of(g.background)), SEND, FORWARD)).withAntecedent(congested));
        ps.add(DeadlockFreedom.standard());
        ps.add(new Progress<LayoutState>(PROGRESS, s -> s.test(done)).withPacked(done));
        return ps;
    }

    /** {@code DeflectionOffered} on a state; a packet due a deflection offer is its antecedent. */
    public static boolean deflectionOffered(NetworkModel model, int[] s, int o, Antecedent due) {
        if (!due.reached() && model.deflectionDue(s, o)) {
            due.reach();
        }
        return model.deflectionOffered(s, o);
    }

    /** {@code InOrderAfterFailure} on a step; a delivery after a failure is its antecedent. */
    public static boolean afterFailure(NetworkModel model, int[] from, int o, long code, Antecedent failedDelivery) {
        if (!NetworkSteps.deliveredAfterFailure(model, from, o, code)) {
            return true;
        }
        failedDelivery.reach();
        return NetworkSteps.notAhead(model, from, o, code);
    }

    /** {@code LongFlowsNeverDeflected} on a step's code; a routing decision for a long flow's packet is its antecedent. */
    private static boolean longFlows(boolean[] isLong, long code, Antecedent longRouted) {
        if (!NetworkSteps.routed(code) || !isLong[NetworkModel.flow(code)]) {
            return true;
        }
        longRouted.reach();
        return !NetworkModel.route(code).misroute();
    }

    /** {@code MisroutesBoundedByTokens} on a step's code; a misroute is its antecedent. */
    private static boolean tokens(long code, Antecedent misrouted) {
        if (!NetworkSteps.misroute(code)) {
            return true;
        }
        misrouted.reach();
        return NetworkSteps.spendsOneToken(code);
    }

    /** {@code DeflectionBeforeEcnMark} on a step's code; a marked packet on its ECMP port is its antecedent. */
    private static boolean beforeEcn(long code, Antecedent marked) {
        if (!NetworkSteps.routed(code) || NetworkModel.route(code) != Route.NORMAL || !NetworkModel.ecnMarked(code)) {
            return true;
        }
        marked.reach();
        return !NetworkModel.couldDeflect(code);
    }

    /**
     * {@code EcnMarksCongestion} on a step: a Send or Forward into a buffer holding ecn packets or more (the
     * antecedent) is marked. A marked move satisfies the rule whatever the buffer holds: its occupancy is read
     * for it only until some step met the antecedent, so the test costs what it did before it counted them.
     */
    private static boolean marksCongestion(NetworkModel model, int ecn, boolean drops, int[] from, int o, long code,
                                           Antecedent congested) {
        if (!NetworkSteps.routed(code)) {
            return true;
        }
        boolean marked = NetworkModel.ecnMarked(code);
        if (marked && congested.reached()) {
            return true;
        }
        int held = model.occupancy(from, o, NetworkModel.out(code), NetworkModel.outLane(code));
        if (held < ecn || drops && model.dropsOnArrival(from, o, code)) {
            return true;
        }
        congested.reach();
        return marked;
    }

    /**
     * {@code ResumeAtXon} and {@code NoPauseFlapping} on a step, read from the pause bits' change (the
     * model's own PAUSE and RESUME; under queueing egress a host's ingress at its ToR too): every buffer whose pause bit the step clears holds at most xon packets
     * after it and, with {@code xoff} >= 0, every buffer whose bit it sets holds xoff or more, background
     * included (the count PFC is specified to use, seed 004 §4). The antecedent is met by each such step.
     *
     * @param xoff the least a PAUSE leaves, or -1 to judge RESUMEs alone
     * @param xon  the most a RESUME leaves
     */
    private static boolean pauseBitsChanged(NetworkModel model, NetworkLayout g, int xoff, int xon, int[] from, int o,
                                            int[] to, Antecedent met) {
        // every pause bit: the buffers' and, under queueing egress, the hosts' ingresses at their ToRs
        Field[] bits = model.pauseBits();
        for (int b = 0; b < bits.length; b++) {
            if (b < g.buffers.length && g.buffers[b] == null) {
                continue;
            }
            boolean was = bits[b].is(from, o);
            boolean is = bits[b].is(to, 0);
            if (was == is || xoff < 0 && is) {
                continue;
            }
            met.reach();
            int n = model.pfcOccupancy(to, 0, model.pauseArc(b), model.pauseLane(b));
            if (is ? n < xoff : n > xon) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@code DeflectOnlyAboveThreshold} on a step: an allocation (the antecedent) finds the packet's ECMP VL1
     * buffer at the threshold.
     */
    private static boolean aboveThreshold(NetworkModel model, int threshold, int[] from, int o, long code,
                                          Antecedent allocated) {
        if (!NetworkSteps.routed(code) || NetworkModel.route(code) != Route.ALLOCATE) {
            return true;
        }
        allocated.reach();
        return model.occupancy(from, o, model.net().ecmpArc(model.failed(from, o), model.at(code),
                NetworkModel.flow(code)), 1) >= threshold;
    }

    /** A step property written once on packed values; the object form finds the action's code. */
    private static ActionProperty<LayoutState> step(String name, NetworkModel model, PackedModel.StepTest test) {
        return new ActionProperty<LayoutState>(name, (from, a, to) -> from.test(test, model.code(a), to))
                .withPacked(test);
    }

    /** @return the slots present (a host has no DFT) */
    private static List<Slot> present(Slot[] slots) {
        List<Slot> out = new ArrayList<>();
        for (Slot x : slots) {
            if (x != null) {
                out.add(x);
            }
        }
        return out;
    }

    @SafeVarargs
    private static List<Slot> concat(List<? extends Slot>... parts) {
        List<Slot> out = new ArrayList<>();
        for (List<? extends Slot> part : parts) {
            out.addAll(part);
        }
        return out;
    }
}
