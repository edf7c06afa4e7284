package org.rdmacheck.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rdmacheck.model.InputException;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.catalog.ParamSpec;

/**
 * The dimensions {@code rdmacheck scope} grows for each model when none are named: flows and their
 * shapes (where the model has a workload), then the sizes that matter for it (packets, tokens,
 * losses, transfers, ...). Each integer dimension starts at the variant's default and grows by one.
 */
final class ScopeDimensions {

    private ScopeDimensions() {
    }

    /** How far an integer dimension grows above its start when not bounded lower by the parameter's maximum. */
    static final int STEPS = 3;

    /** Integer dimensions per model (grown from the variant's default). */
    private static final Map<String, List<String>> SIZES = Map.of(
            // failures too: the failure cleanup is only exercised with one (repaired's default has none)
            "fabric", List.of("packets", "tokens", "failures"),
            "iofd", List.of("packets", "tokens"),
            "gbn-timed", List.of("packets", "messages", "losses"),
            "gbn", List.of("packets", "messages", "losses"),
            "partition", List.of("transfers", "ids", "size", "receiveWrs", "qps", "errors"),
            "escape-vl", List.of("capacity", "tokens"),
            "dasr", List.of("senders", "messages", "groups"));

    /** Flow shapes of the IOFD fabrics: label to topology (null: the model's default) and flows. */
    private static final List<String[]> FLOW_SHAPES = List.of(
            new String[] {"single", null, "0-1"},
            new String[] {"opposing", null, "0-1,1-0"},
            new String[] {"long+short", null, "0-1L,1-0"},
            new String[] {"incast2", "leafspine:tors=3,spines=2,hosts=1", "0-2,1-2"},
            new String[] {"incast3", "leafspine:tors=4,spines=2,hosts=1", "0-3,1-3,2-3"},
            new String[] {"all-to-all3", "leafspine:tors=3,spines=2,hosts=1", "0-1,0-2,1-0,1-2,2-0,2-1"});

    /**
     * @param entry    the model
     * @param defaults the variant's parameters with the fixed ones applied
     * @param grow     integer parameters named by {@code --grow}, empty for the model's defaults
     * @param shapes   workloads named by {@code --workloads}, empty for the model's default shapes
     * @return the dimensions to grow
     */
    static List<Scope.Dimension> of(ModelEntry entry, Map<String, String> defaults, List<String> grow,
                                    List<String> shapes) {
        return of(entry, defaults, grow, shapes, STEPS);
    }

    /**
     * @param entry    the model
     * @param defaults the variant's parameters with the fixed ones applied
     * @param grow     integer parameters named by {@code --grow}, empty for the model's defaults
     * @param shapes   workloads named by {@code --workloads}, empty for the model's default shapes
     * @param steps    how far each integer dimension grows above its start
     * @return the dimensions to grow
     */
    static List<Scope.Dimension> of(ModelEntry entry, Map<String, String> defaults, List<String> grow,
                                    List<String> shapes, int steps) {
        // a dimension named twice would label a point by one value and check it at the other
        once("--grow", grow);
        once("--workloads", shapes);
        List<Scope.Dimension> dims = new ArrayList<>();
        String workloadParam = workloadParameter(entry);
        if (!shapes.isEmpty()) {
            if (workloadParam == null) {
                throw new InputException("--workloads: model " + entry.name() + " has no workload parameter");
            }
            List<Scope.Value> values = new ArrayList<>();
            for (String w : shapes) {
                // a shape's name (opposing, incast2, ...) stands for its flows and topology
                String[] named = workloadParam.equals("flows") ? FLOW_SHAPES.stream().filter(s -> s[0].equals(w))
                        .findFirst().orElse(null) : null;
                values.add(named == null ? new Scope.Value(w, Map.of(workloadParam, w)) : shape(named));
            }
            dims.add(new Scope.Dimension(workloadParam, values));
        } else if (grow.isEmpty() && workloadParam != null && workloadParam.equals("flows")) {
            dims.add(new Scope.Dimension("shape", FLOW_SHAPES.stream().map(ScopeDimensions::shape).toList()));
        }
        if (grow.isEmpty() && shapes.isEmpty()) {
            // a model that names its networks (escape-vl: rings of 3 and 4, a leaf-spine) grows over them
            // too: a routing rule can be harmless where every route is one hop (the ring of 3)
            entry.parameters().stream().filter(p -> p.name().equals("network") && p instanceof ParamSpec.Choice)
                    .map(p -> (ParamSpec.Choice) p).findFirst()
                    .ifPresent(c -> dims.add(networks(c, defaults.getOrDefault("network", c.def()))));
        }
        List<String> names = !grow.isEmpty() ? grow : SIZES.getOrDefault(entry.name(), intParameters(entry));
        for (String n : names) {
            dims.add(integer(entry, n, defaults, steps));
        }
        if (dims.isEmpty()) {
            throw new InputException("model " + entry.name() + " has no parameter to grow: expected --grow PARAM,...");
        }
        return dims;
    }

