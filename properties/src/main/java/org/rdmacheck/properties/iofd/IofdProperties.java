package org.rdmacheck.properties.iofd;

import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.topology.Topology;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.Antecedent;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.Property;
import org.rdmacheck.properties.fabric.FabricProperties;
import org.rdmacheck.properties.fabric.NetworkSteps;

/**
 * What in-order flow deflection must guarantee (seed 000 §IV), as named properties of the IOFD
 * preset of {@link NetworkModel}. The names are the ones the catalogue, the counterexample files and
 * the TLA+ twin use. Each is written once on the packed values and the action code; on state objects
 * it is evaluated on the state's values and the action's code.
 */
public final class IofdProperties {

    /** Per-flow in-order delivery: no packet reaches its receiver ahead of an earlier one. */
    public static final String IN_ORDER = "InOrderDelivery";
    /** Fault-free runs: every delivery is exactly the next packet (no loss, no duplicate). */
    public static final String EXACTLY_ONCE = "NoLossNoDuplicationFaultFree";
    /** Runs with a failure: what the receiver accepts is still the message in order. */
    public static final String IN_ORDER_AFTER_FAILURE = "InOrderAfterFailure";
    /** A DFT entry disappears only when its own message frees it (or a failure flushes it). */
    public static final String NO_OVERWRITE = "NoDftOverwrite";
    /** No DFT entry remains once every message is delivered. */
    public static final String NO_LEAK = "NoDftLeak";
    /** A DFT never holds more entries than it has. */
    public static final String CAPACITY = "DftWithinCapacity";
    /** Every misroute spends one token, so misroutes per packet never exceed its initial tokens. */
    public static final String TOKENS = "MisroutesBoundedByTokens";
    /** Long flows are never deflected. */
    public static final String LONG_FLOWS = "LongFlowsNeverDeflected";
    /** A switch chooses to deflect only when the ECMP port is at or above the threshold. */
    public static final String ABOVE_THRESHOLD = "DeflectOnlyAboveThreshold";
    /** A ToR never sends a deflected packet to a host. */
    public static final String TOR_TO_HOST = "TorNeverDeflectsToHost";
    /** From every state every message can still be delivered completely (AG EF). */
    public static final String PROGRESS = "EveryMessageDelivered";
    /** Configuration check: deflection threshold below the ECN marking threshold (seed 000 §IV-B). */
    public static final String BELOW_ECN = "DeflectionThresholdBelowEcn";

    private IofdProperties() {
    }

    /**
     * @param model        the configured model (the IOFD preset)
     * @param ecnThreshold ECN marking threshold in packets
     * @return every property, in report order
     */
    public static List<Property<LayoutState>> all(NetworkModel model, int ecnThreshold) {
        // one class per test (each lambda is its own): the explorer calls each property from a call
        // site of its own, which then sees one receiver type and inlines the test whole
        Topology topology = model.net().topology();
        boolean[] isLong = NetworkSteps.longFlows(model);
        int threshold = model.config().threshold();
        int dftSize = model.config().dftSize();
        boolean belowEcn = threshold < ecnThreshold;
        PackedModel.ParentStepTest inOrder = (from, o, code, to) -> NetworkSteps.inOrder(model, from, o, code);
        PackedModel.ParentStepTest exactlyOnce = (from, o, code, to) -> NetworkSteps.exactlyOnce(model, from, o, code);
        // the implications whose antecedent a configuration may never meet tell their check whether a step met it,
        // as the fabric's do (IofdEntry.expectedVacuous declares where the constants rule it out)
        Antecedent failedDelivery = new Antecedent(FabricProperties.DELIVERED_AFTER_FAILURE);
        PackedModel.ParentStepTest afterFailure = (from, o, code, to) -> FabricProperties.afterFailure(model, from, o,
                code, failedDelivery);
        Antecedent longRouted = new Antecedent(FabricProperties.LONG_ROUTED);
        PackedModel.StepTest noOverwrite = model::entriesKept;
        PackedModel.StateTest noLeak = (s, o) -> !model.allDelivered(s, o) || model.dftsEmpty(s, o);
        PackedModel.StateTest capacity = (s, o) -> model.largestTable(s, o) <= dftSize;
        PackedModel.ParentStepTest tokens = (from, o, code, to) -> NetworkSteps.tokens(code);
        PackedModel.ParentStepTest longFlows = (from, o, code, to) -> longFlows(isLong, code, longRouted);
        PackedModel.ParentStepTest aboveThreshold = (from, o, code, to) -> !NetworkSteps.routed(code)
                || !NetworkModel.route(code).chosen()
                || model.occupancy(from, o, NetworkModel.normal(code), 1) >= threshold;
        PackedModel.ParentStepTest torToHost = (from, o, code, to) -> !NetworkSteps.misroute(code)
                || !topology.isHost(topology.arcTo(NetworkModel.out(code)));
        PackedModel.StateTest done = model::allDelivered;
        PackedModel.StateTest ecn = (s, o) -> belowEcn;
        List<Property<LayoutState>> ps = new ArrayList<>();
        ps.add(step(IN_ORDER, model, inOrder));
        ps.add(step(EXACTLY_ONCE, model, exactlyOnce));
        ps.add(step(IN_ORDER_AFTER_FAILURE, model, afterFailure).withAntecedent(failedDelivery));
        ps.add(step(NO_OVERWRITE, model, noOverwrite));
        ps.add(state(NO_LEAK, noLeak));
        ps.add(state(CAPACITY, capacity));
        ps.add(step(TOKENS, model, tokens));
        ps.add(step(LONG_FLOWS, model, longFlows).withAntecedent(longRouted));
        ps.add(step(ABOVE_THRESHOLD, model, aboveThreshold));
        ps.add(step(TOR_TO_HOST, model, torToHost));
        ps.add(DeadlockFreedom.standard());
        ps.add(new Progress<LayoutState>(PROGRESS, s -> s.test(done)).withPacked(done));
        ps.add(state(BELOW_ECN, ecn));
        return ps;
    }

    /**
     * {@code LongFlowsNeverDeflected} on a step's code: a long flow's packet is never misrouted; a Send or
     * Forward of a long flow's packet is its antecedent.
     */
    private static boolean longFlows(boolean[] isLong, long code, Antecedent longRouted) {
        if (!NetworkSteps.routed(code) || !isLong[NetworkModel.flow(code)]) {
            return true;
        }
        longRouted.reach();
        return !NetworkSteps.misroute(code);
    }

    /** A step property written once on packed values; the object form finds the action's code. */
    private static ActionProperty<LayoutState> step(String name, NetworkModel model, PackedModel.StepTest test) {
        return new ActionProperty<LayoutState>(name, (from, a, to) -> from.test(test, model.code(a), to))
                .withPacked(test);
    }

    private static Invariant<LayoutState> state(String name, PackedModel.StateTest test) {
        return new Invariant<LayoutState>(name, s -> s.test(test)).withPacked(test);
    }
}
