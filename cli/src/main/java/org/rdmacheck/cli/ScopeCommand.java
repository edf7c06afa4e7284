package org.rdmacheck.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.rdmacheck.engine.ExplorerSettings;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.model.InputException;
import org.rdmacheck.model.Params;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.catalog.ModelEntry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code rdmacheck scope MODEL}: how far does a proof reach? */
@Command(name = "scope", footerHeading = "%nExamples:%n",
        footer = {"  rdmacheck scope partition --max-time 2m", "  rdmacheck scope abp --grow messages,capacity",
            "  rdmacheck scope fabric --variant repaired --workloads '0-1;0-1,1-0' --grow packets,tokens --json"},
        description = "Grows a model's configuration dimension by dimension (flow shapes, packets, tokens, losses, "
                + "...), in order of estimated state count, checks every property at each configuration and stops at "
                + "the first unexpected verdict. Prints the frontier: the maximal configurations decided as expected. "
                + "Exit 0 when the whole grid is decided as expected, 1 at an unexpected verdict, 3 when a limit "
                + "(time, heap, states) stopped the growth.")
final class ScopeCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    ModelSelection selection = new ModelSelection();

    @Option(names = "--grow", split = ",", paramLabel = "PARAM", description = "integer parameters to grow, each "
            + "from its value by one up to --steps steps (default: the model's sizes)")
    List<String> grow = new ArrayList<>();

    @Option(names = "--steps", paramLabel = "N", description = "how far each integer dimension grows above its value, "
            + "1 to 8 (default: ${DEFAULT-VALUE})", defaultValue = "" + ScopeDimensions.STEPS)
    int steps;

    @Option(names = "--workloads", paramLabel = "W1;W2;...", description = "workloads to grow through, in order "
            + "(values of the model's flows or workload parameter, or for fabric and iofd a shape's name: single, "
            + "opposing, long+short, incast2, incast3, all-to-all3; separated by ';'; default: those shapes)")
    String workloads;


    @Option(names = "--separate", split = ",", paramLabel = "KEY=VALUE", description = "instead of a frontier, the "
            + "cheapest configuration of the grid at which the design keeps --property and the design with these "
            + "parameters violates it (knockout=NAME allowed)")
    List<String> separate = new ArrayList<>();

    @Option(names = "--max-time-each", paramLabel = "D", description = "with --separate: the longest check of one "
            + "configuration (default ${DEFAULT-VALUE}); one left undecided is not grown", defaultValue = "2m")
    String eachLimit;

    @Option(names = "--property", paramLabel = "P", description = "check only this property (repeatable; default: "
            + "every one); with --separate: the one property the change should break")
    List<String> properties = new ArrayList<>();

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Mixin
    ExplorerOptions explorer = new ExplorerOptions();

    @Mixin
    TraceOutput traces = new TraceOutput();

    @Override
    public Integer call() {
        ModelEntry entry = selection.entry();
        String v = selection.variant(entry);
        // --param: fixed for every configuration
        Map<String, String> base = selection.params("a scope is of the design; knock-outs are checked by rdmacheck "
                + "knockouts").asMap();
        Map<String, String> defaults = new LinkedHashMap<>(entry.defaults(v));
        defaults.putAll(base);
        List<String> shapes = workloads == null ? List.of() : List.of(workloads.split(";"));
        if (steps < 1 || steps > 8) {
            throw new InputException("--steps " + steps + ": expected an integer from 1 to 8");
        }
        Durations.parseMillis("--max-time-each", eachLimit); // a bad value is refused even without --separate
        if (separate.isEmpty()) {
            UnusedOptions.refuse(spec.commandLine().getParseResult(), List.of("--max-time-each"), "not used "
                    + "without --separate (a frontier's configurations share --max-time)", "expected with --separate");
        }
        List<Scope.Dimension> dims = ScopeDimensions.of(entry, defaults, grow, shapes, steps);
        buildEveryValue(entry, v, base, dims);
        ExplorerSettings settings = explorer.settings(spec.commandLine().getErr());
        Path out = traces.folder().orElse(null);
        PrintWriter err = spec.commandLine().getErr();
        explorer.warnIfNoSymmetricSet(err, entry.name(), entry.build(v, Params.of(defaults)).model().symmetry()
                .isPresent());
        if (!separate.isEmpty()) {
            return separate(entry, v, base, dims, settings, out, err);
        }
        checkProperties(entry, v, base, dims);
        Scope.Report r = Scope.run(entry, v, base, dims, new java.util.TreeSet<>(properties), settings, out, line -> {
            err.println(line);
            err.flush();
        });
        PrintWriter o = spec.commandLine().getOut();
        if (json) {
            o.println(json(r).toPrettyString());
        } else {
            text(o, r);
        }
        o.flush();
        return exitCode(r);
    }

    private Integer separate(ModelEntry entry, String v, Map<String, String> base, List<Scope.Dimension> dims,
                             ExplorerSettings settings, Path out, PrintWriter err) {
        // the change's parameters first: a bad one is named before anything else is asked of the command line
        Map<String, String> change = Params.parse(separate).asMap();
        Map<String, String> first = new LinkedHashMap<>(Scope.parameters(base, dims,
                java.util.Collections.nCopies(dims.size(), 0)));
        first.putAll(change);
        entry.build(v, Params.of(first)); // one line for a bad value of the change, before any search
        if (properties.size() != 1) {
            throw new InputException("--separate: expected one --property P (the property the change should break), "
                    + "got " + properties.size());
        }
        String property = properties.get(0);
        checkProperties(entry, v, base, dims);
        long each = Durations.parseMillis("--max-time-each", eachLimit);
        Separation.Report r = Separation.run(entry, v, base, change, property, dims, settings, each, out, line -> {
            err.println(line);
            err.flush();
        });
        PrintWriter o = spec.commandLine().getOut();
        if (json) {
            o.println(SeparationText.json(r).toPrettyString());
        } else {
            SeparationText.text(o, r);
        }
        o.flush();
        // found: 0; the whole grid without one: 1 (a finding); a limit first: 3
        return r.separating().isPresent() ? ExitCodes.OK : r.complete() ? ExitCodes.VIOLATED : ExitCodes.INCONCLUSIVE;
    }

    /**
     * Every value of every dimension is built once (the others at their first value) before any search,
     * so that a bad one ({@code --workloads '0-1;9-9'}) is refused with one line, not after the good ones
     * ran.
     */
    private static void buildEveryValue(ModelEntry entry, String v, Map<String, String> base,
                                        List<Scope.Dimension> dims) {
        for (int d = 0; d < dims.size(); d++) {
            for (int i = 0; i < dims.get(d).values().size(); i++) {
                List<Integer> index = new ArrayList<>(java.util.Collections.nCopies(dims.size(), 0));
                index.set(d, i);
                entry.build(v, Params.of(Scope.parameters(base, dims, index)));
            }
        }
    }

    /** One line for a property the model does not have, before any search. */
    private void checkProperties(ModelEntry entry, String v, Map<String, String> base, List<Scope.Dimension> dims) {
        if (properties.isEmpty()) {
            return;
        }
        CheckSpec<?> spec = entry.build(v, Params.of(Scope.parameters(base, dims,
                java.util.Collections.nCopies(dims.size(), 0))));
        java.util.Set<String> known = new java.util.TreeSet<>();
        spec.properties().forEach(p -> known.add(p.name()));
        entry.liveness(spec).ifPresent(l -> l.properties().forEach(p -> known.add(p.name())));
        for (String p : properties) {
            if (!known.contains(p)) {
                throw new InputException("--property " + p + ": expected a property of " + entry.name() + " ("
                        + String.join(", ", known) + ")");
            }
        }
    }

    static int exitCode(Scope.Report r) {
        if (r.unexpected().isPresent()) {
            return ExitCodes.VIOLATED;
        }
        return r.complete() ? ExitCodes.OK : ExitCodes.INCONCLUSIVE;
    }

    /** @param r an incomplete run  @return the limit that left its undecided configuration open */
    static org.rdmacheck.checker.CheckResult.InconclusiveReason stoppedBy(Scope.Report r) {
        return r.inconclusive().flatMap(Scope.Point::cause)
                .orElse(org.rdmacheck.checker.CheckResult.InconclusiveReason.TIME_LIMIT);
    }

    static ObjectNode json(Scope.Report r) {
        ObjectNode o = TraceJson.MAPPER.createObjectNode();
        o.put("model", r.model());
        o.put("variant", r.variant());
        dimensions(o, r.model(), r.dimensions());
        for (int d = 0; d < r.dimensions().size(); d++) {
            ObjectNode dn = (ObjectNode) o.get("dimensions").get(d);
            dn.put("rangeTop", r.dimensions().get(d).rangeTop());
            dn.put("stoppedBy", r.stoppedBy(d).name());
        }
        JsonValues.parameters(o, "fixed", r.model(), r.fixed());
        o.put("complete", r.complete());
        o.put("stopped", r.unexpected().isPresent() ? "UNEXPECTED" : r.complete() ? null : stoppedBy(r).name());
        ArrayNode points = o.putArray("points");
        r.points().forEach(p -> point(points.addObject(), r, p));
        ArrayNode frontier = o.putArray("frontier");
        r.frontier().forEach(p -> point(frontier.addObject(), r, p));
        if (r.unexpected().isPresent()) {
            point(o.putObject("unexpected"), r, r.unexpected().get());
        } else {
            o.putNull("unexpected");
        }
        return o;
    }

    /**
     * Writes the grid's dimensions and their values (scope and separation JSON alike): a value is a JSON
     * integer when it sets one integer parameter of the model, else its label as a string.
     */
    static void dimensions(ObjectNode o, String model, java.util.List<Scope.Dimension> dimensions) {
        ArrayNode dims = o.putArray("dimensions");
        for (Scope.Dimension d : dimensions) {
            ObjectNode dn = dims.addObject();
            dn.put("name", d.name());
            ArrayNode vs = dn.putArray("values");
            d.values().forEach(v -> vs.add(label(model, d, v.label())));
        }
    }

    /**
     * @return the label typed as {@link #dimensions} writes it: a dimension each of whose values sets one
     *         parameter to the label is that parameter, typed as the model declares it
     */
    private static com.fasterxml.jackson.databind.JsonNode label(String model, Scope.Dimension d, String label) {
        boolean oneParameter = d.values().stream().allMatch(v -> v.assignments().size() == 1
                && v.assignments().values().iterator().next().equals(v.label()));
        return oneParameter ? JsonValues.value(model, d.values().get(0).assignments().keySet().iterator().next(), label)
                : TraceJson.MAPPER.getNodeFactory().textNode(label);
    }

    /** Writes where a point of the grid is: its value per dimension and its parameters, typed. */
    static void place(ObjectNode o, String model, java.util.List<Scope.Dimension> dimensions,
                      java.util.List<String> labels, java.util.Map<String, String> parameters) {
        ObjectNode at = o.putObject("at");
        for (int d = 0; d < dimensions.size(); d++) {
            at.set(dimensions.get(d).name(), label(model, dimensions.get(d), labels.get(d)));
        }
        JsonValues.parameters(o, "parameters", model, parameters);
    }

    private static void point(ObjectNode o, Scope.Report r, Scope.Point p) {
        place(o, r.model(), r.dimensions(), p.labels(), p.parameters());
        o.put("outcome", p.outcome().name());
        JsonValues.figure(o, "states", p.states(), Quantity.Unit.STATES);
        JsonValues.figure(o, "wallMillis", p.millis(), Quantity.Unit.MILLISECONDS);
        o.put("property", p.property().orElse(null));
        o.put("counterexample", p.file().orElse(null));
        o.put("detail", p.detail());
    }

    private static void text(PrintWriter o, Scope.Report r) {
        o.printf(Locale.ROOT, "scope of %s %s over %s%n", r.model(), r.variant(),
                String.join(", ", r.dimensions().stream().map(d -> d.name() + " " + String.join("|",
                        d.values().stream().map(Scope.Value::label).toList())).toList()));
        o.printf(Locale.ROOT, "%d configurations checked%n", r.points().size());
        o.println("frontier (maximal configurations decided as expected):");
        for (Scope.Point p : r.frontier()) {
            o.printf(Locale.ROOT, "  %s: %,d states, %.1fs%n", at(r, p), p.states(), p.millis() / 1000.0);
        }
        if (r.frontier().isEmpty()) {
            o.println("  (none)");
        }
        if (!r.fixed().isEmpty()) {
            o.println("  every configuration with " + String.join(" ", r.fixed().entrySet().stream()
                    .map(e -> e.getKey() + "=" + (e.getValue().isEmpty() ? "''" : e.getValue())).toList()));
        }
        for (int d = 0; d < r.dimensions().size(); d++) {
            Scope.Dimension dim = r.dimensions().get(d);
            if (r.stoppedBy(d) == Scope.DimensionStop.RANGE_LIMIT) {
                o.printf(Locale.ROOT, "%s stopped at %s, the end of the parameter's range: the top of the range, "
                        + "not a frontier of the proof%n", dim.name(), dim.values().get(dim.values().size() - 1)
                        .label());
            }
        }
        r.unexpected().ifPresent(p -> o.printf(Locale.ROOT, "UNEXPECTED at %s: %s%s%n", at(r, p), p.detail(),
                p.file().map(f -> " (" + f + ")").orElse("")));
        r.inconclusive().ifPresent(p -> o.printf(Locale.ROOT, "INCONCLUSIVE at %s: %s (%s stopped the growth "
                + "here)%n", at(r, p), p.detail(), switch (stoppedBy(r)) {
                    case TIME_LIMIT -> "the time limit";
                    case MEMORY_LIMIT -> "the heap limit";
                    case STATE_LIMIT -> "the state limit";
                    default -> "an undecided check";
                }));
        if (r.complete()) {
            o.println("every configuration of the grid decided as expected");
        }
    }

    private static String at(Scope.Report r, Scope.Point p) {
        List<String> parts = new ArrayList<>();
        for (int d = 0; d < r.dimensions().size(); d++) {
            parts.add(r.dimensions().get(d).name() + "=" + p.labels().get(d));
        }
        return String.join(" ", parts);
    }
}
