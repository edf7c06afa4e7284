package org.rdmacheck.cli.report;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.rdmacheck.cli.Finding;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.catalog.ModelEntry;

/**
 * What tells two results of one variant apart: the parameters a finding was run with that differ
 * from its variant's defaults (a catalogue model), or all of them (a suite task, which has no
 * declared defaults).
 */
final class VariantLabels {

    private VariantLabels() {
    }

    /**
     * @param f a finding
     * @return its parameters that are not the defaults of its model's variant, in name order
     */
    static Map<String, String> nonDefault(Finding f) {
        Optional<Map<String, String>> defaults = defaults(f.model(), f.variant());
        Map<String, String> out = new LinkedHashMap<>();
        f.parameters().forEach((k, v) -> {
            if (defaults.isEmpty() || !v.equals(defaults.get().get(k))) {
                out.put(k, v);
            }
        });
        return out;
    }

    /**
     * @param f a finding
     * @return {@code variant k=v, ...} with its non-default parameters
     */
    static String of(Finding f) {
        Map<String, String> extra = nonDefault(f);
        return extra.isEmpty() ? f.variant() : f.variant() + " " + text(extra);
    }

    /** @param params parameters  @return {@code k=v, k=v} */
    static String text(Map<String, String> params) {
        return params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
    }

    private static Optional<Map<String, String>> defaults(String model, String variant) {
        for (ModelEntry e : Catalog.entries()) {
            if (e.name().equals(model) && e.variants().stream().anyMatch(v -> v.name().equals(variant))) {
                return Optional.of(e.defaults(variant));
            }
        }
        return Optional.empty();
    }
}
