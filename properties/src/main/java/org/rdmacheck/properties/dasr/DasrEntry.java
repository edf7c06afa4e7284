package org.rdmacheck.properties.dasr;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.dasr.DartConfig;
import org.rdmacheck.model.dasr.DartReceiverModel;
import org.rdmacheck.model.dasr.DartState;
import org.rdmacheck.model.dasr.Design;
import org.rdmacheck.model.dasr.ReceiverMachine;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.catalog.ParamSpec;
import org.rdmacheck.properties.catalog.VariantSpec;

/** Catalogue entry {@code dasr}: Dart's receiver machine and DASR (seed 000, III). */
public final class DasrEntry implements ModelEntry {

    @Override
    public String name() {
        return "dasr";
    }

    @Override
    public String description() {
        return "Dart receiver (seed 000 III): three-state machine, DASR with the AUSS, look-ahead, soft state, tenants";
    }

    private static final ParamSpec.Int SENDERS = ParamSpec.integer("senders", 2, 1, 4,
            "senders per tenant (persistent variants: at least 2)");
    private static final ParamSpec.Int MESSAGES = ParamSpec.integer("messages", 2, 1, 3, "in-flight messages per sender");
    private static final ParamSpec.Int TENANTS = ParamSpec.integer("tenants", 1, 1, 3,
            "tenants with private AUSS (persistent variants: 1)");
    private static final ParamSpec.Int GROUPS = ParamSpec.integer("groups", 2, 0, 4,
            "static incast groups (group g lists senders g and g+1)");
    private static final ParamSpec.Choice LOOKAHEAD = ParamSpec.choice("lookahead", "on", List.of("on", "off"),
            "look-ahead notifications of incast groups");

    @Override
    public List<ParamSpec> parameters() {
        return List.of(SENDERS, MESSAGES, TENANTS, GROUPS, LOOKAHEAD);
    }

    /** groups=1 keeps these variants' checks to a few seconds; the violation needs no second group. */
    private static final Map<String, String> SMALL_GROUPS = Map.of("groups", "1");

    @Override
    public List<VariantSpec> variants() {
        return List.of(
                new VariantSpec("dart", "the paper's design; the network puts congestion anywhere", Set.of()),
                new VariantSpec("count-messages", "n counts in-flight messages instead of unique senders",
                        Set.of("NCountsUniqueSenders"), VariantSpec.Origin.UNSTATED, SMALL_GROUPS),
                new VariantSpec("early-removal", "a sender leaves the AUSS at its first message end",
                        Set.of("NCountsUniqueSenders", "ActiveSenderKept", "RateSumAtMostLineRate"),
                        VariantSpec.Origin.UNSTATED, SMALL_GROUPS),
                // two tenants of the default size are ~10^8 states (18,348 per tenant, squared):
                // one sender with one message per tenant shows the leak in about a thousand states
                new VariantSpec("shared-lookahead", "look-ahead lists populate other tenants' AUSS",
                        Set.of("TenantIsolation"), VariantSpec.Origin.UNSTATED,
                        Map.of("senders", "1", "tenants", "2", "messages", "1")),
                new VariantSpec("forward-ecn", "ECN marks are forwarded in ReceiverCongestion",
                        Set.of("NoDoubleThrottling")),
                new VariantSpec("no-timeout", "no soft-state timeouts", Set.of("FailedSenderLeaves")),
                new VariantSpec("persistent", "the paper's machine under persistent receiver+network congestion",
                        Set.of("Settles")),
                new VariantSpec("persistent-hysteresis",
                        "other reading of Figure 5: NonReceiverCongestion kept while marks last", Set.of()),
                new VariantSpec("persistent-overload-marks",
                        "persistent, but DCQCN's fixed point keeps no standing queue (marks only on overload)",
                        Set.of("Settles")));
    }