    private static void once(String option, List<String> names) {
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (String n : names) {
            if (!seen.add(n)) {
                throw new InputException(option + " " + String.join(option.equals("--grow") ? "," : ";", names) + ": "
                        + n + " is named twice; expected each " + (option.equals("--grow") ? "parameter" : "workload")
                        + " once");
            }
        }
    }

    /** The networks of a choice from the configured one on, in the order the model lists them. */
    private static List<Scope.Value> networksFrom(ParamSpec.Choice c, String from) {
        List<String> w = c.words();
        int i = w.indexOf(from);
        if (i < 0) {
            throw new InputException("--param network=" + from + ": expected one of " + String.join(", ", w));
        }
        return w.subList(i, w.size()).stream().map(n -> new Scope.Value(n, Map.of("network", n))).toList();
    }

    /** The networks dimension: it ends at the model's last network, the top of its range. */
    private static Scope.Dimension networks(ParamSpec.Choice c, String from) {
        return new Scope.Dimension("network", networksFrom(c, from), true);
    }

    /** A flow shape as a value: its flows and, where it needs more ToRs, its topology. */
    private static Scope.Value shape(String[] s) {
        Map<String, String> a = new LinkedHashMap<>();
        if (s[1] != null) {
            a.put("topology", s[1]);
        }
        a.put("flows", s[2]);
        return new Scope.Value(s[0], a);
    }

    private static Scope.Dimension integer(ModelEntry entry, String name, Map<String, String> defaults, int steps) {
        ParamSpec spec = entry.parameters().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow(() ->
                new InputException("--grow " + name + ": expected an integer parameter of " + entry.name() + " ("
                        + String.join(", ", intParameters(entry)) + ")"));
        if (!(spec instanceof ParamSpec.Int i)) {
            throw new InputException("--grow " + name + ": expected an integer parameter of " + entry.name() + " ("
                    + String.join(", ", intParameters(entry)) + ")");
        }
        int from;
        try {
            from = Integer.parseInt(defaults.getOrDefault(name, i.defaultValue()));
        } catch (NumberFormatException e) {
            throw new InputException("--param " + name + "=" + defaults.get(name) + ": expected an integer");
        }
        List<Integer> values = new ArrayList<>();
        for (int v = from; v <= Math.min(i.max(), from + steps); v++) {
            values.add(v);
        }
        if (values.isEmpty()) {
            throw new InputException("--param " + name + "=" + from + ": expected at most " + i.max());
        }
        // a dimension that ends at the parameter's maximum stops at its range, whatever --steps asked
        return Scope.Dimension.of(name, values, values.get(values.size() - 1) == i.max());
    }

    private static List<String> intParameters(ModelEntry entry) {
        return entry.parameters().stream().filter(p -> p instanceof ParamSpec.Int).map(ParamSpec::name).toList();
    }

    /** @return the model's workload parameter ({@code flows} or {@code workload}), or null */
    static String workloadParameter(ModelEntry entry) {
        for (ParamSpec p : entry.parameters()) {
            if (p.name().equals("flows") || p.name().equals("workload")) {
                return p.name();
            }
        }
        return null;
    }
}
