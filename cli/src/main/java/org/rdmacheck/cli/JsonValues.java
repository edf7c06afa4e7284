package org.rdmacheck.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.Optional;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.catalog.ParamSpec;

/**
 * How every {@code --json} output writes its values (docs/json-schema/README.md, "Values"): a figure
 * as {@code {"value": number, "unit": "..."}}, and a model parameter typed as the model declares it
 * (an integer parameter as a JSON integer, a flag as a boolean, a knock-out as an array of mechanism names,
 * a choice or a text as a string).
 */
public final class JsonValues {

    private JsonValues() {
    }

    /**
     * Writes a figure as {@code {"value", "unit"}}: a whole number when the unit counts things, null when
     * the value is undefined (NaN or infinite).
     *
     * @param o     the object to write into
     * @param key   the figure's name
     * @param value its value
     * @param unit  its unit
     */
    public static void figure(ObjectNode o, String key, double value, Quantity.Unit unit) {
        put(o.putObject(key), Quantity.of(key, value, unit));
    }

    /**
     * Writes a figure that may be absent: {@code null} when it is.
     *
     * @param o     the object to write into
     * @param key   the figure's name
     * @param value its value, if known
     * @param unit  its unit
     */
    public static void figureOrNull(ObjectNode o, String key, Optional<? extends Number> value, Quantity.Unit unit) {
        if (value.isEmpty()) {
            o.putNull(key);
        } else {
            figure(o, key, value.get().doubleValue(), unit);
        }
    }

    /** @param n an empty object  @param q the figure to write into it as {@code value} and {@code unit} */
    static void put(ObjectNode n, Quantity q) {
        if (q.isIntegral()) {
            n.put("value", (long) q.value());
        } else if (Double.isFinite(q.value())) {
            n.put("value", q.value());
        } else {
            n.putNull("value");
        }
        n.put("unit", q.unit().symbol());
    }

    /**
     * Writes a model's parameters typed as it declares them: an integer parameter as a JSON integer, a flag
     * as a boolean, the reserved {@code knockout} (mechanism names joined by {@code +}) as an array of the
     * names, a choice or a text as a string, and a parameter of a task that is not a catalog model as a
     * string (its counts, {@link #TASK_INTEGER_PARAMETERS}, as integers).
     *
     * @param o          the object to write into
     * @param key        the field's name, e.g. {@code parameters}
     * @param model      the model's name (need not be in the catalog)
     * @param parameters the parameters as given
     */
    public static void parameters(ObjectNode o, String key, String model, Map<String, String> parameters) {
        typed(o.putObject(key), model, parameters);
    }

    /**
     * Writes a model's parameters into an object typed as it declares them (see {@link #parameters}).
     *
     * @param p          the object to write into
     * @param model      the model's name (need not be in the catalog)
     * @param parameters the parameters as given
     */
    public static void typed(ObjectNode p, String model, Map<String, String> parameters) {
        if (model.equals(FLUID) || model.equals(FLUID_STABILITY)) {
            StabilityJson.scenarioParameters(p, parameters); // figures with their units, as fluid stability's
            return;
        }
        parameters.forEach((name, value) -> p.set(name, value(model, name, value)));
    }

