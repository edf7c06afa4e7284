package org.rdmacheck.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.rdmacheck.checker.trace.TraceJson;

/** The text and JSON of {@code rdmacheck scope --separate}. */
final class SeparationText {

    private SeparationText() {
    }

    static void text(PrintWriter o, Separation.Report r) {
        o.printf(Locale.ROOT, "separation of %s %s from %s on %s, over %s%n", r.model(), r.variant(), change(r),
                r.property(), String.join(", ", r.dimensions().stream().map(d -> d.name() + " " + String.join("|",
                        d.values().stream().map(Scope.Value::label).toList())).toList()));
        long vacuous = r.count(Separation.Outcome.DESIGN_VACUOUS);
        o.printf(Locale.ROOT, "%d configurations checked: %d both hold, %d both fail, %d only the design fails%s%s%n",
                r.points().size() - r.count(Separation.Outcome.NOT_A_CONFIGURATION),
                r.count(Separation.Outcome.BOTH_HOLD), r.count(Separation.Outcome.BOTH_FAIL),
                r.count(Separation.Outcome.ONLY_DESIGN_FAILS), vacuous == 0 ? "" : String.format(Locale.ROOT,
                        ", %d where the design keeps it only vacuously (no separation there)", vacuous),
                r.count(Separation.Outcome.NOT_A_CONFIGURATION) == 0 ? ""
                        : String.format(Locale.ROOT, " (%d combinations the model refuses left out)",
                        r.count(Separation.Outcome.NOT_A_CONFIGURATION)));
        r.separating().ifPresent(p -> o.printf(Locale.ROOT, "SEPARATES at %s: the design keeps %s (%,d states), "
                + "%s violates it (%d steps, %,d states)%s%n", at(r, p), r.property(), p.designStates(), change(r),
                p.changedSteps().orElse(0), p.changedStates(), p.file().map(f -> " (" + f + ")").orElse("")));
        for (Separation.Point p : r.inconclusive()) {
            o.printf(Locale.ROOT, "INCONCLUSIVE at %s (time limit; the grid above it not searched)%n", at(r, p));
        }
        if (r.complete()) {
            o.printf(Locale.ROOT, "no configuration of the grid separates them%n");
        }
        long largest = r.points().stream().filter(p -> p.outcome() != Separation.Outcome.INCONCLUSIVE)
                .mapToLong(Separation.Point::designStates).max().orElse(0);
        o.printf(Locale.ROOT, "largest design check: %,d states%n", largest);
    }

    static ObjectNode json(Separation.Report r) {
        ObjectNode o = TraceJson.MAPPER.createObjectNode();
        o.put("model", r.model());
        o.put("variant", r.variant());
        o.put("property", r.property());
        JsonValues.parameters(o, "change", r.model(), r.change());
        ScopeCommand.dimensions(o, r.model(), r.dimensions());
        o.put("complete", r.complete());
        ArrayNode points = o.putArray("points");
        r.points().forEach(p -> point(points.addObject(), r, p));
        if (r.separating().isPresent()) {
            point(o.putObject("separating"), r, r.separating().get());
        } else {
            o.putNull("separating");
        }
        return o;
    }

    private static void point(ObjectNode o, Separation.Report r, Separation.Point p) {
        ScopeCommand.place(o, r.model(), r.dimensions(), p.labels(), p.parameters());
        o.put("outcome", p.outcome().name());
        JsonValues.figure(o, "designStates", p.designStates(), Quantity.Unit.STATES);
        JsonValues.figure(o, "changedStates", p.changedStates(), Quantity.Unit.STATES);
        JsonValues.figureOrNull(o, "designSteps", p.designSteps(), Quantity.Unit.STEPS);
        JsonValues.figureOrNull(o, "changedSteps", p.changedSteps(), Quantity.Unit.STEPS);
        JsonValues.figure(o, "wallMillis", p.millis(), Quantity.Unit.MILLISECONDS);
        o.put("counterexample", p.file().orElse(null));
    }

    private static String change(Separation.Report r) {
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, String> e : r.change().entrySet()) {
            parts.add(e.getKey() + "=" + e.getValue());
        }
        return String.join(" ", parts);
    }

    private static String at(Separation.Report r, Separation.Point p) {
        List<String> parts = new ArrayList<>();
        for (int d = 0; d < r.dimensions().size(); d++) {
            parts.add(r.dimensions().get(d).name() + "=" + p.labels().get(d));
        }
        return String.join(" ", parts);
    }
}
