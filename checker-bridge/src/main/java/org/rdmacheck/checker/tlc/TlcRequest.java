package org.rdmacheck.checker.tlc;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What to check with TLC: a spec, a base configuration file, and overrides.
 *
 * @param specFile      the root module ({@code .tla}); every {@code .tla} file of its folder is available
 * @param configFile    the base configuration ({@code .cfg}), or null to start from an empty one
 * @param constants     constant overrides: configuration syntax ({@code 3}, {@code "a"}, {@code {p1, p2}},
 *                      {@code TRUE}) or any constant TLA+ expression ({@code <<1, 2>>}, {@code 1..3})
 * @param invariants    invariants to check instead of the configuration's, or null to keep them
 * @param properties    temporal properties instead of the configuration's, or null to keep them
 * @param checkDeadlock whether to report deadlocks, or null to keep the configuration's choice
 * @param model         name written into counterexample provenance (e.g. the spec folder)
 * @param variant       variant name written into provenance (e.g. the configuration name)
 * @param extraModules  generated modules (file name to text) placed beside the spec's; {@code specFile}
 *                      may name one of them
 * @param extraSections configuration sections that replace the base configuration's (e.g. INIT, NEXT)
 */
public record TlcRequest(Path specFile, Path configFile, Map<String, String> constants, List<String> invariants,
                         List<String> properties, Boolean checkDeadlock, String model, String variant,
                         Map<String, String> extraModules, Map<String, List<String>> extraSections) {

    /** Copies collections. */
    public TlcRequest {
        constants = new LinkedHashMap<>(constants);
        extraModules = new LinkedHashMap<>(extraModules);
        extraSections = new LinkedHashMap<>(extraSections);
        invariants = invariants == null ? null : List.copyOf(invariants);
        properties = properties == null ? null : List.copyOf(properties);
    }

    /**
     * @param specFile   the root module
     * @param configFile its configuration, or null
     * @return a request that checks them unchanged
     */
    public static TlcRequest of(Path specFile, Path configFile) {
        String file = specFile.getFileName().toString();
        Path dir = specFile.toAbsolutePath().getParent();
        String variant = configFile == null ? file.replaceFirst("\\.tla$", "")
                : configFile.getFileName().toString().replaceFirst("\\.cfg$", "");
        return new TlcRequest(specFile, configFile, Map.of(), null, null, null,
                dir.getFileName() == null ? "spec" : dir.getFileName().toString(), variant, Map.of(), Map.of());
    }

    /** @param c constant overrides  @return a copy with them added */
    public TlcRequest withConstants(Map<String, String> c) {
        Map<String, String> m = new LinkedHashMap<>(constants);
        m.putAll(c);
        return new TlcRequest(specFile, configFile, m, invariants, properties, checkDeadlock, model, variant, extraModules, extraSections);
    }

    /** @param inv invariants  @return a copy checking exactly these */
    public TlcRequest withInvariants(List<String> inv) {
        return new TlcRequest(specFile, configFile, constants, inv, properties, checkDeadlock, model, variant, extraModules, extraSections);
    }

    /** @param props temporal properties  @return a copy checking exactly these */
    public TlcRequest withProperties(List<String> props) {
        return new TlcRequest(specFile, configFile, constants, invariants, props, checkDeadlock, model, variant, extraModules, extraSections);
    }

    /** @param check whether to report deadlocks  @return a copy */
    public TlcRequest withCheckDeadlock(Boolean check) {
        return new TlcRequest(specFile, configFile, constants, invariants, properties, check, model, variant, extraModules, extraSections);
    }

    /** @param m model name  @param v variant name  @return a copy with that provenance */
    public TlcRequest withProvenance(String m, String v) {
        return new TlcRequest(specFile, configFile, constants, invariants, properties, checkDeadlock, m, v, extraModules, extraSections);
    }

    /**
     * @param root     the generated root module's file name (e.g. {@code Trace.tla}), placed beside the spec
     * @param text     its text
     * @param sections configuration sections it needs (replacing the base configuration's)
     * @return a copy checking that module instead of the spec's
     */
    public TlcRequest withGeneratedRoot(String root, String text, Map<String, List<String>> sections) {
        Map<String, String> mods = new LinkedHashMap<>(extraModules);
        mods.put(root, text);
        return new TlcRequest(specFile.toAbsolutePath().resolveSibling(root), configFile, constants, invariants,
                properties, checkDeadlock, model, variant, mods, sections);
    }
}
