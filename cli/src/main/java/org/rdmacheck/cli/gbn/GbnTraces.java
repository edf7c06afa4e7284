package org.rdmacheck.cli.gbn;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.Provenance;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.checker.Version;
import org.rdmacheck.checker.trace.Counterexamples;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.model.Transition;
import org.rdmacheck.model.gbn.GbnModel;
import org.rdmacheck.model.gbn.GbnState;
import org.rdmacheck.properties.gbn.GbnProperties;
import org.rdmacheck.properties.gbn.TimeoutPattern;

/** Turns timeout patterns into replayable counterexample traces of the {@code gbn} model. */
final class GbnTraces {

    private GbnTraces() {
    }

    /**
     * @param model   the model the pattern came from
     * @param variant variant name
     * @param params  effective parameters
     * @param p       the pattern
     * @return a NoTimeout counterexample (action kind) whose last step is the Timeout
     */
    static Counterexample counterexample(GbnModel model, String variant, Map<String, String> params,
                                         TimeoutPattern p) {
        List<TraceStep> steps = new ArrayList<>();
        steps.add(new TraceStep(null, TraceJson.toJson(model.view(p.initial()))));
        for (Transition<GbnState> t : p.trace()) {
            steps.add(new TraceStep(t.action(), TraceJson.toJson(model.view(t.next()))));
        }
        String note = "losses " + p.losses() + ": " + p.label();
        return new Counterexample(GbnProperties.NO_TIMEOUT, Counterexample.Kind.ACTION, steps, steps.size() - 1, -1,
                new Provenance("gbn", variant, params, "gbn-table", Version.VERSION), note);
    }

    /**
     * Writes a counterexample atomically under {@code root/gbn/}.
     *
     * @param root counterexample root folder
     * @param name file name
     * @param cex  the trace
     * @return the file written
     * @throws IOException if it cannot be written
     */
    static Path write(Path root, String name, Counterexample cex) throws IOException {
        Path file = root.resolve("gbn").resolve(name);
        Counterexamples.writeAtomically(file, TraceJson.MAPPER.writeValueAsString(Counterexamples.toJson(cex)) + "\n");
        return file;
    }
}
