package org.rdmacheck.properties.examples;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.examples.AlternatingBit;
import org.rdmacheck.properties.ActionProperty;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.catalog.ParamSpec;
import org.rdmacheck.properties.catalog.VariantSpec;

/**
 * The alternating-bit protocol with sequence numbers modulo m: the textbook reference whose
 * violation appears at a known size (messages = modulus with a channel of two packets), the known
 * answer of the scope-frontier test.
 */
public final class AlternatingBitEntry implements ModelEntry {

    @Override
    public String name() {
        return "abp";
    }

    @Override
    public String description() {
        return "textbook reference: alternating bit (sequence numbers modulo m) over a lossy channel that may "
                + "reorder; in order with one packet in flight, fails at messages = modulus with two";
    }

    private static final ParamSpec.Int MESSAGES = ParamSpec.integer("messages", 2, 1, 8, "messages sent");
    private static final ParamSpec.Int CAPACITY = ParamSpec.integer("capacity", 1, 1, 4,
            "packets the channel holds (delivered in any order)");
    private static final ParamSpec.Int MODULUS = ParamSpec.integer("modulus", 2, 2, 8,
            "sequence numbers modulo this (2: the alternating bit)");

    @Override
    public List<ParamSpec> parameters() {
        return List.of(MESSAGES, CAPACITY, MODULUS);
    }

    @Override
    public List<VariantSpec> variants() {
        return List.of(new VariantSpec("one-slot", "the channel holds one packet: in order for any number of "
                        + "messages", Set.of()),
                new VariantSpec("two-slots", "the channel holds two packets: a stale copy is accepted once the "
                        + "sequence numbers wrap", Set.of("InOrderDelivery"), VariantSpec.Origin.UNSTATED,
                        Map.of("capacity", "2")));
    }

    @Override
    public CheckSpec<LayoutState> build(String variant, Params params) {
        Params p = resolve(variant, params);
        AlternatingBit model = new AlternatingBit(MESSAGES.get(p), CAPACITY.get(p), MODULUS.get(p));
        PackedModel.StepTest right = (from, fromOffset, code, to) -> !model.wrong(to, 0);
        return new CheckSpec<>(name(), variant, p.asMap(), model, List.of(
                new ActionProperty<LayoutState>("InOrderDelivery", (from, a, to) -> !to.test(model::wrong))
                        .withPacked(right),
                DeadlockFreedom.standard(),
                new Progress<LayoutState>("AllSent", s -> s.test(model::allSent)).withPacked(model::allSent)),
                variant(variant).mustFail());
    }
}