    /**
     * One parameter's value typed as its model declares it (see {@link #parameters}). A value that is not of
     * its declared type (it was not checked: a finding of a run that failed on it) stays its text.
     *
     * @param model the model's name (need not be in the catalog)
     * @param name  the parameter's name
     * @param value its value as given on the command line
     * @return the JSON value
     */
    public static JsonNode value(String model, String name, String value) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        if (isKnockout(model, name)) {
            ArrayNode names = nodes.arrayNode();
            java.util.Arrays.stream(value.split("\\+")).filter(w -> !w.isEmpty()).forEach(names::add);
            return names;
        }
        Optional<JsonNode> figure = taskFigure(model, name, value);
        if (figure.isPresent()) {
            return figure.get();
        }
        Optional<ParamSpec> spec = spec(model, name);
        boolean integer = spec.isPresent() ? spec.get() instanceof ParamSpec.Int
                : TASK_INTEGER_PARAMETERS.getOrDefault(model, java.util.Set.of()).contains(name);
        Optional<Integer> n = integer ? integer(value) : Optional.empty();
        if (n.isPresent()) {
            return nodes.numberNode(n.get());
        }
        if (spec.isPresent() && spec.get() instanceof ParamSpec.Flag && ParamSpec.Flag.WORDS.contains(value)) {
            return nodes.booleanNode(Boolean.parseBoolean(value));
        }
        return nodes.textNode(value);
    }

    /**
     * A parameter read back from JSON to the text it is given as on the command line: the inverse of
     * {@link #value} for a catalog model's parameter (a knock-out's array joined by {@code +}, a flag's
     * boolean as {@code true} or {@code false}); files of earlier versions, which wrote every parameter as
     * its text, read the same.
     *
     * @param model the model's name
     * @param name  the parameter's name
     * @param v     its JSON value
     * @return its text, or empty when it is not a value {@link #value} writes for that parameter (for a
     *         parameter the model does not declare: unless a string or an integer)
     */
    public static Optional<String> text(String model, String name, JsonNode v) {
        if (v.isTextual()) {
            return Optional.of(v.asText());
        }
        if (isKnockout(model, name)) {
            java.util.List<String> names = new java.util.ArrayList<>();
            for (JsonNode n : v) {
                if (!n.isTextual()) {
                    return Optional.empty();
                }
                names.add(n.asText());
            }
            return v.isArray() ? Optional.of(String.join("+", names)) : Optional.empty();
        }
        Optional<ParamSpec> spec = spec(model, name);
        boolean fits = spec.isEmpty() ? v.isInt() : spec.get() instanceof ParamSpec.Int ? v.isInt()
                : spec.get() instanceof ParamSpec.Flag && v.isBoolean();
        return fits ? Optional.of(v.asText()) : Optional.empty();
    }

    /**
     * @param model the model's name
     * @param name  a parameter's name
     * @return what {@link #value} writes for it, when the model is a catalog model that declares it (or it is
     *         the knock-out), for a reader's message; empty for a parameter no catalog model declares
     */
    public static Optional<String> expected(String model, String name) {
        if (isKnockout(model, name)) {
            return Optional.of("an array of mechanism names (or their text joined by +)");
        }
        return spec(model, name).map(s -> s instanceof ParamSpec.Int ? "an integer in " + s.accepted()
                : s instanceof ParamSpec.Flag ? "a boolean"
                : s instanceof ParamSpec.Choice ? "one of the strings " + s.accepted() : "a string, " + s.accepted());
    }

    /** @return whether the parameter is the reserved knock-out of a catalog model (or a task echoing one) */
    private static boolean isKnockout(String model, String name) {
        String declaring = TASK_MODELS.getOrDefault(model, model);
        return name.equals(ModelEntry.KNOCKOUT_PARAM) && Catalog.entries().stream().anyMatch(e -> e.name().equals(declaring));
    }

    /**
     * A task's parameter that is a figure, or a list of figures, written as figures in their base units (so
     * that the value alone, read back, is what the task takes bare): gbn-sim's {@code lossRates} (in 1) and
     * {@code rto} (in s), each a list, and partition-sim's transfer {@code size} (in B). Empty for any other
     * parameter, and for a value the task would not take (a finding of a run that failed on it).
     */
    private static Optional<JsonNode> taskFigure(String model, String name, String value) {
        java.util.function.ToDoubleFunction<String> parse;
        Quantity.Unit unit;
        boolean list = model.equals("gbn-sim");
        if (list && name.equals("lossRates")) {
            parse = Double::parseDouble;
            unit = Quantity.Unit.RATIO;
        } else if (list && name.equals("rto")) {
            parse = t -> org.rdmacheck.cli.gbn.SimSettings.secondsOf(name, t);
            unit = Quantity.Unit.SECONDS;
        } else if (model.equals("partition-sim") && name.equals("size")) {
            parse = t -> org.rdmacheck.cli.partition.ByteSizes.parse(name, t, Long.MAX_VALUE);
            unit = Quantity.Unit.BYTES;
        } else {
            return Optional.empty();
        }
        try {
            ArrayNode figures = JsonNodeFactory.instance.arrayNode();
            for (String one : list ? value.split(",") : new String[] {value}) {
                double v = parse.applyAsDouble(one.trim());
                if (!Double.isFinite(v)) {
                    return Optional.empty();
                }
                put(figures.addObject(), Quantity.of(name, v, unit));
            }
            return Optional.of(list ? figures : figures.get(0));
        } catch (RuntimeException notAFigure) { // NumberFormatException, InputException: keep the text
            return Optional.empty();
        }
    }

    /** @return the model's declaration of the parameter, when the model is in the catalog and declares it */
    private static Optional<ParamSpec> spec(String model, String name) {
        String declaring = TASK_MODELS.getOrDefault(model, model);
        return Catalog.entries().stream().filter(e -> e.name().equals(declaring)).findFirst()
                .flatMap(e -> e.parameters().stream().filter(s -> s.name().equals(name)).findFirst());
    }

    /**
     * Writes a TLA+ spec's constants typed as TLA+ values ({@link org.rdmacheck.checker.tlc.TlaValues#parse}):
     * an integer as a JSON integer, {@code TRUE}/{@code FALSE} as booleans, a string or a model value as a
     * string, a set, a sequence or an interval as an array, a record or a function as an object. A value
     * that is no TLA+ value literal (an expression TLC evaluates, such as {@code Nat}) stays its text.
     *
     * @param o         the object to write into
     * @param key       the field's name, e.g. {@code parameters}
     * @param constants the constants as TLC is given them
     */
    public static void tlaConstants(ObjectNode o, String key, Map<String, String> constants) {
        ObjectNode p = o.putObject(key);
        constants.forEach((name, text) -> {
            try {
                p.set(name, org.rdmacheck.checker.tlc.TlaValues.parse(text));
            } catch (IllegalArgumentException notALiteral) {
                p.put(name, text);
            }
        });
    }

    /** The fluid scenarios' findings' model name: their parameters are figures (StabilityJson). */
    private static final String FLUID = "fluid";

    /** The linearised stability rows' model name: their parameters are fluid parameters, figures as well. */
    private static final String FLUID_STABILITY = "fluid-stability";

    /** Tasks that echo a catalog model's parameters: gbn-table varies Go-Back-N's. */
    private static final Map<String, String> TASK_MODELS = Map.of("gbn-table", "gbn");

    /**
     * Tasks that are not catalog models but have integer parameters: the static deadlock check's counts, the
     * Go-Back-N simulation's counts and seed, the ECMP rows' queue pairs.
     */
    private static final Map<String, java.util.Set<String>> TASK_INTEGER_PARAMETERS = Map.of(DeadlockSuite.NAME,
            org.rdmacheck.checker.cdg.DeadlockQuery.INTEGER_PARAMETERS, "gbn-sim",
            org.rdmacheck.cli.gbn.SimSettings.INTEGER_PARAMETERS, "partition-ecmp", java.util.Set.of("qps"));

    /**
     * Writes one parameter value: a JSON integer when the parameter is an integer one, else a string.
     *
     * @param o       the object to write into
     * @param key     the field's name
     * @param integer whether the model declares the parameter as an integer
     * @param value   its value as given
     */
    public static void parameter(ObjectNode o, String key, boolean integer, String value) {
        Optional<Integer> n = integer ? integer(value) : Optional.empty();
        if (n.isPresent()) {
            o.put(key, n.get());
        } else {
            o.put(key, value);
        }
    }

    /** @return the text as an int (up to {@link Integer#MAX_VALUE}, as ParamSpec.Int takes), if it is one */
    private static Optional<Integer> integer(String text) {
        if (!text.matches("-?\\d{1,10}")) {
            return Optional.empty();
        }
        long v = Long.parseLong(text);
        return v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE ? Optional.of((int) v) : Optional.empty();
    }
}
