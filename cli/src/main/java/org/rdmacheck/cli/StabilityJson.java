package org.rdmacheck.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.fluid.FluidParameters;
import org.rdmacheck.fluid.stability.Margins;
import org.rdmacheck.fluid.stability.StabilityPoint;

/**
 * JSON of the stability analysis: figures as {@code {"value", "unit"}} (the unit read from the name's
 * suffix, {@code _us}, {@code _KB}, {@code _deg}, ...; a ratio without one), verdicts as enum names, a
 * figure that does not apply (a margin outside RED's linear region) with value null; counts of flows,
 * roots and packets as plain integers.
 */
final class StabilityJson {

    private StabilityJson() {
    }

    /**
     * @param command  the subcommand
     * @param base     the parameters
     * @param opts     the common options (fixed point, rate terms)
     * @return the document's head
     */
    static ObjectNode head(String command, FluidParameters base, StabilityOptions opts) {
        ObjectNode o = TraceJson.MAPPER.createObjectNode();
        o.put("command", "fluid stability " + command);
        o.put("fixedPoint", opts.source().name());
        o.put("rateTerms", opts.rateTerms().name());
        ObjectNode lin = o.putObject("linearisation");
        java.util.Set<org.rdmacheck.fluid.stability.Simplification> set = opts.simplifications();
        lin.put("name", org.rdmacheck.fluid.stability.Simplification.name(set));
        var arr = lin.putArray("simplifications");
        set.forEach(x -> arr.add(x.name()));
        ObjectNode p = o.putObject("parameters");
        base.asMap().forEach((name, text) -> parameter(p, name, text));
        return o;
    }

    /** The unit of each parameter but N (flows, a plain integer), in {@link FluidParameters#with}'s units. */
    private static final Map<String, Quantity.Unit> PARAMETER_UNITS = Map.ofEntries(
            Map.entry("packet", Quantity.Unit.KILOBYTES), Map.entry("C", Quantity.Unit.GBPS),
            Map.entry("Kmin", Quantity.Unit.KILOBYTES), Map.entry("Kmax", Quantity.Unit.KILOBYTES),
            Map.entry("Pmax", Quantity.Unit.RATIO), Map.entry("g", Quantity.Unit.RATIO),
            Map.entry("B", Quantity.Unit.KILOBYTES), Map.entry("T", Quantity.Unit.MICROSECONDS),
            Map.entry("Rai", Quantity.Unit.MBPS), Map.entry("Rhai", Quantity.Unit.MBPS),
            Map.entry("F", Quantity.Unit.COUNT), Map.entry("tau", Quantity.Unit.MICROSECONDS),
            Map.entry("tauStar", Quantity.Unit.MICROSECONDS), Map.entry("tauPrime", Quantity.Unit.MICROSECONDS));

    /** The fluid scenarios' own parameters (FluidScenarios): their units, or COUNT for the integers grid and seed. */
    private static final Map<String, Quantity.Unit> SCENARIO_UNITS = Map.of("step", Quantity.Unit.MICROSECONDS,
            "target2", Quantity.Unit.GBPS);

    /**
     * Writes a fluid finding's parameters (the {@code fluid} scenarios' rows) as {@link #head} writes the
     * stability commands': each a figure in its unit, N, grid and seed as integers.
     *
     * @param p          the object to write into
     * @param parameters the parameters as given (already validated by the run)
     */
    static void scenarioParameters(ObjectNode p, Map<String, String> parameters) {
        parameters.forEach((name, text) -> {
            if ((name.equals("grid") || name.equals("seed")) && text.matches("\\d{1,9}")) {
                p.put(name, Integer.parseInt(text));
            } else if (SCENARIO_UNITS.containsKey(name)) {
                JsonValues.figure(p, name, FluidParameters.finiteNumber(text), SCENARIO_UNITS.get(name));
            } else if (name.equals("N") || PARAMETER_UNITS.containsKey(name)) {
                parameter(p, name, text);
            } else {
                p.put(name, text);
            }
        });
    }

    /**
     * A parameter as a figure in its unit (a fraction such as g = 1/256 also as its exact text), N as an
     * integer.
     */
    private static void parameter(ObjectNode p, String name, String text) {
        if (name.equals("N")) {
            p.put(name, Integer.parseInt(text));
            return;
        }
        Quantity.Unit unit = PARAMETER_UNITS.get(name);
        if (unit == null) {
            throw new IllegalStateException("fluid parameter " + name + " has no unit in its JSON");
        }
        JsonValues.figure(p, name, FluidParameters.finiteNumber(text), unit);
        if (text.contains("/")) {
            ((ObjectNode) p.get(name)).put("exact", text);
        }
    }

    /**
     * Whether the run finished: {@code stopped} (null, or the findings' inconclusive cause),
     * {@code stopReason}, and the units {@code done} of those {@code planned} (rows, cells, points or runs).
     *
     * @param o       the document
     * @param stop    why it stopped, or empty
     * @param done    units finished
     * @param planned units in all
     */
    static void stop(ObjectNode o, java.util.Optional<EarlyStop> stop, long done, long planned) {
        EarlyStop.put(o, stop);
        o.put("done", done);
        o.put("planned", planned);
    }

    /**
     * @param o    node
     * @param name the figure's name, its unit as suffix ({@link Quantity.Unit#ofSuffix})
     * @param v    its value, NaN written as a null value
     */
    static void figure(ObjectNode o, String name, double v) {
        JsonValues.figure(o, name, v, Quantity.Unit.ofSuffix(name));
    }

    /** @param o where  @param p a point: its figures are added to o */
    static void point(ObjectNode o, StabilityPoint p) {
        o.put("N", p.flows());
        figure(o, "tauStar_us", p.delayMicros());
        figure(o, "p", p.p());
        figure(o, "q_KB", p.queueKB());
        o.put("verdict", p.verdict().name());
        figure(o, "phaseMargin_deg", p.phaseMarginDeg());
        figure(o, "crossover_Hz", p.crossoverHz());
        figure(o, "gainMargin_dB", p.gainMarginDb());
        o.put("pastPmax", p.pastPmax());
        o.put("rootCount", p.rootCount());
    }

    /** @param o where  @param m margins: every crossover */
    static void crossovers(ObjectNode o, Margins m) {
        var arr = o.putArray("crossovers");
        for (Margins.Crossover c : m.crossovers()) {
            ObjectNode x = arr.addObject();
            figure(x, "crossover_Hz", c.radPerMicro() * 1e6 / (2 * Math.PI));
            figure(x, "phaseMargin_deg", c.phaseMarginDeg());
        }
    }

    /** @param o where  @param files written files */
    static void files(ObjectNode o, List<Path> files) {
        var arr = o.putArray("files");
        files.forEach(f -> arr.add(f.toString()));
    }

    /** @param o a document  @return its text */
    static String text(ObjectNode o) {
        try {
            return TraceJson.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
