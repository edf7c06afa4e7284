package org.rdmacheck.checker;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where a counterexample came from: enough to rebuild the model and replay it.
 *
 * @param model      registered model name
 * @param variant    variant name
 * @param parameters effective parameters
 * @param checker    the checker that found it ({@code explorer}, {@code tlc}, {@code choco}, ...)
 * @param version    rdmacheck version
 */
public record Provenance(String model, String variant, Map<String, String> parameters, String checker,
                         String version) {
    /** Copies the parameters, keeping their order. */
    public Provenance {
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
    }
}
