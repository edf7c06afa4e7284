package org.rdmacheck.checker.thresholds;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rdmacheck.checker.Counterexample;
import org.rdmacheck.checker.Provenance;
import org.rdmacheck.checker.TraceStep;
import org.rdmacheck.checker.Version;
import org.rdmacheck.checker.trace.ReplayResult;
import org.rdmacheck.checker.trace.TraceJson;
import org.rdmacheck.model.InputException;

/**
 * Threshold witnesses as stored counterexamples (kind {@code witness}, model {@value #MODEL}):
 * one step whose state is the {@link Witness}; the provenance holds the switch ({@code switch.*})
 * and the configuration ({@code config.*}), so replay rebuilds both and re-evaluates the witness
 * without the solver.
 */
public final class WitnessCounterexamples {

    /** The model name in provenance and the counterexample folder. */
    public static final String MODEL = "thresholds";

    /** The property a witness violates. */
    public static final String PROPERTY = "EcnBeforePfc";

    /** The property a {@link DeflectionWitness} violates: Dart's deflection threshold below ECN. */
    public static final String DEFLECTION_PROPERTY = "DeflectionBelowEcn";

    private WitnessCounterexamples() {
    }

    /**
     * @param sw     the switch
     * @param config the configuration
     * @param w      the witness
     * @return the counterexample, variant {@code <switch>.<config>}
     */
    public static Counterexample of(SwitchSpec sw, ThresholdConfig config, Witness w) {
        Witnesses.Evaluation e = Witnesses.evaluate(sw, Headroom.of(sw).bytes(), config, w);
        return new Counterexample(PROPERTY, Counterexample.Kind.WITNESS, List.of(new TraceStep(null, TraceJson.toJson(w))), 0, -1,
                new Provenance(MODEL, sw.name() + "." + config.name(), params(sw, config), "choco", Version.VERSION),
                "seed 004 §4 worst case: " + e.message());
    }

    /**
     * @param sw     the switch
     * @param config the configuration, with a deflection threshold
     * @param w      the witness
     * @return the counterexample of Dart's ordering, variant {@code <switch>.<config>}
     */
    public static Counterexample ofDeflection(SwitchSpec sw, ThresholdConfig config, DeflectionWitness w) {
        Witnesses.Evaluation e = DeflectionWitnesses.evaluate(sw, Headroom.of(sw).bytes(), config, w);
        return new Counterexample(DEFLECTION_PROPERTY, Counterexample.Kind.WITNESS,
                List.of(new TraceStep(null, TraceJson.toJson(w))), 0, -1,
                new Provenance(MODEL, sw.name() + "." + config.name(), params(sw, config), "choco", Version.VERSION),
                "seed 000 §IV-B ordering: " + e.message());
    }

    private static Map<String, String> params(SwitchSpec sw, ThresholdConfig config) {
        Map<String, String> params = new LinkedHashMap<>();
        SwitchSpecs.toMap(sw).forEach((k, v) -> params.put("switch." + k, v));
        SwitchSpecs.toMap(config).forEach((k, v) -> params.put("config." + k, v));
        return params;
    }

    /**
     * @param cex a counterexample
     * @return whether it is a threshold witness
     */
    public static boolean accepts(Counterexample cex) {
        return MODEL.equals(cex.provenance().model()) && cex.kind() == Counterexample.Kind.WITNESS;
    }

    /**
     * Re-evaluates a stored witness: rebuilds switch and configuration from the provenance and
     * checks, in exact integers, that no egress queue exceeds t_ECN while the ingress reaches t_PFC
     * ({@value #PROPERTY}), or that a queue ECN-marks without Dart deflecting while below t_PFC
     * ({@value #DEFLECTION_PROPERTY}).
     *
     * @param cex a threshold witness
     * @return the outcome
     * @throws InputException if the file does not describe a switch, configuration and witness
     */
    public static ReplayResult replay(Counterexample cex) {
        if (cex.steps().size() != 1) {
            throw new InputException("threshold witness: expected exactly one step, found " + cex.steps().size());
        }
        SwitchSpec sw = SwitchSpecs.parse(prefixed(cex, "switch."), "witness provenance");
        ThresholdConfig config = SwitchSpecs.parseConfig(prefixed(cex, "config."), sw, "witness provenance");
        Witnesses.Evaluation e;
        if (cex.property().equals(DEFLECTION_PROPERTY)) {
            e = DeflectionWitnesses.evaluate(sw, Headroom.of(sw).bytes(), config, read(cex.steps().get(0).state(),
                    DeflectionWitness.class));
        } else if (cex.property().equals(PROPERTY)) {
            e = Witnesses.evaluate(sw, Headroom.of(sw).bytes(), config, witness(cex.steps().get(0).state()));
        } else {
            throw new InputException("threshold witness: property '" + cex.property() + "': expected " + PROPERTY
                    + " or " + DEFLECTION_PROPERTY);
        }
        if (!e.legal()) {
            return new ReplayResult.IllegalStep(0, e.message());
        }
        return e.pfcReached() ? new ReplayResult.Reproduces(e.message()) : new ReplayResult.NoLongerViolated(e.message());
    }

    private static Witness witness(JsonNode state) {
        Witness w = read(state, Witness.class);
        if (w.fedQueues() == null || w.otherQueues() == null) {
            throw new InputException("threshold witness: missing queue lists");
        }
        return w;
    }

    private static <T> T read(JsonNode state, Class<T> type) {
        try {
            return TraceJson.MAPPER.treeToValue(state, type);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new InputException("threshold witness: malformed state: " + e.getMessage().lines().findFirst().orElse(""));
        }
    }

    private static Map<String, String> prefixed(Counterexample cex, String prefix) {
        Map<String, String> m = new LinkedHashMap<>();
        cex.provenance().parameters().forEach((k, v) -> {
            if (k.startsWith(prefix)) {
                m.put(k.substring(prefix.length()), v);
            }
        });
        return m;
    }
}
