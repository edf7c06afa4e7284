package org.rdmacheck.checker.gbn;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.Provenance;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.checker.Version;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.gbn.timed.TimedGoBackN;
import org.rdmacheck.model.layout.LayoutState;
import org.rdmacheck.properties.gbn.timed.TimedGbnProperties;
import org.rdmacheck.properties.gbn.timed.TimedTimeoutCauses;

/** Turns attributed timeouts of the timed model into replayable NoTimeout counterexamples. */
final class TimedTraces {

    private TimedTraces() {
    }

    static Counterexample counterexample(TimedGoBackN model, String variant, Map<String, String> params,
                                         TimedTimeoutCauses.Attribution a, String checker) {
        List<TraceStep> steps = new ArrayList<>();
        steps.add(new TraceStep(null, TraceJson.toJson(model.view(a.initial()))));
        for (Transition<LayoutState> t : a.trace()) {
            steps.add(new TraceStep(t.action(), TraceJson.toJson(model.view(t.next()))));
        }
        String note = a.cause().words() + " after " + a.events();
        return new Counterexample(TimedGbnProperties.NO_TIMEOUT, Counterexample.Kind.ACTION, steps, steps.size() - 1,
                -1, new Provenance("gbn-timed", variant, params, checker, Version.VERSION), note);
    }
}