    /**
     * Three properties hold by construction: the Figure 5 table is enumerated as a total function of
     * (state, observation), the window end applies exactly that function, and a window end is
     * enabled in every state. They are kept as sanity checks of the model's code.
     */
    @Override
    public Map<String, String> structuralProperties() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("MachineTotal", "the Figure 5 table is enumerated as a total function of (state, observation), "
                + "in both readings");
        m.put("MachineDeterministic", "restates the window-end rule: the machine moves to the table's entry for "
                + "the observation (under the persistent network, the observation the rates produce)");
        m.put(DeadlockFreedom.standard().name(), "a window end (Observe) is enabled in every state");
        return Collections.unmodifiableMap(m);
    }

    @Override
    public List<Run> allRuns() {
        return List.of(
                new Run("dart", Params.empty()),
                new Run("dart", Params.of(Map.of("senders", "1", "tenants", "2", "messages", "1"))),
                new Run("count-messages", Params.empty()),
                new Run("early-removal", Params.empty()),
                new Run("shared-lookahead", Params.empty()),
                new Run("forward-ecn", Params.empty()),
                new Run("no-timeout", Params.empty()),
                new Run("persistent", Params.empty()),
                new Run("persistent-hysteresis", Params.empty()),
                new Run("persistent-overload-marks", Params.empty()));
    }

    @Override
    public CheckSpec<DartState> build(String variant, Params params) {
        VariantSpec v = variant(variant);
        Params p = resolve(variant, params);
        boolean persistent = variant.startsWith("persistent");
        int senders = (persistent ? SENDERS.within(2, 4) : SENDERS).get(p);
        int messages = MESSAGES.get(p);
        int tenants = (persistent ? TENANTS.within(1, 1) : TENANTS).get(p);
        int groups = GROUPS.get(p);
        boolean lookahead = LOOKAHEAD.is(p, "on");
        requireFor(variant, "shared-lookahead", tenants >= 2 && lookahead && groups >= 1,
                "tenants >= 2, lookahead=on and groups >= 1");
        requireFor(variant, "count-messages", messages >= 2, "messages >= 2");
        requireFor(variant, "early-removal", messages >= 2 && senders >= 2, "messages >= 2 and senders >= 2");
        requireFor(variant, "forward-ecn", senders >= 2, "senders >= 2");
        DartConfig config = new DartConfig(senders, messages, tenants, groups, lookahead, design(variant));
        DartReceiverModel model = new DartReceiverModel(config);
        return new CheckSpec<>(name(), variant, p.asMap(), model, DasrProperties.all(model), v.mustFail());
    }

    /**
     * @param variant a variant name of this entry
     * @return its design
     */
    static Design design(String variant) {
        Design paper = Design.paper();
        return switch (variant) {
            case "dart" -> paper;
            case "count-messages" -> paper.withCounting(Design.SenderCounting.MESSAGES);
            case "early-removal" -> paper.withEndRule(Design.EndRule.REMOVE_ON_FIRST_END);
            case "shared-lookahead" -> paper.withLookaheadScope(Design.LookaheadScope.SHARED);
            case "forward-ecn" -> paper.withEcnInReceiverCongestion(true);
            case "no-timeout" -> paper.withSoftStateTimeouts(false);
            case "persistent" -> paper.withNetwork(Design.Network.PERSISTENT_COMBINED);
            case "persistent-hysteresis" -> paper.withNetwork(Design.Network.PERSISTENT_COMBINED)
                    .withMachine(ReceiverMachine.hysteresis());
            case "persistent-overload-marks" -> paper.withNetwork(Design.Network.PERSISTENT_COMBINED_OVERLOAD_MARKS);
            default -> throw new IllegalStateException("variant " + variant + " has no design");
        };
    }

    /** A must-fail variant whose parameters make its violation impossible is a usage error. */
    private static void requireFor(String variant, String which, boolean ok, String needs) {
        if (variant.equals(which) && !ok) {
            throw new InputException("variant " + variant + " needs " + needs + " to show its violation");
        }
    }
}
