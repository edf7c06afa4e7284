package org.rdmacheck.properties.catalog;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;

/**
 * A checkable model as the command line sees it: name, parameters, variants and a factory that
 * builds a {@link CheckSpec} for a variant and parameters.
 */
public interface ModelEntry {

    /** @return the model's name, e.g. {@code gbn} */
    String name();

    /** @return one line: what it models and from which seed section */
    String description();

    /** @return parameters with defaults */
    List<ParamSpec> parameters();

    /** @return variants; the first is the design as the paper describes it */
    List<VariantSpec> variants();

    /**
     * Builds the check for a variant.
     *
     * @param variant variant name (validated)
     * @param params  user parameters; defaults are filled in by the entry
     * @return the check
     * @throws InputException for a bad parameter value
     */
    CheckSpec<?> build(String variant, Params params);

    /** @return the default variant: the paper's design */
    default String defaultVariant() {
        return variants().get(0).name();
    }

    /**
     * @param name a variant name
     * @return the variant
     * @throws InputException if unknown
     */
    default VariantSpec variant(String name) {
        for (VariantSpec v : variants()) {
            if (v.name().equals(name)) {
                return v;
            }
        }
        throw new InputException("unknown variant '" + name + "' for model " + name() + ": expected one of "
                + variants().stream().map(VariantSpec::name).collect(Collectors.joining(", ")));
    }

    /** @return default value of every parameter */
    default Map<String, String> defaults() {
        Map<String, String> m = new LinkedHashMap<>();
        for (ParamSpec p : parameters()) {
            m.put(p.name(), p.defaultValue());
        }
        return m;
    }

    /**
     * Validates the names and fills in defaults.
     *
     * @param params user parameters
     * @return parameters with defaults
     */
    default Params resolve(Params params) {
        params.requireKnown(name(), defaults().keySet());
        return params.withDefaults(defaults());
    }

    /** @return the runs {@code rdmacheck all} performs: by default every variant with defaults */
    default List<Run> allRuns() {
        List<Run> runs = new ArrayList<>();
        for (VariantSpec v : variants()) {
            runs.add(new Run(v.name(), Params.empty()));
        }
        return runs;
    }

    /**
     * One configured check.
     *
     * @param variant variant name
     * @param params  parameters (defaults filled in later)
     */
    record Run(String variant, Params params) {
    }
}
