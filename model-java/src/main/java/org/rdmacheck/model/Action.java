package org.rdmacheck.model;

import java.util.Map;
import java.util.Objects;

/**
 * A named action with parameters, such as {@code LoseData(psn=3)} or {@code Deflect(sw=2, port=1)}.
 *
 * <p>Actions are values: two actions are equal when their names and parameters are equal. The
 * parameter order is the order of declaration, so a trace step reads the same way every time.
 * Parameter values should be small immutable values (integers, strings, booleans, enums).
 *
 * @param name   the action's name in the paper's words
 * @param params the parameters in declaration order (unmodifiable)
 */
public record Action(String name, Map<String, Object> params) {

    /** Canonical constructor: copies the parameters into an unmodifiable ordered map. */
    public Action {
        Objects.requireNonNull(name, "name");
        params = params instanceof ParamMap ? params : ParamMap.copyOf(params);
    }

    /**
     * Builds an action from a name and alternating parameter names and values.
     *
     * @param name         action name
     * @param keysAndValues {@code "psn", 3, "sender", "A", ...}
     * @return the action
     */
    public static Action of(String name, Object... keysAndValues) {
        if (keysAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("Action.of needs name/value pairs, got " + keysAndValues.length + " items");
        }
        return new Action(name, ParamMap.ofPairs(keysAndValues));
    }

    @Override
    public String toString() {
        if (params.isEmpty()) {
            return name;
        }
        StringBuilder sb = new StringBuilder(name).append('(');
        boolean first = true;
        for (Map.Entry<String, Object> e : params.entrySet()) {
            if (!first) {
                sb.append(", ");
            }
            first = false;
            sb.append(e.getKey()).append('=').append(e.getValue());
        }
        return sb.append(')').toString();
    }
}
