package org.rdmacheck.properties.iofd;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.iofd.DftEntry;
import org.rdmacheck.model.iofd.IofdModel;
import org.rdmacheck.model.iofd.IofdPacked;
import org.rdmacheck.model.iofd.IofdState;
import org.rdmacheck.model.iofd.Route;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.Property;

/**
 * What in-order flow deflection must guarantee (seed 000 §IV), as named properties of
 * {@link IofdModel}. The names are the ones the catalogue, the counterexample files and the TLA+
 * twin use.
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
     * @param model        the configured model
     * @param ecnThreshold ECN marking threshold in packets
     * @return every property, in report order
     */
    public static List<Property<IofdState>> all(IofdModel model, int ecnThreshold) {
        int packets = model.config().packets();
        int threshold = model.config().threshold();
        List<Property<IofdState>> ps = new ArrayList<>();
        ps.add(new ActionProperty<>(IN_ORDER, (s, a, t) -> !isDelivery(a) || seq(a) <= expected(s, a)));
        ps.add(new ActionProperty<>(EXACTLY_ONCE, (s, a, t) -> !isDelivery(a) || !s.failed().isEmpty()
                || seq(a) == expected(s, a)));
        ps.add(new ActionProperty<>(IN_ORDER_AFTER_FAILURE, (s, a, t) -> !isDelivery(a) || s.failed().isEmpty()
                || seq(a) <= expected(s, a)));
        ps.add(new ActionProperty<>(NO_OVERWRITE, (s, a, t) -> noOverwrite(model, s, a, t)));
        ps.add(new Invariant<>(NO_LEAK, s -> !s.allDelivered(packets) || s.dftsEmpty()));
        ps.add(new Invariant<>(CAPACITY, s -> s.dft().stream().allMatch(d -> d.size() <= model.config().dftSize())));
        ps.add(new ActionProperty<>(TOKENS, (s, a, t) -> !isDeflection(a)
                || (int) a.params().get("tokens") >= 1
                && (int) a.params().get("tokensLeft") == (int) a.params().get("tokens") - 1));
        ps.add(new ActionProperty<>(LONG_FLOWS, (s, a, t) -> !isDeflection(a)
                || !model.config().flows().get(flow(a)).isLong()));
        ps.add(new ActionProperty<>(ABOVE_THRESHOLD, (s, a, t) -> !isDeflectionChoice(a)
                || s.length(model.fabric().queueOfArc((int) a.params().get("normal"))) >= threshold));
        ps.add(new ActionProperty<>(TOR_TO_HOST, (s, a, t) -> !isDeflection(a)
                || !model.fabric().topology().isHost(model.fabric().topology().arcTo((int) a.params().get("out")))));
        ps.add(DeadlockFreedom.standard());
        ps.add(new Progress<>(PROGRESS, s -> s.allDelivered(packets)));
        ps.add(new Invariant<>(BELOW_ECN, s -> threshold < ecnThreshold));
        return model.packedIofd().map(pk -> withPacked(ps, pk, model, ecnThreshold)).orElse(ps);
    }

    /**
     * Each property with its form on the packed values of {@link IofdPacked}, for the explorer's
     * packed path (same verdicts: checked on every reachable state and step of small
     * configurations by a test).
     */
    private static List<Property<IofdState>> withPacked(List<Property<IofdState>> ps, IofdPacked pk,
                                                        IofdModel model, int ecnThreshold) {
        int dftSize = model.config().dftSize();
        int threshold = model.config().threshold();
        boolean belowEcn = threshold < ecnThreshold;
        List<Property<IofdState>> out = new ArrayList<>(ps.size());
        for (Property<IofdState> p : ps) {
            PackedModel.StepTest step = switch (p.name()) {
                case IN_ORDER -> (s, o, c, t) -> !IofdPacked.isDelivery(c)
                        || IofdPacked.seq(c) <= pk.expected(s, o, IofdPacked.flow(c));
                case EXACTLY_ONCE -> (s, o, c, t) -> !IofdPacked.isDelivery(c) || IofdPacked.failedCount(s, o) > 0
                        || IofdPacked.seq(c) == pk.expected(s, o, IofdPacked.flow(c));
                case IN_ORDER_AFTER_FAILURE -> (s, o, c, t) -> !IofdPacked.isDelivery(c)
                        || IofdPacked.failedCount(s, o) == 0
                        || IofdPacked.seq(c) <= pk.expected(s, o, IofdPacked.flow(c));
                case NO_OVERWRITE -> pk::noOverwrite;
                case TOKENS -> (s, o, c, t) -> !IofdPacked.isDeflection(c)
                        || IofdPacked.tokens(c) >= 1 && pk.tokensLeft(c) == IofdPacked.tokens(c) - 1;
                case LONG_FLOWS -> (s, o, c, t) -> !IofdPacked.isDeflection(c) || !pk.isLong(IofdPacked.flow(c));
                case ABOVE_THRESHOLD -> (s, o, c, t) -> !IofdPacked.isDeflectionChoice(c)
                        || pk.queueLength(s, o, IofdPacked.normal(c)) >= threshold;
                case TOR_TO_HOST -> (s, o, c, t) -> !IofdPacked.isDeflection(c) || !pk.toHost(IofdPacked.out(c));
                default -> null;
            };
            PackedModel.StateTest state = switch (p.name()) {
                case NO_LEAK -> (s, o) -> !pk.allDelivered(s, o) || IofdPacked.dftsEmpty(s, o);
                case CAPACITY -> (s, o) -> pk.largestTable(s, o) <= dftSize;
                case PROGRESS -> pk::allDelivered;
                case BELOW_ECN -> (s, o) -> belowEcn;
                default -> null;
            };
            if (p instanceof ActionProperty<IofdState> ap && step != null) {
                out.add(ap.withPacked(step));
            } else if (p instanceof Invariant<IofdState> in && state != null) {
                out.add(in.withPacked(state));
            } else if (p instanceof Progress<IofdState> pg && state != null) {
                out.add(pg.withPacked(state));
            } else {
                out.add(p); // deadlock freedom: the explorer counts successors on packed states
            }
        }
        return out;
    }

    private static boolean isDelivery(Action a) {
        return a.name().equals("Deliver");
    }

    private static boolean isDeflection(Action a) {
        Object r = a.params().get("route");
        return r != null && Route.isDeflection((String) r);
    }

    private static boolean isDeflectionChoice(Action a) {
        Object r = a.params().get("route");
        return r != null && Route.isDeflectionChoice((String) r);
    }

    private static int flow(Action a) {
        return (int) a.params().get("flow");
    }

    private static int seq(Action a) {
        return (int) a.params().get("seq");
    }

    private static int expected(IofdState s, Action a) {
        return s.expected().get(flow(a));
    }

    /** Entries may vanish only at the switch a packet of their own flow leaves, or by a failure. */
    private static boolean noOverwrite(IofdModel model, IofdState s, Action a, IofdState t) {
        if (a.name().equals("Fail")) {
            return true;
        }
        Map<String, Object> p = a.params();
        int arc = (int) p.getOrDefault("arc", -1);
        int leftSwitch = arc < 0 ? -1 : model.fabric().switchOfNode(model.fabric().topology().arcFrom(arc));
        for (int i = 0; i < s.dft().size(); i++) {
            for (DftEntry e : s.dft().get(i)) {
                if (!t.dft().get(i).contains(e) && (i != leftSwitch || e.flow() != flow(a))) {
                    return false;
                }
            }
        }
        return true;
    }
}
