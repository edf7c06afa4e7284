package org.rdmacheck.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.Optional;
import org.rdmacheck.properties.catalog.Catalog;
import org.rdmacheck.properties.catalog.ModelEntry;
import org.rdmacheck.properties.catalog.ParamSpec;

/**
 * How every {@code --json} output writes its values (docs/json-schema/README.md, "Values"): a figure
 * as {@code {"value": number, "unit": "..."}}, and a model parameter typed as the model declares it
 * (an integer parameter as a JSON integer, a choice or a text as a string).
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
     * Writes a model's parameters typed as it declares them: an integer parameter as a JSON integer, any
     * other (a choice, a text, the reserved {@code knockout}, a parameter of a task that is not a catalog
     * model) as a string.
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
        if (model.equals(FLUID)) {
            StabilityJson.scenarioParameters(p, parameters); // figures with their units, as fluid stability's
            return;
        }
        Optional<ModelEntry> entry = Catalog.entries().stream().filter(e -> e.name().equals(model)).findFirst();
        parameters.forEach((name, value) -> parameter(p, name, entry.isPresent() ? isInteger(entry.get(), name)
                : TASK_INTEGER_PARAMETERS.getOrDefault(model, java.util.Set.of()).contains(name), value));
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

    /** Tasks that are not catalog models but have integer parameters: the static deadlock check's counts. */
    private static final Map<String, java.util.Set<String>> TASK_INTEGER_PARAMETERS = Map.of(DeadlockSuite.NAME,
            org.rdmacheck.checker.cdg.DeadlockQuery.INTEGER_PARAMETERS);

    /**
     * Writes one parameter value: a JSON integer when the parameter is an integer one, else a string.
     *
     * @param o       the object to write into
     * @param key     the field's name
     * @param integer whether the model declares the parameter as an integer
     * @param value   its value as given
     */
    public static void parameter(ObjectNode o, String key, boolean integer, String value) {
        if (integer && value.matches("-?\\d{1,9}")) {
            o.put(key, Integer.parseInt(value));
        } else {
            o.put(key, value);
        }
    }

    /**
     * @param entry a model
     * @param name  a parameter name
     * @return whether the model declares it as an integer
     */
    public static boolean isInteger(ModelEntry entry, String name) {
        return entry.parameters().stream().anyMatch(s -> s instanceof ParamSpec.Int && s.name().equals(name));
    }
}
