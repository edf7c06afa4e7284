package org.rdmacheck.properties.examples;

import java.util.List;
import java.util.Set;
import org.rdmacheck.model.PackedModel;
import org.rdmacheck.model.Params;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.model.examples.Corridor;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.DeadlockFreedom;
import org.rdmacheck.properties.Progress;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.catalog.ParamSpec;
import org.rdmacheck.properties.catalog.VariantSpec;

/** Two polite people in a corridor: the textbook livelock (progress fails, deadlock freedom holds). */
public final class CorridorEntry implements ModelEntry {

    @Override
    public String name() {
        return "corridor";
    }

    @Override
    public String description() {
        return "textbook reference: a livelock (a cycle without progress that is not a deadlock)";
    }

    @Override
    public List<ParamSpec> parameters() {
        return List.of();
    }

    @Override
    public List<VariantSpec> variants() {
        return List.of(new VariantSpec("asymmetric", "one person may wait while the other steps aside", Set.of()),
                new VariantSpec("symmetric", "both always step at once", Set.of("EventuallyPass")));
    }

    @Override
    public CheckSpec<LayoutState> build(String variant, Params params) {
        variant(variant);
        Params p = resolve(params);
        Corridor model = new Corridor(variant.equals("asymmetric"));
        return new CheckSpec<>(name(), variant, p.asMap(), model, List.of(
                DeadlockFreedom.standard(),
                new Progress<LayoutState>("EventuallyPass", s -> s.test(model::passed)).withPacked(model::passed)),
                variant(variant).mustFail());
    }
}
