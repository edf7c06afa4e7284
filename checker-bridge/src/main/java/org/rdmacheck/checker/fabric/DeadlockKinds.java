package org.rdmacheck.checker.fabric;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.rdmacheck.checker.CheckResult;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.engine.ExplorationReport;
import org.rdmacheck.engine.Explorer;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.StateCodec;
import org.rdmacheck.model.Symmetry;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.fabric.NetworkModel;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.fabric.FabricProperties;

/**
 * The kinds of routing deadlock a configuration of the network model reaches. Breadth-first search
 * gives the shortest routing deadlock, of whichever kind comes first in its order; another search
 * (random walks, a larger configuration) may reach one of another kind. {@link #shortestOfAnotherKind}
 * finds the shortest routing deadlock of none of the known kinds, so that repeating it until the
 * search is exhausted lists every kind the configuration reaches, each with its shortest trace.
 */
public final class DeadlockKinds {

    private DeadlockKinds() {
    }

    /** What the search found. */
    public sealed interface Outcome {
    }

    /**
     * A routing deadlock of another kind.
     *
     * @param kind           why its stuck packets cannot move ({@link NetworkModel#blocking})
     * @param counterexample its shortest trace, a {@code NoRoutingDeadlock} counterexample
     * @param states         distinct states explored
     */
    public record Another(Set<NetworkModel.Block> kind, Counterexample counterexample, long states)
            implements Outcome {
    }

    /**
     * Every routing deadlock of the configuration is of a known kind (the search was exhausted).
     *
     * @param states distinct states, every reachable one
     */
    public record NoneOther(long states) implements Outcome {
    }

    /**
     * The search stopped at a limit before it was exhausted.
     *
     * @param reason why it stopped
     * @param states distinct states explored
     */
    public record Stopped(String reason, long states) implements Outcome {
    }

    /**
     * Breadth-first search for a routing deadlock whose kind is none of {@code known}.
     *
     * @param spec     a check of the fabric (or IOFD) entry: its model is a {@link NetworkModel}
     * @param known    the kinds already known
     * @param settings explorer settings (threads, limits)
     * @return a deadlock of another kind with its shortest trace, none, or the limit reached
     */
    public static Outcome shortestOfAnotherKind(CheckSpec<LayoutState> spec, Set<Set<NetworkModel.Block>> known,
                                                ExplorerSettings settings) {
        NetworkModel m = (NetworkModel) spec.model();
        @SuppressWarnings("unchecked")
        Invariant<LayoutState> deadlockFree = (Invariant<LayoutState>) spec.properties().stream()
                .filter(p -> p.name().equals(FabricProperties.NO_ROUTING_DEADLOCK)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(spec.modelName() + " declares no "
                        + FabricProperties.NO_ROUTING_DEADLOCK));
        Set<Set<NetworkModel.Block>> allowed = Set.copyOf(known);
        // the same property name, so the counterexample replays as a NoRoutingDeadlock violation
        Invariant<LayoutState> noOtherKind = new Invariant<>(FabricProperties.NO_ROUTING_DEADLOCK,
                s -> deadlockFree.test(s) || allowed.contains(m.blocking(s)));
        CheckSpec<LayoutState> search = new CheckSpec<>(spec.modelName(), spec.variant(), spec.parameters(),
                spec.model(), List.of(noOtherKind), Set.of(FabricProperties.NO_ROUTING_DEADLOCK));
        return search(spec, m, search, FabricProperties.NO_ROUTING_DEADLOCK, settings);
    }

    /**
     * Breadth-first search for a state with no successor that is not final (a {@code DeadlockFree}
     * violation) whose kind is none of {@code known}: for the models whose deadlock property is
     * {@code DeadlockFree} alone (the IOFD preset has no {@code NoRoutingDeadlock}). The search runs
     * the model unchanged but for its final states, which take in every stuck state of a known kind,
     * so the counterexample found is a {@code DeadlockFree} violation of the model itself and replays
     * as one.
     *
     * @param spec     a check of the IOFD (or fabric) entry: its model is a {@link NetworkModel}
     * @param known    the kinds already known
     * @param settings explorer settings (threads, limits)
     * @return a deadlock of another kind with its shortest trace, none, or the limit reached
     */
    public static Outcome shortestStuckOfAnotherKind(CheckSpec<LayoutState> spec, Set<Set<NetworkModel.Block>> known,
                                                     ExplorerSettings settings) {
        NetworkModel m = (NetworkModel) spec.model();
        String name = DeadlockFreedom.standard().name();
        if (spec.properties().stream().noneMatch(p -> p.name().equals(name))) {
            throw new IllegalArgumentException(spec.modelName() + " declares no " + name);
        }
        Set<Set<NetworkModel.Block>> allowed = Set.copyOf(known);
        Model<LayoutState> knownFinal = new KnownKindsFinal(m, allowed);
        CheckSpec<LayoutState> search = new CheckSpec<>(spec.modelName(), spec.variant(), spec.parameters(),
                knownFinal, List.of(DeadlockFreedom.<LayoutState>standard()), Set.of(name));
        return search(spec, m, search, name, settings);
    }

    /** Runs a kind search and reads its outcome: the deadlock of another kind with its kind, none, or the limit. */
    private static Outcome search(CheckSpec<LayoutState> spec, NetworkModel m, CheckSpec<LayoutState> search,
                                  String property, ExplorerSettings settings) {
        ExplorationReport r = new Explorer(settings).check(search);
        CheckResult c = r.result(property);
        long states = r.stats().distinctStates();
        if (c instanceof CheckResult.Violated v) {
            Counterexample cex = v.counterexample();
            LayoutState end = Optional.ofNullable(lastState(spec, cex)).orElseThrow();
            return new Another(m.blocking(end), cex, states);
        }
        if (c instanceof CheckResult.Verified && r.complete()) {
            return new NoneOther(states);
        }
        return new Stopped(r.stopReason(), states);
    }

    /** The network model with every stuck state of a known kind final; nothing else changed. */
    private record KnownKindsFinal(NetworkModel m, Set<Set<NetworkModel.Block>> known) implements Model<LayoutState> {

        @Override
        public List<LayoutState> initialStates() {
            return m.initialStates();
        }

        @Override
        public void successors(LayoutState state, java.util.function.Consumer<Transition<LayoutState>> sink) {
            m.successors(state, sink);
        }

        @Override
        public boolean isFinal(LayoutState state) {
            return m.isFinal(state) || known.contains(m.blocking(state));
        }

        @Override
        public long fingerprint(LayoutState state) {
            return m.fingerprint(state);
        }

        @Override
        public Optional<StateCodec<LayoutState>> codec() {
            return m.codec();
        }

        @Override
        public Optional<PackedModel> packed() {
            return m.packed();
        }

        @Override
        public Optional<Symmetry<LayoutState>> symmetry() {
            return m.symmetry();
        }

        @Override
        public Object view(LayoutState state) {
            return m.view(state);
        }
    }

    private static LayoutState lastState(CheckSpec<LayoutState> spec, Counterexample cex) {
        return org.rdmacheck.checker.trace.TraceReplayer.lastState(spec, cex).orElse(null);
    }
}
