package org.rdmacheck.properties.iofd;

import java.util.ArrayList;
import java.util.List;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.topology.Topology;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.Property;
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
        Rule inOrder = new Rule(Rule.IN_ORDER, model, ecnThreshold);
        Rule exactlyOnce = new Rule(Rule.EXACTLY_ONCE, model, ecnThreshold);
        Rule afterFailure = new Rule(Rule.AFTER_FAILURE, model, ecnThreshold);
        Rule noOverwrite = new Rule(Rule.NO_OVERWRITE, model, ecnThreshold);
        Rule noLeak = new Rule(Rule.NO_LEAK, model, ecnThreshold);
        Rule capacity = new Rule(Rule.CAPACITY, model, ecnThreshold);
        Rule tokens = new Rule(Rule.TOKENS, model, ecnThreshold);
        Rule longFlows = new Rule(Rule.LONG_FLOWS, model, ecnThreshold);
        Rule aboveThreshold = new Rule(Rule.ABOVE_THRESHOLD, model, ecnThreshold);
        Rule torToHost = new Rule(Rule.TOR_TO_HOST, model, ecnThreshold);
        Rule done = new Rule(Rule.DONE, model, ecnThreshold);
        Rule ecn = new Rule(Rule.BELOW_ECN, model, ecnThreshold);
        List<Property<LayoutState>> ps = new ArrayList<>();
        ps.add(step(IN_ORDER, model, inOrder));
        ps.add(step(EXACTLY_ONCE, model, exactlyOnce));
        ps.add(step(IN_ORDER_AFTER_FAILURE, model, afterFailure));
        ps.add(step(NO_OVERWRITE, model, noOverwrite));
        ps.add(state(NO_LEAK, noLeak));
        ps.add(state(CAPACITY, capacity));
        ps.add(step(TOKENS, model, tokens));
        ps.add(step(LONG_FLOWS, model, longFlows));
        ps.add(step(ABOVE_THRESHOLD, model, aboveThreshold));
        ps.add(step(TOR_TO_HOST, model, torToHost));
        ps.add(DeadlockFreedom.standard());
        ps.add(new Progress<LayoutState>(PROGRESS, s -> s.test(done)).withPacked(done));
        ps.add(state(BELOW_ECN, ecn));
        return ps;
    }

    /**
     * The properties' tests on packed values, one class for all of them, each a switch of small
     * methods: the explorer's call sites then see one receiver type and inline the tests (one lambda
     * class per property would make them megamorphic calls for every step and property).
     */
    private static final class Rule implements PackedModel.StepTest, PackedModel.StateTest {
        static final int IN_ORDER = 0;
        static final int EXACTLY_ONCE = 1;
        static final int AFTER_FAILURE = 2;
        static final int NO_OVERWRITE = 3;
        static final int TOKENS = 4;
        static final int LONG_FLOWS = 5;
        static final int ABOVE_THRESHOLD = 6;
        static final int TOR_TO_HOST = 7;
        static final int NO_LEAK = 8;
        static final int CAPACITY = 9;
        static final int DONE = 10;
        static final int BELOW_ECN = 11;

        private final int rule;
        private final NetworkModel model;
        private final Topology topology;
        /** per flow: whether it is long */
        private final boolean[] isLong;
        private final int threshold;
        private final int dftSize;
        private final boolean belowEcn;

        Rule(int rule, NetworkModel model, int ecnThreshold) {
            this.rule = rule;
            this.model = model;
            this.topology = model.net().topology();
            this.isLong = NetworkSteps.longFlows(model);
            this.threshold = model.config().threshold();
            this.dftSize = model.config().dftSize();
            this.belowEcn = threshold < ecnThreshold;
        }

        @Override
        public boolean test(int[] from, int o, long code, int[] to) {
            return switch (rule) {
                case IN_ORDER -> NetworkSteps.inOrder(model, from, o, code);
                case EXACTLY_ONCE -> NetworkSteps.exactlyOnce(model, from, o, code);
                case AFTER_FAILURE -> NetworkSteps.afterFailure(model, from, o, code);
                case NO_OVERWRITE -> model.entriesKept(from, o, code, to);
                case TOKENS -> NetworkSteps.tokens(code);
                case LONG_FLOWS -> !NetworkSteps.misroute(code) || !isLong[NetworkModel.flow(code)];
                case ABOVE_THRESHOLD -> aboveThreshold(from, o, code);
                case TOR_TO_HOST -> torToHost(code);
                default -> throw new IllegalStateException("not a step test: " + rule);
            };
        }

        private boolean aboveThreshold(int[] from, int o, long code) {
            return !NetworkSteps.routed(code) || !NetworkModel.route(code).chosen()
                    || model.occupancy(from, o, NetworkModel.normal(code), 1) >= threshold;
        }

        private boolean torToHost(long code) {
            return !NetworkSteps.misroute(code) || !topology.isHost(topology.arcTo(NetworkModel.out(code)));
        }

        @Override
        public boolean test(int[] s, int o) {
            return switch (rule) {
                case NO_LEAK -> !model.allDelivered(s, o) || model.dftsEmpty(s, o);
                case CAPACITY -> model.largestTable(s, o) <= dftSize;
                case DONE -> model.allDelivered(s, o);
                case BELOW_ECN -> belowEcn;
                default -> throw new IllegalStateException("not a state test: " + rule);
            };
        }
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
