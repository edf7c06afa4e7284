package org.rdmacheck.properties.examples;

import java.util.List;
import java.util.Set;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.examples.BoundedFifo;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Invariant;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.catalog.ParamSpec;
import org.rdmacheck.properties.catalog.VariantSpec;

/** A bounded FIFO channel: the textbook model with a closed-form state count. */
public final class FifoEntry implements ModelEntry {

    @Override
    public String name() {
        return "fifo";
    }

    @Override
    public String description() {
        return "textbook reference: producer, bounded FIFO channel, consumer (closed-form state count)";
    }

    private static final ParamSpec.Int MESSAGES = ParamSpec.integer("messages", 6, 1, 100_000, "messages sent");
    private static final ParamSpec.Int CAPACITY = ParamSpec.integer("capacity", 3, 1, 100_000, "channel capacity");

    @Override
    public List<ParamSpec> parameters() {
        return List.of(MESSAGES, CAPACITY);
    }

    @Override
    public List<VariantSpec> variants() {
        return List.of(new VariantSpec("fifo", "a FIFO channel", Set.of()),
                new VariantSpec("reorder", "the channel may swap its two oldest messages", Set.of("InOrderDelivery")));
    }

    @Override
    public CheckSpec<LayoutState> build(String variant, Params params) {
        variant(variant);
        Params p = resolve(params);
        int m = MESSAGES.get(p);
        int c = CAPACITY.get(p);
        BoundedFifo model = new BoundedFifo(m, c, variant.equals("reorder"));
        return new CheckSpec<>(name(), variant, p.asMap(), model, List.of(
                new Invariant<LayoutState>("InOrderDelivery", s -> s.test(model::inOrder)).withPacked(model::inOrder),
                DeadlockFreedom.standard(),
                new Progress<LayoutState>("AllDelivered", s -> s.test(model::allDelivered))
                        .withPacked(model::allDelivered)),
                variant(variant).mustFail());
    }
}
